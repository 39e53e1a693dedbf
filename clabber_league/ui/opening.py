"""Opening the window: the last game on screen first, the database just after.

Loading the store (SQLAlchemy, SQLModel), checking the file and building the
league panel take several times as long as showing a window, and the
scorekeeper wants the sheet. So the window is first shown with the last
game as a light look at the file found it (``store.glance``: plain
``sqlite3``, read-only), and only after that first frame is painted does
the store open the database as it always did (migrated, a damaged file
offered its backup) and the window take it (``finish_opening``).

That work is done off the GUI thread, so the window answers throughout
(about 2.5 s for a tenth season's 300,000 games): one worker loads the
store and opens the database, another checks the file (``PRAGMA
quick_check``, in SQLite, alongside; ``ui.store_opening``). Until both are
done and the check found nothing wrong, the window holds every change ("the
database is still being checked", ``store.glance``), so a damaged database
is never written to; a damaged one is offered its newest good backup
(``ui.damaged``) as before, and only then does the window take the database.

Every module imported before the first frame delays it (and PySide6 makes
the Python enums of each Qt class as it is first used), so this module and
those it loads before the paint import only what the sheet of the last game
needs; the rest is imported where it is first used, after the frame.

When the look finds anything wrong with the file, nothing is shown first:
the store opens it before the window, and says what is wrong in the words
it always used.

``CLABBER_LEAGUE_START_MARKS`` (for ``make bench``) prints ``painted`` when
the first frame is on screen and ``ready`` when the database is open and
checked, after ``blocked MS``: the longest the GUI thread left a 5 ms timer
waiting in between. Set to ``painted`` or ``ready``, the app also quits there.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from clabber_league.store.glance import take_glance
from clabber_league.ui.main_window import LAST_GAME_KEY, MainWindow

MARKS_ENV = "CLABBER_LEAGUE_START_MARKS"


def open_window(
    location: str | None,
    settings: QSettings | None = None,
    ready: Callable[[], object] = lambda: None,
) -> MainWindow | None:
    """The window, shown; ``None`` (after saying why) when the database cannot be opened.

    ``ready`` is called once the window has taken its database, after its first frame.
    """
    settings = settings if settings is not None else QSettings()
    glance = take_glance(location, last_game_id(settings))
    if glance is None:
        return _open_checked_first(location, settings, ready)
    window = MainWindow(settings=settings, opening=True)
    if glance.game is not None:
        window.show_recorder(glance.game)
    window.show()
    after_first_paint(window, lambda: _finish(window, location, ready))
    return window


def last_game_id(settings: QSettings) -> int | None:
    """The game the scorekeeper left off at, as the settings keep it."""
    try:
        return int(str(settings.value(LAST_GAME_KEY)))
    except ValueError:
        return None  # no last game (or settings edited by hand)


def _open_checked_first(
    location: str | None, settings: QSettings, ready: Callable[[], object]
) -> MainWindow | None:
    from clabber_league.ui.damaged import open_for_window  # noqa: PLC0415 -- loads the store

    database = open_for_window(location)
    if database is None:
        return None
    window = MainWindow(database, settings)
    window.reopen_last()
    window.show()

    def painted() -> None:
        if not _mark("painted"):
            ready()
            _mark("ready")

    after_first_paint(window, painted)
    return window


def _finish(window: MainWindow, location: str | None, then: Callable[[], object]) -> None:
    if _mark("painted") or not window.isVisible():
        return  # the benchmark's run is over, or the window was closed at once
    from clabber_league.ui.store_opening import StoreOpening  # noqa: PLC0415 -- after the frame

    ticks = Ticks(window) if os.environ.get(MARKS_ENV) else None

    def ready() -> None:
        if ticks is not None:
            print(f"blocked {ticks.longest_ms():.1f}", flush=True, file=sys.stdout)
        then()
        _mark("ready")

    StoreOpening(window, location, ready)


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


class Ticks(QObject):
    """A 5 ms timer that keeps the longest wait between its ticks: how long the GUI thread
    was busy at a stretch (for ``make bench``)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._last = time.perf_counter()
        self._longest = 0.0
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._tick)
        self._timer.start(5)

    def _tick(self) -> None:
        now = time.perf_counter()
        self._longest = max(self._longest, now - self._last)
        self._last = now

    def longest_ms(self) -> float:
        """The longest wait so far, the one under way included."""
        self._tick()
        return self._longest * 1e3


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
