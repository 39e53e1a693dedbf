"""The preview: Qt's PDF viewer shows the rendered bytes; Save PDF… and Print… use them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage, QPageSize
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrinter, QPrinterInfo
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from clabber_league.ui.printing import preview as preview_module
from clabber_league.ui.printing.documents import Printout
from clabber_league.ui.printing.preview import NO_PRINTER, PdfPreviewDialog

from .conftest import pages_of


class Complaints(list[tuple[str, str]]):
    """Every ``QMessageBox.warning`` the dialog would have shown."""

    def __call__(self, _parent: Any, title: str, message: str) -> None:
        self.append((title, message))


@pytest.fixture
def complaints(monkeypatch: pytest.MonkeyPatch) -> Complaints:
    said = Complaints()
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(said))
    return said


def save_as(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *_args: (str(path), ""))
    )


def test_the_preview_loads_the_rendered_pdf(preview: PdfPreviewDialog, pad: Printout) -> None:
    assert preview.document.status() == QPdfDocument.Status.Ready
    assert preview.document.pageCount() == len(pages_of(pad.pdf)) == 3
    assert preview.view.document() is preview.document
    assert preview.view.pageMode() == QPdfView.PageMode.MultiPage
    assert preview.view.zoomMode() == QPdfView.ZoomMode.FitToWidth
    assert preview.windowTitle() == "Print preview — 6 blank scoresheets"
    assert preview.page.maximum() == 3


def test_moving_through_the_pages(preview: PdfPreviewDialog) -> None:
    assert (preview.current_page(), preview.page.value()) == (0, 1)
    assert not preview.previous_button.isEnabled()
    preview.next_button.click()
    assert (preview.current_page(), preview.page.value()) == (1, 2)
    preview.page.setValue(3)
    assert preview.current_page() == 2
    assert not preview.next_button.isEnabled()
    preview.previous_button.click()
    assert preview.page.value() == 2


def test_zoom_choices(preview: PdfPreviewDialog) -> None:
    preview.zoom.setCurrentIndex(preview.zoom.findData("Whole page"))
    assert preview.view.zoomMode() == QPdfView.ZoomMode.FitInView
    preview.zoom.setCurrentIndex(preview.zoom.findData("150%"))
    assert preview.view.zoomMode() == QPdfView.ZoomMode.Custom
    assert preview.view.zoomFactor() == pytest.approx(1.5)
    preview.zoom.setCurrentIndex(preview.zoom.findData("Fit width"))
    assert preview.view.zoomMode() == QPdfView.ZoomMode.FitToWidth


def test_the_preview_draws_the_sheet(qtbot: QtBot, preview: PdfPreviewDialog) -> None:
    qtbot.wait(300)  # the view renders its pages a moment after it is shown
    image = preview.view.viewport().grab().toImage()
    assert ink(image) > 0.01


def ink(image: QImage) -> float:
    """The share of sampled pixels that are dark: ruled lines and words, not blank paper."""
    samples = [
        QColor(image.pixel(x, y)).lightness()
        for x in range(0, image.width(), 4)
        for y in range(0, image.height(), 4)
    ]
    return sum(1 for lightness in samples if lightness < 128) / len(samples)


def test_save_pdf_writes_the_same_bytes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, preview: PdfPreviewDialog, pad: Printout
) -> None:
    out = tmp_path / "pad.pdf"
    save_as(monkeypatch, out)
    preview.save_button.click()
    assert out.read_bytes() == pad.pdf
    assert preview.status.text() == f"Saved to {out}"


def test_save_pdf_adds_the_suffix_and_leaves_nothing_else(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, preview: PdfPreviewDialog, pad: Printout
) -> None:
    save_as(monkeypatch, tmp_path / "pad")
    assert preview.save_pdf()
    assert [path.name for path in tmp_path.iterdir()] == ["pad.pdf"]


def test_save_pdf_into_a_missing_folder_says_why(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    preview: PdfPreviewDialog,
    complaints: Complaints,
) -> None:
    save_as(monkeypatch, tmp_path / "gone" / "pad.pdf")
    assert not preview.save_pdf()
    ((title, message),) = complaints
    assert title == "The PDF was not saved"
    gone = tmp_path / "gone"
    assert message == f"cannot write {gone / 'pad.pdf'}: the folder {gone} does not exist"


def test_cancelling_the_save_dialog_writes_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, preview: PdfPreviewDialog
) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *_args: ("", "")))
    assert not preview.save_pdf()
    assert list(tmp_path.iterdir()) == []


def test_without_a_printer_print_says_so(
    monkeypatch: pytest.MonkeyPatch, preview: PdfPreviewDialog, complaints: Complaints
) -> None:
    monkeypatch.setattr(QPrinterInfo, "availablePrinters", staticmethod(list))
    preview.print_button.click()
    assert complaints == [("Nothing was printed", NO_PRINTER)]


class PrintToFile:
    """The print dialog as a user who picks "print to file", pages 2 to 3, would leave it."""

    out = Path()
    asked: dict[str, Any] = {}  # noqa: RUF012 -- one test at a time

    def __init__(self, printer: QPrinter, _parent: Any) -> None:
        self.printer = printer

    def setWindowTitle(self, title: str) -> None:  # noqa: N802 -- Qt's name
        self.asked["title"] = title

    def setMinMax(self, low: int, high: int) -> None:  # noqa: N802 -- Qt's name
        self.asked["pages"] = (low, high)

    def setOption(self, *_args: Any) -> None:  # noqa: N802 -- Qt's name
        pass

    def exec(self) -> QDialog.DialogCode:
        self.asked["paper"] = self.printer.pageLayout().pageSize().id()
        self.printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        self.printer.setOutputFileName(str(self.out))
        self.printer.setPrintRange(QPrinter.PrintRange.PageRange)
        self.printer.setFromTo(2, 3)
        return QDialog.DialogCode.Accepted


def test_print_sends_the_pages_chosen_in_the_print_dialog(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, preview: PdfPreviewDialog
) -> None:
    monkeypatch.setattr(QPrinterInfo, "availablePrinters", staticmethod(lambda: [QPrinterInfo()]))
    monkeypatch.setattr(preview_module, "QPrintDialog", PrintToFile)
    PrintToFile.out = tmp_path / "printed.pdf"
    assert preview.print_document()
    assert PrintToFile.asked["title"] == "Print 6 blank scoresheets"
    assert PrintToFile.asked["pages"] == (1, 3)
    assert PrintToFile.asked["paper"] == QPageSize.PageSizeId.Letter
    assert pages_of(PrintToFile.out) == [(612, 792), (612, 792)]
    assert preview.status.text() == "Sent 2 pages to the printer."


def test_ctrl_p_in_the_preview_prints(
    monkeypatch: pytest.MonkeyPatch, preview: PdfPreviewDialog, complaints: Complaints
) -> None:
    monkeypatch.setattr(QPrinterInfo, "availablePrinters", staticmethod(list))
    assert preview.print_action.shortcut().toString() == "Ctrl+P"
    assert preview.print_action in preview.actions()
    preview.print_action.trigger()
    assert complaints == [("Nothing was printed", NO_PRINTER)]
