"""A row of widgets that wraps onto more lines when its width is short.

The league panel's buttons ("Add team…", "Import rosters…", and longer in
Russian) stood in fixed rows of three, and a row of buttons can be no
narrower than its buttons side by side: the dock, and with it the window,
could not be made narrow. Here each widget keeps its own width and the row
breaks where the room ends, from the reading edge (the right one in Persian),
so the narrowest the row gets is its widest widget.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize

from clabber_league.ui.widgets.item_layout import ItemsLayout


class FlowLayout(ItemsLayout):
    """Widgets side by side from the reading edge, wrapped onto another line when the next
    one does not fit; the line's spare room is left after them."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 -- Qt's name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 -- Qt's name
        return self._place(QRect(0, 0, width, 0), move=False)

    def sizeHint(self) -> QSize:  # noqa: N802 -- Qt's name
        """No wider than the widest widget: the row asks for no width of its own, it takes
        what the panel has (``heightForWidth`` says how many lines that makes)."""
        tallest = max((item.sizeHint().height() for item in self.shown()), default=0)
        return self.minimumSize().expandedTo(QSize(0, tallest))

    def minimumSize(self) -> QSize:  # noqa: N802 -- Qt's name
        """The widest widget: the rest wraps under it."""
        size = QSize()
        for item in self.shown():
            size = size.expandedTo(item.minimumSize())
        return size.grownBy(self.contentsMargins())

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 -- Qt's name
        super().setGeometry(rect)
        self._place(rect, move=True)

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the items out line by line in ``rect`` (moving them when ``move``); the
        height they take."""
        margins = self.contentsMargins()
        room = rect.marginsRemoved(margins)
        gap = self.gap()
        x, y, line = room.x(), room.y(), 0
        for item in self.shown():
            wanted = item.sizeHint()
            size = QSize(min(wanted.width(), room.width()), wanted.height())
            size = size.expandedTo(item.minimumSize())
            if x > room.x() and x + size.width() > room.right() + 1:
                x, y, line = room.x(), y + line + gap, 0
            if move:
                self.put(item, room, QRect(QPoint(x, y), size))
            x += size.width() + gap
            line = max(line, size.height())
        return y + line - rect.y() + margins.bottom()
