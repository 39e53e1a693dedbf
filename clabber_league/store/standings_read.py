"""A season's standings read from its tallies by plain SQL, with or without SQLAlchemy.

The ranking (``league.standings_from_records``) needs one row per team — its name
and its season's totals (``team_total``), read in one query — and, only when "h2h"
comes with teams still level, the tallies among those teams (``team_tally``). Both
statements are written once, here: the store runs them (``store.league.season_standings``,
``Database.plain_reads``: the driver's own connection on SQLite, a session on a server)
and the ``standings`` command through plain ``sqlite3`` (``read_standings``), so that it
prints before SQLAlchemy and SQLModel would have loaded — loading them took thirty times
as long as reading the tallies.

``read_standings`` is a look, as ``store.glance`` is: it writes nothing and gives up
at the first surprise (a server, no file, not ours, another schema, damage, a lock,
no such season or several) by returning ``None``; the command then opens the store,
which answers — or says what is wrong — in its usual words.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from clabber_league.league.ranking import (
    HandCounts,
    StandingRow,
    TeamRecord,
    standings_from_records,
)
from clabber_league.rules.errors import ClabberError
from clabber_league.rules.names import name_key
from clabber_league.store.errors import StoreError
from clabber_league.store.identity import (
    APPLICATION_ID,
    SCHEMA_HEAD,
    SCHEMA_MAJOR,
    open_read_only,
)
from clabber_league.store.paths import sqlite_file

#: Runs one statement (named parameters, ``:season``) and gives its rows.
Query = Callable[[str, Mapping[str, Any]], Iterable[Sequence[Any]]]

#: Every team of the season with its season's totals (all ``None`` before its first game):
#: one row per team, where summing its tallies per opponent read a hundred times as many.
TEAMS_SQL = """
SELECT team.id, team.name, s.games, s.wins, s.losses, s.ties, s.points_for,
       s.points_against, s.made, s.sets, s.reneges, s.unknown_makers
FROM team LEFT JOIN team_total AS s ON s.season_id = team.season_id AND s.team_id = team.id
WHERE team.season_id = :season
"""
#: The season by name, with its league's name (``store.league.find_season``'s match).
SEASON_SQL = """
SELECT season.id, season.name, season.tie_break_json, league.name
FROM season JOIN league ON league.id = season.league_id
WHERE season.name_key = :season
"""
#: How long the look waits for a database another program holds (then the store tries).
WAIT_S = 0.5


class SeasonStandings(NamedTuple):
    """What the ``standings`` command prints (a named tuple, as the rows: see
    ``league.ranking``)."""

    league: str
    season: str
    order: tuple[str, ...]
    """The season's tie-break keys, in order."""
    rows: list[StandingRow]


def ranked(query: Query, season_id: int, order: Sequence[str]) -> list[StandingRow]:
    """The season's standings, in the season's tie-break ``order``."""
    names: dict[int, str] = {}
    records: dict[int, TeamRecord] = {}
    hands: dict[int, HandCounts] = {}
    for team, name, games, *figures in query(TEAMS_SQL, {"season": season_id}):
        names[team] = name
        if games is not None:
            wins, losses, ties, points_for, points_against, made, sets, reneges, unknown = figures
            records[team] = TeamRecord(wins, losses, ties, points_for, points_against)
            hands[team] = HandCounts(made, sets, reneges, unknown)
    return standings_from_records(
        names, records, lambda groups: head_to_head(query, season_id, groups), hands, order
    )


#: The largest group whose pairs of teams are looked up one by one (``head_to_head``).
PAIRED_GROUP = 6


def head_to_head(
    query: Query, season_id: int, groups: Sequence[Sequence[int]]
) -> dict[int, TeamRecord]:
    """Each team's record over its games against the rest of its own group only (the
    groups share no team).

    One statement, the teams' ids written in (whole numbers, nothing to escape). A small
    group — most are two or three teams level — gives its pairs of teams, each found by
    key (``pair``, read first: ``CROSS JOIN`` keeps SQLite from scanning the tallies for
    a long list); a larger one, whose pairs grow as its square, sums the tallies among
    its teams in a part of its own (``IN`` lists), joined by UNION ALL. Preparing a part
    per group took four times as long as reading them all, in a fresh process, at
    26 level groups. A season has at most ``limits.TEAMS`` teams, so at most 50 groups:
    far within SQLite's 500 parts of one compound statement."""
    pairs = []
    parts = []
    for group in groups:
        teams = [str(int(team)) for team in group]
        if len(teams) <= PAIRED_GROUP:
            pairs += [f"({team}, {other})" for team in teams for other in teams if other != team]
        else:
            listed = ", ".join(teams)
            parts.append(
                "SELECT team_id, sum(wins), sum(losses), sum(ties) FROM team_tally "
                f"WHERE season_id = :season AND team_id IN ({listed}) "
                f"AND opponent_id IN ({listed}) GROUP BY team_id"
            )
    if pairs:
        parts.append(
            "SELECT t.team_id, sum(t.wins), sum(t.losses), sum(t.ties) "
            "FROM pair CROSS JOIN team_tally AS t WHERE t.season_id = :season "
            "AND t.team_id = pair.team AND t.opponent_id = pair.opponent GROUP BY t.team_id"
        )
    if not parts:
        return {}
    with_pairs = f"WITH pair (team, opponent) AS (VALUES {', '.join(pairs)}) " if pairs else ""
    return {
        team: TeamRecord(wins, losses, ties)
        for team, wins, losses, ties in query(
            with_pairs + " UNION ALL ".join(parts), {"season": season_id}
        )
    }


def read_standings(location: str | None, season: str, league: str | None) -> SeasonStandings | None:
    """The standings of ``season`` (of ``league``, when named) in the SQLite file at
    ``location`` (``--db``), read without SQLAlchemy; ``None`` when the store must open
    the database and answer instead."""
    path = sqlite_file(location)
    if path is None or not path.is_file():
        return None
    try:
        connection = open_read_only(path, WAIT_S)
    except (sqlite3.Error, StoreError, ValueError):
        return None
    try:
        if not _current(connection):
            return None
        return _season_standings(connection, season, league)
    except (sqlite3.Error, ClabberError, ValueError, TypeError):
        return None
    finally:
        connection.close()


def _current(connection: sqlite3.Connection) -> bool:
    """Ours, and at the schema this version writes (anything else: the store decides)."""
    (application_id,) = connection.execute("PRAGMA application_id").fetchone()
    (user_version,) = connection.execute("PRAGMA user_version").fetchone()
    if application_id != APPLICATION_ID or user_version > SCHEMA_MAJOR:
        return False
    revision = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    return revision == [(SCHEMA_HEAD,)]


def _season_standings(
    connection: sqlite3.Connection, season: str, league: str | None
) -> SeasonStandings | None:
    found = season_rows(connection.execute, season, league)
    if len(found) != 1:
        return None  # none, or several leagues': the store says which in its words
    season_id, name, order, league_name = found[0]
    return SeasonStandings(league_name, name, order, ranked(connection.execute, season_id, order))


def season_rows(
    query: Query, season: str, league: str | None
) -> list[tuple[int, str, tuple[str, ...], str]]:
    """The seasons called ``season`` (of ``league``, when named): id, name, tie-break
    order and league name of each — one, or none, or one per league sharing the name."""
    sql, params = SEASON_SQL, {"season": name_key(season)}
    if league:
        sql, params = sql + " AND league.name_key = :league", {**params, "league": name_key(league)}
    return [
        (season_id, name, tuple(json.loads(tie_break_json)), league_name)
        for season_id, name, tie_break_json, league_name in query(sql, params)
    ]
