"""The league as pure Python: schedules and standings. No Qt, no SQL, no files.

Plain data in, plain data out: the store supplies team ids, names, finished
games and hand counts; the window, the printouts and the CLI show the result.

The names below are loaded on first use (PEP 562), as ``rules``' are: the
``standings`` command needs only ``league.ranking``, which prints before the
schedule and the game and player tables (dataclasses all) would have loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clabber_league.rules.lazy import names_loaded_on_use

if TYPE_CHECKING:
    from clabber_league.league.game_results import (
        GameResult,
        PairRecord,
        pair_records,
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

#: Each public name and the module of the package that defines it.
_HOMES = {
    "BYE_TABLE": "schedule",
    "FORFEIT_SCORE": "ranking",
    "TIE_BREAK_KEYS": "ranking",
    "Appearance": "players",
    "GameResult": "game_results",
    "HandCounts": "ranking",
    "PairRecord": "game_results",
    "Pairing": "schedule",
    "PlayerRow": "players",
    "PlayerTotals": "players",
    "ScheduleError": "schedule",
    "StandingRow": "ranking",
    "StandingsError": "ranking",
    "TeamRecord": "ranking",
    "WeekResult": "progress",
    "check_order": "ranking",
    "pair_records": "game_results",
    "pct_text": "ranking",
    "player_standings": "players",
    "player_standings_from_totals": "players",
    "round_robin": "schedule",
    "standings": "game_results",
    "standings_from_pairs": "game_results",
    "standings_from_records": "ranking",
    "unknown_makers_total": "ranking",
    "weekly_pct": "progress",
}

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

__getattr__ = names_loaded_on_use(__name__, _HOMES)
