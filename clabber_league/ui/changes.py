"""The window's one change signal: what moved in the database, whoever wrote it.

A ``ChangeSignal`` owns the window's ``store.changes.ChangeWatcher``. It
looks soon after this process commits (the database's commit listener, on
whichever thread committed, brought to the GUI thread by a queued signal,
then a zero timer, so that the window paints what it already knows — a
hand's row — before the look) and every ``POLL_MS`` for the writes of
other processes (the command line, ``clabber-league serve``, another
station), and emits ``changed(Changes)`` when anything moved. Every view
listens and reads again only what it shows.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from clabber_league.i18n import said_error
from clabber_league.store.changes import Changes, ChangeWatcher
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError

#: How often the window looks for other processes' changes (a change shows within a second).
POLL_MS = 250

log = logging.getLogger(__name__)


class ChangeSignal(QObject):
    """Announces what moved in the window's database (``changed``), or why it could not
    look (``failed``, a sentence for the status bar; it tries again at the next look)."""

    changed = Signal(object)
    """``Changes``: which kinds of stored thing moved."""
    failed = Signal(str)
    _committed = Signal()
    """Emitted on the committing thread; queued to this object's (the GUI) thread."""

    def __init__(self, database: Database, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(0)
        self._soon.timeout.connect(self.poll)
        self._committed.connect(self._soon.start, Qt.ConnectionType.QueuedConnection)
        self._notify = self._committed.emit
        self._stopped = False
        self._database = database
        self._watcher = ChangeWatcher(database)
        database.add_commit_listener(self._notify)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.poll)
        self._timer.start()

    def poll(self) -> Changes:
        """Look now; emit and return what moved since the last look."""
        if self._stopped:
            return Changes()  # a commit's call queued before the window closed
        try:
            changes = self._watcher.poll()
        except StoreError as exc:
            log.warning("could not look for changes: %s", exc)
            self.failed.emit(said_error(exc))
            return Changes()
        if changes:
            self.changed.emit(changes)
        return changes

    def set_database(self, database: Database) -> None:
        """Watch another database (a backup restored): every view reads it afresh."""
        self._database.remove_commit_listener(self._notify)
        self._database = database
        self._watcher = ChangeWatcher(database)
        database.add_commit_listener(self._notify)
        self.changed.emit(Changes.everything())

    def stop(self) -> None:
        """The window is closing: no more looks, and no commit calls into it."""
        if self._stopped:
            return  # closed twice (a test's window is closed again at its end)
        self._stopped = True
        self._timer.stop()
        self._soon.stop()
        self._database.remove_commit_listener(self._notify)
