"""The line over the sheet: the game's heading, then its state, sharing the room fairly.

Both are elided labels ("…", whole in the tooltip). A box layout short of room
squeezes its stretching item first, so the heading shrank to "Th…" while a
long state ("hand 1, A1 (The Westside Jack-Nine Social Club of Evansville)
deals") stood whole; given equal stretch, a short state took half the line
it did not need. Here the state has what it asks for, up to half the line,
and the heading the rest; the state follows the heading straight on, so no gap
opens at the dash between them (the room left over stays after both).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QWidget

from clabber_league.ui.widgets.item_layout import ItemsLayout


class HeadingRow(ItemsLayout):
    """Two widgets side by side from the reading edge: the second takes its size hint but
    at most half the room, straight after the first; the first takes the rest it needs."""

    def __init__(self, first: QWidget, second: QWidget) -> None:
        super().__init__()
        self.addWidget(first)
        self.addWidget(second)

    def sizeHint(self) -> QSize:  # noqa: N802 -- Qt's name
        return self._joined([item.sizeHint() for item in self._items])

    def minimumSize(self) -> QSize:  # noqa: N802 -- Qt's name
        return self._joined([item.minimumSize() for item in self._items])

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 -- Qt's name
        super().setGeometry(rect)
        first, second = self._items
        room = rect.marginsRemoved(self.contentsMargins())
        share = (room.width() - self.gap()) // 2
        width = max(min(second.sizeHint().width(), share), second.minimumSize().width())
        rest = min(first.sizeHint().width(), max(0, room.width() - self.gap() - width))
        self.put(first, room, QRect(room.x(), room.y(), rest, room.height()))
        after = room.x() + rest + self.gap()
        self.put(second, room, QRect(after, room.y(), width, room.height()))

    def _joined(self, sizes: list[QSize]) -> QSize:
        margins = self.contentsMargins()
        width = sum(size.width() for size in sizes) + self.gap() * max(0, len(sizes) - 1)
        height = max((size.height() for size in sizes), default=0)
        return QSize(
            width + margins.left() + margins.right(), height + margins.top() + margins.bottom()
        )
