"""The round robin (``round_robin``): who meets whom, when, at which table, on which side.

Team ids start at 101 so that a team index passed off as an id shows up.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clabber_league.league import ScheduleError, round_robin
from clabber_league.league.schedule import BYE_TABLE, Pairing

SIZES = [(n, rounds) for n in range(2, 17) for rounds in (1, 2)]


def ids(n: int) -> list[int]:
    return list(range(101, 101 + n))


def games(week: Sequence[Pairing]) -> list[Pairing]:
    return [pairing for pairing in week if pairing.away is not None]


def weeks_per_round(n: int) -> int:
    return n if n % 2 else n - 1


def table_counts(schedule: list[list[Pairing]]) -> dict[int, Counter[int]]:
    counts: dict[int, Counter[int]] = {}
    for week in schedule:
        for game in games(week):
            assert game.away is not None
            for team in (game.home, game.away):
                counts.setdefault(team, Counter())[game.table] += 1
    return counts


def sides(schedule: list[list[Pairing]], team: int) -> list[str]:
    """A team's sides week by week, byes left out: "A" at home, "B" away."""
    return [
        "A" if game.home == team else "B"
        for week in schedule
        for game in games(week)
        if team in (game.home, game.away)
    ]


def breaks(seq: Sequence[str]) -> int:
    """Weeks on the same side as the week before."""
    return sum(1 for before, after in itertools.pairwise(seq) if before == after)


# ------------------------------------------------------------ examples


def test_four_teams_one_round_exactly() -> None:
    """The first team stays put; the others turn round the circle."""
    assert round_robin([1, 2, 3, 4]) == [
        [Pairing(1, 1, 1, 2), Pairing(1, 2, 3, 4)],
        [Pairing(2, 1, 3, 1), Pairing(2, 2, 4, 2)],
        [Pairing(3, 1, 1, 4), Pairing(3, 2, 2, 3)],
    ]


def test_three_teams_have_one_bye_each_listed_last() -> None:
    assert round_robin([7, 8, 9]) == [
        [Pairing(1, 1, 8, 9), Pairing(1, BYE_TABLE, 7, None)],
        [Pairing(2, 1, 9, 7), Pairing(2, BYE_TABLE, 8, None)],
        [Pairing(3, 1, 7, 8), Pairing(3, BYE_TABLE, 9, None)],
    ]


def test_two_teams_two_rounds_swap_sides() -> None:
    assert round_robin([5, 6], rounds=2) == [[Pairing(1, 1, 5, 6)], [Pairing(2, 1, 6, 5)]]


def test_the_same_teams_give_the_same_schedule() -> None:
    assert round_robin(ids(10), 2) == round_robin(ids(10), 2)


# ---------------------------------------------------- every size, 1 or 2 rounds


@pytest.mark.parametrize(("n", "rounds"), SIZES)
def test_every_pair_meets_once_a_round(n: int, rounds: int) -> None:
    met = Counter(
        frozenset((game.home, game.away))
        for week in round_robin(ids(n), rounds)
        for game in games(week)
    )
    assert met == {frozenset(pair): rounds for pair in itertools.combinations(ids(n), 2)}


@pytest.mark.parametrize(("n", "rounds"), SIZES)
def test_every_team_is_in_every_week_exactly_once(n: int, rounds: int) -> None:
    schedule = round_robin(ids(n), rounds)
    assert len(schedule) == rounds * weeks_per_round(n)
    for number, week in enumerate(schedule, start=1):
        assert {pairing.week for pairing in week} == {number}
        seated = [team for pairing in week for team in (pairing.home, pairing.away) if team]
        assert sorted(seated) == ids(n)


@pytest.mark.parametrize(("n", "rounds"), SIZES)
def test_byes_one_per_team_per_round_only_when_odd(n: int, rounds: int) -> None:
    schedule = round_robin(ids(n), rounds)
    byes = Counter(p.home for week in schedule for p in week if p.away is None)
    if n % 2:
        assert byes == dict.fromkeys(ids(n), rounds)
        assert all(sum(p.away is None for p in week) == 1 for week in schedule)
        # A round's byes fall in different weeks: nobody sits out twice in a round.
        for start in range(0, len(schedule), n):
            in_round = [
                p.home for week in schedule[start : start + n] for p in week if p.away is None
            ]
            assert sorted(in_round) == ids(n)
    else:
        assert byes == {}


