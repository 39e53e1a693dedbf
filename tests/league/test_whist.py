"""The kept whist designs: over all their rounds every two players partner exactly
once and are opponents exactly twice, and a full movement is that design."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from clabber_league.league.movement import most_rounds, plan_movement
from clabber_league.league.whist import FIRST_ROUNDS, whist_rounds

EXACT = sorted(FIRST_ROUNDS)


def test_which_counts_are_exact() -> None:
    assert EXACT == [8, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29, 32, 36, 37, 40, 41, 44, 49, 53, 61]
    assert whist_rounds(9) is None


@pytest.mark.parametrize("players", EXACT)
def test_the_design_partners_once_and_opposes_twice(players: int) -> None:
    rounds = whist_rounds(players)
    assert rounds is not None
    assert len(rounds) == most_rounds(players)
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    sitting: Counter[int] = Counter()
    for tables in rounds:
        seated = [player for table in tables for pair in table for player in pair]
        assert len(seated) == len(set(seated)) == players - players % 4
        sitting.update(set(range(players)) - set(seated))
        for home, away in tables:
            partners.update((frozenset(home), frozenset(away)))
            opponents.update(frozenset((a, b)) for a in home for b in away)
    every = [frozenset(pair) for pair in combinations(range(players), 2)]
    assert all(partners[pair] == 1 for pair in every)
    assert all(opponents[pair] == 2 for pair in every)
    assert sum(partners.values()) == len(every)
    assert sum(opponents.values()) == 2 * len(every)
    # 4k + 1: each player sits out exactly once; 4k: nobody sits out.
    assert sitting == (Counter(range(players)) if players % 4 else Counter())


@pytest.mark.parametrize("players", EXACT)
def test_a_whole_evening_meets_everyone_twice(players: int) -> None:
    names = [f"Player {number}" for number in range(1, players + 1)]
    movement = plan_movement(names, most_rounds(players), seed=5)
    met: Counter[frozenset[str]] = Counter()
    for found in movement.rounds:
        for table in found.tables:
            met.update(frozenset((a, b)) for a in table.sides[0] for b in table.sides[1])
    assert set(met.values()) == {2}
    assert len(met) == players * (players - 1) // 2
