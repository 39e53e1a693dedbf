"""The schedule as the secretary reads it on league night: one week's matches and their state.

The model holds the whole season (``MatchInfo`` lines from the store); a
``WeekFilter`` shows one night, so picking another week never asks the
database again.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from PySide6.QtCore import QObject, QSortFilterProxyModel, Qt

from clabber_league.i18n import N_, _, date_text, makeup_words, said
from clabber_league.i18n.match_words import state_words
from clabber_league.league.results import match_result
from clabber_league.store.league import (
    BYE,
    ENTERED,
    FORFEIT,
    POSTPONED,
    MatchInfo,
)
from clabber_league.ui.league.table_model import SORT_ROLE, Column, RecordTableModel
from clabber_league.ui.tones import Tone

#: How each state stands out in the list: done, not happening, or nothing to do.
STATE_TONES = {ENTERED: Tone.GOOD, FORFEIT: Tone.ERROR, POSTPONED: Tone.WARNING, BYE: Tone.QUIET}


def _day_order(day: date | None) -> int | None:
    """The Night column's order: the match's day (a make-up's own), undated last."""
    return day.toordinal() if day is not None else None


def _night(played_on: date | None) -> str:
    return date_text(played_on, "EEE d MMM") if played_on is not None else ""


#: The Week column comes first: the week filter reads it.
WEEK_COLUMN = 0
SCHEDULE_COLUMNS: tuple[Column[MatchInfo], ...] = (
    Column(N_("Week"), lambda m: m.week),
    Column(
        N_("Night"),
        lambda m: _day_order(m.makeup_on or m.played_on),
        lambda m: makeup_words(m.makeup_on, "EEE d MMM") if m.makeup_on else _night(m.played_on),
    ),
    Column(N_("Table"), lambda m: m.table),
    Column(N_("Home"), lambda m: m.home, numeric=False),
    Column(N_("Away"), lambda m: m.away, lambda m: m.away or _("(bye)"), numeric=False),
    Column(
        N_("State"),
        lambda m: m.state,
        lambda m: state_words(m.state) + (f" · {said(m.playoff)}" if m.playoff else ""),
        numeric=False,
        tone=lambda m: STATE_TONES.get(m.state),
    ),
    Column(N_("Games"), lambda m: m.games_entered, tip=N_("Finished games entered for the match")),
    Column(
        N_("Result"),
        lambda m: said(match_result(m)),
        numeric=False,
        tip=N_("Games won each (home first), a single game's totals, or the forfeit"),
    ),
)


#: A tournament's headings where a league's differ: its weeks are rounds, and a table's
#: teams the partnerships sitting North–South and East–West (``store.tournaments``).
ROUND_TITLES = {"Week": N_("Round"), "Home": N_("North–South"), "Away": N_("East–West")}


class ScheduleModel(RecordTableModel[MatchInfo]):
    """Every match of the season, week by week (or, for a tournament, round by round)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(SCHEDULE_COLUMNS, parent)
        self._rounds = False

    def set_rounds(self, rounds: bool) -> None:
        """Head the columns as a tournament's (``True``) or a league's."""
        if rounds != self._rounds:
            self._rounds = rounds
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)

    def headerData(  # noqa: N802 -- Qt's API
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if self._rounds and role == Qt.ItemDataRole.DisplayRole:
            title = SCHEDULE_COLUMNS[section].title if 0 <= section < len(SCHEDULE_COLUMNS) else ""
            if orientation == Qt.Orientation.Horizontal and title in ROUND_TITLES:
                return _(ROUND_TITLES[title])
        return super().headerData(section, orientation, role)


class WeekFilter(QSortFilterProxyModel):
    """One week of the schedule (or all of it, for ``None``), sortable by any column."""

    def __init__(self, source: ScheduleModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._week: int | None = None
        self.setSourceModel(source)
        self.setSortRole(SORT_ROLE)
        self.setFilterKeyColumn(WEEK_COLUMN)

    def set_week(self, week: int | None) -> None:
        """Show ``week``; the rows are filtered again only when it is another week."""
        # The Week column shows the bare number, so an exact match on its text picks the night.
        pattern = "" if week is None else f"^{week}$"
        self._week = week
        if self.filterRegularExpression().pattern() != pattern:
            self.setFilterRegularExpression(pattern)

    def week(self) -> int | None:
        return self._week
