"""The league as pure Python: schedules and standings. No Qt, no SQL, no files.

Plain data in, plain data out: the store supplies team ids, names, finished
games and hand counts; the window, the printouts and the CLI show the result.
"""

from __future__ import annotations

from clabber_league.league.players import PlayerRow
from clabber_league.league.progress import WeekResult, weekly_pct
from clabber_league.league.ranking import (
    FORFEIT_SCORE,
    TIE_BREAK_KEYS,
    StandingRow,
    StandingsError,
    check_order,
    pct_text,
    unknown_makers_total,
)
from clabber_league.league.schedule import ScheduleError, round_robin

__all__ = [
    "FORFEIT_SCORE",
    "TIE_BREAK_KEYS",
    "PlayerRow",
    "ScheduleError",
    "StandingRow",
    "StandingsError",
    "WeekResult",
    "check_order",
    "pct_text",
    "round_robin",
    "unknown_makers_total",
    "weekly_pct",
]
