"""Builds the QApplication and the main window."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtWidgets import QApplication

from clabber_league import APP_ID, APP_NAME, __version__
from clabber_league.ui.main_window import MainWindow


def application(argv: Sequence[str] | None = None) -> QApplication:
    """The one QApplication, created on first use with the app's identity."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(list(argv if argv is not None else sys.argv[:1]))
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName(APP_NAME)
    app.setDesktopFileName(APP_ID)
    return app


def run() -> int:
    """Open the main window and run until it closes."""
    app = application()
    window = MainWindow()
    window.show()
    return app.exec()


def main() -> None:
    """Entry point of the ``clabber-league-gui`` launcher."""
    sys.exit(run())
