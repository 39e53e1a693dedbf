"""Choosing a past game to reopen: the games newest first, searchable by name or date."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import (
    FIRST_STRONG_ISOLATE,
    POP_ISOLATE,
    _,
    figures,
    fill,
    isolate,
    latin_digits,
    ngettext,
)
from clabber_league.rules.names import name_key
from clabber_league.store.games import GameSummary
from clabber_league.ui.widgets.layouts import named


def isolated(name: str) -> str:
    """A name laid out on its own, in every language: a right-to-left name (Persian,
    Arabic) never reorders the figures around it."""
    return f"{FIRST_STRONG_ISOLATE}{name}{POP_ISOLATE}"


def describe_game(summary: GameSummary) -> str:
    """One line a scorekeeper recognises: who, the score, how it ended, when."""
    score = " – ".join(
        fill(_("{side} {total}"), side=isolated(side), total=total)
        for side, total in zip(summary.sides, summary.totals, strict=False)
    )
    if summary.winner == "tie":
        state = _("tied")
    elif summary.winner:
        state = fill(_("won by {side}"), side=isolated(summary.sides["ABC".index(summary.winner)]))
    else:
        state = ngettext(
            "in play, {count} hand", "in play, {count} hands", summary.hand_count
        ).format(count=summary.hand_count)
    # Not ``fill``: its isolate would lay the score out left to right whatever the
    # language (no strong letter in it outside the names' own isolates). The names in it
    # are isolated already, so the score follows the line's direction (from the right in
    # Persian); the state is set apart, so its words never turn the date's digits around.
    return _("#{id}  {score}  ({state})  {started_at:%Y-%m-%d %H:%M}").format(
        id=summary.id,
        score=score,
        state=isolate(state),
        started_at=summary.started_at,
    )


class OpenGameDialog(QDialog):
    """The stored games, newest first; type to narrow them; Enter or double-click opens one."""

    def __init__(self, games: Sequence[GameSummary], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Open game"))
        self.resize(600, 440)
        self.search = named(QLineEdit(self), "search")
        self.search.setPlaceholderText(_("Search by team, score or date (2026-12-01)"))
        self.search.setClearButtonEnabled(True)
        # The list runs the language's way (from the right in Persian); each name in a line
        # is isolated, so a name in another script never reorders the figures around it.
        self._list = named(QListWidget(self), "games")
        for summary in games:
            item = QListWidgetItem(figures(describe_game(summary)))
            item.setData(Qt.ItemDataRole.UserRole, summary.id)
            self._list.addItem(item)
        self._list.setCurrentRow(0)  # none while there are no games
        self._list.itemActivated.connect(lambda _item: self.accept())
        self.search.textChanged.connect(self._narrow)
        self.search.returnPressed.connect(self._open_first)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self._open = buttons.button(QDialogButtonBox.StandardButton.Open)
        self._open.setEnabled(bool(games))
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self._list)
        layout.addWidget(buttons)
        self.search.setFocus()

    def game_id(self) -> int | None:
        item = self._list.currentItem()
        if item is None or item.isHidden():
            return None
        return int(item.data(Qt.ItemDataRole.UserRole))

    def shown(self) -> list[str]:
        """The lines left in the list by the search."""
        items = (self._list.item(row) for row in range(self._list.count()))
        return [item.text() for item in items if not item.isHidden()]

    def _narrow(self, text: str) -> None:
        # A line is searched as names are compared: the isolates, case and width ignored.
        # Either kind of digit finds a date or a score written in the other ("۲۰۲۶", "2026").
        words = latin_digits(name_key(text)).split()
        first: QListWidgetItem | None = None
        for row in range(self._list.count()):
            item = self._list.item(row)
            line = latin_digits(name_key(item.text()))
            item.setHidden(not all(word in line for word in words))
            if first is None and not item.isHidden():
                first = item
        current = self._list.currentItem()
        if first is None:
            self._list.setCurrentRow(-1)
        elif current is None or current.isHidden():
            self._list.setCurrentItem(first)
        self._open.setEnabled(first is not None)

    def _open_first(self) -> None:
        if self.game_id() is not None:
            self.accept()