@pytest.mark.parametrize(("n", "rounds"), SIZES)
def test_each_week_uses_tables_1_to_half_n_once(n: int, rounds: int) -> None:
    for week in round_robin(ids(n), rounds):
        assert sorted(game.table for game in games(week)) == list(range(1, n // 2 + 1))
        listed = [p.table or n for p in week]  # the bye counted after every table
        assert listed == sorted(listed)
        assert all(p.table == BYE_TABLE for p in week if p.away is None)


@pytest.mark.parametrize(("n", "rounds"), SIZES)
def test_table_counts_are_balanced(n: int, rounds: int) -> None:
    """The documented guarantee: exact for an odd count; within 2 for an even one."""
    counts = table_counts(round_robin(ids(n), rounds))
    tables = range(1, n // 2 + 1)
    for team in ids(n):
        at = [counts[team][table] for table in tables]
        if n % 2:
            assert at == [2 * rounds] * len(at)
        elif (n, rounds) == (4, 1):
            assert max(at) - min(at) <= 3
        else:
            assert max(at) - min(at) <= 2, (team, at)


def test_four_teams_in_one_round_cannot_be_seated_more_evenly() -> None:
    """Why 4 teams get 3: try all 8 seatings of their three weeks; none does better."""
    weeks = [games(week) for week in round_robin(ids(4))]
    spreads = []
    for flips in itertools.product((False, True), repeat=len(weeks)):
        seated = [
            [replace(game, table=3 - game.table) if flip else game for game in week]
            for week, flip in zip(weeks, flips, strict=True)
        ]
        spreads.append(max(abs(c[1] - c[2]) for c in table_counts(seated).values()))
    assert min(spreads) == 3


@pytest.mark.parametrize(("n", "rounds"), SIZES)
def test_home_and_away_are_as_even_as_the_rounds_allow(n: int, rounds: int) -> None:
    schedule = round_robin(ids(n), rounds)
    for team in ids(n):
        seq = sides(schedule, team)
        difference = seq.count("A") - seq.count("B")
        assert abs(difference) <= (1 if rounds == 1 else 0)


@pytest.mark.parametrize("n", range(2, 17))
def test_sides_alternate_with_at_most_one_break_a_round(n: int) -> None:
    """n - 2 breaks in all for an even count (the least any round robin has); none for odd."""
    schedule = round_robin(ids(n))
    per_team = [breaks(sides(schedule, team)) for team in ids(n)]
    assert max(per_team) <= 1
    assert sum(per_team) == (0 if n % 2 else n - 2)


@pytest.mark.parametrize("n", range(2, 17))
def test_the_second_round_is_the_first_with_sides_swapped(n: int) -> None:
    schedule = round_robin(ids(n), rounds=2)
    first, second = schedule[: weeks_per_round(n)], schedule[weeks_per_round(n) :]
    for week_one, week_two in zip(first, second, strict=True):
        assert {(g.away, g.home) for g in games(week_one)} == {
            (g.home, g.away) for g in games(week_two)
        }
        assert [p.home for p in week_one if p.away is None] == [
            p.home for p in week_two if p.away is None
        ]


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(-1000, 1000), min_size=2, max_size=13, unique=True),
    st.integers(1, 3),
)
def test_any_ids_in_any_order_give_a_full_round_robin(teams: list[int], rounds: int) -> None:
    schedule = round_robin(teams, rounds)
    n = len(teams)
    assert len(schedule) == rounds * weeks_per_round(n)
    met: Counter[frozenset[int]] = Counter()
    for week in schedule:
        seated = [team for p in week for team in (p.home, p.away) if team is not None]
        assert sorted(seated) == sorted(teams)
        met.update(frozenset((g.home, g.away)) for g in games(week) if g.away is not None)
    assert set(met.values()) == {rounds}
    assert len(met) == n * (n - 1) // 2
    for team in teams:
        seq = sides(schedule, team)
        assert abs(seq.count("A") - seq.count("B")) <= rounds % 2


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("teams", [[], [4]])
def test_fewer_than_two_teams_is_refused(teams: list[int]) -> None:
    with pytest.raises(ScheduleError, match=f"at least 2 teams, but {len(teams)} given"):
        round_robin(teams)


def test_a_team_listed_twice_is_refused_and_named() -> None:
    with pytest.raises(ScheduleError, match="listed only once, but 3, 5 appear"):
        round_robin([5, 3, 1, 5, 3])


@pytest.mark.parametrize("rounds", [0, -1])
def test_fewer_than_one_round_is_refused(rounds: int) -> None:
    with pytest.raises(ScheduleError, match=f"at least 1 round, not {rounds}"):
        round_robin([1, 2], rounds)


def test_schedule_errors_are_value_errors() -> None:
    assert issubclass(ScheduleError, ValueError)


@pytest.mark.parametrize(
    ("week", "table", "home", "away", "message"),
    [
        (0, 1, 1, 2, "weeks are numbered from 1"),
        (1, 1, 3, 3, "team 3 cannot play itself"),
        (1, 0, 1, 2, "tables are numbered from 1"),
        (2, 1, 4, None, "team 4 has the bye in week 2, so it has no table"),
    ],
)
def test_an_impossible_pairing_is_refused(
    week: int, table: int, home: int, away: int | None, message: str
) -> None:
    """Hand edits build pairings too."""
    with pytest.raises(ScheduleError, match=message):
        Pairing(week, table, home, away)
