"""Builds the QApplication and the main window, for the desktop and for screenshots."""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from clabber_league import APP_ID, APP_NAME, __version__
from clabber_league.i18n import _, said, said_error
from clabber_league.resources import resource

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon

BEFORE_QT = ("clabber_league.store.glance", "clabber_league.i18n.words", "clabber_league.seating")
"""The first frame's modules without Qt in them (the rules, the look at the file), imported
before PySide6: it reads the source of every module imported after it (to see whether it
asks for a ``__feature__``), which takes time, and keeps it in memory."""
WINDOW_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def _qt_application(argv: Sequence[str] | None = None) -> object:
    from PySide6.QtGui import QIcon  # noqa: PLC0415 -- after QT_QPA_PLATFORM is set
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(list(argv if argv is not None else sys.argv[:1]))
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName(APP_NAME)
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(_window_icon(QIcon()))
    from clabber_league.ui.fonts import register_fonts  # noqa: PLC0415

    register_fonts()  # Hangul, Persian and Cyrillic names in the window, not only on paper
    return app


def _window_icon(icon: QIcon) -> QIcon:
    """The icon from its drawn PNG sizes (``installer/icons.py``), each read when a size is
    first shown: the SVG would load Qt's SVG engine (1.5 MB, a millisecond) before the
    first frame, and the sizes drawn from it look the same."""
    for size in WINDOW_ICON_SIZES:
        icon.addFile(str(resource("icons", f"{APP_ID}-{size}.png")))
    return icon


def _speak(requested: str | None) -> None:
    """The window's language (``--lang``, ``CLABBER_LEAGUE_LANG``, Preferences, the system's)
    in the app and in Qt's own dialogs, and its direction."""
    from PySide6.QtCore import QSettings  # noqa: PLC0415

    from clabber_league.ui.language import apply_language, window_language  # noqa: PLC0415

    apply_language(window_language(requested, QSettings()))


def run(db: str | None = None, lang: str | None = None) -> int:
    """Open the window on the last game, then its database, and run until it closes.

    The last game is painted from a light look at the file before the store
    is loaded (``ui.opening``); only a file with something wrong with it is
    opened (and explained) before the window shows.

    Until the window has its database, Python's cycle collector rests: the
    start allocates a great deal and frees little, and the collector would
    walk the same objects again and again (a twentieth of the time to the
    first frame; after it, a full collection in the worker loading the store
    would hold the GUI thread for 20 ms). Then everything the start made is
    set aside (``gc.freeze``), so the first collection does not walk it all.
    """
    gc.disable()
    for name in BEFORE_QT:
        importlib.import_module(name)
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from clabber_league.ui.opening import open_window  # noqa: PLC0415

    _qt_application()
    _speak(lang)
    window = open_window(db, ready=_collect_again)
    if window is None:
        _collect_again()
        from clabber_league.commands.common import EXIT_BAD_INPUT  # noqa: PLC0415

        print(
            _("{app_name} could not open its database").format(app_name=APP_NAME), file=sys.stderr
        )
        return EXIT_BAD_INPUT
    try:
        return QApplication.exec()
    finally:
        if window.database is not None:
            window.database.close()


def _collect_again() -> None:
    """The cycle collector back at work, past what the start made (see ``run``)."""
    gc.freeze()
    gc.enable()


def screenshot(
    out: str, game_file: str | None, db: str | None = None, lang: str | None = None
) -> int:
    """Render the window offscreen to a PNG: the game file, else the last stored game."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from clabber_league.commands.common import (  # noqa: PLC0415
        EXIT_BAD_INPUT,
        EXIT_OK,
        CommandInputError,
        messages_of,
    )
    from clabber_league.rules import ClabberError  # noqa: PLC0415
    from clabber_league.store.database import Database  # noqa: PLC0415
    from clabber_league.store.errors import StoreError  # noqa: PLC0415
    from clabber_league.ui.main_window import MainWindow, game_from_file  # noqa: PLC0415

    _qt_application()
    _speak(lang)
    _quiet_offscreen_plugin()
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
    except ClabberError as exc:
        print("\n".join(messages_of(exc)), file=sys.stderr)
        return EXIT_BAD_INPUT
    except StoreError as exc:
        print(said_error(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    window.resize(1100, 760)
    window.show()
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    QApplication.processEvents()
    if not window.grab().save(out):
        print(_("cannot write {path}").format(path=out), file=sys.stderr)
        return EXIT_BAD_INPUT
    window.close()
    return EXIT_OK


def _quiet_offscreen_plugin() -> None:
    """The offscreen plugin warns on every show() that it cannot propagate size hints;
    a screenshot run should print nothing but real problems."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler  # noqa: PLC0415

    previous = None

    def handler(kind: QtMsgType, context: object, message: str) -> None:
        if "propagateSizeHints" in message:
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            print(message, file=sys.stderr)

    previous = qInstallMessageHandler(handler)


def main() -> None:
    """Entry point of the ``clabber-league-gui`` launcher."""
    sys.exit(run())
