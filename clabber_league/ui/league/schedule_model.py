"""The schedule as the secretary reads it on league night: one week's matches and their state.

The model holds the whole season (``MatchInfo`` lines from the store); a
``WeekFilter`` shows one night, so picking another week never asks the
database again.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QObject, QSortFilterProxyModel

from clabber_league.store.league import BYE, ENTERED, FORFEIT, POSTPONED, MatchInfo
from clabber_league.ui.league.table_model import SORT_ROLE, Column, RecordTableModel

#: How each state stands out in the list: done, not happening, or nothing to do.
STATE_COLOURS = {ENTERED: "#1e6b2a", FORFEIT: "#a33a12", POSTPONED: "#8a6d00", BYE: "#6b6b6b"}


def _night(played_on: date | None) -> str:
    return played_on.strftime("%a %d %b") if played_on is not None else ""


#: The Week column comes first: the week filter reads it.
WEEK_COLUMN = 0
SCHEDULE_COLUMNS: tuple[Column[MatchInfo], ...] = (
    Column("Week", lambda m: m.week),
    Column(
        "Night",
        lambda m: m.played_on.toordinal() if m.played_on else None,
        lambda m: _night(m.played_on),
    ),
    Column("Table", lambda m: m.table),
    Column("Home", lambda m: m.home, numeric=False),
    Column("Away", lambda m: m.away, lambda m: m.away or "(bye)", numeric=False),
    Column("State", lambda m: m.state, numeric=False, colour=lambda m: STATE_COLOURS.get(m.state)),
    Column("Games", lambda m: m.games_entered, tip="Finished games entered for the match"),
)


class ScheduleModel(RecordTableModel[MatchInfo]):
    """Every match of the season, week by week."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(SCHEDULE_COLUMNS, parent)

    def weeks(self) -> list[int]:
        return sorted({match.week for match in self.records()})


class WeekFilter(QSortFilterProxyModel):
    """One week of the schedule (or all of it, for ``None``), sortable by any column."""

    def __init__(self, source: ScheduleModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._week: int | None = None
        self.setSourceModel(source)
        self.setSortRole(SORT_ROLE)
        self.setFilterKeyColumn(WEEK_COLUMN)

    def set_week(self, week: int | None) -> None:
        self._week = week
        # The Week column shows the bare number, so an exact match on its text picks the night.
        self.setFilterRegularExpression("" if week is None else f"^{week}$")

    def week(self) -> int | None:
        return self._week
