"""Schedules of teams in divisions: the pairs each kind of round makes, and week by week
no team twice and tables 1, 2, … (``league.division_schedule``)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clabber_league.league.division_schedule import division_schedule
from clabber_league.league.schedule import BYE_TABLE, Pairing, ScheduleError, round_robin


def _divisions(sizes: list[int]) -> list[list[int]]:
    ids = itertools.count(1)
    return [[next(ids) for _ in range(size)] for size in sizes]


def _met(weeks: list[list[Pairing]]) -> Counter[frozenset[int]]:
    return Counter(
        frozenset((pairing.home, pairing.away))
        for week in weeks
        for pairing in week
        if pairing.away is not None
    )


@settings(max_examples=60, deadline=None)
@given(
    sizes=st.lists(st.integers(min_value=1, max_value=7), min_size=1, max_size=4),
    within=st.integers(min_value=0, max_value=2),
    across=st.integers(min_value=0, max_value=2),
)
def test_each_pair_meets_as_often_as_its_rounds_say(
    sizes: list[int], within: int, across: int
) -> None:
    divisions = _divisions(sizes)
    if (
        (within == 0 and across == 0)
        or (within and all(size < 2 for size in sizes))
        or (across and len(sizes) < 2)
    ):
        with pytest.raises(ScheduleError):
            division_schedule(divisions, within=within, across=across)
        return
    weeks = division_schedule(divisions, within=within, across=across)
    home_of = {team: index for index, division in enumerate(divisions) for team in division}
    everyone = sorted(home_of)
    met = _met(weeks)
    for one, other in itertools.combinations(everyone, 2):
        same = home_of[one] == home_of[other]
        assert met[frozenset((one, other))] == (within if same else across)
    for number, week in enumerate(weeks, start=1):
        assert {pairing.week for pairing in week} == {number}
        assert sorted(team for p in week for team in (p.home, p.away) if team is not None) == (
            everyone
        )  # every team exactly once: a match or its bye
        tables = [pairing.table for pairing in week if pairing.away is not None]
        assert tables == list(range(1, len(tables) + 1))
        assert all(p.table == BYE_TABLE for p in week if p.away is None)


@given(sizes=st.lists(st.integers(min_value=2, max_value=7), min_size=2, max_size=3))
def test_within_rounds_spread_byes_as_a_round_robin_does(sizes: list[int]) -> None:
    divisions = _divisions(sizes)
    weeks = division_schedule(divisions, within=1)
    for division in divisions:
        alone = round_robin(division)
        byes = Counter(p.home for week in weeks[: len(alone)] for p in week if p.away is None)
        assert all(byes[team] == len(division) % 2 for team in division)


def test_one_division_is_the_plain_round_robin_renumbered() -> None:
    teams = [3, 5, 8, 9]
    assert division_schedule([teams], within=2) == round_robin(teams, 2)


@pytest.mark.parametrize(
    ("divisions", "within", "across", "words"),
    [
        ([[1, 2], [2, 3]], 1, 0, "only one division"),
        ([[1, 2], [3, 4]], -1, 1, "counted from 0"),
        ([[1, 2], [3, 4]], 0, 0, "at least 1 round"),
        ([[1], [2]], 1, 0, "no division has two teams"),
        ([[1, 2, 3]], 0, 1, "at least 2 divisions"),
    ],
)
def test_refusals(divisions: list[list[int]], within: int, across: int, words: str) -> None:
    with pytest.raises(ScheduleError, match=words):
        division_schedule(divisions, within=within, across=across)
