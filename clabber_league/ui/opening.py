"""Opening the window: the last game on screen first, the database just after.

Loading the store (SQLAlchemy, SQLModel), checking the file and building the
league panel take several times as long as showing a window, and the
scorekeeper wants the sheet. So the window is first shown with the last
game as a light look at the file found it (``store.glance``: plain
``sqlite3``, read-only), and only after that first frame is painted does
the store open the database as it always did (checked, migrated, a damaged
file offered its backup) and the window take it (``finish_opening``).

When the look finds anything wrong with the file, nothing is shown first:
the store opens it before the window, and says what is wrong in the words
it always used.

``CLABBER_LEAGUE_START_MARKS`` (for ``make bench``) prints ``painted`` when
the first frame is on screen and ``ready`` when the database is open;
set to ``painted`` or ``ready``, the app also quits there.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from clabber_league.store.glance import take_glance
from clabber_league.ui.main_window import LAST_GAME_KEY, MainWindow

MARKS_ENV = "CLABBER_LEAGUE_START_MARKS"


def open_window(location: str | None, settings: QSettings | None = None) -> MainWindow | None:
    """The window, shown; ``None`` (after saying why) when the database cannot be opened."""
    settings = settings if settings is not None else QSettings()
    glance = take_glance(location, last_game_id(settings))
    if glance is None:
        return _open_checked_first(location, settings)
    window = MainWindow(settings=settings, opening=True)
    if glance.game is not None:
        window.show_recorder(glance.game)
    window.show()
    after_first_paint(window, lambda: _finish(window, location))
    return window


def last_game_id(settings: QSettings) -> int | None:
    """The game the scorekeeper left off at, as the settings keep it."""
    try:
        return int(str(settings.value(LAST_GAME_KEY)))
    except ValueError:
        return None  # no last game (or settings edited by hand)


def _open_checked_first(location: str | None, settings: QSettings) -> MainWindow | None:
    from clabber_league.ui.damaged import open_for_window  # noqa: PLC0415 -- loads the store

    database = open_for_window(location)
    if database is None:
        return None
    window = MainWindow(database, settings)
    window.reopen_last()
    window.show()
    after_first_paint(window, lambda: _mark("painted") or _mark("ready"))
    return window


def _finish(window: MainWindow, location: str | None) -> None:
    if _mark("painted") or not window.isVisible():
        return  # the benchmark's run is over, or the window was closed at once
    from clabber_league.ui.damaged import open_for_window  # noqa: PLC0415 -- loads the store

    database = open_for_window(location, window)
    if database is None:
        from clabber_league.commands.common import EXIT_BAD_INPUT  # noqa: PLC0415

        window.close()
        QApplication.exit(EXIT_BAD_INPUT)
        return
    window.finish_opening(database)
    _mark("ready")


def after_first_paint(widget: QWidget, then: Callable[[], object]) -> None:
    """Run ``then`` once ``widget`` has been painted for the first time (on the event loop's
    next turn, so the frame is on screen first)."""
    watcher = _FirstPaint(widget, then)
    widget.installEventFilter(watcher)


class _FirstPaint(QObject):
    def __init__(self, widget: QWidget, then: Callable[[], object]) -> None:
        super().__init__(widget)
        self._then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 -- Qt's name
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)
            self.deleteLater()
        return False


def _mark(stage: str) -> bool:
    """Print ``stage`` under ``CLABBER_LEAGUE_START_MARKS``; True when the app is to quit
    there (the benchmark's run is over)."""
    wanted = os.environ.get(MARKS_ENV)
    if not wanted:
        return False
    print(stage, flush=True, file=sys.stdout)
    if wanted != stage:
        return False
    QTimer.singleShot(0, QApplication.quit)
    return True
