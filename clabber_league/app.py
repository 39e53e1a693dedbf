"""Builds the QApplication and the main window, for the desktop and for screenshots."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QFileOpenEvent, QIcon
from PySide6.QtWidgets import QApplication, QWidget

from clabber_league import APP_ID, APP_NAME, __version__, cli, logs
from clabber_league.commands.common import EXIT_BAD_INPUT, EXIT_OK, CommandInputError
from clabber_league.file_types import FileKind, kind_of
from clabber_league.i18n import _, said, said_error
from clabber_league.i18n.prebuilt import NotBuiltError
from clabber_league.resources import resource
from clabber_league.rules import ClabberError
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.paths import user_path
from clabber_league.ui import crash
from clabber_league.ui.damaged import check_in_background, open_for_window
from clabber_league.ui.fonts import register_fonts
from clabber_league.ui.language import apply_language, window_language
from clabber_league.ui.main_window import MainWindow, game_from_file
from clabber_league.ui.qt_messages import forward_qt_messages

MARKS_ENV = "CLABBER_LEAGUE_START_MARKS"
"""Set (for ``make bench``), the app prints ``painted`` once the window's first frame is
on screen; set to ``painted``, it also quits there."""
WINDOW_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def _qt_application() -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    forward_qt_messages()  # before the application, whose making may warn already
    app = QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName(APP_NAME)
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(_window_icon(QIcon()))

    register_fonts()  # Hangul, Persian and Cyrillic names in the window, not only on paper
    return app


def _window_icon(icon: QIcon) -> QIcon:
    """The icon from its drawn PNG sizes (``installer/icons.py``), each read when a size is
    first shown: the SVG would load Qt's SVG engine (1.5 MB, a millisecond) before the
    first frame, and the sizes drawn from it look the same."""
    for size in WINDOW_ICON_SIZES:
        icon.addFile(str(resource("icons", f"{APP_ID}-{size}.png")))
    return icon


def run(
    db: str | None = None,
    lang: str | None = None,
    game_id: int | None = None,
    file: str | None = None,
) -> int:
    """Open the database, then the window on the last game (or on ``game_id``), and run
    until it closes.

    A file that cannot be opened is explained, and a damaged one offered its newest good
    backup, before the window shows. The check of the whole file (``PRAGMA
    quick_check``: two seconds for 300,000 games) runs once the window is painted, off
    the GUI thread (``ui.damaged.check_in_background``), so that the start does not grow
    with the league.

    ``file`` is a file given on the command line (the file manager's "Open with"): a
    league file is the window's database, as ``--db`` is; a game file is imported into
    the league once the window shows.

    While the window is open, an error nobody expected is logged and shown in the crash
    dialog (``ui.crash``).
    """

    logs.keep_faults()
    app = _qt_application()
    uninstall = crash.install()
    try:
        return _run_window(app, db, lang, game_id, file)
    finally:
        uninstall()


def _run_window(
    app: QApplication, db: str | None, lang: str | None, game_id: int | None, file: str | None
) -> int:
    try:
        apply_language(*window_language(lang, QSettings()))
    except NotBuiltError as exc:  # a checkout never installed: the fix, in one line
        print(f"{APP_ID}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if file is not None:
        path = user_path(file)
        if not path.exists():
            print(
                _("{path} is not there (moved, renamed or deleted?).").format(path=path),
                file=sys.stderr,
            )
            return EXIT_BAD_INPUT
        if kind_of(path) is FileKind.LEAGUE:
            db, file = str(path), None
    database = open_for_window(db)
    if database is None:
        print(
            _("{app_name} could not open its database").format(app_name=APP_NAME), file=sys.stderr
        )
        return EXIT_BAD_INPUT
    window = MainWindow(database)
    if game_id is None:
        window.reopen_last()
    else:
        window.open_stored(game_id)
    window.show()
    if file is not None:
        window.open_path(file)
    app.installEventFilter(FilesFromDesktop(app))
    window.installEventFilter(_FirstPaint(window, lambda: _painted(window)))
    try:
        return QApplication.exec()
    finally:
        if window.database is not None:
            window.database.close()


class FilesFromDesktop(QObject):
    """Files the desktop sends the running app: the macOS Finder (a league or game file
    double-clicked, or dropped on the Dock icon) sends a ``QFileOpenEvent`` to the
    application, not an argument. Each goes to the window shown, as a drop does."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 -- Qt's name
        if event.type() != QEvent.Type.FileOpen or not isinstance(event, QFileOpenEvent):
            return False
        window = _shown_window()
        if window is None:
            return False
        path = event.file()
        # On the event loop's next turn: a dialog from inside the event would answer the
        # Finder only once it is closed.
        QTimer.singleShot(0, lambda: window.open_path(path))
        return True


def _shown_window() -> MainWindow | None:
    """The window shown now (Preferences builds it again in a new language)."""
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow) and widget.isVisible():
            return widget
    return None


def _painted(window: MainWindow) -> None:
    """The first frame is on screen: the file is checked, and the benchmark told."""

    wanted = os.environ.get(MARKS_ENV)
    if wanted:
        print("painted", flush=True, file=sys.stdout)
        if wanted == "painted":
            QApplication.quit()
            return
    check_in_background(window, window)


class _FirstPaint(QObject):
    """Runs ``then`` once the widget it filters has been painted for the first time (on the
    event loop's next turn, so the frame is on screen first)."""

    def __init__(self, widget: QWidget, then: Callable[[], object]) -> None:
        super().__init__(widget)
        self._then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 -- Qt's name
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)
            self.deleteLater()
        return False


def screenshot(
    out: str, game_file: str | None, db: str | None = None, lang: str | None = None
) -> int:
    """Render the window offscreen to a PNG: the game file, else the last stored game."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    _qt_application()
    apply_language(*window_language(lang, QSettings()))
    try:
        if game_file:
            window = MainWindow(None)
            window.show_recorder(game_from_file(game_file))
        else:
            window = MainWindow(Database.open(db))
            window.reopen_last()
    except CommandInputError as exc:
        print("\n".join(said(line) for line in exc.lines), file=sys.stderr)
        return EXIT_BAD_INPUT
    except (ClabberError, StoreError) as exc:
        print(said_error(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    window.resize(1100, 760)
    window.show()

    QApplication.processEvents()
    if not window.grab().save(out):
        print(_("cannot write {path}").format(path=out), file=sys.stderr)
        return EXIT_BAD_INPUT
    window.close()
    return EXIT_OK


def main() -> None:
    """Entry point of the ``clabber-league-gui`` launcher: the same front door as
    ``clabber-league`` (``cli.main``), so that ``clabber-league-gui FILE`` opens the file
    as the Windows program (``clabber-league-gui.exe``, the same script) does."""
    sys.exit(cli.main())
