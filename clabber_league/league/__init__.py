"""The league as pure Python: schedules and standings. No Qt, no SQL, no files.

Plain data in, plain data out: the store supplies team ids, names, finished
games and hand counts; the window, the printouts and the CLI show the result.
"""

from __future__ import annotations

from clabber_league.league.game_results import (
    GameResult,
    PairRecord,
    standings,
    standings_from_pairs,
)
from clabber_league.league.players import (
    Appearance,
    PlayerRow,
    PlayerTotals,
    player_standings,
    player_standings_from_totals,
)
from clabber_league.league.progress import WeekResult, weekly_pct
from clabber_league.league.ranking import (
    FORFEIT_SCORE,
    TIE_BREAK_KEYS,
    HandCounts,
    StandingRow,
    StandingsError,
    TeamRecord,
    check_order,
    pct_text,
    standings_from_records,
    unknown_makers_total,
)
from clabber_league.league.schedule import BYE_TABLE, Pairing, ScheduleError, round_robin

__all__ = [
    "BYE_TABLE",
    "FORFEIT_SCORE",
    "TIE_BREAK_KEYS",
    "Appearance",
    "GameResult",
    "HandCounts",
    "PairRecord",
    "Pairing",
    "PlayerRow",
    "PlayerTotals",
    "ScheduleError",
    "StandingRow",
    "StandingsError",
    "TeamRecord",
    "WeekResult",
    "check_order",
    "pct_text",
    "player_standings",
    "player_standings_from_totals",
    "round_robin",
    "standings",
    "standings_from_pairs",
    "standings_from_records",
    "unknown_makers_total",
    "weekly_pct",
]
