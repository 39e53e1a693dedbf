"""The window's backups: made while it is open, off the GUI thread, so quitting is instant.

Copying and checking a database takes time in proportion to its size (about
2 s for a tenth season's 300,000 games), and a window that makes its copy
when it closes makes the scorekeeper wait for it. So the window keeps its
copies while it is open: a while after the last change (``IDLE_MS``, and
once after it opens, for changes a previous session left uncopied), on a
worker thread, by the same rules as every copy (only when the database
changed, checked before and after, rotated: ``store.backup``). At quit, a
copy under way is stopped (it keeps nothing) and a small database is still
copied if it changed — that takes a few milliseconds; a large one is copied
after the next start.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from clabber_league.store.backup import (
    ON_QUIT,
    WHILE_OPEN,
    BackupStoppedError,
    Stop,
    backup_if_changed,
)
from clabber_league.ui.league.workers import Task

IDLE_MS = 20_000
"""How long the database must be left alone before it is copied in the background."""
QUIT_COPY_BYTES = 1024 * 1024
"""Up to this size the copy is made at quit too: copied and checked well within a frame or
two (about 5 ms a megabyte here), so a quit never waits for a large one."""


class BackupKeeper(QObject):
    """Keeps copies of one SQLite database while the window is open (see the module)."""

    kept = Signal(object)
    """The copy just made in the background (a ``Path``), or ``None`` when nothing changed."""

    def __init__(
        self, database: Path, complain: Callable[[str], object], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.database = database
        self._complain = complain
        self._task: Task | None = None
        self._stop = Stop()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(IDLE_MS)
        self._timer.timeout.connect(self.start)
        self._timer.start()

    def changed(self) -> None:
        """The database changed: copy it once it has been left alone for a while."""
        self._timer.start()

    def start(self) -> None:
        """Copy the database now, in the background, if it changed since the last copy."""
        if self._task is not None:
            self._timer.start()  # one copy at a time: this change is copied after it
            return
        database, stop = self.database, self._stop
        self._task = Task(lambda _progress: backup_if_changed(database, WHILE_OPEN, stop), self)
        self._task.finished.connect(self._finished)
        self._task.start()

    def _finished(self) -> None:
        task, self._task = self._task, None
        assert task is not None
        task.deleteLater()
        if isinstance(task.error, BackupStoppedError):
            return
        if task.error is not None:
            self._complain(str(task.error))
        else:
            self.kept.emit(task.result)

    def quit(self) -> Path | None:
        """The window is closing: stop a copy under way, and copy a small database that
        changed (``StoreError`` if that fails); a large one waits for the next start."""
        self._timer.stop()
        self._stop.stop()
        if self._task is not None:
            self._task.wait()
        if self.database.stat().st_size > QUIT_COPY_BYTES:
            return None
        return backup_if_changed(self.database, ON_QUIT)
