"""A label that never widens the window: a long name is cut short with "…" and a tooltip.

Team and player names are whatever the league calls them ("The Westside
Jack-Nine Social Club of Evansville"); a plain QLabel asks for the whole
name's width and makes the window that wide. This one asks for at most
``most`` pixels (when given), takes whatever width the layout can spare, and
shows the whole text in its tooltip whenever it had to cut it.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from clabber_league.ui.plain import shown

#: Room always kept: a letter or two and the ellipsis.
_LEAST = "Mm…"


class ElidedLabel(QLabel):
    """A one-line plain-text label that elides at the right end (the left end for
    right-to-left text) instead of growing."""

    def __init__(
        self, text: str = "", parent: QWidget | None = None, *, most: int | None = None
    ) -> None:
        super().__init__(parent)
        self._most = most
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 -- Qt's name
        super().setText(text)
        self.updateGeometry()
        self._follow_width()

    def elided(self) -> bool:
        """Whether the text is cut short at the label's width now."""
        return self.shown_text() != self.text()

    def shown_text(self) -> str:
        width = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, width)

    def sizeHint(self) -> QSize:  # noqa: N802 -- Qt's name
        hint = super().sizeHint()
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self.text()) + margins.left()
        width += margins.right() + 2
        if self._most is not None:
            width = min(width, self._most)
        return QSize(max(width, self.minimumSizeHint().width()), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 -- Qt's name
        hint = super().minimumSizeHint()
        least = self.fontMetrics().horizontalAdvance(_LEAST) if self.text() else 0
        return QSize(least, hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 -- Qt's name
        super().resizeEvent(event)
        self._follow_width()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 -- Qt's name
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            self.contentsRect(),
            int(self.alignment() | Qt.AlignmentFlag.AlignVCenter),
            self.palette(),
            self.isEnabled(),
            self.shown_text(),
            self.foregroundRole(),
        )
        painter.end()

    def _follow_width(self) -> None:
        """The whole text in the tooltip, but only while it is cut short."""
        self.setToolTip(shown(self.text()) if self.elided() else "")
