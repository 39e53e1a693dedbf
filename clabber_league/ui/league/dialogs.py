"""The league panel's questions: a new season, its schedule, a hand edit of a match."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from clabber_league.i18n import _, fill
from clabber_league.rules import DEFAULT_PRESET, PRESETS
from clabber_league.rules.limits import (
    DAYS_BETWEEN,
    GAMES_PER_MATCH,
    ROUNDS,
    SCHEDULE_DATES,
    TABLE,
)
from clabber_league.store.league import MatchInfo, TeamInfo
from clabber_league.ui.widgets.layouts import ok_cancel
from clabber_league.ui.widgets.title_room import room_for_title


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def night_edit(night: date | None, parent: QWidget) -> QDateEdit:
    """A night's date (today's, for ``None``), between the first and last night a schedule
    may have (``rules.limits.SCHEDULE_DATES``)."""
    edit = QDateEdit(_qdate(night) if night else QDate.currentDate(), parent)
    edit.setDateRange(_qdate(SCHEDULE_DATES.first), _qdate(SCHEDULE_DATES.last))
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("ddd d MMM yyyy")
    return edit


class NewSeasonDialog(QDialog):
    """A season of a league (new or existing), the rules all its games are played under,
    and, for a league that has seasons, one whose teams and rosters it starts with."""

    def __init__(self, seasons: Mapping[str, Sequence[str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New season"))
        self._seasons = seasons
        self.league = QComboBox(self)
        self.league.setEditable(True)
        self.league.addItems(list(seasons))
        self.copy_from = QComboBox(self)
        self.league.currentTextChanged.connect(self._offer_seasons)
        self._offer_seasons(self.league.currentText())
        self.season = QLineEdit(self)
        self.season.setPlaceholderText(_("e.g. Fall 2025"))
        self.rules = QComboBox(self)
        for key, preset in PRESETS.items():
            # A match is two teams at a table: three-handed Clabber has no league play.
            if len(preset.sides) == 2:
                self.rules.addItem(_(preset.name), key)
        self.rules.setCurrentIndex(max(self.rules.findData(DEFAULT_PRESET), 0))
        self.games_per_match = QSpinBox(self)
        self.games_per_match.setRange(GAMES_PER_MATCH.low, GAMES_PER_MATCH.high)
        form = QFormLayout(self)
        form.addRow(_("&League"), self.league)
        form.addRow(_("&Season"), self.season)
        form.addRow(_("&Rules"), self.rules)
        form.addRow(_("&Games per match"), self.games_per_match)
        form.addRow(_("&Teams from"), self.copy_from)
        self._buttons = ok_cancel(self)
        form.addRow(self._buttons)
        for edit in (self.league.lineEdit(), self.season):
            if edit is not None:
                edit.textChanged.connect(self._check)
        self._check()

    def preset(self) -> str:
        return str(self.rules.currentData())

    def teams_from(self) -> str | None:
        """The season whose teams to copy, or ``None`` to start with none."""
        chosen = self.copy_from.currentData()
        return chosen if isinstance(chosen, str) else None

    def _offer_seasons(self, league: str) -> None:
        """The league's seasons, newest first (the usual pick: the last one)."""
        self.copy_from.clear()
        self.copy_from.addItem(_("none: start with no teams"), None)
        known = next((names for name, names in self._seasons.items()
                      if name.casefold() == league.strip().casefold()), ())  # fmt: skip
        for season in reversed(known):
            self.copy_from.addItem(season, season)
        self.copy_from.setCurrentIndex(1 if known else 0)
        self.copy_from.setEnabled(bool(known))

    def _check(self) -> None:
        ok = bool(self.league.currentText().strip() and self.season.text().strip())
        button = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        if button is not None:
            button.setEnabled(ok)


