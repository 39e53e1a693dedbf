"""Cards, suits, ranks and points (RULES.md §1, §2, §10).

Every expected value below is copied by hand from RULES.md, never asked of the engine.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clabber_league.rules import Card, CardError, ClabberError, Rank, Suit, deck
from clabber_league.rules.cards import (
    LAST_TRICK_BONUS,
    PLAIN_ORDER,
    TRUMP_ORDER,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
ALL_SUITS = (S, H, D, C)
CLABBER_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
KLABERJASS_RANKS = (Rank.SEVEN, Rank.EIGHT, *CLABBER_RANKS)

# RULES.md §2 table (and §10: 7 and 8 are worth 0 in Klaberjass).
TRUMP_POINTS = {
    Rank.JACK: 20,
    Rank.NINE: 14,
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
PLAIN_POINTS = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}


# --- Card.from_str ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10S", Rank.TEN, S),
        ("TS", Rank.TEN, S),
        ("ts", Rank.TEN, S),
        ("10s", Rank.TEN, S),
        ("9H", Rank.NINE, H),
        ("JD", Rank.JACK, D),
        ("QC", Rank.QUEEN, C),
        ("KS", Rank.KING, S),
        ("AH", Rank.ACE, H),
        ("js", Rank.JACK, S),
        ("qh", Rank.QUEEN, H),
        ("kd", Rank.KING, D),
        ("ac", Rank.ACE, C),
        ("Ah", Rank.ACE, H),
        ("aH", Rank.ACE, H),
        ("9\u2660", Rank.NINE, S),
        ("10\u2665", Rank.TEN, H),
        ("J\u2666", Rank.JACK, D),
        ("q\u2663", Rank.QUEEN, C),
        ("T\u2660", Rank.TEN, S),
        ("7S", Rank.SEVEN, S),
        ("8c", Rank.EIGHT, C),
        ("  KH  ", Rank.KING, H),
    ],
)
def test_from_str_reads_every_spelling(text: str, rank: Rank, suit: Suit) -> None:
    assert Card.from_str(text) == Card(rank, suit)


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "S",
        "J",
        "10",
        "1S",
        "0S",
        "11S",
        "XS",
        "6S",
        "BS",
        "10X",
        "JJ",
        "SJ",
        "S10",
        "10SS",
        "JS9",
        "J*",
        "J\u2661",  # a white heart is not a pip the app writes
        "ten of spades",
    ],
)
def test_from_str_refuses_bad_text_and_quotes_it(text: str) -> None:
    with pytest.raises(CardError) as info:
        Card.from_str(text)
    message = str(info.value)
    assert repr(text) in message
    assert "not a card" in message
    # A scorekeeper reads this: no Python internals.
    for leak in ("Traceback", "KeyError", "NoneType", "Rank.", "Suit."):
        assert leak not in message


def test_from_str_bad_suit_says_which_suits_exist() -> None:
    with pytest.raises(CardError, match="'10X' is not a card") as info:
        Card.from_str("10X")
    for letter in "SHDC":
        assert letter in str(info.value)


def test_from_str_bad_rank_says_which_ranks_exist() -> None:
    with pytest.raises(CardError, match="'1S' is not a card") as info:
        Card.from_str("1S")
    message = str(info.value)
    for code in ("9", "10", "J", "Q", "K", "A"):
        assert code in message


def test_from_str_too_short_shows_an_example() -> None:
    with pytest.raises(CardError, match="rank then suit"):
        Card.from_str("J")


@pytest.mark.parametrize("value", [None, 10, 10.0, b"10S", ("10", "S")])
def test_from_str_refuses_non_text(value: object) -> None:
    anything: Any = value
    with pytest.raises(CardError, match="is not a card"):
        Card.from_str(anything)


def test_card_error_is_a_readable_value_error() -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.from_str("ZZ")
    assert issubclass(CardError, ClabberError)
    assert issubclass(CardError, ValueError)


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("S", S),
        ("h", H),
        ("D", D),
        ("c", C),
        ("\u2660", S),
        ("\u2665", H),
        ("\u2666", D),
        ("\u2663", C),
    ],
)
def test_suit_from_str(text: str, suit: Suit) -> None:
    assert Suit.from_str(text) is suit


@pytest.mark.parametrize("text", ["", "X", "SS", "spades", "1"])
def test_suit_from_str_refuses(text: str) -> None:
    with pytest.raises(CardError, match="not a suit"):
        Suit.from_str(text)


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("9", Rank.NINE),
        ("10", Rank.TEN),
        ("T", Rank.TEN),
        ("t", Rank.TEN),
        ("J", Rank.JACK),
        ("q", Rank.QUEEN),
        ("K", Rank.KING),
        ("a", Rank.ACE),
        ("7", Rank.SEVEN),
        ("8", Rank.EIGHT),
    ],
)
def test_rank_from_str(text: str, rank: Rank) -> None:
    assert Rank.from_str(text) is rank


@pytest.mark.parametrize("text", ["", "1", "6", "11", "X", "JJ", "ten"])
def test_rank_from_str_refuses(text: str) -> None:
    with pytest.raises(CardError, match="not a rank"):
        Rank.from_str(text)


def test_suit_symbols_and_labels() -> None:
    assert [suit.symbol for suit in ALL_SUITS] == ["\u2660", "\u2665", "\u2666", "\u2663"]
    assert [suit.label for suit in ALL_SUITS] == ["spades", "hearts", "diamonds", "clubs"]
    assert [suit.value for suit in ALL_SUITS] == ["S", "H", "D", "C"]


# --- str / repr ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "text"),
    [
        (Card(Rank.TEN, S), "10S"),
        (Card(Rank.NINE, H), "9H"),
        (Card(Rank.JACK, D), "JD"),
        (Card(Rank.QUEEN, C), "QC"),
        (Card(Rank.KING, S), "KS"),
        (Card(Rank.ACE, H), "AH"),
        (Card(Rank.SEVEN, D), "7D"),
        (Card(Rank.EIGHT, C), "8C"),
    ],
)
def test_str_is_the_card_code(card: Card, text: str) -> None:
    assert str(card) == text
    assert repr(card) == f"Card.from_str({text!r})"


@pytest.mark.parametrize("card", deck(32), ids=str)
def test_str_and_repr_round_trip(card: Card) -> None:
    assert Card.from_str(str(card)) == card
    assert eval(repr(card)) == card
    # The pip spelling and lower case read back to the same card.
    assert Card.from_str(f"{card.rank.code}{card.suit.symbol}") == card
    assert Card.from_str(str(card).lower()) == card


@given(st.sampled_from(deck(32)))
@settings(max_examples=100)
def test_round_trip_property(card: Card) -> None:
    assert Card.from_str(str(card)) == card
    assert Card.from_str(f" {str(card).lower()} ") == card


@pytest.mark.parametrize(
    ("card", "said"),
    [
        (Card(Rank.QUEEN, S), "queen of spades"),
        (Card(Rank.TEN, H), "ten of hearts"),
        (Card(Rank.NINE, D), "nine of diamonds"),
        (Card(Rank.ACE, C), "ace of clubs"),
        (Card(Rank.JACK, C), "jack of clubs"),
        (Card(Rank.SEVEN, S), "seven of spades"),
    ],
)
def test_describe(card: Card, said: str) -> None:
    assert card.describe() == said


def test_cards_are_values() -> None:
    assert Card(Rank.JACK, S) == Card.from_str("JS")
    assert hash(Card(Rank.JACK, S)) == hash(Card.from_str("js"))
    assert len({Card.from_str("10S"), Card.from_str("TS"), Card.from_str("10\u2660")}) == 1
    with pytest.raises(AttributeError):
        Card(Rank.JACK, S).rank = Rank.NINE  # type: ignore[misc]


# --- points (RULES.md §2) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "points"),
    [
        (Rank.JACK, 20),
        (Rank.NINE, 14),
        (Rank.ACE, 11),
        (Rank.TEN, 10),
        (Rank.KING, 4),
        (Rank.QUEEN, 3),
        (Rank.EIGHT, 0),
        (Rank.SEVEN, 0),
    ],
)
def test_trump_points(rank: Rank, points: int) -> None:
    assert rank.trump_points == points
    for suit in ALL_SUITS:
        assert Card(rank, suit).points(suit) == points


@pytest.mark.parametrize(
    ("rank", "points"),
    [
        (Rank.ACE, 11),
        (Rank.TEN, 10),
        (Rank.KING, 4),
        (Rank.QUEEN, 3),
        (Rank.JACK, 2),
        (Rank.NINE, 0),
        (Rank.EIGHT, 0),
        (Rank.SEVEN, 0),
    ],
)
def test_plain_points(rank: Rank, points: int) -> None:
    assert rank.plain_points == points
    for suit in ALL_SUITS:
        for trump in ALL_SUITS:
            if trump is not suit:
                assert Card(rank, suit).points(trump) == points
        assert Card(rank, suit).points(None) == points


def test_no_card_is_worth_one() -> None:
    # RULES.md §2: trick points can never be 1 or 161 because no card is worth 1.
    for card in deck(32):
        for trump in (*ALL_SUITS, None):
            assert card.points(trump) != 1


@pytest.mark.parametrize("trump", ALL_SUITS, ids=lambda suit: suit.value)
def test_the_24_card_deck_holds_152_points_whatever_the_trump(trump: Suit) -> None:
    # Trump suit 20+14+11+10+4+3 = 62, each plain suit 11+10+4+3+2+0 = 30: 62 + 3*30.
    assert sum(card.points(trump) for card in deck(24)) == 152
    assert sum(card.points(trump) for card in deck()) == 152
    assert sum(card.points(trump) for card in deck(24) if card.suit is trump) == 62
    for plain in ALL_SUITS:
        if plain is not trump:
            assert sum(card.points(trump) for card in deck(24) if card.suit is plain) == 30


@pytest.mark.parametrize("trump", ALL_SUITS, ids=lambda suit: suit.value)
def test_the_32_card_deck_holds_152_points_whatever_the_trump(trump: Suit) -> None:
    # RULES.md §10: the added 7s and 8s are worth 0.
    assert sum(card.points(trump) for card in deck(32)) == 152


def test_the_last_trick_is_worth_10() -> None:
    # RULES.md §2: with the cards' 152 that makes 162 wherever every card is played.
    assert LAST_TRICK_BONUS == 10
    assert sum(card.points(H) for card in deck()) + LAST_TRICK_BONUS == 162


# --- decks ----------------------------------------------------------------------------


def test_24_card_deck() -> None:
    cards = deck(24)
    assert len(cards) == 24
    assert len(set(cards)) == 24
    assert deck() == cards
    expected = {Card(rank, suit) for suit in ALL_SUITS for rank in CLABBER_RANKS}
    assert set(cards) == expected
    assert not any(card.rank in (Rank.SEVEN, Rank.EIGHT) for card in cards)
    for suit in ALL_SUITS:
        assert sum(1 for card in cards if card.suit is suit) == 6
    for rank in CLABBER_RANKS:
        assert sum(1 for card in cards if card.rank is rank) == 4


def test_32_card_deck() -> None:
    cards = deck(32)
    assert len(cards) == 32
    assert len(set(cards)) == 32
    expected = {Card(rank, suit) for suit in ALL_SUITS for rank in KLABERJASS_RANKS}
    assert set(cards) == expected
    assert set(deck(24)) < set(cards)
    assert set(cards) - set(deck(24)) == {
        Card(rank, suit) for suit in ALL_SUITS for rank in (Rank.SEVEN, Rank.EIGHT)
    }


def test_deck_order_is_fixed() -> None:
    assert deck(24) == deck(24)
    assert deck(32) == deck(32)


@pytest.mark.parametrize("size", [0, 20, 23, 25, 28, 36, 52, -24])
def test_no_other_deck_size(size: int) -> None:
    with pytest.raises(CardError, match=f"no {size}-card deck"):
        deck(size)


# --- orders ---------------------------------------------------------------------------


def test_trump_order() -> None:
    # RULES.md §2 (J 9 A 10 K Q) and §10 (… 8 7 lowest).
    assert TRUMP_ORDER == (
        Rank.JACK,
        Rank.NINE,
        Rank.ACE,
        Rank.TEN,
        Rank.KING,
        Rank.QUEEN,
        Rank.EIGHT,
        Rank.SEVEN,
    )


def test_plain_order() -> None:
    assert PLAIN_ORDER == (
        Rank.ACE,
        Rank.TEN,
        Rank.KING,
        Rank.QUEEN,
        Rank.JACK,
        Rank.NINE,
        Rank.EIGHT,
        Rank.SEVEN,
    )


def test_orders_agree_with_points() -> None:
    # Higher in the order never counts fewer points (ties only between 0-point cards).
    for order, points in ((TRUMP_ORDER, TRUMP_POINTS), (PLAIN_ORDER, PLAIN_POINTS)):
        values = [points[rank] for rank in order]
        assert values == sorted(values, reverse=True)
        assert set(order) == set(Rank)


def test_meld_order_is_rank_value() -> None:
    # RULES.md §2 meld order: 9 (low) 10 J Q K A (high); §10 puts 7 8 below 9.
    meld_order = [Rank.SEVEN, Rank.EIGHT, *CLABBER_RANKS]
    assert sorted(Rank, key=lambda rank: rank.value) == meld_order
    values = [rank.value for rank in meld_order]
    assert values == list(range(values[0], values[0] + len(values)))


def test_rank_codes() -> None:
    assert [rank.code for rank in KLABERJASS_RANKS] == ["7", "8", "9", "10", "J", "Q", "K", "A"]


# --- sorting --------------------------------------------------------------------------


def test_sorting_by_suit_then_meld_order() -> None:
    shuffled = [Card.from_str(text) for text in ("AH", "9C", "10S", "JS", "KD", "9S", "QH", "AS")]
    assert [str(card) for card in sorted(shuffled)] == [
        "9S",
        "10S",
        "JS",
        "AS",
        "QH",
        "AH",
        "KD",
        "9C",
    ]


def test_sorted_deck_runs_up_each_suit() -> None:
    expected = [Card(rank, suit) for suit in ALL_SUITS for rank in KLABERJASS_RANKS]
    assert sorted(deck(32), reverse=True) == expected[::-1]
    assert sorted(deck(32)) == expected


def test_comparisons() -> None:
    assert Card.from_str("9S") < Card.from_str("10S")
    assert Card.from_str("KS") < Card.from_str("AS")
    assert Card.from_str("7S") < Card.from_str("9S")
    # Suit comes first: any spade before any heart.
    assert Card.from_str("AS") < Card.from_str("9H")
    assert not Card.from_str("9H") < Card.from_str("AS")
    assert not Card.from_str("JD") < Card.from_str("JD")


@given(st.lists(st.sampled_from(deck(32)), unique=True), st.data())
@settings(max_examples=100)
def test_sorting_is_independent_of_input_order(cards: list[Card], data: st.DataObject) -> None:
    # Suits S H D C, each from 7 up to the ace.
    order = {
        card: i for i, card in enumerate(Card(r, s) for s in ALL_SUITS for r in KLABERJASS_RANKS)
    }
    result = sorted(cards)
    assert [order[card] for card in result] == sorted(order[card] for card in cards)
    shuffled = data.draw(st.permutations(cards), label="shuffled")
    assert sorted(shuffled) == result
