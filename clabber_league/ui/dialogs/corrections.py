"""The correction log of a game, in table words: "Hand 3: Eagles 92 → Eagles 100, 21:14".

A change that was undone before anything else happened (a quick Ctrl+Z, an
undo and a redo) corrected nothing, so it is left out (``correction_log``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from clabber_league.correction_log import correction_line, local_time, net_corrections
from clabber_league.i18n import _, datetime_text
from clabber_league.recording import Correction
from clabber_league.rules import Game
from clabber_league.ui.widgets.layouts import named


def when_text(at: datetime) -> str:
    """The time of a change; the day too when it was not today."""
    local = local_time(at)
    if local.date() == datetime.now().astimezone().date():
        return datetime_text(local, "HH:mm")
    return datetime_text(local, "EEE dd MMM y HH:mm")


class CorrectionsDialog(QDialog):
    """The game's corrections, oldest first, one line each."""

    def __init__(
        self, game: Game, corrections: Sequence[Correction], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Corrections"))
        self.resize(620, 320)
        self.list = named(QListWidget(self), "corrections")
        lines = [
            correction_line(game, correction, when=when_text(correction.at))
            for correction in net_corrections(corrections)
        ]
        self.list.addItems(lines)
        note = QLabel(
            _("No hand of this game has been corrected.")
            if not lines
            else _("Changes undone straight away are left out."),
            self,
        )
        note.setStyleSheet("color: palette(placeholder-text);")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addWidget(note)
        layout.addWidget(buttons)
