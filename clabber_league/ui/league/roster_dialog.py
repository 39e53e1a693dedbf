"""The roster questions: the preview of a roster import (what it will add, or every
problem with its row number; Import is offered only when every row is good: the
import is all or nothing), and a substitute for one match."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from clabber_league.commands.rosters import plan_lines
from clabber_league.i18n import _, fill
from clabber_league.league.roster_sheet import RosterPlan
from clabber_league.store.league import MatchInfo
from clabber_league.ui.plain import shown
from clabber_league.ui.widgets.layouts import named, ok_cancel


class RosterPreviewDialog(QDialog):
    """What ``file`` will add (``plan``), or why nothing will be (``problems``)."""

    def __init__(
        self,
        file: str,
        plan: RosterPlan | None,
        problems: Sequence[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Import rosters"))
        good = plan is not None and not problems
        self.heading = named(QLabel(self), "roster_heading")
        self.heading.setWordWrap(True)
        self.heading.setText(
            shown(
                fill(_("{file} will add:"), file=file)
                if good
                else fill(_("{file} cannot be imported; nothing will be added:"), file=file)
            )
        )
        self.lines = named(QListWidget(self), "roster_lines")
        self.lines.addItems(plan_lines(plan) if good and plan is not None else list(problems))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.import_button = buttons.addButton(_("Import"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setEnabled(good)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.lines, 1)
        layout.addWidget(buttons)


class SubstituteDialog(QDialog):
    """A substitute for one match: a seat of the season's rules and who sits there in
    the match's games begun from now on (no name: the roster's player again)."""

    def __init__(
        self, match: MatchInfo, seats: Sequence[str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(
            fill(_("Substitute: {home} v {away}"), home=match.home, away=match.away or "")
        )
        self._match = match
        self.seat = named(QComboBox(self), "substitute_seat")
        self.seat.addItems(list(seats))
        self.name = named(QLineEdit(self), "substitute_name")
        self.name.setPlaceholderText(_("empty: the roster's player sits there"))
        self.seat.currentTextChanged.connect(self._show_seat)
        self._show_seat(self.seat.currentText())
        note = QLabel(_("Games already begun keep who sat in them."), self)
        note.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(_("&Seat"), self.seat)
        form.addRow(_("&Player"), self.name)
        form.addRow(note)
        form.addRow(ok_cancel(self))

    def _show_seat(self, seat: str) -> None:
        self.name.setText(self._match.substitutes.get(seat, ""))

    def choice(self) -> tuple[str, str | None]:
        """The seat, and who sits there (``None``: the roster's player again)."""
        return self.seat.currentText(), self.name.text().strip() or None
