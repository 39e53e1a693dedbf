"""What a league night has left to play: the tables still mid-game and those not begun,
and the week a night most likely is (the first with a match still to play).

Plain data in, plain data out: the store reads each match's games
(``store.night_progress``), the window's League night and ``night close`` say what
is left before they end a night, and the window opens on the night to play.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple


class MatchProgress(NamedTuple):
    """A match a table plays (scheduled, not a bye): its week, its table, its two sides
    (home first), and its games started, finished and to play."""

    week: int
    table: int
    sides: tuple[str, str]
    started: int
    finished: int
    games: int

    @property
    def complete(self) -> bool:
        """Every game of the match is played out."""
        return self.finished >= self.games


@dataclass(frozen=True)
class NightLeft:
    """A night's tables not done: ``under_way`` began (a game stored, the match not
    complete), ``unplayed`` have no game at all; each in table order."""

    under_way: tuple[MatchProgress, ...] = ()
    unplayed: tuple[MatchProgress, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.under_way or self.unplayed)


def left_to_play(matches: Iterable[MatchProgress], week: int) -> NightLeft:
    """The tables of week ``week`` not done yet (nothing left: an empty, false one)."""
    tonight = sorted(
        (match for match in matches if match.week == week and not match.complete),
        key=lambda match: match.table,
    )
    return NightLeft(
        under_way=tuple(match for match in tonight if match.started > 0),
        unplayed=tuple(match for match in tonight if match.started == 0),
    )


def week_to_open(matches: Iterable[MatchProgress]) -> int | None:
    """The night to offer: the first week with a match still to play; when every match is
    played, the last week; ``None`` for a season with no match to play."""
    weeks = [(match.week, match.complete) for match in matches]
    to_play = [week for week, complete in weeks if not complete]
    if to_play:
        return min(to_play)
    return max((week for week, _complete in weeks), default=None)
