"""The Schedule tab: pick a week, pick a match, key it in; the chosen match's score race below."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from PySide6.QtCore import QItemSelectionModel, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import N_, _, date_text, fill
from clabber_league.store.league import BYE, FORFEIT, POSTPONED, TO_PLAY, MatchInfo
from clabber_league.ui.league.charts import ChartHolder
from clabber_league.ui.league.schedule_model import WEEK_COLUMN, ScheduleModel, WeekFilter
from clabber_league.ui.league.table_model import RECORD_ROLE
from clabber_league.ui.league.views import button_row, chooser_row, stacked, table_view
from clabber_league.ui.widgets.layouts import named

ALL_WEEKS = N_("All weeks")
ALL_ROUNDS = N_("All rounds")
_OFF = (POSTPONED, FORFEIT)


class SchedulePage(QWidget):
    """A week's matches with their state, and what the secretary can do with one."""

    match_chosen = Signal()
    key_in_wanted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = ScheduleModel(self)
        self._rounds = False
        """Whether the weeks are a tournament's rounds (``set_rounds``)."""
        self.week_filter = WeekFilter(self.model, self)
        self.week = named(QComboBox(self), "week")
        self.generate_button = QPushButton(_("Generate schedule…"), self)
        self.view = table_view(self, "schedule")
        self.view.setModel(self.week_filter)
        self.key_in_button = QPushButton(_("Key in"), self)
        self.key_in_button.setToolTip(
            _("Open the match's game on the sheet to copy the paper sheet")
        )
        self.edit_button = QPushButton(_("Edit…"), self)
        self.edit_button.setToolTip(_("Change the match's table, its teams or the night's date"))
        self.postpone_button = QPushButton(_("Postpone"), self)
        self.forfeit_button = QPushButton(_("Forfeit…"), self)
        self.restore_button = QPushButton(_("Put back on"), self)
        self.substitute_button = QPushButton(_("Substitute…"), self)
        self.substitute_button.setToolTip(
            _("A player sits in one seat for this match's next games, instead of the roster's")
        )
        self.restore_button.setToolTip(_("A postponed or forfeited match is to play again"))
        self.race = ChartHolder(_("Choose an entered match to see its score race."), self)
        self._lay_out()
        self.week.currentIndexChanged.connect(self._week_picked)
        # A click moves the current row before it selects it: follow the selection.
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._chosen())
        self.view.doubleClicked.connect(lambda _index: self.key_in_wanted.emit())
        self.key_in_button.clicked.connect(self.key_in_wanted)
        self._update_buttons()

    def _lay_out(self) -> None:
        # The week chooser has the panel's whole width: "Week 3 — Thu 18 Sep 2025 (3 to
        # play)" is read whole. Two rows of buttons: a narrow panel shows them all.
        chooser = chooser_row(_("Week"), self.week)
        item = chooser.itemAt(0)  # the chooser's label, which a tournament calls Round
        buddy = item.widget() if item is not None else None
        assert isinstance(buddy, QLabel)
        self.week_label = named(buddy, "week_label")
        upper = stacked(
            self,
            chooser,
            self.view,
            button_row(self.key_in_button, self.edit_button, self.postpone_button),
            button_row(self.forfeit_button, self.restore_button, self.generate_button),
            button_row(self.substitute_button),
        )
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(upper)
        splitter.addWidget(self.race)
        splitter.setSizes([300, 340])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

    def set_rounds(self, rounds: bool) -> None:
        """Name the weeks as a tournament's rounds (``True``) or a league's weeks; the
        chooser's lines follow with the next ``show_schedule``."""
        self._rounds = rounds
        self.model.set_rounds(rounds)
        self.week_label.setText(_("Round") if rounds else _("Week"))

    def show_schedule(self, matches: Sequence[MatchInfo]) -> None:
        """Show the season's matches; the week and the match chosen stay chosen. Only
        the matches that changed are repainted, the week shown is filtered again only if
        it is another, and the week chooser's lines are rewritten only where they moved."""
        chosen = self.selected_match()
        week = self.week_filter.week()
        self.model.set_records(matches)
        texts = self._week_texts(matches, rounds=self._rounds)
        weeks = list(texts)
        every = _(ALL_ROUNDS) if self._rounds else _(ALL_WEEKS)
        if weeks != self._weeks_listed() or (weeks and self.week.itemText(0) != every):
            with QSignalBlocker(self.week):
                self.week.clear()
                if weeks:
                    self.week.addItem(every, None)
                    for number, text in texts.items():
                        self.week.addItem(text, number)
                else:
                    self.week.addItem(_("No schedule yet"), None)
        else:
            for item, text in enumerate(texts.values(), start=1):
                if self.week.itemText(item) != text:
                    self.week.setItemText(item, text)
        if week not in weeks:
            week = self._first_open_week(matches)
        self.pick_week(week)
        if chosen is not None and chosen.id != getattr(self.selected_match(), "id", None):
            self.pick_match(chosen.id)
        self._chosen()

    def _weeks_listed(self) -> list[int]:
        """The weeks the chooser lists now (after "All weeks")."""
        found = (self.week.itemData(item) for item in range(self.week.count()))
        return [number for number in found if isinstance(number, int)]

    def pick_week(self, week: int | None) -> None:
        """Show one week (``None``: every week)."""
        index = self.week.findData(week) if week is not None else 0
        self.week.setCurrentIndex(max(index, 0))
        self._week_picked()

    def pick_match(self, match_id: int) -> bool:
        """Select a match of the week shown; False if it is not in that week."""
        for row in range(self.week_filter.rowCount()):
            index = self.week_filter.index(row, 0)
            match = self.week_filter.data(index, RECORD_ROLE)
            if isinstance(match, MatchInfo) and match.id == match_id:
                self.view.selectionModel().setCurrentIndex(
                    index,
                    QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows,
                )
                return True
        return False

    def shown_matches(self) -> list[MatchInfo]:
        """The matches of the week shown, in the order shown."""
        rows = range(self.week_filter.rowCount())
        found = [self.week_filter.data(self.week_filter.index(row, 0), RECORD_ROLE) for row in rows]
        return [match for match in found if isinstance(match, MatchInfo)]

    def selected_match(self) -> MatchInfo | None:
        index = self.view.selectionModel().currentIndex()
        if not index.isValid() or not self.view.selectionModel().isRowSelected(index.row()):
            return None
        match = self.week_filter.data(index, RECORD_ROLE)
        return match if isinstance(match, MatchInfo) else None

    @staticmethod
    def _week_texts(matches: Sequence[MatchInfo], *, rounds: bool = False) -> dict[int, str]:
        """Each week's line in the chooser, in week order: "Week 3 — Thu 18 Sep 2025 (3 to
        play)" (a tournament's "Round 3 (3 to play)"), read from the matches in one pass."""
        nights: dict[int, set[date]] = {}
        played: dict[int, int] = {}
        to_play: dict[int, int] = {}
        for match in matches:
            nights.setdefault(match.week, set())
            if match.played_on:
                nights[match.week].add(match.played_on)
            if match.state != BYE:
                played[match.week] = played.get(match.week, 0) + 1
                to_play[match.week] = to_play.get(match.week, 0) + (match.state == TO_PLAY)
        texts: dict[int, str] = {}
        for number in sorted(nights):
            night = f" — {date_text(min(nights[number]), 'EEE dd MMM y')}" if nights[number] else ""
            left = ""
            if to_play.get(number):
                left = fill(_(" ({to_play} to play)"), to_play=to_play[number])
            elif played.get(number):
                left = _(" (done)")
            line = _("Round {number}{night}{left}") if rounds else _("Week {number}{night}{left}")
            texts[number] = fill(line, number=number, night=night, left=left)
        return texts

    @staticmethod
    def _first_open_week(matches: Sequence[MatchInfo]) -> int | None:
        """League night: the first week with a match still to play (else the last week)."""
        open_weeks = [m.week for m in matches if m.state == TO_PLAY]
        return min(open_weeks) if open_weeks else max((m.week for m in matches), default=None)

    def _week_picked(self) -> None:
        week = self.week.currentData()
        self.week_filter.set_week(week if isinstance(week, int) else None)
        # One night at a time, its number is in the chooser: give the room to the teams.
        self.view.setColumnHidden(WEEK_COLUMN, isinstance(week, int))
        self._chosen()

    def _chosen(self) -> None:
        self._update_buttons()
        self.match_chosen.emit()

    def _update_buttons(self) -> None:
        match = self.selected_match()
        playable = match is not None and match.state not in (*_OFF, BYE)
        self.key_in_button.setEnabled(playable)
        self.edit_button.setEnabled(match is not None and not match.game_ids)
        self.postpone_button.setEnabled(playable and match is not None and not match.games_entered)
        self.forfeit_button.setEnabled(playable and match is not None and not match.games_entered)
        self.restore_button.setEnabled(match is not None and match.state in _OFF)
        self.substitute_button.setEnabled(match is not None and match.away is not None)
