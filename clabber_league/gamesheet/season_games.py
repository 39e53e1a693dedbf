"""A season export's games, each with the league, season and week it was played in.

A ``clabber-game/1`` document says nothing of where it was played, so a season's
export imported into another season with the same team names went in silently,
and that season's standings then counted the other season's games. A season
export therefore wraps each game::

    {"format": "clabber-season-game/1", "league": "Thursday Club",
     "season": "Fall 2026", "week": 3, "game": {"format": "clabber-game/1", …}}

and an import checks the season it is asked for against the file's. The game
inside is the open format unchanged (``score`` reads it as it is); a single
game's export (``export --game``) stays a plain ``clabber-game/1`` document.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clabber_league.rules import GameError
from clabber_league.rules.limits import WEEKS
from clabber_league.rules.messages import problem

SEASON_GAME_FORMAT = "clabber-season-game/1"
_FIELDS = {"format", "league", "season", "week", "game"}


@dataclass(frozen=True)
class PlayedIn:
    """Where a season export's game was played."""

    league: str
    season: str
    week: int | None
    """``None`` for a game stored in no match (a season without a schedule for it)."""


def season_game(game: dict[str, Any], played_in: PlayedIn) -> dict[str, Any]:
    """A game as a season export writes it."""
    return {
        "format": SEASON_GAME_FORMAT,
        "league": played_in.league,
        "season": played_in.season,
        "week": played_in.week,
        "game": game,
    }


def unwrapped(document: Any) -> tuple[Any, PlayedIn | None]:
    """A file's game, and where it was played when the file says so; ``GameError`` for
    a season game that is not as ``season_game`` writes it."""
    if not isinstance(document, dict) or document.get("format") != SEASON_GAME_FORMAT:
        return document, None
    league, season, week = document.get("league"), document.get("season"), document.get("week")
    if (
        set(document) != _FIELDS
        or not isinstance(league, str)
        or not isinstance(season, str)
        or not (week is None or (type(week) is int and WEEKS.allows(week)))
    ):
        raise GameError(
            [
                problem(
                    "a {format} entry holds exactly league, season, week ({range}, or null) "
                    "and game",
                    format=SEASON_GAME_FORMAT,
                    range=WEEKS.range_words(),
                )
            ]
        )
    return document["game"], PlayedIn(league, season, week)
