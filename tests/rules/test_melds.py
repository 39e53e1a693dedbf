"""Melds: classifying, valuing and comparing them (RULES.md §4, §9, §10).

Expected values and orders are written out by hand from RULES.md.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from clabber_league.rules import (
    Card,
    Meld,
    MeldError,
    MeldKind,
    Rank,
    RuleSet,
    Suit,
    classify,
    compare_melds,
    deck,
    meld_value,
    rule_set,
)
from clabber_league.rules.melds import meld_rank

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
ALL_SUITS = (S, H, D, C)
TRUMPS: tuple[Suit | None, ...] = (*ALL_SUITS, None)

# Meld order, low to high (RULES.md §2 and §10).
CLABBER_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
KLABERJASS_RANKS = (Rank.SEVEN, Rank.EIGHT, *CLABBER_RANKS)

EVANSVILLE = rule_set("evansville")
ALTERNATE = rule_set("evansville-alt")
WADESVILLE = rule_set("wadesville")
KLABERJASS = rule_set("klaberjass")
THREE_HANDED = rule_set("three-handed")
CLABBER_RULES = (
    EVANSVILLE,
    ALTERNATE,
    WADESVILLE,
    rule_set("two-handed"),
    THREE_HANDED,
    rule_set("six-handed"),
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(code) for code in text.split())


def meld(text: str, rules: RuleSet = EVANSVILLE) -> Meld:
    return classify(cards(text), rules)


def four(rank: str) -> Meld:
    return meld(" ".join(f"{rank}{suit}" for suit in "SHDC"))


# --- classify: four of a kind -----------------------------------------------------------


@pytest.mark.parametrize("rules", CLABBER_RULES, ids=lambda rules: rules.preset)
@pytest.mark.parametrize("rank", CLABBER_RANKS, ids=lambda rank: rank.code)
def test_every_four_of_a_kind(rank: Rank, rules: RuleSet) -> None:
    shown = [Card(rank, suit) for suit in (C, H, S, D)]
    result = classify(shown, rules)
    assert result.kind is MeldKind.FOUR_OF_A_KIND
    assert result.rank is rank
    assert result.suit is None
    assert result.length == 4
    assert set(result.cards) == set(shown)
    assert list(result.cards) == sorted(shown)


@pytest.mark.parametrize("order", list(itertools.permutations("SHDC")))
def test_four_of_a_kind_in_any_order(order: tuple[str, ...]) -> None:
    result = classify([Card.from_str(f"Q{suit}") for suit in order], EVANSVILLE)
    assert result.kind is MeldKind.FOUR_OF_A_KIND
    assert result.rank is Rank.QUEEN


# --- classify: runs ----------------------------------------------------------------------


def _runs(ranks: Sequence[Rank], length: int) -> list[tuple[Rank, ...]]:
    return [tuple(ranks[i : i + length]) for i in range(len(ranks) - length + 1)]


CLABBER_RUNS = [
    (run, suit)
    for length in (3, 4, 5, 6)
    for run in _runs(CLABBER_RANKS, length)
    for suit in ALL_SUITS
]


def test_there_are_ten_runs_per_suit_in_the_24_card_deck() -> None:
    # 4 dads, 3 fifties, 2 hundreds and 1 run of six in each suit.
    assert len(CLABBER_RUNS) == 4 * (4 + 3 + 2 + 1)


@pytest.mark.parametrize(
    ("run", "suit"),
    CLABBER_RUNS,
    ids=lambda value: "-".join(rank.code for rank in value) if isinstance(value, tuple) else None,
)
def test_every_run_in_the_24_card_deck(run: tuple[Rank, ...], suit: Suit) -> None:
    shown = [Card(rank, suit) for rank in reversed(run)]
    for rules in CLABBER_RULES:
        result = classify(shown, rules)
        assert result.kind is MeldKind.RUN
        assert result.length == len(run)
        assert result.rank is run[-1]
        assert result.suit is suit
        assert result.cards == tuple(Card(rank, suit) for rank in run)


@pytest.mark.parametrize("length", [3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("suit", ALL_SUITS, ids=lambda suit: suit.value)
def test_every_run_in_klaberjass(length: int, suit: Suit) -> None:
    for run in _runs(KLABERJASS_RANKS, length):
        result = classify([Card(rank, suit) for rank in run], KLABERJASS)
        assert result.kind is MeldKind.RUN
        assert result.length == length
        assert result.rank is run[-1]
        assert result.suit is suit


def test_klaberjass_runs_using_seven_and_eight() -> None:
    result = meld("7H 8H 9H", KLABERJASS)
    assert (result.kind, result.length, result.rank) == (MeldKind.RUN, 3, Rank.NINE)
    result = meld("8S 9S 10S JS", KLABERJASS)
    assert (result.length, result.rank) == (4, Rank.JACK)
    result = meld("7D 8D 9D 10D JD QD KD AD", KLABERJASS)
    assert (result.length, result.rank) == (8, Rank.ACE)


@given(
    suit=st.sampled_from(ALL_SUITS),
    data=st.data(),
)
@settings(max_examples=200)
def test_any_consecutive_ranks_of_one_suit_form_a_run(suit: Suit, data: st.DataObject) -> None:
    length = data.draw(st.integers(min_value=3, max_value=6), label="length")
    start = data.draw(st.integers(min_value=0, max_value=6 - length), label="start")
    run = CLABBER_RANKS[start : start + length]
    shown = data.draw(st.permutations([Card(rank, suit) for rank in run]), label="shown")
    rules = data.draw(st.sampled_from(CLABBER_RULES), label="rules")
    result = classify(shown, rules)
    assert result.kind is MeldKind.RUN
    assert result.length == length
    assert result.rank is run[-1]
    assert result.suit is suit
    assert list(result.cards) == [Card(rank, suit) for rank in run]


@given(suit=st.sampled_from(ALL_SUITS), data=st.data())
@settings(max_examples=200)
def test_any_klaberjass_run(suit: Suit, data: st.DataObject) -> None:
    length = data.draw(st.integers(min_value=3, max_value=8), label="length")
    start = data.draw(st.integers(min_value=0, max_value=8 - length), label="start")
    run = KLABERJASS_RANKS[start : start + length]
    shown = data.draw(st.permutations([Card(rank, suit) for rank in run]), label="shown")
    result = classify(shown, KLABERJASS)
    assert (result.kind, result.length, result.rank, result.suit) == (
        MeldKind.RUN,
        length,
        run[-1],
        suit,
    )
    assert meld_value(result, KLABERJASS) == (20 if length == 3 else 50)


def _is_meld_by_hand(shown: Sequence[Card], runs_only: bool) -> bool:
    """RULES.md §4/§10 from scratch: four of one rank, or 3+ in a row of one suit."""
    if len(set(shown)) != len(shown) or len(shown) < 3:
        return False
    if not runs_only and len(shown) == 4 and len({card.rank for card in shown}) == 1:
        return True
    if len({card.suit for card in shown}) != 1:
        return False
    order = KLABERJASS_RANKS if runs_only else CLABBER_RANKS
    positions = sorted(order.index(card.rank) for card in shown)
    return positions == list(range(positions[0], positions[0] + len(positions)))


@given(st.lists(st.sampled_from(deck(24)), min_size=0, max_size=8, unique=True))
@settings(max_examples=200)
def test_classify_agrees_with_the_rules_on_any_cards(shown: list[Card]) -> None:
    if _is_meld_by_hand(shown, runs_only=False):
        assert classify(shown, EVANSVILLE).length == len(shown)
    else:
        with pytest.raises(MeldError, match="is not a meld"):
            classify(shown, EVANSVILLE)


@given(
    st.lists(
        st.sampled_from(deck(32)).filter(lambda card: card.suit in (S, H)),
        min_size=0,
        max_size=9,
        unique=True,
    )
)
@settings(max_examples=200)
def test_klaberjass_classify_agrees_with_the_rules_on_any_cards(shown: list[Card]) -> None:
    if _is_meld_by_hand(shown, runs_only=True):
        assert classify(shown, KLABERJASS).kind is MeldKind.RUN
    else:
        with pytest.raises(MeldError, match="is not a meld"):
            classify(shown, KLABERJASS)


# --- classify: rejections ----------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "JS", "JS QS", "JS JH"])
@pytest.mark.parametrize("rules", [EVANSVILLE, KLABERJASS], ids=lambda rules: rules.preset)
def test_too_few_cards(text: str, rules: RuleSet) -> None:
    with pytest.raises(MeldError, match="at least three cards"):
        meld(text, rules)


@pytest.mark.parametrize(
    "text",
    [
        "9S 10S QS",
        "9H JH QH",
        "10D JD QD AD",
        "9C 10C JC QC AC",
        "9S 10S JS KS AS",
        "9H 10H QH KH AH",
        "9S JS KS",
    ],
)
def test_gaps(text: str) -> None:
    with pytest.raises(MeldError, match="is not a meld"):
        meld(text)


@pytest.mark.parametrize(
    "text",
    [
        "9S 10H JS",
        "JS QS KH",
        "9S 10H JD QC",
        "10H JH QH KH AD",
        "9D 10D JD QD KD AC",
    ],
)
def test_mixed_suits(text: str) -> None:
    with pytest.raises(MeldError, match="one suit"):
        meld(text)


@pytest.mark.parametrize(
    "text",
    [
        "JS JH JD",  # three of a kind is no meld
        "JS JH JD QS",
        "JS JH JD JC 9S",  # four of a kind and a stray card
        "JS JH JD JC QS KS",
        "9S 9H 10S 10H JS JH",
        "9S 10S JS QS KS AS 9H",  # run of six and a stray card
    ],
)
def test_other_shapes(text: str) -> None:
    with pytest.raises(MeldError, match="is not a meld"):
        meld(text)


@pytest.mark.parametrize("text", ["JS JS QS", "JS js QS", "10H TH JH QH", "9C 10C JC 9\u2663"])
def test_duplicates(text: str) -> None:
    with pytest.raises(MeldError, match="listed twice"):
        meld(text)


@pytest.mark.parametrize(
    ("text", "stranger"),
    [
        ("7S 8S 9S", "7S"),
        ("8H 9H 10H", "8H"),
        ("9D 10D 8D", "8D"),
        ("7C 7H 7D 7S", "7C"),
        ("8S 8H 8D 8C", "8S"),
    ],
)
@pytest.mark.parametrize("rules", CLABBER_RULES, ids=lambda rules: rules.preset)
def test_seven_and_eight_only_in_klaberjass(text: str, stranger: str, rules: RuleSet) -> None:
    with pytest.raises(MeldError, match=f"no {stranger} in the 24-card deck"):
        meld(text, rules)


@pytest.mark.parametrize("rank", KLABERJASS_RANKS, ids=lambda rank: rank.code)
def test_no_four_of_a_kind_in_klaberjass(rank: Rank) -> None:
    with pytest.raises(MeldError, match="runs only"):
        classify([Card(rank, suit) for suit in ALL_SUITS], KLABERJASS)


@pytest.mark.parametrize("text", ["AS 9S 10S", "KS AS 9S", "QH KH AH 9H", "KD AD 9D 10D JD"])
def test_no_wrap_around(text: str) -> None:
    with pytest.raises(MeldError, match="is not a meld"):
        meld(text)


@pytest.mark.parametrize("text", ["AS 7S 8S", "KS AS 7S", "QH KH AH 7H 8H", "AD 7D 8D 9D"])
def test_no_wrap_around_in_klaberjass(text: str) -> None:
    with pytest.raises(MeldError, match="is not a meld"):
        meld(text, KLABERJASS)


def test_rejection_names_the_cards() -> None:
    with pytest.raises(MeldError) as info:
        meld("9S 10H JS")
    message = str(info.value)
    assert "9S" in message
    assert "10H" in message
    assert "JS" in message


# --- meld_value (RULES.md §4, §9, §10) ---------------------------------------------------

DAD = "JH QH KH"
FIFTY = "10H JH QH KH"
HUNDRED = "9S 10S JS QS KS"
SIX = "9C 10C JC QC KC AC"


@pytest.mark.parametrize(
    ("text", "evansville", "wadesville"),
    [
        ("JS JH JD JC", 200, 200),
        ("9S 9H 9D 9C", 100, 100),
        ("AS AH AD AC", 100, 100),
        ("10S 10H 10D 10C", 100, 100),
        ("KS KH KD KC", 100, 100),
        ("QS QH QD QC", 100, 100),
        (DAD, 20, 20),
        ("9D 10D JD", 20, 20),
        ("QS KS AS", 20, 20),
        (FIFTY, 50, 50),
        ("9D 10D JD QD", 50, 50),
        ("JC QC KC AC", 50, 50),
        (HUNDRED, 100, 100),
        ("10H JH QH KH AH", 100, 100),
        (SIX, 100, 300),
        ("9H 10H JH QH KH AH", 100, 300),
    ],
)
def test_meld_value(text: str, evansville: int, wadesville: int) -> None:
    for rules in CLABBER_RULES:
        expected = wadesville if rules is WADESVILLE else evansville
        assert meld_value(meld(text, rules), rules) == expected
    custom = rule_set("evansville", {"run_of_six": 300})
    assert meld_value(meld(text, custom), custom) == wadesville


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("7S 8S 9S", 20),
        ("QH KH AH", 20),
        ("7S 8S 9S 10S", 50),
        ("9H 10H JH QH KH", 50),
        ("9H 10H JH QH KH AH", 50),
        ("7D 8D 9D 10D JD QD KD", 50),
        ("7C 8C 9C 10C JC QC KC AC", 50),
    ],
)
def test_klaberjass_meld_value(text: str, value: int) -> None:
    assert meld_value(meld(text, KLABERJASS), KLABERJASS) == value


# --- describe -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rules", "name"),
    [
        ("JS JH JD JC", EVANSVILLE, "four jacks"),
        ("9S 9H 9D 9C", EVANSVILLE, "four nines"),
        ("AS AH AD AC", EVANSVILLE, "four aces"),
        ("10S 10H 10D 10C", EVANSVILLE, "four tens"),
        ("KS KH KD KC", EVANSVILLE, "four kings"),
        ("QS QH QD QC", EVANSVILLE, "four queens"),
        ("KH QH JH", EVANSVILLE, "dad (J-Q-K of hearts)"),
        ("10H JH QH KH", EVANSVILLE, "fifty (10-J-Q-K of hearts)"),
        ("AS KS QS JS 10S", EVANSVILLE, "hundred (10-J-Q-K-A of spades)"),
        ("9D 10D JD QD KD", EVANSVILLE, "hundred (9-10-J-Q-K of diamonds)"),
        ("9C 10C JC QC KC AC", EVANSVILLE, "run of six (9-10-J-Q-K-A of clubs)"),
        ("9C 10C JC QC KC AC", WADESVILLE, "run of six (9-10-J-Q-K-A of clubs)"),
        ("7S 8S 9S", KLABERJASS, "dad (7-8-9 of spades)"),
        ("7D 8D 9D 10D JD QD KD", KLABERJASS, "run of seven (7-8-9-10-J-Q-K of diamonds)"),
        ("AH KH QH JH 10H 9H 8H 7H", KLABERJASS, "run of eight (7-8-9-10-J-Q-K-A of hearts)"),
    ],
)
def test_describe(text: str, rules: RuleSet, name: str) -> None:
    assert meld(text, rules).describe() == name


# --- ranking: the standard order (RULES.md §4 table) --------------------------------------

# High first. The runs are plain-suit runs with the lowest possible top card,
# so a higher category must win even against the weakest meld of its kind.
STANDARD_ORDER = [
    ("four jacks", "JS JH JD JC"),
    ("four nines", "9S 9H 9D 9C"),
    ("four aces", "AS AH AD AC"),
    ("four tens", "10S 10H 10D 10C"),
    ("four kings", "KS KH KD KC"),
    ("four queens", "QS QH QD QC"),
    ("hundred", "9S 10S JS QS KS"),
    ("fifty", "9H 10H JH QH"),
    ("dad", "9D 10D JD"),
]
# Strongest of each run category, to check a lower category never wins with a high top.
STRONG_RUNS = {
    "hundred": "10S JS QS KS AS",
    "fifty": "JH QH KH AH",
    "dad": "QD KD AD",
}

# RULES.md §9, Evansville alternate: four jacks > run of five > four aces > four kings
# > four queens > four tens > four nines > fifty > dad.
ALTERNATE_ORDER = [
    ("four jacks", "JS JH JD JC"),
    ("hundred", "9S 10S JS QS KS"),
    ("four aces", "AS AH AD AC"),
    ("four kings", "KS KH KD KC"),
    ("four queens", "QS QH QD QC"),
    ("four tens", "10S 10H 10D 10C"),
    ("four nines", "9S 9H 9D 9C"),
    ("fifty", "9H 10H JH QH"),
    ("dad", "9D 10D JD"),
]

# Wadesville: the run of six, then the standard order.
WADESVILLE_ORDER = [("run of six", "9C 10C JC QC KC AC"), *STANDARD_ORDER]


def _assert_order(order: Sequence[tuple[str, str]], rules: RuleSet) -> None:
    """Every pair in ``order`` (high first) compares that way, whatever the trump."""
    strong_runs = {name: meld(text, rules) for name, text in STRONG_RUNS.items()}
    for (high_name, high_text), (low_name, low_text) in itertools.combinations(order, 2):
        high, low = meld(high_text, rules), meld(low_text, rules)
        lows = [low]
        if low_name in strong_runs:
            lows.append(strong_runs[low_name])
        for trump in TRUMPS:
            for low_meld in lows:
                label = f"{high_name} over {low_meld.describe()} (trump {trump})"
                assert meld_rank(high, rules, trump) > meld_rank(low_meld, rules, trump), label
                for sides in (("A", "B"), ("B", "A")):
                    result = compare_melds({sides[0]: [high], sides[1]: [low_meld]}, rules, trump)
                    assert result.winner == sides[0], label
                    assert result.best[sides[0]] == high
                    assert high.describe() in result.reason
                    assert low_meld.describe() in result.reason


def test_standard_ranking_pairwise() -> None:
    _assert_order(STANDARD_ORDER, EVANSVILLE)


def test_standard_ranking_is_the_default_for_other_player_counts() -> None:
    for preset in ("two-handed", "three-handed", "six-handed"):
        _assert_order(STANDARD_ORDER, rule_set(preset))


def test_alternate_ranking_pairwise() -> None:
    _assert_order(ALTERNATE_ORDER, ALTERNATE)
    _assert_order(ALTERNATE_ORDER, rule_set("evansville", {"meld_ranking": "alternate"}))


def test_wadesville_ranking_pairwise() -> None:
    _assert_order(WADESVILLE_ORDER, WADESVILLE)


def test_wadesville_run_of_six_beats_four_jacks() -> None:
    six, jacks = meld(SIX, WADESVILLE), four("J")
    for trump in TRUMPS:
        result = compare_melds({"A": [jacks], "B": [six]}, WADESVILLE, trump)
        assert result.winner == "B"
        assert "run of six" in result.reason
        assert "four jacks" in result.reason


def test_wadesville_with_the_alternate_ranking_keeps_the_six_on_top() -> None:
    rules = rule_set("wadesville", {"meld_ranking": "alternate"})
    _assert_order([("run of six", SIX), *ALTERNATE_ORDER], rules)


def test_standard_run_of_six_counts_as_a_run_of_five() -> None:
    # Ranked with the hundreds: under four queens, over any fifty, and with the ace on
    # top it beats a hundred topped by the king.
    six = meld(SIX)
    for trump in TRUMPS:
        assert compare_melds({"A": [six], "B": [four("Q")]}, EVANSVILLE, trump).winner == "B"
        assert (
            compare_melds({"A": [six], "B": [meld("JH QH KH AH")]}, EVANSVILLE, trump).winner == "A"
        )
        assert compare_melds({"A": [six], "B": [meld(HUNDRED)]}, EVANSVILLE, trump).winner == "A"


def test_alternate_run_of_six_counts_as_a_run_of_five() -> None:
    six = meld(SIX, ALTERNATE)
    for trump in TRUMPS:
        assert compare_melds({"A": [six], "B": [four("A")]}, ALTERNATE, trump).winner == "A"
        assert compare_melds({"A": [six], "B": [four("J")]}, ALTERNATE, trump).winner == "B"


def test_four_of_a_kind_ranks_ignore_trump() -> None:
    for trump in TRUMPS:
        assert meld_rank(four("Q"), EVANSVILLE, trump) == meld_rank(four("Q"), EVANSVILLE, None)


# --- ranking: equal-length runs ----------------------------------------------------------


@pytest.mark.parametrize("rules", [EVANSVILLE, ALTERNATE, WADESVILLE], ids=lambda r: r.preset)
@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("10S JS QS", "9H 10H JH"),
        ("QC KC AC", "JD QD KD"),
        ("JH QH KH AH", "10C JC QC KC"),
        ("10D JD QD KD", "9S 10S JS QS"),
        ("10H JH QH KH AH", "9C 10C JC QC KC"),
    ],
)
def test_equal_length_runs_higher_top_card_wins(rules: RuleSet, higher: str, lower: str) -> None:
    high, low = meld(higher, rules), meld(lower, rules)
    assert high.suit is not None
    assert low.suit is not None
    # Whatever the trump, even when the lower run is the trump run.
    for trump in (high.suit, low.suit, *(s for s in ALL_SUITS if s not in (high.suit, low.suit))):
        result = compare_melds({"A": [low], "B": [high]}, rules, trump)
        assert result.winner == "B"
        assert "higher top card" in result.reason
        assert high.describe() in result.reason
        assert low.describe() in result.reason


@pytest.mark.parametrize("rules", [EVANSVILLE, ALTERNATE, WADESVILLE], ids=lambda r: r.preset)
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("JS QS KS", "JH QH KH"),
        ("9D 10D JD", "9C 10C JC"),
        ("JS QS KS AS", "JD QD KD AD"),
        ("9H 10H JH QH KH", "9C 10C JC QC KC"),
    ],
)
def test_equal_top_trump_run_beats_plain(rules: RuleSet, first: str, second: str) -> None:
    one, two = meld(first, rules), meld(second, rules)
    assert one.suit is not None
    assert two.suit is not None
    for trump_meld, plain_meld in ((one, two), (two, one)):
        for sides in (("A", "B"), ("B", "A")):
            result = compare_melds(
                {sides[0]: [plain_meld], sides[1]: [trump_meld]}, rules, trump_meld.suit
            )
            assert result.winner == sides[1]
            assert "trump" in result.reason
            assert trump_meld.describe() in result.reason
            assert plain_meld.describe() in result.reason


@pytest.mark.parametrize("rules", [EVANSVILLE, ALTERNATE, WADESVILLE], ids=lambda r: r.preset)
@pytest.mark.parametrize(
    ("first", "second", "trump"),
    [
        ("JS QS KS", "JH QH KH", D),
        ("JS QS KS", "JH QH KH", C),
        ("JS QS KS", "JH QH KH", None),
        ("9D 10D JD QD", "9C 10C JC QC", S),
        ("10H JH QH KH AH", "10S JS QS KS AS", D),
    ],
)
def test_equal_plain_runs_score_for_nobody(
    rules: RuleSet, first: str, second: str, trump: Suit | None
) -> None:
    one, two = meld(first, rules), meld(second, rules)
    result = compare_melds({"A": [one], "B": [two]}, rules, trump)
    assert result.winner is None
    assert result.best == {"A": one, "B": two}
    assert one.describe() in result.reason
    assert two.describe() in result.reason
    assert "neither" in result.reason


def test_wadesville_equal_runs_of_six() -> None:
    spades, hearts = meld("9S 10S JS QS KS AS", WADESVILLE), meld(SIX, WADESVILLE)
    assert compare_melds({"A": [spades], "B": [hearts]}, WADESVILLE, D).winner is None
    assert compare_melds({"A": [spades], "B": [hearts]}, WADESVILLE, S).winner == "A"
    assert compare_melds({"A": [spades], "B": [hearts]}, WADESVILLE, C).winner == "B"


def test_a_lower_trump_run_still_loses_to_a_higher_plain_one() -> None:
    low_trump, high_plain = meld("9H 10H JH"), meld("QS KS AS")
    result = compare_melds({"A": [low_trump], "B": [high_plain]}, EVANSVILLE, H)
    assert result.winner == "B"


# --- the side's best meld ----------------------------------------------------------------


def test_each_side_is_judged_by_its_best_meld() -> None:
    # A: a dad and four aces (two players); B: a hundred. Standard: four aces > hundred.
    dad, aces, hundred = meld("9H 10H JH"), four("A"), meld(HUNDRED)
    result = compare_melds({"A": [dad, aces], "B": [hundred]}, EVANSVILLE, H)
    assert result.winner == "A"
    assert result.best == {"A": aces, "B": hundred}
    assert "four aces" in result.reason
    assert hundred.describe() in result.reason
    # Under the alternate ranking the hundred wins instead.
    alt = compare_melds(
        {"A": [meld("9H 10H JH", ALTERNATE), four("A")], "B": [meld(HUNDRED, ALTERNATE)]},
        ALTERNATE,
        H,
    )
    assert alt.winner == "B"


def test_many_small_melds_do_not_beat_one_bigger() -> None:
    # Two dads (40 points) lose to one fifty: the comparison is by the single best meld.
    result = compare_melds(
        {"A": [meld("9H 10H JH"), meld("QS KS AS")], "B": [meld("9C 10C JC QC")]},
        EVANSVILLE,
        H,
    )
    assert result.winner == "B"


def test_only_one_side_shows_melds() -> None:
    dad = meld(DAD)
    for melds in ({"A": [dad], "B": []}, {"A": [dad]}):
        result = compare_melds(melds, EVANSVILLE, S)
        assert result.winner == "A"
        assert result.best["A"] == dad
        assert "only A" in result.reason
    result = compare_melds({"A": [], "B": [dad]}, EVANSVILLE, S)
    assert result.winner == "B"
    assert result.best == {"A": None, "B": dad}


def test_nobody_shows_melds() -> None:
    result = compare_melds({"A": [], "B": []}, EVANSVILLE, S)
    assert result.winner is None
    assert result.best == {"A": None, "B": None}
    assert result.reason
    assert compare_melds({}, EVANSVILLE, S).winner is None


# --- three sides (three-handed) ----------------------------------------------------------


def test_three_sides_highest_wins() -> None:
    dad, fifty, kings = meld(DAD, THREE_HANDED), meld("9S 10S JS QS", THREE_HANDED), four("K")
    for trump in TRUMPS:
        for order in itertools.permutations([("A", dad), ("B", fifty), ("C", kings)]):
            melds = {side: [m] for side, m in order}
            result = compare_melds(melds, THREE_HANDED, trump)
            assert result.winner == "C"
            assert "four kings" in result.reason
            assert fifty.describe() in result.reason


def test_three_sides_one_shows() -> None:
    dad = meld(DAD, THREE_HANDED)
    result = compare_melds({"A": [], "B": [dad], "C": []}, THREE_HANDED, S)
    assert result.winner == "B"
    assert result.best == {"A": None, "B": dad, "C": None}


def test_three_sides_equal_plain_runs_on_top_score_for_nobody() -> None:
    a, b = meld("JS QS KS", THREE_HANDED), meld("JD QD KD", THREE_HANDED)
    c = meld("10H JH QH", THREE_HANDED)  # a lower trump dad
    result = compare_melds({"A": [a], "B": [b], "C": [c]}, THREE_HANDED, H)
    assert result.winner is None


def test_three_sides_trump_run_breaks_the_tie() -> None:
    a, b, c = (meld(text, THREE_HANDED) for text in ("JS QS KS", "JD QD KD", "JH QH KH"))
    for trump, winner in ((S, "A"), (D, "B"), (H, "C")):
        result = compare_melds({"A": [a], "B": [b], "C": [c]}, THREE_HANDED, trump)
        assert result.winner == winner
    assert compare_melds({"A": [a], "B": [b], "C": [c]}, THREE_HANDED, C).winner is None


def test_three_sides_lower_equal_plain_runs_do_not_matter() -> None:
    a, b = meld("9S 10S JS", THREE_HANDED), meld("9D 10D JD", THREE_HANDED)
    c = meld("QC KC AC", THREE_HANDED)
    result = compare_melds({"A": [a], "B": [b], "C": [c]}, THREE_HANDED, H)
    assert result.winner == "C"


# --- Klaberjass (RULES.md §10) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("longer", "shorter"),
    [
        ("7S 8S 9S 10S", "QH KH AH"),
        ("9D 10D JD QD KD", "JC QC KC AC"),
        ("7H 8H 9H 10H JH QH", "9S 10S JS QS KS"),
        ("7C 8C 9C 10C JC QC KC", "9D 10D JD QD KD AD"),
        ("7S 8S 9S 10S JS QS KS AS", "8H 9H 10H JH QH KH AH"),
    ],
)
def test_klaberjass_longer_beats_shorter(longer: str, shorter: str) -> None:
    long, short = meld(longer, KLABERJASS), meld(shorter, KLABERJASS)
    # Whatever the trump and the top cards.
    for trump in TRUMPS:
        for sides in (("A", "B"), ("B", "A")):
            result = compare_melds({sides[0]: [short], sides[1]: [long]}, KLABERJASS, trump)
            assert result.winner == sides[1]
            assert long.describe(runs_only=True) in result.reason
            assert short.describe(runs_only=True) in result.reason
            assert "hundred" not in result.reason


def test_klaberjass_equal_length_higher_top_then_trump() -> None:
    low, high = meld("7S 8S 9S", KLABERJASS), meld("8H 9H 10H", KLABERJASS)
    for trump in TRUMPS:
        assert compare_melds({"A": [low], "B": [high]}, KLABERJASS, trump).winner == "B"
    spades, diamonds = meld("JS QS KS AS", KLABERJASS), meld("JD QD KD AD", KLABERJASS)
    assert compare_melds({"A": [spades], "B": [diamonds]}, KLABERJASS, S).winner == "A"
    assert compare_melds({"A": [spades], "B": [diamonds]}, KLABERJASS, D).winner == "B"
    for trump in (H, C, None):
        result = compare_melds({"A": [spades], "B": [diamonds]}, KLABERJASS, trump)
        assert result.winner is None
        assert spades.describe(runs_only=True) in result.reason
        assert diamonds.describe(runs_only=True) in result.reason


def test_klaberjass_equal_plain_runs_of_eight() -> None:
    spades = meld("7S 8S 9S 10S JS QS KS AS", KLABERJASS)
    clubs = meld("7C 8C 9C 10C JC QC KC AC", KLABERJASS)
    assert compare_melds({"A": [spades], "B": [clubs]}, KLABERJASS, H).winner is None
    assert compare_melds({"A": [spades], "B": [clubs]}, KLABERJASS, C).winner == "B"


def test_klaberjass_ranking_property_pairwise() -> None:
    # Every pair of runs in the 32-card deck, against a key written from §10.
    runs = [
        meld(" ".join(f"{rank.code}{suit.value}" for rank in run), KLABERJASS)
        for length in range(3, 9)
        for run in _runs(KLABERJASS_RANKS, length)
        for suit in (S, H)
    ]
    for trump in (S, D):
        for one, two in itertools.combinations(runs, 2):
            key_one = (one.length, KLABERJASS_RANKS.index(one.rank), one.suit is trump)
            key_two = (two.length, KLABERJASS_RANKS.index(two.rank), two.suit is trump)
            expected = "A" if key_one > key_two else "B" if key_two > key_one else None
            result = compare_melds({"A": [one], "B": [two]}, KLABERJASS, trump)
            assert result.winner == expected, (one.describe(), two.describe(), trump)


# --- an independent ranking for any pair of Clabber melds --------------------------------

_STANDARD_FOURS_HIGH_FIRST = (
    Rank.JACK,
    Rank.NINE,
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
)


def _standard_key(m: Meld, trump: Suit | None) -> tuple[int, int, bool]:
    """RULES.md §4 table as a sort key: fours 9..4, hundred 3, fifty 2, dad 1."""
    if m.kind is MeldKind.FOUR_OF_A_KIND:
        return (9 - _STANDARD_FOURS_HIGH_FIRST.index(m.rank), 0, False)
    # §9: a run of six is an ace-high run of five.
    category = {3: 1, 4: 2, 5: 3, 6: 3}[m.length]
    return (category, CLABBER_RANKS.index(m.rank), m.suit is trump)


ALL_CLABBER_MELDS = [
    meld(" ".join(f"{rank.code}{suit.value}" for rank in run)) for run, suit in CLABBER_RUNS
] + [four(rank.code) for rank in CLABBER_RANKS]


@given(
    st.sampled_from(ALL_CLABBER_MELDS),
    st.sampled_from(ALL_CLABBER_MELDS),
    st.sampled_from(TRUMPS),
)
@settings(max_examples=200)
def test_standard_comparison_of_any_two_melds(one: Meld, two: Meld, trump: Suit | None) -> None:
    assume(one != two)
    key_one, key_two = _standard_key(one, trump), _standard_key(two, trump)
    expected = "A" if key_one > key_two else "B" if key_two > key_one else None
    assert compare_melds({"A": [one], "B": [two]}, EVANSVILLE, trump).winner == expected
    assert compare_melds({"B": [one], "A": [two]}, EVANSVILLE, trump).winner == (
        None if expected is None else ("B" if expected == "A" else "A")
    )


# --- a run of six meets a run of five (RULES.md §9) --------------------------------------

ACE_HIGH_FIVE = "10S JS QS KS AS"
KING_HIGH_FIVE = "9H 10H JH QH KH"
SIX_IN_CLUBS = "9C 10C JC QC KC AC"


@pytest.mark.parametrize("rules", [EVANSVILLE, ALTERNATE], ids=lambda r: r.preset)
def test_a_plain_run_of_six_and_a_plain_ace_high_five_are_equal(rules: RuleSet) -> None:
    """Evansville: the six is an ace-high run of five, so two plain ones score for nobody."""
    six, five = meld(SIX_IN_CLUBS, rules), meld(ACE_HIGH_FIVE, rules)
    assert meld_rank(six, rules, H) == meld_rank(five, rules, H)
    for trump in (H, D, None):
        for sides in (("A", "B"), ("B", "A")):
            result = compare_melds({sides[0]: [six], sides[1]: [five]}, rules, trump)
            assert result.winner is None
            assert "equal plain runs" in result.reason
            assert "neither side scores melds" in result.reason


@pytest.mark.parametrize("rules", [EVANSVILLE, ALTERNATE], ids=lambda r: r.preset)
@pytest.mark.parametrize(
    ("trump", "winner"),
    [(C, "six"), (S, "five")],
    ids=["trump six v plain five", "plain six v trump five"],
)
def test_between_a_run_of_six_and_an_ace_high_five_trump_decides(
    rules: RuleSet, trump: Suit, winner: str
) -> None:
    six, five = meld(SIX_IN_CLUBS, rules), meld(ACE_HIGH_FIVE, rules)
    for sides in (("A", "B"), ("B", "A")):
        result = compare_melds({sides[0]: [six], sides[1]: [five]}, rules, trump)
        assert result.winner == (sides[0] if winner == "six" else sides[1])
        assert "a trump run beats an equal plain one" in result.reason


@pytest.mark.parametrize("rules", [EVANSVILLE, ALTERNATE], ids=lambda r: r.preset)
def test_a_run_of_six_beats_a_king_high_five_by_its_ace(rules: RuleSet) -> None:
    six, five = meld(SIX_IN_CLUBS, rules), meld(KING_HIGH_FIVE, rules)
    for trump in TRUMPS:
        result = compare_melds({"A": [five], "B": [six]}, rules, trump)
        assert result.winner == "B"
        assert "the higher top card wins" in result.reason


def test_a_run_of_six_counts_and_scores_as_a_hundred() -> None:
    for rules in (EVANSVILLE, ALTERNATE):
        assert meld_value(meld(SIX_IN_CLUBS, rules), rules) == 100
    assert meld_value(meld(SIX_IN_CLUBS, WADESVILLE), WADESVILLE) == 300


@pytest.mark.parametrize(
    "rules",
    [WADESVILLE, rule_set("wadesville", {"meld_ranking": "alternate"})],
    ids=["wadesville", "wadesville-alternate"],
)
def test_wadesville_run_of_six_beats_any_run_of_five(rules: RuleSet) -> None:
    """Wadesville's 300 ranks above four jacks, so no hundred comes near it."""
    six = meld(SIX_IN_CLUBS, rules)
    for five_text in (ACE_HIGH_FIVE, KING_HIGH_FIVE):
        five = meld(five_text, rules)
        for trump in TRUMPS:
            for sides in (("A", "B"), ("B", "A")):
                result = compare_melds({sides[0]: [five], sides[1]: [six]}, rules, trump)
                assert result.winner == sides[1]
                assert "it ranks higher" in result.reason


def test_two_plain_wadesville_runs_of_six_score_for_nobody() -> None:
    clubs, hearts = meld(SIX_IN_CLUBS, WADESVILLE), meld("9H 10H JH QH KH AH", WADESVILLE)
    assert compare_melds({"A": [clubs], "B": [hearts]}, WADESVILLE, S).winner is None
    assert compare_melds({"A": [clubs], "B": [hearts]}, WADESVILLE, H).winner == "B"
