"""The table's running W: how many games each side has won tonight between the same sides.

Plain data in, plain data out: the store reads the games between the sides
(``store.games.games_between``), the window shows the count on its board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, date, datetime
from typing import NamedTuple


class Played(NamedTuple):
    """A stored game between the sides: its id, who won (a seat letter, ``"tie"`` or
    ``None`` while it goes on), its sides' names in seat order, and when it started."""

    game_id: int
    winner: str | None
    sides: Sequence[str]
    started_at: datetime


def wins_tonight(
    games: Iterable[Played],
    sides: Mapping[str, str],
    today: date,
    *,
    open_game: int | None = None,
    open_winner: str | None = None,
) -> dict[str, int]:
    """Each side letter of the open game (``sides``: name → letter) and the games it has
    won ``today`` (local) among ``games``; the open game counts as it now stands
    (``open_winner``), not as it was stored when the games were read."""
    wins: dict[str, int] = {}
    for game in games:
        won = open_winner if game.game_id == open_game else game.winner
        if won not in ("A", "B", "C") or local_day(game.started_at) != today:
            continue
        side = sides[game.sides["ABC".index(won)]]
        wins[side] = wins.get(side, 0) + 1
    return wins


def local_day(moment: datetime) -> date:
    """The store keeps UTC without a zone; the table's day is the local one."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone().date()
