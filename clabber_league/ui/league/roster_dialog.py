"""The preview of a roster import: what it will add, or every problem with its row
number; Import is offered only when every row is good (the import is all or nothing)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QVBoxLayout, QWidget

from clabber_league.commands.rosters import plan_lines
from clabber_league.i18n import _, fill
from clabber_league.league.roster_sheet import RosterPlan
from clabber_league.ui.plain import shown
from clabber_league.ui.widgets.layouts import named


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
