"""Rosters from a spreadsheet, worked out before anything is written.

The rows are the sheet's as read (``roster_file``): a header row naming the
columns ``team`` and ``player`` (any case, any order, other columns ignored),
then one player a row. ``roster_plan`` checks every row against the others and
the season's rosters as they stand, and either plans the whole import or lists
every problem with its row number: the import is all or nothing.

A player already on that team's roster is left as is (said in the plan), a
row with a team and no player makes the team with nobody new on it, and an
empty row is skipped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from clabber_league.rules.limits import PLAYERS, TEAMS
from clabber_league.rules.messages import problem
from clabber_league.rules.names import InvalidNameError, clean_name, name_key

COLUMNS = ("team", "player")


@dataclass(frozen=True)
class RosterPlan:
    """What an import adds: teams new to the season, players put on a roster (team,
    player), and players left as they are because that roster already has them."""

    new_teams: tuple[str, ...] = ()
    added: tuple[tuple[str, str], ...] = ()
    already: tuple[tuple[str, str], ...] = ()
    problems: tuple[str, ...] = field(default=())
    """Every row's problem (row number first); the plan is empty when there are any."""


def header_columns(header: Sequence[str], words: Mapping[str, str]) -> dict[str, int] | str:
    """Where each of ``COLUMNS`` is, by the header's words (``words``: a header word,
    case aside, → its column), or the problem with the header."""
    found: dict[str, int] = {}
    for number, cell in enumerate(header):
        column = words.get(name_key(cell))
        if column is not None and column not in found:
            found[column] = number
    missing = [column for column in COLUMNS if column not in found]
    if missing:
        return problem(
            "row 1 should name the columns team and player; it lacks {missing}",
            missing=" and ".join(missing),
        )
    return found


def roster_plan(
    rows: Sequence[Sequence[str]],
    rosters: Mapping[str, Sequence[str]],
    words: Mapping[str, str] | None = None,
) -> RosterPlan:
    """The plan for ``rows`` (the header first) on a season whose teams have
    ``rosters`` (team name → its players now). ``words`` maps header words (by
    ``name_key``) to ``COLUMNS``; the English words always count."""
    if not rows:
        return RosterPlan(problems=(problem("the file has no rows: not even a header"),))
    columns = header_columns(rows[0], {**{key: key for key in COLUMNS}, **(words or {})})
    if isinstance(columns, str):
        return RosterPlan(problems=(columns,))
    teams = {name_key(team): team for team in rosters}
    on_team = {
        name_key(player): (team, player) for team, players in rosters.items() for player in players
    }
    sizes = {team: len(players) for team, players in rosters.items()}
    new_teams: list[str] = []
    added: list[tuple[str, str]] = []
    already: list[tuple[str, str]] = []
    problems: list[str] = []
    seen: dict[str, int] = {}
    for number, row in enumerate(rows[1:], start=2):
        team_cell, player_cell = (
            row[columns[column]] if columns[column] < len(row) else "" for column in COLUMNS
        )
        if not team_cell.strip() and not player_cell.strip():
            continue
        try:
            team = clean_name(team_cell, "team")
            player = clean_name(player_cell, "player", optional=True)
        except InvalidNameError as exc:
            problems.append(problem("row {number}: {problem}", number=number, problem=exc.lines[0]))
            continue
        team = teams.setdefault(name_key(team), team)
        if team not in sizes:
            new_teams.append(team)
            sizes[team] = 0
        if not player:
            continue
        key = name_key(player)
        if key in seen:
            problems.append(
                problem(
                    "row {number}: {player} is already on row {first}",
                    number=number,
                    player=player,
                    first=seen[key],
                )
            )
            continue
        seen[key] = number
        if key in on_team and on_team[key][0] == team:
            already.append(on_team[key])  # as the roster spells it
            continue
        if key in on_team:
            problems.append(
                problem(
                    "row {number}: {player} is already on {team}'s roster",
                    number=number,
                    player=player,
                    team=on_team[key][0],
                )
            )
            continue
        sizes[team] += 1
        if sizes[team] > PLAYERS.high:
            problems.append(
                problem(
                    "row {number}: {team}'s roster would hold more than {high} players",
                    number=number,
                    team=team,
                    high=PLAYERS.high,
                )
            )
            continue
        added.append((team, player))
    if len(sizes) > TEAMS.high:
        problems.append(
            problem(
                "a season holds at most {high} teams; this file makes {count}",
                high=TEAMS.high,
                count=len(sizes),
            )
        )
    if problems:
        return RosterPlan(problems=tuple(problems))
    return RosterPlan(tuple(new_teams), tuple(added), tuple(already))
