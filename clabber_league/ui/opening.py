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
quick_check``, in SQLite, alongside). Until both are done and the check
found nothing wrong, the window holds every change ("the database is still
being checked", ``store.glance``), so a damaged database is never written
to; a damaged one is offered its newest good backup (``ui.damaged``) as
before, and only then does the window take the database.

When the look finds anything wrong with the file, nothing is shown first:
the store opens it before the window, and says what is wrong in the words
it always used.

``CLABBER_LEAGUE_START_MARKS`` (for ``make bench``) prints ``painted`` when
the first frame is on screen and ``ready`` when the database is open and
checked, after ``blocked MS``: the longest the GUI thread left a 5 ms timer
waiting in between. Set to ``painted`` or ``ready``, the app also quits there.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from clabber_league.store.backup import Stop, damage_of
from clabber_league.store.errors import StoreError
from clabber_league.store.glance import take_glance
from clabber_league.store.paths import sqlite_file
from clabber_league.ui.league.workers import Progress, Task
from clabber_league.ui.main_window import LAST_GAME_KEY, MainWindow

if TYPE_CHECKING:
    from clabber_league.store import Database

MARKS_ENV = "CLABBER_LEAGUE_START_MARKS"
TAKEN_WITH_THE_DATABASE = ("clabber_league.store.games",)
"""What the window's store imports as it takes the database (SQLModel's tables): imported
by the worker, so the GUI thread does not stop for them. Only modules without Qt classes:
creating a PySide6 widget class off the GUI thread can crash the app."""


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
    ticks = Ticks(window) if os.environ.get(MARKS_ENV) else None
    _Opening(window, location, ticks)


class _Opening(QObject):
    """The database opened and checked on worker threads, then taken by the window."""

    def __init__(self, window: MainWindow, location: str | None, ticks: Ticks | None) -> None:
        super().__init__(window)
        self._window = window
        self._location = location
        self._path = sqlite_file(location)
        self._ticks = ticks
        self._stop = Stop()
        self._opening: Task | None = None
        self._checking: Task | None = None
        self._waiting: set[Task] = set()
        app = QApplication.instance()
        assert app is not None
        app.aboutToQuit.connect(self._quitting)
        self._start()

    def _start(self) -> None:
        """Open the database and check the file, both at once (again after a restore)."""
        location, path, stop = self._location, self._path, self._stop

        def open_store(_progress: Progress) -> Database:
            from clabber_league.store import Database  # noqa: PLC0415 -- loads SQLAlchemy

            database = Database.open(location)
            for name in TAKEN_WITH_THE_DATABASE:
                importlib.import_module(name)
            from sqlalchemy.orm import configure_mappers  # noqa: PLC0415

            configure_mappers()  # else done by the window's first query
            return database

        def check(_progress: Progress) -> str | None:
            assert path is not None
            return damage_of(path, stop)

        self._opening = Task(open_store, self)
        # A file the store is about to make has nothing to check.
        exists = path is not None and path.exists()
        self._checking = Task(check, self) if exists else None
        self._waiting = {task for task in (self._opening, self._checking) if task is not None}
        for task in self._waiting:
            task.finished.connect(lambda task=task: self._finished(task))
            task.start()

    def _finished(self, task: Task) -> None:
        self._waiting.discard(task)
        task.deleteLater()
        if not self._waiting:
            self._settle()

    def _settle(self) -> None:
        """Both are done: the window takes the database, or the user is asked."""
        opening, checking = self._opening, self._checking
        assert opening is not None
        if isinstance(opening.error, StoreError):
            self._cannot_open(opening.error)
            return
        if opening.error is not None:
            raise opening.error
        database: Database = opening.result  # type: ignore[assignment]
        if checking is not None and checking.error is not None:
            database.close()
            raise checking.error
        problem = checking.result if checking is not None else None
        if isinstance(problem, str):
            from clabber_league.ui.damaged import offer_restore_of_damaged  # noqa: PLC0415

            assert self._path is not None
            if offer_restore_of_damaged(self._path, problem, self._window, before=database.close):
                self._start()  # the backup, in place: opened and checked as any file
                return
        self._window.finish_opening(database)
        if self._ticks is not None:
            print(f"blocked {self._ticks.longest_ms():.1f}", flush=True, file=sys.stdout)
        self._done()
        _mark("ready")

    def _cannot_open(self, error: StoreError) -> None:
        from clabber_league.ui.damaged import restored_after  # noqa: PLC0415

        if restored_after(error, self._path, self._window):
            self._start()
            return
        from clabber_league.commands.common import EXIT_BAD_INPUT  # noqa: PLC0415

        self._done()
        self._window.close()
        QApplication.exit(EXIT_BAD_INPUT)

    def _done(self) -> None:
        app = QApplication.instance()
        assert app is not None
        app.aboutToQuit.disconnect(self._quitting)
        self.deleteLater()

    def _quitting(self) -> None:
        """The app quits before the database is open: stop the check, let the workers end."""
        self._stop.stop()
        for task in (self._opening, self._checking):
            if task is not None:
                task.wait()


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
