"""Which meld totals a side can score (RULES.md §4, §9, §10).

The expected sets are worked out by hand below, and the engine's derived sets are
also compared with an independent brute force written in this file.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from clabber_league.rules import (
    Card,
    MeldPossibilities,
    Rank,
    Suit,
    possible_meld_totals,
    rule_set,
)

ALL_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
CLABBER_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
KLABERJASS_RANKS = (Rank.SEVEN, Rank.EIGHT, *CLABBER_RANKS)

# RULES.md §4, word for word.
DEFAULT_TOTALS = frozenset({0, 20, 40, 50, 60, 70, 80, 90, 100, 120, 140, 150, 200, 220, 240, 300})

# Wadesville (§9): a run of six is 300 and fills its holder's six cards with a whole
# suit, so the partner can add only runs in other suits (no four of a kind, which
# would need that suit's card): 300 + 0/20/40/50/100/300.
WADESVILLE_TOTALS = DEFAULT_TOTALS | {320, 340, 350, 400, 600}

# Three-handed (§10), one player with eight cards: one meld 20/50/100/200; two melds
# of at most eight cards: dad+dad 40, dad+fifty 70, dad+hundred 120, fifty+fifty 100,
# dad+four 120 or 220 (four jacks with Q-K-A), fifty+four 150 (never four jacks: every
# fifty holds a jack), four+four 200 or 300.
THREE_HANDED_TOTALS = frozenset({0, 20, 40, 50, 70, 100, 120, 150, 200, 220, 300})

# Two-handed (§10), one player melding from nine cards: as three-handed plus three dads
# (60) and fifty+hundred (150); a run of six and a dad is 120.
TWO_HANDED_TOTALS = frozenset({0, 20, 40, 50, 60, 70, 100, 120, 150, 200, 220, 300})

# Six-handed (§10), three partners of four cards each: each holds 0, 20, 50, 100 (a four
# of a kind) or 200. Four jacks rule out every fifty and all dads but Q-K-A; two fours of a
# kind beside a fifty (nines, aces and 10-J-Q-K) make 250.
SIX_HANDED_TOTALS = frozenset(
    {0, 20, 40, 50, 60, 70, 90, 100, 120, 140, 150, 170, 200, 220, 240, 250, 300, 320, 400}
)

# Klaberjass (§10): only the best run scores, 20 or 50.
KLABERJASS_BEST_TOTALS = frozenset({0, 20, 50})
# The "count all of that player's runs" option, nine cards: 20, 50, 20+20, 20+50,
# 50+50 and three dads (60).
KLABERJASS_ALL_TOTALS = frozenset({0, 20, 40, 50, 60, 70, 100})


def possibilities(preset: str, options: dict[str, object] | None = None) -> MeldPossibilities:
    return possible_meld_totals(rule_set(preset, options))


# --- the default rules -------------------------------------------------------------------


def test_default_totals_are_exactly_the_rules_list() -> None:
    assert possibilities("evansville").totals == DEFAULT_TOTALS
    assert possible_meld_totals(rule_set()).totals == DEFAULT_TOTALS


def test_per_player_best_totals_pair_up_to_the_rules_list() -> None:
    # §4: each player's best is 0, 20, 40, 50, 100 or 200; a side adds two of them,
    # never two 200s (one set of jacks) and never 200 + 50 (every fifty holds a jack).
    per_player = (0, 20, 40, 50, 100, 200)
    sums = {a + b for a, b in itertools.combinations_with_replacement(per_player, 2)}
    assert sums - {400, 250} == DEFAULT_TOTALS


@pytest.mark.parametrize(
    "impossible", [250, 10, 30, 110, 130, 160, 180, 190, 210, 230, 260, 280, 320, 400, 500]
)
def test_impossible_totals(impossible: int) -> None:
    result = possibilities("evansville")
    assert impossible not in result.totals
    for bell in ("own", "other", "none"):
        assert not result.allows(impossible, bell)


def test_250_is_impossible() -> None:
    assert 250 not in possibilities("evansville").totals
    assert 250 not in possibilities("evansville-alt").totals
    assert 250 not in possibilities("wadesville").totals


def test_meld_ranking_does_not_change_the_totals() -> None:
    assert possibilities("evansville-alt").totals == DEFAULT_TOTALS
    assert possibilities("evansville", {"meld_ranking": "alternate"}).totals == DEFAULT_TOTALS
    assert possibilities("evansville", {"target": 300}).totals == DEFAULT_TOTALS
    assert possibilities("evansville", {"set_rule": "82_tricks"}).totals == DEFAULT_TOTALS


def test_four_handed_bell_beside_every_total() -> None:
    # Each total leaves room for the bell in one partner's hand (the king and queen may sit
    # inside a dad, J-Q-K or Q-K-A of trumps, as the "forty-dollar dad"), e.g. 300 = four
    # jacks + K Q of trumps in one hand (six cards) and four nines in the other; 240 = four
    # jacks + K Q, and two Q-K-A dads in the other two suits.
    result = possibilities("evansville")
    assert result.with_own_bell == DEFAULT_TOTALS
    # …and leaves some suit's king and queen out of the side's melds for an opponent.
    assert result.with_other_bell == DEFAULT_TOTALS


def test_allows() -> None:
    result = possibilities("evansville")
    for total in DEFAULT_TOTALS:
        assert result.allows(total, "none")
        assert result.allows(total, "own")
        assert result.allows(total, "other")
    assert not result.allows(250, "none")
    three = possibilities("three-handed")
    assert three.allows(300, "none")
    assert three.allows(300, "other")
    assert not three.allows(300, "own")


# --- other presets -----------------------------------------------------------------------


def test_wadesville_totals() -> None:
    result = possibilities("wadesville")
    assert result.totals == WADESVILLE_TOTALS
    for total in (300, 320, 340, 350, 400, 600):
        assert total in result.totals
    for impossible in (250, 500, 310, 330, 450, 900):
        assert impossible not in result.totals
    assert possibilities("evansville", {"run_of_six": 300}).totals == WADESVILLE_TOTALS


def test_wadesville_600_has_room_for_a_bell() -> None:
    # Two runs of six: each partner holds a whole suit, king and queen included; the other
    # two suits are free for the opponents.
    result = possibilities("wadesville")
    assert 600 in result.with_own_bell
    assert 600 in result.with_other_bell


def test_three_handed_totals() -> None:
    assert possibilities("three-handed").totals == THREE_HANDED_TOTALS


def test_three_handed_300_leaves_no_room_for_an_own_bell() -> None:
    # 300 is only four jacks + another four of a kind: all eight cards, no king-queen pair.
    result = possibilities("three-handed")
    assert 300 in result.totals
    assert 300 not in result.with_own_bell
    assert 300 in result.with_other_bell  # four jacks + four nines leave every K Q free
    # Every smaller total has room: 220 = four jacks + Q-K-A of trumps (bell inside the dad),
    # 150 = four nines + J-Q-K-A of trumps, 120 = four nines + Q-K-A of trumps.
    assert result.with_own_bell == THREE_HANDED_TOTALS - {300}
    assert result.with_other_bell == THREE_HANDED_TOTALS


def test_two_handed_totals() -> None:
    assert possibilities("two-handed").totals == TWO_HANDED_TOTALS


def test_six_handed_totals() -> None:
    result = possibilities("six-handed")
    assert result.totals == SIX_HANDED_TOTALS
    # Three fours of a kind (four jacks and two others): twelve cards, one rank each, no
    # player holds a king and a queen.
    assert 400 not in result.with_own_bell
    assert 400 in result.with_other_bell


def test_klaberjass_best_run() -> None:
    result = possibilities("klaberjass")
    assert result.totals == KLABERJASS_BEST_TOTALS
    assert result.with_own_bell == KLABERJASS_BEST_TOTALS
    assert result.with_other_bell == KLABERJASS_BEST_TOTALS
    assert 100 not in result.totals
    assert 200 not in result.totals


def test_klaberjass_all_runs() -> None:
    assert possibilities("klaberjass", {"klaberjass_runs": "all"}).totals == KLABERJASS_ALL_TOTALS


def test_totals_always_include_zero() -> None:
    for preset in ("evansville", "wadesville", "two-handed", "three-handed", "six-handed"):
        result = possibilities(preset)
        assert 0 in result.totals
        assert 0 in result.with_own_bell
        assert 0 in result.with_other_bell
        assert result.with_own_bell <= result.totals
        assert result.with_other_bell <= result.totals


# --- an independent brute force ----------------------------------------------------------


@dataclass(frozen=True)
class Declaration:
    """One player's disjoint melds: the cards they use and their points."""

    cards: frozenset[Card]
    value: int


