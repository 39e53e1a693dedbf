"""A match's result in a few characters, as the schedule and the week's recap print it.

"2–1" (games won, home first) for a match of several games, the totals "512–380"
for a match of one, "forfeit (Owls)" for a forfeit, "" for a match with no game
finished. Worked out from the games the store reads (``MatchInfo.results``), never kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from clabber_league.i18n import _

DASH = "–"
HOME, AWAY, TIE = "home", "away", "tie"
"""A game's winner as ``store.recap`` says it."""


class GameLike(Protocol):
    """A game of a match as the store reads it (``store.recap.GameResult``)."""

    @property
    def home_total(self) -> int: ...
    @property
    def away_total(self) -> int: ...
    @property
    def winner(self) -> str: ...


def result_words(games: Sequence[GameLike], forfeited_by: str | None = None) -> str:
    """The result of a match with ``games``; a forfeit names the team that forfeited."""
    if forfeited_by is not None:
        return _("forfeit ({team})").format(team=forfeited_by)
    finished = [game for game in games if game.winner]
    if not finished:
        return ""
    if len(games) == 1:
        (game,) = finished
        return f"{game.home_total}{DASH}{game.away_total}"
    won = [sum(game.winner == side for game in finished) for side in (HOME, AWAY)]
    ties = sum(game.winner == TIE for game in finished)
    score = f"{won[0]}{DASH}{won[1]}"
    return _("{score}, {ties} tied").format(score=score, ties=ties) if ties else score
