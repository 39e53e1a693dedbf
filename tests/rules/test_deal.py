"""First dealer by the first jack, and the deal (RULES.md §1, §10)."""

import pytest

from clabber_league.rules import PRESETS, Card, ClabberError, deck, rule_set
from clabber_league.rules.deal import deal, first_jack, seats_from_left_of


def cards(codes: str) -> list[Card]:
    return [Card.from_str(code) for code in codes.split()]


def test_first_jack_deals_and_second_jack_is_the_partner() -> None:
    result = first_jack(cards("9S AH JD KC QS JC"), ["Ann", "Bob", "Cy", "Di"])
    assert (result.dealer, result.partner) == ("Cy", "Bob")
    assert [player for player, _ in result.dealt] == ["Ann", "Bob", "Cy", "Di", "Ann", "Bob"]


def test_a_second_jack_to_the_dealer_does_not_choose_a_partner() -> None:
    result = first_jack(cards("JS 9H 9D 9C JH 10S JD"), ["Ann", "Bob", "Cy", "Di"])
    assert (result.dealer, result.partner) == ("Ann", "Cy")


def test_first_jack_with_three_players_needs_no_partner() -> None:
    result = first_jack(cards("9S JH"), ["Ann", "Bob", "Cy"])
    assert (result.dealer, result.partner) == ("Bob", None)


def test_first_jack_without_a_jack_is_an_error() -> None:
    with pytest.raises(ClabberError, match="no jack came up"):
        first_jack(cards("9S 9H"), ["Ann", "Bob", "Cy", "Di"])


def test_four_handed_deal_one_at_a_time_from_the_left_dealer_turns_last_card() -> None:
    rules = rule_set()
    pack = list(deck())
    dealt = deal(pack, rules, "B2")
    assert seats_from_left_of(rules, "B2") == ("A1", "B1", "A2", "B2")
    assert dealt.hands["A1"] == tuple(pack[0::4])
    assert dealt.hands["B2"] == tuple(pack[3::4])
    assert all(len(hand) == 6 for hand in dealt.hands.values())
    assert dealt.turned == pack[23]


def test_three_and_six_handed_hand_sizes() -> None:
    assert {len(h) for h in deal(list(deck()), rule_set("three-handed"), "A").hands.values()} == {8}
    assert {len(h) for h in deal(list(deck()), rule_set("six-handed"), "A1").hands.values()} == {4}


def test_two_handed_deal_sets_three_aside_each_and_six_dead() -> None:
    pack = list(deck())
    dealt = deal(pack, rule_set("two-handed"), "A")
    assert [len(dealt.hands[s]) for s in "AB"] == [6, 6]
    assert [len(dealt.later[s]) for s in "AB"] == [3, 3]
    assert len(dealt.dead) == 6
    assert dealt.turned == dealt.dead[0] == pack[18]


def test_klaberjass_deals_three_and_three_then_turns_the_next_card() -> None:
    pack = list(deck(32))
    dealt = deal(pack, rule_set("klaberjass"), "A")
    assert dealt.hands["B"] == tuple(pack[0:3] + pack[6:9])
    assert dealt.hands["A"] == tuple(pack[3:6] + pack[9:12])
    assert dealt.turned == pack[12]
    assert [len(dealt.later[s]) for s in "AB"] == [3, 3]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_deal_plays_the_cards_the_layout_says(preset: str) -> None:
    """RULES.md §10: 18 cards in the two-player games, the whole deck otherwise; the trick
    totals are derived from the layout, so it must agree with the real deal."""
    rules = rule_set(preset)
    layout = rules.layout
    dealt = deal(list(deck(layout.deck_size)), rules, rules.seats[0])
    played = [
        card for seat in rules.seats for card in dealt.hands[seat] + dealt.later.get(seat, ())
    ]
    assert len(played) == len(set(played)) == layout.cards_played
    assert layout.cards_played == (18 if preset in ("two-handed", "klaberjass") else 24)
    assert layout.every_card_played is (layout.cards_played == layout.deck_size)
    tricks_per_hand, odd_cards = divmod(layout.cards_played, layout.trick_size)
    assert odd_cards == 0
    assert {len(dealt.hands[seat] + dealt.later.get(seat, ())) for seat in rules.seats} == {
        tricks_per_hand
    }


def test_a_deal_needs_the_whole_deck() -> None:
    with pytest.raises(ClabberError, match="whole 24-card deck"):
        deal(list(deck())[:20], rule_set(), "A1")
