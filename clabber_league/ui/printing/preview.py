"""The print preview: the rendered PDF in Qt's own viewer, with Print… and Save PDF….

What is shown is the very PDF that is printed or saved (the same bytes),
so the preview cannot disagree with the paper or the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QPointF,
    QSignalBlocker,
    QStandardPaths,
    Qt,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QAbstractPrintDialog, QPrintDialog, QPrinter, QPrinterInfo
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import N_, _, fill, ngettext, said_error
from clabber_league.inputs import os_words
from clabber_league.outputs import OutputError, write_output
from clabber_league.ui.plain import shown
from clabber_league.ui.printing.documents import Printout
from clabber_league.ui.printing.printer import PrintError, chosen_pages, match_paper, print_pdf
from clabber_league.ui.widgets.layouts import named

FIT_WIDTH, WHOLE_PAGE = N_("Fit width"), N_("Whole page")
ZOOMS = (FIT_WIDTH, WHOLE_PAGE, "50%", "75%", "100%", "150%", "200%")
NO_PRINTER = N_(
    "No printer is set up on this computer. Save PDF… keeps the document as a file "
    "to print from another computer, or set up a printer and try again."
)


class PdfPreviewDialog(QDialog):
    """One printout, page by page: move through it, zoom, print it or save it."""

    def __init__(self, printout: Printout, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.printout = printout
        self.setWindowTitle(fill(_("Print preview — {title}"), title=printout.title))
        self.document = QPdfDocument(self)
        # The document reads the bytes as it needs them: the buffer lives as long as it does.
        self._buffer = QBuffer(self.document)
        self._buffer.setData(QByteArray(printout.pdf))
        self._buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        self.document.load(self._buffer)

        self.view = named(QPdfView(self), "pdf_view")
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setDocument(self.document)
        self.navigator = self.view.pageNavigator()
        self.previous_button = _tool_button("◀", _("Previous page"))
        self.next_button = _tool_button("▶", _("Next page"))
        self.page = named(QSpinBox(), "page")
        self.page.setRange(1, max(1, self.document.pageCount()))
        self.zoom = named(QComboBox(), "zoom")
        for zoom in ZOOMS:
            self.zoom.addItem(_(zoom), zoom)
        self.status = named(QLabel(), "preview_status")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.print_button = QPushButton(_("&Print…"))
        self.print_button.setDefault(True)
        # Ctrl+P again prints: the window's Ctrl+P opened this preview of the game.
        self.print_action = QAction(_("Print"), self)
        self.print_action.setShortcut(QKeySequence.StandardKey.Print)
        self.addAction(self.print_action)
        self.save_button = QPushButton(_("&Save PDF…"))

        layout = QVBoxLayout(self)
        layout.addLayout(self._toolbar())
        layout.addWidget(self.view, 1)
        layout.addLayout(self._footer())
        self._connect()
        self.set_zoom(FIT_WIDTH)
        self._page_shown(0)
        self.resize(860, 940)

    def _toolbar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        bar.addWidget(self.previous_button)
        bar.addWidget(QLabel(_("Page")))
        bar.addWidget(self.page)
        bar.addWidget(QLabel(fill(_("of {count}"), count=self.document.pageCount())))
        bar.addWidget(self.next_button)
        bar.addStretch(1)
        bar.addWidget(QLabel(_("Zoom")))
        bar.addWidget(self.zoom)
        return bar

    def _footer(self) -> QHBoxLayout:
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        footer = QHBoxLayout()
        footer.addWidget(self.status, 1)
        footer.addWidget(buttons)
        return footer

    def _connect(self) -> None:
        self.previous_button.clicked.connect(lambda: self.go_to(self.current_page() - 1))
        self.next_button.clicked.connect(lambda: self.go_to(self.current_page() + 1))
        self.page.valueChanged.connect(lambda number: self.go_to(number - 1))
        self.navigator.currentPageChanged.connect(self._page_shown)
        self.zoom.currentIndexChanged.connect(
            lambda index: self.set_zoom(str(self.zoom.itemData(index)))
        )
        self.print_button.clicked.connect(self.print_document)
        self.print_action.triggered.connect(self.print_document)
        self.save_button.clicked.connect(self.save_pdf)

    # ----------------------------------------------------------- the pages
    def current_page(self) -> int:
        """The page on screen, from 0."""
        return self.navigator.currentPage()

    def go_to(self, page: int) -> None:
        if 0 <= page < self.document.pageCount() and page != self.current_page():
            self.navigator.jump(page, QPointF(), self.navigator.currentZoom())

    def _page_shown(self, page: int) -> None:
        with QSignalBlocker(self.page):
            self.page.setValue(page + 1)
        self.previous_button.setEnabled(page > 0)
        self.next_button.setEnabled(page < self.document.pageCount() - 1)

    def set_zoom(self, choice: str) -> None:
        """Fit width (the sheet as wide as the window), the whole page, or a fixed size."""
        if choice == FIT_WIDTH:
            self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        elif choice == WHOLE_PAGE:
            self.view.setZoomMode(QPdfView.ZoomMode.FitInView)
        else:
            self.view.setZoomMode(QPdfView.ZoomMode.Custom)
            self.view.setZoomFactor(int(choice.rstrip("%")) / 100)

    # ------------------------------------------------------- print and save
    def print_document(self) -> bool:
        """Ask the print dialog where and what, then print with a progress bar; True if sent."""
        if not QPrinterInfo.availablePrinters():
            self._complain(_("Nothing was printed"), _(NO_PRINTER))
            return False
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self.printout.title)
        match_paper(printer, self.document)
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle(fill(_("Print {title}"), title=self.printout.title))
        dialog.setMinMax(1, self.document.pageCount())
        dialog.setOption(QAbstractPrintDialog.PrintDialogOption.PrintCurrentPage, True)
        dialog.setOption(QAbstractPrintDialog.PrintDialogOption.PrintPageRange, True)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.print_on(printer)

    def print_on(self, printer: QPrinter) -> bool:
        """Print the pages ``printer`` was set up for, Cancel stopping between pages."""
        pages = chosen_pages(printer, self.document.pageCount(), self.current_page())
        progress = QProgressDialog(_("Printing…"), _("Cancel"), 0, len(pages), self)
        progress.setWindowTitle(_("Printing"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)

        def on_page(printed: int, total: int) -> bool:
            # setValue lets a window-modal progress dialog handle its Cancel button.
            progress.setMaximum(total)
            progress.setValue(printed)
            progress.setLabelText(
                fill(_("Printing page {printed} of {total}…"), printed=printed, total=total)
            )
            return not progress.wasCanceled()

        try:
            printed = print_pdf(self.document, printer, pages, on_page)
        except PrintError as exc:
            self._complain(
                _("Nothing more was printed"), fill(_("The printer stopped: {exc}."), exc=exc)
            )
            return False
        finally:
            progress.hide()
            progress.deleteLater()
        pages_sent = ngettext("{count} page", "{count} pages", printed).format(count=printed)
        if progress.wasCanceled():
            self.status.setText(
                fill(_("Printing cancelled after {pages_sent}."), pages_sent=pages_sent)
            )
            return False
        self.status.setText(fill(_("Sent {pages_sent} to the printer."), pages_sent=pages_sent))
        return True

    def save_pdf(self) -> bool:
        """Save the previewed bytes as they are; True when saved."""
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation
        )
        suggested = str(Path(documents) / self.printout.file_name)
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Save the PDF"), suggested, _("PDF documents (*.pdf)")
        )
        if not path:
            return False
        return self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        if not path.suffix:
            path = path.with_suffix(".pdf")

        def write(stream: IO[bytes]) -> None:
            stream.write(self.printout.pdf)

        try:
            # The save dialog has asked before replacing a file: ``force`` still never
            # replaces a device, a folder or the open database.
            write_output(path, write, force=True)
        except OutputError as exc:
            self._complain(_("The PDF was not saved"), said_error(exc))
            return False
        except OSError as exc:
            self._complain(
                _("The PDF was not saved"),
                fill(_("Cannot write {path}: {exc}"), path=path, exc=os_words(exc)),
            )
            return False
        self.status.setText(fill(_("Saved to {path}"), path=path))
        return True

    def _complain(self, title: str, message: str) -> None:
        QMessageBox.warning(self, title, shown(message))


def _tool_button(text: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    return button
