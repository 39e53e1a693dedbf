"""Which trick points the sides can take (RULES.md §2, §10).

The expected sets are worked out by hand below; the enumeration is also compared
with brute force over every split of small decks, and, for the real decks, with
an independent count of card subsets written in this file.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clabber_league.rules import (
    PRESETS,
    HandError,
    PlayedHand,
    Suit,
    deck,
    rule_set,
    score_hand,
)
from clabber_league.rules.trick_totals import possible_trick_points, reachable_trick_points
from tests.rules.strategies import dealt_trick_points

# RULES.md §2: every card played, no card worth 1.
EVERY_CARD_FIGURES = frozenset(range(163)) - {1, 161}
# Six players: a trick holds six cards, and the poorest six (three plain nines and three
# plain jacks) are worth 6, so a team that takes a trick has at least 6.
SIX_HANDED_FIGURES = EVERY_CARD_FIGURES - {2, 3, 4, 5, 157, 158, 159, 160}
# Two players, 18 cards played: at most the 18 richest cards and the last trick. The six
# poorest of the 24-card deck are the three plain nines (0) and three plain jacks (2),
# so 152 - 6 + 10 = 156; Klaberjass's 14 cards beyond its 18 richest are its eleven
# sevens, eights and plain nines and its three plain jacks: 156 again.
TWO_PLAYER_FIGURES = frozenset(range(157)) - {1}
# The poorest 18 cards and the last trick. Clabber: 0+0+0, 2+2+2, four queens 12, four
# kings 16, four tens 40 = 74, +10 = 84. Klaberjass: eleven 0s, three 2s, four 3s = 18, +10.
TWO_HANDED_LEAST = 84
KLABERJASS_LEAST = 28


def by_preset(preset: str) -> object:
    return possible_trick_points(rule_set(preset))


# --- brute force on small decks ---------------------------------------------------------


def brute_force(
    values: Sequence[int], sides: int, trick_size: int, played: int
) -> frozenset[tuple[int, ...]]:
    """Every card to a side or left unplayed, every way; keep the whole-trick splits."""
    found: set[tuple[int, ...]] = set()
    for owners in itertools.product(range(sides + 1), repeat=len(values)):
        counts = Counter(owners)
        if sum(counts[side] for side in range(sides)) != played:
            continue
        if any(counts[side] % trick_size for side in range(sides)):
            continue
        points = [
            sum(v for v, o in zip(values, owners, strict=True) if o == s) for s in range(sides)
        ]
        for winner in range(sides):
            if counts[winner]:
                found.add(tuple(p + (10 if s == winner else 0) for s, p in enumerate(points)))
    return frozenset(found)


@pytest.mark.parametrize(
    ("values", "sides", "trick_size", "played"),
    [
        ((0, 2, 3, 4, 10, 11, 0, 3), 2, 2, 8),  # every card played, tricks of two
        ((0, 2, 3, 4, 10, 11, 0, 3), 2, 2, 6),  # two cards never dealt
        ((0, 2, 3, 4, 10, 11, 0, 3), 2, 4, 8),  # tricks of four
        ((20, 14, 0, 2, 3, 4, 11, 0, 0), 3, 3, 9),  # three players
        ((20, 14, 0, 2, 3, 4, 11, 0), 3, 3, 6),  # three players, two cards never dealt
        ((0, 0, 2, 2, 3, 11, 14, 20), 2, 2, 4),  # only half the deck played
    ],
)
def test_the_enumeration_equals_brute_force(
    values: tuple[int, ...], sides: int, trick_size: int, played: int
) -> None:
    expected = brute_force(values, sides, trick_size, played)
    assert expected
    got = reachable_trick_points(values, sides=sides, trick_size=trick_size, played=played)
    assert got == expected


# --- the real decks: the figures RULES.md gives, and an independent count ---------------


def subset_sums(values: Sequence[int]) -> dict[int, set[int]]:
    """Card count → every point sum of that many of ``values`` (by counting each value)."""
    groups = sorted(Counter(values).items())
    sums: dict[int, set[int]] = {}
    for picks in itertools.product(*(range(count + 1) for _, count in groups)):
        size = sum(picks)
        sums.setdefault(size, set()).add(
            sum(value * pick for (value, _), pick in zip(groups, picks, strict=True))
        )
    return sums


def one_side_figures(preset: str) -> frozenset[int]:
    """A side's figures: some whole number of tricks' cards, with or without the last trick.

    Whatever one side takes, the others can always take the rest (every card played)
    or enough of the cards left (the two-player games), so one side alone is free.
    """
    rules = rule_set(preset)
    layout = rules.layout
    values = [card.points(Suit.HEARTS) for card in deck(layout.deck_size)]
    sums = subset_sums(values)
    figures: set[int] = set()
    tricks_per_hand = layout.cards_played // layout.trick_size
    for tricks in range(tricks_per_hand + 1):
        for points in sums[tricks * layout.trick_size]:
            if tricks < tricks_per_hand:
                figures.add(points)  # the last trick went to another side
            if tricks:
                figures.add(points + 10)
    return frozenset(figures)


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("evansville", EVERY_CARD_FIGURES),
        ("evansville-alt", EVERY_CARD_FIGURES),
        ("wadesville", EVERY_CARD_FIGURES),
        ("three-handed", EVERY_CARD_FIGURES),
        ("six-handed", SIX_HANDED_FIGURES),
        ("two-handed", TWO_PLAYER_FIGURES),
        ("klaberjass", TWO_PLAYER_FIGURES),
    ],
)
def test_one_side_figures(preset: str, expected: frozenset[int]) -> None:
    possible = possible_trick_points(rule_set(preset))
    assert possible.figures == expected
    assert one_side_figures(preset) == expected
    assert possible.most == max(expected)


@pytest.mark.parametrize("preset", ["evansville", "six-handed", "three-handed"])
def test_every_card_played_shares_162(preset: str) -> None:
    possible = possible_trick_points(rule_set(preset))
    assert possible.shared == 162
    assert possible.least_total == possible.most_total == 162
    assert all(sum(figures) == 162 for figures in possible.combinations)


@pytest.mark.parametrize("preset", ["evansville", "six-handed"])
def test_two_teams_sharing_162_split_it_any_way_their_figures_allow(preset: str) -> None:
    possible = possible_trick_points(rule_set(preset))
    assert possible.combinations == {(f, 162 - f) for f in possible.figures}
    for figure in possible.figures:
        assert possible.beside(figure) == {162 - figure}


def test_three_handed_triples_that_no_deal_gives() -> None:
    """Two players on 2 or 3 each took a trick of two plain nines; there are three nines."""
    possible = possible_trick_points(rule_set("three-handed"))
    figures = possible.figures
    impossible = {
        (a, b, 162 - a - b)
        for a in figures
        for b in figures
        if 162 - a - b in figures and (a, b, 162 - a - b) not in possible.combinations
    }
    low = [(2, 2), (2, 3), (3, 2), (3, 3)]
    expected = set()
    for x, y in low:
        rest = 162 - x - y
        expected |= {(x, y, rest), (x, rest, y), (rest, x, y)}
    assert impossible == expected
    assert possible.allows({"A": 2, "B": 0, "C": 160})
    assert not possible.allows({"A": 2, "B": 2, "C": 158})


@pytest.mark.parametrize(
    ("preset", "least"), [("two-handed", TWO_HANDED_LEAST), ("klaberjass", KLABERJASS_LEAST)]
)
def test_two_player_pairs(preset: str, least: int) -> None:
    possible = possible_trick_points(rule_set(preset))
    assert possible.shared is None
    assert possible.least_total == least
    assert possible.most_total == 156
    totals = {sum(pair) for pair in possible.combinations}
    assert totals == set(range(least, 157))
    # The real hands, either way round.
    for pair in [(70, 40), (40, 70), (80, 64), (64, 80)]:
        assert possible.allows(dict(zip("AB", pair, strict=True))), pair
    # The sides play alike.
    assert possible.combinations == {(b, a) for a, b in possible.combinations}


@pytest.mark.parametrize("preset", ["two-handed", "klaberjass"])
def test_a_player_with_no_trick_leaves_the_other_all_nine(preset: str) -> None:
    """Independent of the enumeration: the other player took some 18 cards and the last trick."""
    layout = rule_set(preset).layout
    values = [card.points(Suit.SPADES) for card in deck(layout.deck_size)]
    expected = {points + 10 for points in subset_sums(values)[18]}
    possible = possible_trick_points(rule_set(preset))
    assert possible.beside(0) == expected
    assert possible.allows({"A": 0, "B": max(expected)})
    assert not possible.allows({"A": 0, "B": 0})


def test_two_handed_other_figure_ranges() -> None:
    possible = possible_trick_points(rule_set("two-handed"))
    assert min(possible.beside(70)) == 14
    assert max(possible.beside(70)) == 86
    assert possible.beside(156) == {0}
    assert possible.beside(161) == frozenset()


def test_the_deal_alone_decides_the_figures() -> None:
    """Options never change what cards can be taken, so every rule set of a variant shares one."""
    base = possible_trick_points(rule_set("evansville"))
    assert possible_trick_points(rule_set("wadesville")) is base
    assert possible_trick_points(rule_set("evansville", {"set_rule": "82_tricks"})) is base
    assert possible_trick_points(rule_set("klaberjass", {"klaberjass_runs": "all"})) is (
        possible_trick_points(rule_set("klaberjass"))
    )


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_allows_reads_the_sides_by_letter(preset: str) -> None:
    possible = possible_trick_points(rule_set(preset))
    sides = possible.sides
    some = next(iter(possible.combinations))
    assert possible.allows(dict(zip(sides, some, strict=True)))
    assert not possible.allows(dict(zip(sides[:-1], some, strict=False)))
    assert not possible.allows({**dict(zip(sides, some, strict=True)), sides[0]: -1})


# --- properties: real deals are accepted, everything else refused with a reason ---------


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_real_deal_split_into_tricks_is_accepted(preset: str, data: st.DataObject) -> None:
    """Shuffle, deal (rules/deal.py), make trump, split the played cards into tricks won
    at random: the engine takes the figures, whole or (where every card is played) one
    short, and scores them as given."""
    rules = rule_set(preset)
    tricks = data.draw(dealt_trick_points(rules))
    assert possible_trick_points(rules).allows(tricks)
    makers = data.draw(st.sampled_from(rules.sides))
    result = score_hand(PlayedHand(makers, tricks), rules, number=1)
    assert dict(result.tricks or {}) == tricks
    if rules.layout.every_card_played:
        assert sum(tricks.values()) == 162
        short = {side: points for side, points in tricks.items() if side != rules.sides[-1]}
        assert dict(score_hand(PlayedHand(makers, short), rules, number=1).tricks or {}) == tricks
    else:
        assert sum(tricks.values()) <= 156


figures = st.integers(min_value=-20, max_value=200) | st.sampled_from([0, 1, 2, 5, 6, 156, 161])


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_figures_no_deal_gives_are_refused(preset: str, data: st.DataObject) -> None:
    rules = rule_set(preset)
    possible = possible_trick_points(rules)
    given_sides = data.draw(
        st.lists(st.sampled_from(rules.sides), min_size=1, max_size=len(rules.sides), unique=True)
    )
    tricks = {side: data.draw(figures, label=side) for side in given_sides}
    makers = data.draw(st.sampled_from(rules.sides))
    missing = [side for side in rules.sides if side not in tricks]
    complete = dict(tricks)
    if possible.shared is not None and len(missing) == 1:
        complete[missing[0]] = possible.shared - sum(tricks.values())
    if len(complete) == len(rules.sides) and possible.allows(complete):
        assert dict(score_hand(PlayedHand(makers, tricks), rules, number=1).tricks or {}) == (
            complete
        )
        return
    with pytest.raises(HandError) as refused:
        score_hand(PlayedHand(makers, tricks), rules, number=1)
    # Every refusal says why, in words about the hand, not just "invalid".
    for problem in refused.value.problems:
        assert any(
            words in problem for words in ("trick point", "cannot both be taken", "cannot all")
        ), problem


@pytest.mark.parametrize("preset", ["two-handed", "klaberjass"])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_two_player_pairs_are_accepted_exactly_when_enumerated(
    preset: str, data: st.DataObject
) -> None:
    rules = rule_set(preset)
    possible = possible_trick_points(rules)
    pair = data.draw(
        st.sampled_from(sorted(possible.combinations))
        | st.tuples(st.integers(0, 160), st.integers(0, 160))
    )
    tricks = dict(zip("AB", pair, strict=True))
    entry = PlayedHand(data.draw(st.sampled_from("AB")), tricks)
    if pair in possible.combinations:
        assert dict(score_hand(entry, rules, number=1).tricks or {}) == tricks
    else:
        with pytest.raises(HandError):
            score_hand(entry, rules, number=1)
