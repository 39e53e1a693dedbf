"""Choosing a past game to reopen."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clabber_league.store import GameSummary


def describe_game(summary: GameSummary) -> str:
    """One line a scorekeeper recognises: who, the score, how it ended, when."""
    score = " – ".join(
        f"{side} {total}" for side, total in zip(summary.sides, summary.totals, strict=False)
    )
    if summary.winner == "tie":
        state = "tied"
    elif summary.winner:
        index = "ABC".index(summary.winner)
        state = f"won by {summary.sides[index]}"
    else:
        state = f"in play, {summary.hand_count} hands"
    return f"#{summary.id}  {score}  ({state})  {summary.started_at:%Y-%m-%d %H:%M}"


class OpenGameDialog(QDialog):
    """The stored games, newest first; Enter or double-click opens one."""

    def __init__(self, games: Sequence[GameSummary], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open game")
        self.resize(560, 420)
        self._list = QListWidget()
        for summary in games:
            item = QListWidgetItem(describe_game(summary))
            item.setData(Qt.ItemDataRole.UserRole, summary.id)
            self._list.addItem(item)
        if games:
            self._list.setCurrentRow(0)
        self._list.itemActivated.connect(lambda _item: self.accept())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        open_button = buttons.button(QDialogButtonBox.StandardButton.Open)
        open_button.setEnabled(bool(games))
        layout = QVBoxLayout(self)
        layout.addWidget(self._list)
        layout.addWidget(buttons)

    def game_id(self) -> int | None:
        item = self._list.currentItem()
        return int(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None
