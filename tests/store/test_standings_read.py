"""The head-to-head statement of ``store.standings_read``, against sums worked out in Python.

Small groups are read pair by pair and larger ones in parts of their own
(``PAIRED_GROUP``): both kinds, in one statement, must give each team's record over
its games against the rest of its own group only.
"""

from __future__ import annotations

import contextlib
import random
import sqlite3

import pytest

from clabber_league.league.ranking import TeamRecord
from clabber_league.store.standings_read import PAIRED_GROUP, head_to_head

SEASON = 1


@pytest.fixture
def tallies() -> sqlite3.Connection:
    """Tallies of 30 teams (ids 1–30), every pair met but 5–6, in two seasons."""
    connection = sqlite3.connect(":memory:")
    connection.execute(
        "CREATE TABLE team_tally (season_id INTEGER, team_id INTEGER, opponent_id INTEGER,"
        " wins INTEGER, losses INTEGER, ties INTEGER,"
        " PRIMARY KEY (season_id, team_id, opponent_id))"
    )
    chance = random.Random(13)
    rows = []
    for season in (SEASON, SEASON + 1):
        for team in range(1, 31):
            for opponent in range(team + 1, 31):
                if {team, opponent} == {5, 6}:
                    continue
                wins, losses, ties = (chance.randint(0, 9) for _ in range(3))
                rows.append((season, team, opponent, wins, losses, ties))
                rows.append((season, opponent, team, losses, wins, ties))
    connection.executemany("INSERT INTO team_tally VALUES (?, ?, ?, ?, ?, ?)", rows)
    return connection


def summed(connection: sqlite3.Connection, groups: list[list[int]]) -> dict[int, TeamRecord]:
    found: dict[int, TeamRecord] = {}
    rows = connection.execute(
        "SELECT team_id, opponent_id, wins, losses, ties FROM team_tally WHERE season_id = ?",
        (SEASON,),
    )
    group_of = {team: number for number, group in enumerate(groups) for team in group}
    for team, opponent, wins, losses, ties in rows:
        if team in group_of and group_of.get(opponent) == group_of[team]:
            was = found.get(team, TeamRecord())
            found[team] = TeamRecord(was.w + wins, was.l + losses, was.t + ties)
    return found


@pytest.mark.parametrize(
    "groups",
    [
        [[5, 6]],  # two teams that never met: no record
        [[1, 2], [3, 4, 5]],  # pairs only
        [list(range(1, 31))],  # one large group only
        [[1, 2], list(range(3, 3 + PAIRED_GROUP)), list(range(10, 10 + PAIRED_GROUP + 1))],
        [[7, 8, 9], list(range(11, 30)), [5, 6, 30]],
    ],
)
def test_each_team_s_record_within_its_own_group(
    tallies: sqlite3.Connection, groups: list[list[int]]
) -> None:
    with contextlib.closing(tallies):
        assert head_to_head(tallies.execute, SEASON, groups) == summed(tallies, groups)


def test_no_groups_ask_nothing() -> None:
    def query(*_: object) -> list[tuple[int, ...]]:
        raise AssertionError("no statement for no groups")

    assert head_to_head(query, SEASON, []) == {}
