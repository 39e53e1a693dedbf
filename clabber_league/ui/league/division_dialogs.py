"""The league panel's questions about divisions and halves: a new team (with its
division), a team's division, and where the season's first half ends.

The dialogs only ask; the panel's plain methods (``add_team``, ``set_team_division``,
``split_season``) make the change, and the store refuses what it must
(``store.divisions``).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from clabber_league.i18n import _, fill
from clabber_league.rules.limits import WEEKS
from clabber_league.ui.widgets.layouts import ok_cancel


def division_box(divisions: Sequence[str], current: str | None, parent: QWidget) -> QComboBox:
    """The season's divisions to choose from, or a new one to type."""
    box = QComboBox(parent)
    box.setEditable(True)
    box.addItems(list(divisions))
    box.setCurrentText(current or "")
    edit = box.lineEdit()
    if edit is not None:
        edit.setPlaceholderText(_("e.g. North"))
    return box


def typed(box: QComboBox) -> str | None:
    """The division typed or chosen (``None``: left empty, no division)."""
    return box.currentText().strip() or None


class AddTeamDialog(QDialog):
    """A new team of the season: its name, its players, and (if it plays in one) its
    division."""

    def __init__(self, divisions: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Add team"))
        self.name = QLineEdit(self)
        self.players = QLineEdit(self)
        self.players.setPlaceholderText(_("separated by commas"))
        self.players.setMinimumWidth(self.fontMetrics().horizontalAdvance("m") * 20)
        self.division = division_box(divisions, None, self)
        self.division.setToolTip(_("Leave empty for a season without divisions"))
        form = QFormLayout(self)
        form.addRow(_("Team name"), self.name)
        form.addRow(_("Players"), self.players)
        form.addRow(_("Division"), self.division)
        self._buttons = ok_cancel(self)
        form.addRow(self._buttons)
        self.name.textChanged.connect(self._check)
        self._check()

    def roster(self) -> list[str]:
        return [player.strip() for player in self.players.text().split(",")]

    def _check(self) -> None:
        button = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        if button is not None:
            button.setEnabled(bool(self.name.text().strip()))


class DivisionDialog(QDialog):
    """The division a team plays in: one of the season's, a new one, or none."""

    def __init__(
        self,
        team: str,
        divisions: Sequence[str],
        current: str | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(fill(_("Division of {team}"), team=team))
        self.division = division_box(divisions, current, self)
        self.no_division = QCheckBox(_("No division"), self)
        self.no_division.setChecked(current is None)
        self.no_division.toggled.connect(lambda none: self.division.setEnabled(not none))
        self.division.setEnabled(current is not None)
        form = QFormLayout(self)
        form.addRow(_("Division"), self.division)
        form.addRow(self.no_division)
        form.addRow(ok_cancel(self))

    def choice(self) -> str | None:
        """The division chosen (``None``: in none)."""
        return None if self.no_division.isChecked() else self.division.currentText()


class SplitSeasonDialog(QDialog):
    """Where the season's first half ends (a week of the schedule but its last), or no
    halves."""

    def __init__(self, weeks: int, first_half: int | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Split season"))
        self.first_half = QSpinBox(self)
        # Without a schedule yet any week will do; with one, each half needs a week.
        self.first_half.setRange(1, max(weeks - 1, 1) if weeks else WEEKS.high)
        self.first_half.setValue(first_half or max(weeks // 2, 1))
        self.no_halves = QCheckBox(_("No halves: one season"), self)
        self.no_halves.toggled.connect(lambda none: self.first_half.setEnabled(not none))
        form = QFormLayout(self)
        form.addRow(_("First half ends after week"), self.first_half)
        form.addRow(self.no_halves)
        form.addRow(ok_cancel(self))

    def choice(self) -> int | None:
        """The first half's last week (``None``: not split)."""
        return None if self.no_halves.isChecked() else self.first_half.value()
