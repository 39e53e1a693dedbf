"""Ending a night that is not over: the words the window's End the night… and
``night close`` say about the tables still mid-game and those never begun, so that a
night is not ended by mistake with its last table at its last hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from clabber_league.i18n import _, current, fill, ngettext
from clabber_league.league.night_left import MatchProgress, NightLeft, left_to_play
from clabber_league.store.database import Database
from clabber_league.store.night_progress import season_progress


def night_left(database: Database, season: str, week: int, league: str | None = None) -> NightLeft:
    """The tables of the night not done yet (``StoreError`` for an unknown season)."""
    return left_to_play(season_progress(database, season, league), week)


def left_lines(left: NightLeft) -> list[str]:
    """A line for the tables mid-game and one for those not begun, each naming its
    tables (none for a night with nothing left)."""
    lines: list[str] = []
    if left.under_way:
        count = len(left.under_way)
        words = ngettext(
            "{count} table is mid-game: {tables}", "{count} tables are mid-game: {tables}", count
        )
        lines.append(fill(words, count=count, tables=_named(left.under_way)))
    if left.unplayed:
        count = len(left.unplayed)
        words = ngettext(
            "{count} table has not begun: {tables}",
            "{count} tables have not begun: {tables}",
            count,
        )
        lines.append(fill(words, count=count, tables=_named(left.unplayed)))
    return lines


def _named(matches: Sequence[MatchProgress]) -> str:
    """ "table 2 (Eagles v Owls), table 3 (…)" as the language lists things."""
    from babel.lists import format_list  # noqa: PLC0415 -- Babel loads only when it is needed

    tables = [
        fill(
            _("table {table} ({home} v {away})"),
            table=match.table,
            home=match.sides[0],
            away=match.sides[1],
        )
        for match in matches
    ]
    return str(format_list(tables, locale=current()))