def _melds(ranks: Sequence[Rank], run_of_six: int, runs_only: bool) -> list[Declaration]:
    """Every meld of the deck, valued from RULES.md §4, §9, §10."""
    found: list[Declaration] = []
    if not runs_only:
        for rank in ranks:
            cards = frozenset(Card(rank, suit) for suit in ALL_SUITS)
            found.append(Declaration(cards, 200 if rank is Rank.JACK else 100))
    for suit in ALL_SUITS:
        for length in range(3, len(ranks) + 1):
            for start in range(len(ranks) - length + 1):
                cards = frozenset(Card(rank, suit) for rank in ranks[start : start + length])
                if runs_only:
                    value = 20 if length == 3 else 50
                else:
                    value = {3: 20, 4: 50, 5: 100, 6: run_of_six}[length]
                found.append(Declaration(cards, value))
    return found


def _declarations(
    melds: Sequence[Declaration], hand_size: int, max_melds: int
) -> list[Declaration]:
    """Every set of disjoint melds one player can show from ``hand_size`` cards."""
    found = [Declaration(frozenset(), 0)]

    def extend(start: int, used: frozenset[Card], value: int, count: int) -> None:
        if count == max_melds:
            return
        for i in range(start, len(melds)):
            meld = melds[i]
            if used & meld.cards or len(used) + len(meld.cards) > hand_size:
                continue
            cards, points = used | meld.cards, value + meld.value
            found.append(Declaration(cards, points))
            extend(i + 1, cards, points, count + 1)

    extend(0, frozenset(), 0, 0)
    return found


