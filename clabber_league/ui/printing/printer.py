"""Putting a rendered PDF on a printer: each page drawn as an image by Qt's own PDF engine.

Qt cannot hand a PDF to a printer as it is, so every page is rendered by
``QPdfDocument`` to an image at the printer's resolution and painted on the
``QPrinter`` (the way Qt's own PDF viewer example prints). The pages carry
their own margins, so the painter covers the whole sheet of paper
(``fullPage``) and each page image is fitted to it, centred.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter

from clabber_league.i18n import _, fill

MAX_DPI = 300
"""A 600 dpi Letter page image is 130 MB, 1200 dpi (a PDF printer's) half a gigabyte; beyond
300 dpi the ruled lines and figures of a sheet look no different on paper."""

#: ``on_page(printed, total)`` after each page; False means "stop: the user cancelled".
PageProgress = Callable[[int, int], bool]


class PrintError(Exception):
    """The printer refused (it could not start, or a page could not be added)."""


def match_paper(printer: QPrinter, document: QPdfDocument) -> None:
    """Offer the document's own paper (Letter or A4), portrait, before the print dialog."""
    size = document.pagePointSize(0)
    page_size = QPageSize(size, QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.FuzzyMatch)
    printer.setPageSize(page_size)
    printer.setPageOrientation(
        QPageLayout.Orientation.Landscape
        if size.width() > size.height()
        else QPageLayout.Orientation.Portrait
    )
    printer.setFullPage(True)


def chosen_pages(printer: QPrinter, page_count: int, current: int) -> list[int]:
    """The pages (from 0) the print dialog asked for: all, a range, or the page on screen."""
    match printer.printRange():
        case QPrinter.PrintRange.CurrentPage:
            return [current]
        case QPrinter.PrintRange.PageRange if printer.fromPage() > 0:
            last = min(printer.toPage() or page_count, page_count)
            return list(range(printer.fromPage() - 1, last))
        case _:
            return list(range(page_count))


def page_image(document: QPdfDocument, page: int, dpi: int) -> QImage:
    """Page ``page`` at ``dpi`` on white (the PDF engine leaves the background transparent)."""
    points = document.pagePointSize(page)
    size = QSize(round(points.width() / 72 * dpi), round(points.height() / 72 * dpi))
    image = QImage(size, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.drawImage(0, 0, document.render(page, size))
    painter.end()
    return image


def fitted(image: QSizeF, paper: QRectF) -> QRectF:
    """The largest rectangle of the image's shape inside the paper, centred on it."""
    scale = min(paper.width() / image.width(), paper.height() / image.height())
    width, height = image.width() * scale, image.height() * scale
    return QRectF(
        paper.x() + (paper.width() - width) / 2,
        paper.y() + (paper.height() - height) / 2,
        width,
        height,
    )


def print_pdf(
    document: QPdfDocument,
    printer: QPrinter,
    pages: Sequence[int] | None = None,
    on_page: PageProgress | None = None,
) -> int:
    """Paint ``pages`` (all by default) on ``printer``; returns how many were printed.

    Copies are the printer's business when it can make them, else the pages
    are sent that many times. ``on_page`` returning False aborts the print
    job; when it was printing to a file, the half-printed file is removed.
    ``PrintError`` when the printer will not start or take another page.
    """
    chosen = list(range(document.pageCount())) if pages is None else list(pages)
    copies = 1 if printer.supportsMultipleCopies() else max(1, printer.copyCount())
    sequence = chosen * copies
    dpi = max(72, min(printer.resolution(), MAX_DPI))
    printer.setFullPage(True)
    painter = QPainter()
    if not painter.begin(printer):
        raise PrintError(_("the printer could not be started"))
    printed = 0
    cancelled = False
    try:
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        for page in sequence:
            if printed and not printer.newPage():
                raise PrintError(
                    fill(_("the printer would not take page {page}"), page=printed + 1)
                )
            image = page_image(document, page, dpi)
            paper = QRectF(painter.viewport())
            painter.drawImage(fitted(QSizeF(image.size()), paper), image)
            printed += 1
            if on_page is not None and not on_page(printed, len(sequence)):
                cancelled = True
                printer.abort()
                break
    finally:
        painter.end()
    if cancelled and printer.outputFileName():
        # Qt's PDF engine cannot abort: it has written the pages so far.
        Path(printer.outputFileName()).unlink(missing_ok=True)
    return printed
