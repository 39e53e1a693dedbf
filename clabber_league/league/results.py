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


class MatchLike(Protocol):
    """A match as the store reads it (``store.league.MatchInfo``)."""

    @property
    def results(self) -> Sequence[GameLike]: ...
    @property
    def forfeited_by(self) -> str | None: ...
    @property
    def games_per_match(self) -> int: ...


def match_result(match: MatchLike) -> str:
    """``result_words`` of a match the store read."""
    return result_words(match.results, match.forfeited_by, match.games_per_match)


def result_words(
    games: Sequence[GameLike], forfeited_by: str | None = None, games_per_match: int = 1
) -> str:
    """The result of a match of ``games_per_match`` with ``games`` so far; a forfeit names
    the team that forfeited."""
    if forfeited_by is not None:
        return _("forfeit ({team})").format(team=forfeited_by)
    finished = [game for game in games if game.winner]
    if not finished:
        return ""
    if games_per_match == 1:
        game = finished[0]
        return f"{game.home_total}{DASH}{game.away_total}"
    won = [sum(game.winner == side for game in finished) for side in (HOME, AWAY)]
    ties = sum(game.winner == TIE for game in finished)
    score = f"{won[0]}{DASH}{won[1]}"
    return _("{score}, {ties} tied").format(score=score, ties=ties) if ties else score
