"""The database opened and checked after the window's first frame (``ui.opening``).

One worker loads the store and opens the database, another checks the file
(``PRAGMA quick_check``, in SQLite, alongside), so the window answers
throughout. Until both are done and the check found nothing wrong, the
window holds every change; a damaged file is offered its newest good backup
(``ui.damaged``), and only then does the window take the database. Nothing
here is imported before the first frame is painted.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from clabber_league.store.backup import Stop, damage_of
from clabber_league.store.errors import StoreError
from clabber_league.store.paths import sqlite_file
from clabber_league.ui.league.workers import Progress, Task

if TYPE_CHECKING:
    from clabber_league.store.database import Database
    from clabber_league.ui.main_window import MainWindow

TAKEN_WITH_THE_DATABASE = (
    "clabber_league.store.games",
    "clabber_league.store.league",
    "clabber_league.store.imports",
    "clabber_league.commands.league",
)
"""What the window imports as it takes the database (SQLModel's tables, what the league
panel reads with): imported by the worker, so the GUI thread does not stop for them. Only
modules without Qt classes: creating a PySide6 widget class off the GUI thread can crash
the app."""


class StoreOpening(QObject):
    """The database opened and checked on worker threads, then taken by the window."""

    def __init__(
        self, window: MainWindow, location: str | None, ready: Callable[[], object]
    ) -> None:
        """``ready`` is called once the window has taken the database."""
        super().__init__(window)
        self._window = window
        self._location = location
        self._path = sqlite_file(location)
        self._ready = ready
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
            from clabber_league.store.database import Database  # noqa: PLC0415 -- loads SQLAlchemy

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
        self._done()
        self._ready()

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
