"""The crash dialog: an error nobody expected is logged with its traceback and shown, with
*Copy details* and *Open log folder*; nothing is sent anywhere.

``install`` points ``sys.excepthook`` (which PySide also calls for an exception escaping
a Qt slot) and ``threading.excepthook`` here for the window's lifetime; a worker that
catches a bug hands it to ``show_bug`` (``ui.league.workers``). An error may arrive on
any thread: its details are written there, while the traceback is at hand, and reach
the dialog on the GUI thread by a queued signal. A burst of errors adds to the dialog
already open rather than stacking dialogs. The dialog is not modal: nothing waits for
it, neither the window nor a test.

Both hooks then call the hook they replaced: a terminal still gets Python's traceback,
and under pytest-qt its own hook still fails the test (qutebrowser ``crashsignal.py``
keeps the same chain).
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Callable
from types import TracebackType

from PySide6.QtCore import QObject, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from clabber_league import APP_NAME
from clabber_league.i18n import _, fill
from clabber_league.logs import log_dir
from clabber_league.ui.diagnostics import gather

LOG = logging.getLogger(__name__)
#: Between the details of errors that arrived while the dialog was open.
SEPARATOR = "\n" + "-" * 60 + "\n"


def details(error: BaseException) -> str:
    """What a bug report needs: the app's details (``ui.diagnostics``: versions, the
    language, the folders) and the traceback."""
    traceback_text = "".join(traceback.format_exception(error)).rstrip()
    return f"{gather().text()}\n{traceback_text}"


class CrashDialog(QDialog):
    """One plain sentence, the details, and what the user can do with them."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Unexpected error"))
        sentence = QLabel(
            fill(
                _(
                    "{app_name} met an error it did not expect: what you were doing may not "
                    "have been finished. The details are kept in the log folder too; "
                    "nothing was sent anywhere."
                ),
                app_name=APP_NAME,
            )
        )
        sentence.setTextFormat(Qt.TextFormat.PlainText)
        sentence.setWordWrap(True)
        self.details = QPlainTextEdit(text)
        self.details.setReadOnly(True)
        self.details.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = buttons.addButton(
            _("Copy details"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.folder_button = buttons.addButton(
            _("Open log folder"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.copy_button.clicked.connect(self.copy_details)
        self.folder_button.clicked.connect(open_log_folder)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(sentence)
        layout.addWidget(self.details)
        layout.addWidget(buttons)
        self.resize(720, 480)

    def add(self, text: str) -> None:
        """Another error while this one is shown: its details after the others'."""
        self.details.appendPlainText(SEPARATOR + text)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details.toPlainText())


def open_log_folder() -> None:
    """The log folder in the system's file manager."""
    QDesktopServices.openUrl(QUrl.fromLocalFile(str(log_dir())))


class _Crashes(QObject):
    """Lives on the GUI thread; ``arrived`` from any thread is shown there."""

    arrived = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.dialog: CrashDialog | None = None
        self.arrived.connect(self._show)

    @Slot(str)
    def _show(self, text: str) -> None:
        if self.dialog is not None:
            self.dialog.add(text)
            return
        self.dialog = CrashDialog(text)
        self.dialog.finished.connect(self._closed)
        self.dialog.show()

    @Slot()
    def _closed(self) -> None:
        """Closed: the next error opens a dialog of its own."""
        dialog, self.dialog = self.dialog, None
        if dialog is not None:
            dialog.deleteLater()


_crashes: _Crashes | None = None


def show_bug(error: BaseException) -> None:
    """Show an error that was already logged (a worker's) in the crash dialog, once
    ``install`` has set one up; from any thread."""
    if _crashes is not None:
        _crashes.arrived.emit(details(error))


def crashes_dialog() -> CrashDialog | None:
    """The crash dialog now open, if any (for the window's tests)."""
    return _crashes.dialog if _crashes is not None else None


def install() -> Callable[[], None]:
    """Log and show every uncaught exception from now on; call the result to put the
    previous hooks back (the window has closed). Call it on the GUI thread."""
    global _crashes  # noqa: PLW0603 -- one crash dialog for the process
    _crashes = _Crashes()
    previous, previous_thread = sys.excepthook, threading.excepthook

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            LOG.error("unexpected error", exc_info=(kind, error, tb))
            show_bug(error)
        previous(kind, error, tb)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None and not issubclass(args.exc_type, SystemExit):
            name = args.thread.name if args.thread is not None else "?"
            LOG.error(
                "unexpected error in thread %s",
                name,
                exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
            )
            show_bug(args.exc_value)
        previous_thread(args)

    sys.excepthook = hook
    threading.excepthook = thread_hook

    def uninstall() -> None:
        global _crashes  # noqa: PLW0603
        sys.excepthook, threading.excepthook = previous, previous_thread
        if _crashes is not None and _crashes.dialog is not None:
            _crashes.dialog.close()
        _crashes = None

    return uninstall
