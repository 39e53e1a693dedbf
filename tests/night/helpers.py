"""A league ready for its night: teams, a schedule, and the night's links."""

from __future__ import annotations

from clabber_league.rules import PlayedHand
from clabber_league.store.database import Database
from clabber_league.store.league import add_team, create_season, generate_schedule, schedule
from clabber_league.store.matches import open_match_game

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


def played_season(database: Database, teams: int = 6) -> None:
    """``league_with_teams``, its round robin played out: Team 01 wins every game, the
    last team loses every game, the home side wins the rest."""
    league_with_teams(database, teams=teams)
    last = team_names(teams)[-1]
    for match in schedule(database, SEASON):
        if match.away is None:
            continue
        home_wins = match.home == "Team 01" or (match.away != "Team 01" and match.home != last)
        game = open_match_game(database, match.id)
        while not game.game.finished:
            game.record(PlayedHand("A" if home_wins else "B", {"A" if home_wins else "B": 162}))
