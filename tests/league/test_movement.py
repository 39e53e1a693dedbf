"""The movement planner: partners never twice, everyone seated once a round, sit-outs
within one, tables 1..k, the same plan for the same seed, and opponents repeated no
sooner than the measured bound (``FIRST_REPEAT``)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clabber_league.league.movement import (
    Movement,
    MovementError,
    most_rounds,
    plan_movement,
)

SIZES = (8, 12, 16, 20, 32, 64)


def names(count: int) -> list[str]:
    return [f"Player {number}" for number in range(1, count + 1)]


def first_repeat(players: int) -> int:
    """The rounds the planner plays before any two players meet as opponents a second
    time, at the least: measured over seeds for 8 to 64 players (a whist design is
    played only where it repeats no more, so this holds for every count)."""
    return max(1, players // 10)


def check(movement: Movement, rounds: int) -> None:
    players = movement.players
    tables = len(players) // 4
    partners: set[frozenset[str]] = set()
    byes: Counter[str] = Counter()
    assert [found.round for found in movement.rounds] == list(range(1, rounds + 1))
    for found in movement.rounds:
        assert [table.table for table in found.tables] == list(range(1, tables + 1))
        seated = [player for table in found.tables for side in table.sides for player in side]
        seated += list(found.byes)
        assert sorted(seated) == sorted(players)  # each once a round, byes included
        assert len(found.byes) == len(players) % 4
        byes.update(found.byes)
        for table in found.tables:
            for side in table.sides:
                pair = frozenset(side)
                assert pair not in partners, f"{sorted(pair)} partner twice"
                partners.add(pair)
    counts = [byes[player] for player in players]
    assert max(counts) - min(counts) <= 1


def repeated_opponents(movement: Movement) -> int:
    met: Counter[frozenset[str]] = Counter()
    for found in movement.rounds:
        for table in found.tables:
            met.update(frozenset((a, b)) for a in table.sides[0] for b in table.sides[1])
    return sum(times - 1 for times in met.values())


@pytest.mark.parametrize("count", SIZES)
def test_the_whole_circle_for_the_usual_sizes(count: int) -> None:
    rounds = most_rounds(count)
    check(plan_movement(names(count), rounds), rounds)


@settings(max_examples=60, deadline=None)
@given(st.integers(8, 64), st.data(), st.integers(0, 2**32))
def test_any_count_and_rounds(count: int, data: st.DataObject, seed: int) -> None:
    rounds = data.draw(st.integers(1, most_rounds(count)))
    movement = plan_movement(names(count), rounds, seed=seed)
    check(movement, rounds)
    assert plan_movement(names(count), rounds, seed=seed) == movement
    early = plan_movement(names(count), min(rounds, first_repeat(count)), seed=seed)
    assert repeated_opponents(early) == 0


def test_most_rounds_by_the_count_mod_4() -> None:
    assert [most_rounds(count) for count in (8, 9, 10, 11, 16, 17, 18, 19)] == [
        7,
        9,
        8,
        11,
        15,
        17,
        16,
        19,
    ]


def test_a_seed_changes_the_plan_and_tables_are_shared_out() -> None:
    assert plan_movement(names(16), 5, seed=1) != plan_movement(names(16), 5, seed=2)
    movement = plan_movement(names(16), 15)
    at_table_1 = Counter(
        player
        for found in movement.rounds
        for player in (*found.tables[0].sides[0], *found.tables[0].sides[1])
    )
    # 15 rounds at 4 tables: 3.75 each on average; the greedy numbering gives at most 6.
    assert max(at_table_1.values()) <= 6


def test_the_opponent_repeats_measured() -> None:
    """What the planner achieves, kept so that a change that does worse is noticed."""
    assert repeated_opponents(plan_movement(names(16), 3)) == 0
    assert repeated_opponents(plan_movement(names(16), 5)) <= 3
    assert repeated_opponents(plan_movement(names(32), 6)) == 0
    assert repeated_opponents(plan_movement(names(64), 13)) == 0


@pytest.mark.parametrize(
    ("players", "rounds", "words"),
    [
        (names(7), 1, "a tournament needs from 8 to 64 players, not 7"),
        (names(65), 1, "a tournament needs from 8 to 64 players, not 65"),
        (
            names(16),
            16,
            "16 players can play from 1 to 15 rounds without anyone partnering anyone "
            "twice, not 16",
        ),
        (
            names(10),
            9,
            "10 players can play from 1 to 8 rounds without anyone partnering anyone twice, not 9",
        ),
        (names(12), 0, "12 players can play from 1 to 11 rounds"),
        ([*names(7), "Ann", "ann "], 1, "Ann and ann are the same name: a player signs up once"),
        ([*names(8), " "], 1, "the player needs a name"),
        ("Ann Bob", 1, "the players must be a list of names, not one name"),
    ],
)
def test_refusals(players: list[str], rounds: int, words: str) -> None:
    with pytest.raises(MovementError) as caught:
        plan_movement(players, rounds)
    assert str(caught.value).startswith(words)
    assert len(caught.value.lines) == 1
