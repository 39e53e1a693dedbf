"""The league as pure Python: schedules and standings. No Qt, no SQL, no files.

Plain data in, plain data out: the store supplies team ids, names, finished
games and hand counts; the window, the printouts and the CLI show the result.
"""

from clabber_league.league.progress import WeekResult, weekly_pct
from clabber_league.league.schedule import BYE_TABLE, Pairing, ScheduleError, round_robin
from clabber_league.league.standings import (
    FORFEIT_SCORE,
    TIE_BREAK_KEYS,
    Appearance,
    GameResult,
    HandCounts,
    PairRecord,
    PlayerRow,
    PlayerTotals,
    StandingRow,
    StandingsError,
    TeamRecord,
    check_order,
    pair_records,
    pct_text,
    player_standings,
    player_standings_from_totals,
    standings,
    standings_from_pairs,
    standings_from_records,
    unknown_makers_total,
)

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
    "pair_records",
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