@dataclass(frozen=True)
class BruteForce:
    totals: frozenset[int]
    with_own_bell: frozenset[int]
    with_other_bell: frozenset[int]


def brute_force(
    *,
    hand_size: int,
    players: int,
    ranks: Sequence[Rank] = CLABBER_RANKS,
    run_of_six: int = 100,
    runs_only: bool = False,
    max_melds: int = 99,
) -> BruteForce:
    declarations = _declarations(_melds(ranks, run_of_six, runs_only), hand_size, max_melds)
    bells = [frozenset({Card(Rank.KING, suit), Card(Rank.QUEEN, suit)}) for suit in ALL_SUITS]
    totals: set[int] = set()
    own: set[int] = set()
    other: set[int] = set()
    for side in itertools.combinations_with_replacement(declarations, players):
        used: frozenset[Card] = frozenset()
        disjoint = True
        for player in side:
            if used & player.cards:
                disjoint = False
                break
            used |= player.cards
        if not disjoint:
            continue
        total = sum(player.value for player in side)
        totals.add(total)
        if any(not bell & used for bell in bells):
            other.add(total)
        for bell in bells:
            for i, holder in enumerate(side):
                partners: frozenset[Card] = frozenset().union(
                    *(p.cards for j, p in enumerate(side) if j != i)
                )
                if not bell & partners and len(holder.cards | bell) <= hand_size:
                    own.add(total)
    return BruteForce(frozenset(totals), frozenset(own), frozenset(other))


def _assert_same(engine: MeldPossibilities, expected: BruteForce) -> None:
    assert engine.totals == expected.totals
    assert engine.with_own_bell == expected.with_own_bell
    assert engine.with_other_bell == expected.with_other_bell


def test_brute_force_default_two_players_of_six_cards() -> None:
    expected = brute_force(hand_size=6, players=2)
    assert expected.totals == DEFAULT_TOTALS  # the brute force agrees with RULES.md …
    _assert_same(possibilities("evansville"), expected)  # … and so does the engine


def test_brute_force_wadesville() -> None:
    expected = brute_force(hand_size=6, players=2, run_of_six=300)
    assert expected.totals == WADESVILLE_TOTALS
    _assert_same(possibilities("wadesville"), expected)


@pytest.mark.parametrize(
    ("preset", "hand_size", "players", "hand_worked"),
    [
        ("three-handed", 8, 1, THREE_HANDED_TOTALS),
        ("two-handed", 9, 1, TWO_HANDED_TOTALS),
        ("six-handed", 4, 3, SIX_HANDED_TOTALS),
    ],
)
def test_brute_force_other_player_counts(
    preset: str, hand_size: int, players: int, hand_worked: frozenset[int]
) -> None:
    expected = brute_force(hand_size=hand_size, players=players)
    assert expected.totals == hand_worked
    _assert_same(possibilities(preset), expected)


def test_brute_force_klaberjass() -> None:
    best = brute_force(hand_size=9, players=1, ranks=KLABERJASS_RANKS, runs_only=True, max_melds=1)
    assert best.totals == KLABERJASS_BEST_TOTALS
    _assert_same(possibilities("klaberjass"), best)
    every = brute_force(hand_size=9, players=1, ranks=KLABERJASS_RANKS, runs_only=True)
    assert every.totals == KLABERJASS_ALL_TOTALS
    _assert_same(possibilities("klaberjass", {"klaberjass_runs": "all"}), every)


def test_results_are_stable() -> None:
    # Asking twice (the engine caches) gives equal answers, and a fresh rule set with the
    # same meld-relevant options gives the same possibilities.
    first = possibilities("evansville")
    assert possibilities("evansville") == first
    assert possible_meld_totals(rule_set("evansville", {"zero_mark": "~"})) == first
