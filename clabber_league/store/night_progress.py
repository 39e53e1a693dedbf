"""Each match a table plays in a season, with its games started and finished: what
``league.night_left`` reads to say what a night has left and which night to offer.

Read from the season's schedule (``league.season_schedule``, one query), so a night's
progress is counted from its stored games like every other figure.
"""

from __future__ import annotations

from clabber_league.league.night_left import MatchProgress
from clabber_league.store.database import Database
from clabber_league.store.league import ENTERED, TO_PLAY, schedule


def season_progress(
    database: Database, season: str, league: str | None = None
) -> list[MatchProgress]:
    """The season's matches that a table plays (scheduled, with two teams: no bye, no
    postponed or forfeited match), week by week; ``StoreError`` for an unknown season."""
    return [
        MatchProgress(
            match.week,
            match.table,
            (match.home, match.away),
            len(match.game_ids),
            match.games_entered,
            match.games_per_match,
        )
        for match in schedule(database, season, league)
        if match.state in (TO_PLAY, ENTERED) and match.away is not None
    ]
