"""A league ready for its night: teams, a schedule, and the night's links."""

from __future__ import annotations

from clabber_league.store.database import Database
from clabber_league.store.league import add_team, create_season, generate_schedule

SEASON = "Fall 2026"
LEAGUE = "Thursday Club"
WEEK = 1


def team_names(count: int) -> list[str]:
    return [f"Team {number:02d}" for number in range(1, count + 1)]


def league_with_teams(database: Database, teams: int = 4, *, games_per_match: int = 1) -> None:
    """A season of ``teams`` teams (two players each) and its round robin: ``teams // 2``
    tables a week."""
    create_season(database, league=LEAGUE, season=SEASON, games_per_match=games_per_match)
    for name in team_names(teams):
        add_team(database, SEASON, name, [f"{name} North", f"{name} South"])
    generate_schedule(database, SEASON)
