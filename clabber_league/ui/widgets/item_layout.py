"""What the window's own layouts share: a list of items, the style's spacing, the reading
direction (``FlowLayout``, ``HeadingRow``)."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QLayout, QLayoutItem, QStyle, QWidget


class ItemsLayout(QLayout):
    """A layout keeping its items in a list; subclasses place them (``setGeometry``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 -- Qt's name
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 -- Qt's name
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 -- Qt's name
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def gap(self) -> int:
        """The room between two items: the layout's spacing, else the style's."""
        spacing = self.spacing()
        if spacing >= 0:
            return spacing
        parent = self.parentWidget()
        style = parent.style() if parent is not None else QApplication.style()
        return style.pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing)

    def put(self, item: QLayoutItem, room: QRect, place: QRect) -> None:
        """Give ``item`` the ``place`` laid out from the left of ``room``, mirrored when the
        window reads from the right (Persian)."""
        parent = self.parentWidget()
        direction = (
            parent.layoutDirection() if parent is not None else QApplication.layoutDirection()
        )
        item.setGeometry(QStyle.visualRect(direction, room, place))

    def shown(self) -> list[QLayoutItem]:
        """The items that take room (a hidden widget does not)."""
        return [item for item in self._items if not item.isEmpty()]

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 -- Qt's name
        return Qt.Orientation(0)
