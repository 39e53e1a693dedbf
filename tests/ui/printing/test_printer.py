"""Printing a PDF on a QPrinter: pages drawn as images at the printer's resolution."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, QSizeF
from PySide6.QtGui import QColor, QPageSize
from PySide6.QtPrintSupport import QPrinter

from clabber_league.ui.printing.preview import PdfPreviewDialog
from clabber_league.ui.printing.printer import (
    MAX_DPI,
    chosen_pages,
    fitted,
    match_paper,
    page_image,
    print_pdf,
)

from .conftest import pages_of


def pdf_printer(out: Path) -> QPrinter:
    """A printer writing a PDF file: what "print to file" in the print dialog sets up."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    return printer


def test_printing_to_a_pdf_file_prints_every_page(
    tmp_path: Path, preview: PdfPreviewDialog
) -> None:
    out = tmp_path / "printed.pdf"
    printer = pdf_printer(out)
    match_paper(printer, preview.document)
    assert print_pdf(preview.document, printer) == 3
    assert out.stat().st_size > 10_000
    assert pages_of(out) == [(612, 792)] * 3


def test_a_letter_document_is_offered_on_letter_paper(preview: PdfPreviewDialog) -> None:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    match_paper(printer, preview.document)
    assert printer.pageLayout().pageSize().id() == QPageSize.PageSizeId.Letter
    assert printer.fullPage()


def test_cancel_stops_between_pages_and_leaves_no_file(
    tmp_path: Path, preview: PdfPreviewDialog
) -> None:
    seen: list[tuple[int, int]] = []

    def on_page(printed: int, total: int) -> bool:
        seen.append((printed, total))
        return printed < 1

    assert print_pdf(preview.document, pdf_printer(tmp_path / "out.pdf"), None, on_page) == 1
    assert seen == [(1, 3)]
    assert list(tmp_path.iterdir()) == []  # no half-printed file


def test_copies_are_sent_again_when_the_printer_cannot_make_them(
    tmp_path: Path, preview: PdfPreviewDialog
) -> None:
    out = tmp_path / "copies.pdf"
    printer = pdf_printer(out)
    printer.setCopyCount(2)
    assert not printer.supportsMultipleCopies()
    assert print_pdf(preview.document, printer, [0]) == 2
    assert len(pages_of(out)) == 2


def test_pages_are_drawn_on_white_at_most_at_the_cap(preview: PdfPreviewDialog) -> None:
    image = page_image(preview.document, 0, MAX_DPI)
    assert (image.width(), image.height()) == (8.5 * MAX_DPI, 11 * MAX_DPI)
    assert QColor(image.pixel(2, 2)).name() == "#ffffff"


@pytest.mark.parametrize(
    ("printed_range", "from_to", "expected"),
    [
        (QPrinter.PrintRange.AllPages, (0, 0), [0, 1, 2]),
        (QPrinter.PrintRange.PageRange, (2, 3), [1, 2]),
        (QPrinter.PrintRange.PageRange, (3, 9), [2]),
        (QPrinter.PrintRange.CurrentPage, (0, 0), [1]),
    ],
)
def test_the_pages_chosen_in_the_print_dialog(
    printed_range: QPrinter.PrintRange, from_to: tuple[int, int], expected: list[int]
) -> None:
    printer = QPrinter()
    printer.setPrintRange(printed_range)
    printer.setFromTo(*from_to)
    assert chosen_pages(printer, 3, current=1) == expected


def test_a_page_is_fitted_to_the_paper_and_centred() -> None:
    letter_on_a4 = fitted(QSizeF(612, 792), QRectF(0, 0, 595, 842))
    assert letter_on_a4.width() == pytest.approx(595)
    assert letter_on_a4.height() == pytest.approx(792 * 595 / 612)
    assert letter_on_a4.center().y() == pytest.approx(421)
