"""A progressive tournament's parts of its season's site: the players' standings and the
rounds (each table's North–South and East–West pairs, its result, and who sat out).

Everything comes from the season's reads (``site.season.TournamentView`` and the
schedule's matches); the figures are the store's, never counted here. A table's result
links to its game's page, which holds the game's sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from clabber_league.i18n import _, fill
from clabber_league.league.progressive import ORDER
from clabber_league.league.results import DASH
from clabber_league.reports.tournament_standings import progress_words
from clabber_league.rules.game import TIE
from clabber_league.site.season import SeasonData, SeasonGame, TournamentView
from clabber_league.store.tournaments import partnership_name


@dataclass(frozen=True)
class RoundView:
    """A round as its pages show it."""

    number: int
    heading: str
    tables: tuple[dict[str, Any], ...]
    byes: tuple[str, ...]


def standings_values(view: TournamentView, player_ids: Mapping[str, int]) -> dict[str, Any]:
    """What the standings tables of the home and standings pages show: each player's line
    (linked to their page when they have one), which round it is after, and the order."""
    return {
        "players": [
            {
                "rank": score.rank,
                "player": score.player,
                "id": player_ids.get(score.player),
                "points": score.points,
                "wins": score.wins,
                "games": score.played,
                "byes": score.byes,
                "best": score.best,
            }
            for score in view.scores
        ],
        "progress": progress_words(view.rounds),
        "order": _(ORDER),
    }


def rounds(data: SeasonData, view: TournamentView) -> list[RoundView]:
    """Every round of the movement: its tables with each one's result and game, and its
    sit-outs."""
    matches = {(match.week, match.table): match for match in data.matches if match.away}
    made = []
    for found in view.movement.rounds:
        tables = []
        for table in found.tables:
            match = matches.get((found.round, table.table))
            games = [data.games[i] for i in match.game_ids if i in data.games] if match else []
            tables.append(
                {
                    "table": table.table,
                    "sides": [partnership_name(side) for side in table.sides],
                    **_result(games[-1] if games else None),
                }
            )
        made.append(
            RoundView(
                found.round, fill(_("Round {round}"), round=found.round), tuple(tables), found.byes
            )
        )
    return made


def _result(game: SeasonGame | None) -> dict[str, Any]:
    """A table's game: its page, its score North–South first, the side that won (0 or 1,
    None while it is played or for a tie), and whether it is still being played."""
    if game is None:
        return {"game": None, "score": "", "winner": None, "playing": False, "tied": False}
    sides = game.game.rules.sides
    totals = game.game.totals
    winner = game.game.winner
    return {
        "game": game.id,
        "score": DASH.join(str(totals[side]) for side in sides),
        "winner": sides.index(winner) if winner in sides else None,
        "playing": winner is None,
        "tied": winner == TIE,
    }