class ScheduleDialog(QDialog):
    """Round robin settings: how many times each pair meets, and when the nights fall.

    For a season whose teams play in divisions, the rounds inside each division and
    against the other divisions' teams take the place of the rounds
    (``store.divisions.divided_weeks``)."""

    def __init__(self, parent: QWidget | None = None, *, divisions: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Generate schedule"))
        self.divisions = divisions
        self.rounds = QSpinBox(self)
        self.rounds.setRange(ROUNDS.low, ROUNDS.high)
        self.rounds.setToolTip(_("How many times every team meets every other team"))
        self.within = QSpinBox(self)
        self.within.setRange(0, ROUNDS.high)
        self.within.setValue(1)
        self.within.setToolTip(_("How many times every team meets each team of its division"))
        self.across = QSpinBox(self)
        self.across.setRange(0, ROUNDS.high)
        self.across.setToolTip(_("How many times every team meets each team of the others"))
        self.dated = QCheckBox(_("Give the nights dates"), self)
        self.first_night = night_edit(None, self)
        self.days_between = QSpinBox(self)
        self.days_between.setRange(DAYS_BETWEEN.low, DAYS_BETWEEN.high)
        self.days_between.setValue(7)
        self.days_between.setSuffix(_(" days"))
        form = QFormLayout(self)
        form.addRow(_("&Rounds"), self.rounds)
        form.addRow(_("Rounds &within divisions"), self.within)
        form.addRow(_("Rounds &across divisions"), self.across)
        form.setRowVisible(self.rounds, not divisions)
        for divided in (self.within, self.across):
            form.setRowVisible(divided, divisions)
        form.addRow(self.dated)
        form.addRow(_("&First night"), self.first_night)
        form.addRow(_("&Every"), self.days_between)
        form.addRow(ok_cancel(self))
        room_for_title(self)  # its few short fields are narrower than its title
        for field in (self.first_night, self.days_between):
            field.setEnabled(False)
            self.dated.toggled.connect(field.setEnabled)

    def rounds_asked(self) -> dict[str, int]:
        """The rounds as ``generate_schedule`` takes them: ``rounds``, or with divisions
        ``within_rounds`` and ``across_rounds``."""
        if self.divisions:
            return {"within_rounds": self.within.value(), "across_rounds": self.across.value()}
        return {"rounds": self.rounds.value()}

    def start(self) -> date | None:
        if not self.dated.isChecked():
            return None
        night = self.first_night.date().toPython()
        assert isinstance(night, date)
        return night


class EditMatchDialog(QDialog):
    """A hand edit of one match: its table, its two teams, the date of its night.

    The teams offered are the season's active ones: a retired team keeps the match it
    already has (it stays listed, so nothing changes unless asked) but is never offered
    for another (``store.league.edit_match`` refuses it too).
    """

    def __init__(
        self, match: MatchInfo, teams: Sequence[TeamInfo], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(
            fill(_("Week {week}, table {table}"), week=match.week, table=match.table)
        )
        self._match = match
        self.table = QSpinBox(self)
        self.table.setRange(TABLE.low, TABLE.high)
        self.table.setValue(max(match.table, 1))
        self.home = QComboBox(self)
        self.away = QComboBox(self)
        offered = [
            team.name for team in teams if not team.retired or team.name in (match.home, match.away)
        ]
        for combo, current in ((self.home, match.home), (self.away, match.away)):
            combo.addItems(offered)
            combo.setCurrentText(current or "")
        night = match.played_on
        self.night = night_edit(night, self)
        self.dated = QCheckBox(_("The night has a date"), self)
        self.dated.setChecked(night is not None)
        self.dated.toggled.connect(self.night.setEnabled)
        self.night.setEnabled(night is not None)
        form = QFormLayout(self)
        form.addRow(_("&Table"), self.table)
        form.addRow(_("&Home (side A)"), self.home)
        if match.away is not None:
            form.addRow(_("&Away (side B)"), self.away)
        form.addRow(self.dated)
        form.addRow(_("&Night"), self.night)
        form.addRow(ok_cancel(self))

    def changes(self) -> dict[str, Any]:
        """Only what differs from the match as it was: the store changes nothing else."""
        match = self._match
        night = self.night.date().toPython() if self.dated.isChecked() else match.played_on
        assert night is None or isinstance(night, date)
        wanted: dict[str, Any] = {
            "table": self.table.value(),
            "home": self.home.currentText(),
            "away": self.away.currentText() if match.away is not None else match.away,
            "played_on": night,
        }
        return {key: value for key, value in wanted.items() if value != getattr(match, key)}
