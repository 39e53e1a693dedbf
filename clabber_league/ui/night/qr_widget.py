"""A link's QR code on screen, drawn from the same dark runs as the printed table cards
(``night.qr``): whole pixels per module, so a phone held up to the screen reads it."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from clabber_league.i18n import _
from clabber_league.night.qr import QUIET_ZONE, QrCode, qr_code

_INK = QColor("#000000")
_PAPER = QColor("#ffffff")


class QrWidget(QWidget):
    """The QR code of ``link``, with its quiet zone, as large as whole pixels allow."""

    def __init__(self, link: str, side: int = 180, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link = link
        self.code: QrCode = qr_code(link)
        # Never squeezed: two pixels a module at the very least, or a camera misses it.
        self.setFixedSize(QSize(1, 1) * max(side, 2 * self.code.size_with_quiet_zone))
        self.setAccessibleName(_("QR code of {link}").format(link=link))
        self.setToolTip(_("Scan with a phone's camera"))

    def module(self) -> int:
        """Pixels per module: the most whole pixels that fit."""
        return max(1, min(self.width(), self.height()) // self.code.size_with_quiet_zone)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 -- Qt's name
        module = self.module()
        whole = module * self.code.size_with_quiet_zone
        left = (self.width() - whole) // 2
        top = (self.height() - whole) // 2
        painter = QPainter(self)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.fillRect(QRect(left, top, whole, whole), _PAPER)
        origin_x, origin_y = left + QUIET_ZONE * module, top + QUIET_ZONE * module
        for row, column, length in self.code.runs:
            painter.fillRect(
                QRect(origin_x + column * module, origin_y + row * module, length * module, module),
                _INK,
            )
        painter.end()
