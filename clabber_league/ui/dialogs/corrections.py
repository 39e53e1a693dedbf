"""The correction log of a game: which hand changed, from what, to what, when."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clabber_league.gamesheet import hand_document
from clabber_league.recording import Correction
from clabber_league.rules import HandEntry


def describe_entry(entry: HandEntry | None) -> str:
    """A hand entry in the file format's words, compact enough for a table cell."""
    if entry is None:
        return "—"
    document = hand_document(entry)
    return ", ".join(f"{key} {value}" for key, value in document.items())


class CorrectionsDialog(QDialog):
    """Read-only table of the correction log, oldest first."""

    def __init__(self, corrections: Sequence[Correction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Corrections")
        self.resize(760, 360)
        table = QTableWidget(len(corrections), 4)
        table.setHorizontalHeaderLabels(["When", "Hand", "Was", "Now"])
        for row, correction in enumerate(corrections):
            cells = (
                f"{correction.at.astimezone():%Y-%m-%d %H:%M:%S}",
                str(correction.n),
                describe_entry(correction.old),
                describe_entry(correction.new),
            )
            for column, text in enumerate(cells):
                table.setItem(row, column, QTableWidgetItem(text))
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        self.table = table
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(table)
        layout.addWidget(buttons)
