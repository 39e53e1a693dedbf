"""Long work off the GUI thread: a task with progress, a cancel flag and a progress dialog.

The work is a plain callable that takes a ``progress(done, total)`` callback
and returns a result; the callback answers False once the user has cancelled,
so the work can give up at a point where nothing is half done (the store
rolls its transaction back). The work never sees a widget: its progress and
outcome reach the GUI thread as queued signals.

SQLite connections belong to the thread that opened them, so work that needs
the database opens its own with ``Database.open(location)`` inside the worker
(``with_own_database``) instead of borrowing the window's. A view's reads
(``LatestRead``) keep theirs from one read to the next: the read-only
connection may cross threads, and the reads never run two at a time.

A task passes on what its worker reports strictly one at a time and in
order. That needs care: a slot may spin the event loop (a window-modal
``QProgressDialog.setValue`` does), and the next report or ``finished``
would then be delivered *inside* the slot still handling the previous one —
so the dialog, or anyone listening, could end on "7 of 8" after the work
said 8 of 8 and finished. A report arriving while one is being passed on
waits its turn (``Task._deliver``).

A failure the store or the rules expect (``KNOWN_ERRORS``: a locked file, a refused
sheet, a cancel) is its task's ``failed``, for the window to say in words. Any other is
a bug: logged with its traceback in the worker, where it happened, and shown in the
crash dialog besides (Picard ``util/thread.py``; ``ui.crash``).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

from clabber_league.i18n import _, fill
from clabber_league.reports.document import ReportCancelledError
from clabber_league.rules.messages import ProblemError
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.ui.crash import show_bug
from clabber_league.ui.plain import shown

LOG = logging.getLogger(__name__)

#: ``progress(done, total)``; False means "stop: the user cancelled".
Progress = Callable[[int, int], bool]
Work = Callable[[Progress], object]


class CancelledError(Exception):
    """Work that has no store exception of its own for "the user cancelled"."""


#: What work may fail with that is no bug: each says what happened in the user's words
#: (a cancel, the store's trouble, the rules' or a file's refusal).
KNOWN_ERRORS = (StoreError, ProblemError, CancelledError, ReportCancelledError)


def location_of(database: Database) -> str:
    """Where a worker can open the same database again (a file path, or the full URL)."""
    if database.path is not None:
        return str(database.path)
    return database.engine.url.render_as_string(hide_password=False)


def with_own_database(
    location: str, work: Callable[[Database, Progress], object], *, read_only: bool = False
) -> Work:
    """Work that opens (and closes) its own connection in the thread it runs in."""

    def run(progress: Progress) -> object:
        database = Database.open(location, backup_before_migrating=False, read_only=read_only)
        try:
            return work(database, progress)
        finally:
            database.close()

    return run


class _Runner(QObject):
    """Lives in the worker thread; everything it emits is queued to the GUI thread."""

    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(object)

    def __init__(self, work: Work, cancel: threading.Event) -> None:
        super().__init__()
        self._work = work
        self._cancel = cancel

    @Slot()
    def run(self) -> None:
        try:
            result = self._work(self._report)
        except Exception as exc:  # every failure goes back to the GUI thread to be told
            if not isinstance(exc, KNOWN_ERRORS):
                LOG.error("the work in the background failed", exc_info=exc)
            self.failed.emit(exc)
        else:
            self.succeeded.emit(result)
        finally:
            self.thread().quit()

    def _report(self, done: int, total: int) -> bool:
        self.progressed.emit(done, total)
        return not self._cancel.is_set()


class Task(QObject):
    """One piece of work on its own thread.

    ``succeeded(result)`` or ``failed(exception)`` arrives first, then
    ``finished()`` once the thread has stopped, so a slot on ``finished`` may
    safely let go of the task.
    """

    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(object)
    finished = Signal()

    def __init__(self, work: Work, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cancel = threading.Event()
        self._thread = QThread(self)
        self._runner = _Runner(work, self._cancel)
        self._runner.moveToThread(self._thread)
        self._thread.started.connect(self._runner.run)
        # Through the task's own slots, one at a time: see the module's doc.
        self._pending: deque[Callable[[], None]] = deque()
        self._delivering = False
        self._runner.progressed.connect(self._relay_progress)
        self._runner.succeeded.connect(self._relay_success)
        self._runner.failed.connect(self._relay_failure)
        self._thread.finished.connect(self._runner.deleteLater)
        self._thread.finished.connect(self._stopped)
        self.result: object = None
        self.error: BaseException | None = None
        self.dialog: QProgressDialog | None = None
        """The progress dialog showing this task, when ``run_with_progress`` made one."""

    def start(self) -> None:
        self._thread.start()

    def cancel(self) -> None:
        """Ask the work to stop at its next progress report."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def is_running(self) -> bool:
        return self._thread.isRunning()

    def wait(self, milliseconds: int = 30_000) -> bool:
        """Block until the thread has stopped (for quitting, and for tests)."""
        return self._thread.wait(milliseconds)

    def _deliver(self, emit: Callable[[], None]) -> None:
        """Emit now, or — when called from inside another emission's slots — right after it."""
        self._pending.append(emit)
        if self._delivering:
            return
        self._delivering = True
        try:
            while self._pending:
                self._pending.popleft()()
        finally:
            self._delivering = False

    @Slot(int, int)
    def _relay_progress(self, done: int, total: int) -> None:
        self._deliver(lambda: self.progressed.emit(done, total))

    @Slot(object)
    def _relay_success(self, result: object) -> None:
        self.result = result
        self._deliver(lambda: self.succeeded.emit(result))

    @Slot(object)
    def _relay_failure(self, error: BaseException) -> None:
        self.error = error
        if not isinstance(error, KNOWN_ERRORS):
            show_bug(error)
        self._deliver(lambda: self.failed.emit(error))

    @Slot()
    def _stopped(self) -> None:
        # ``QThread.finished`` comes a moment before the thread has really ended.
        self._thread.wait()
        self._deliver(self.finished.emit)


def run_with_progress(
    parent: QWidget,
    label: str,
    work: Work,
    *,
    on_success: Callable[[Any], object],
    on_failure: Callable[[BaseException, bool], object],
) -> Task:
    """Run ``work`` behind a window-modal progress dialog whose Cancel stops it.

    ``on_failure(error, cancelled)`` hears about failures, ``cancelled`` telling
    a user's Cancel from a real problem. The dialog closes itself when the
    work ends, whatever the outcome.
    """
    dialog = QProgressDialog(shown(label), _("Cancel"), 0, 0, parent)  # a season's name in it
    dialog.setWindowTitle(_("Working…"))
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(400)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    task = Task(work, parent)

    def show_progress(done: int, total: int) -> None:
        dialog.setMaximum(max(total, 0))
        dialog.setValue(min(done, total) if total > 0 else 0)
        if total > 0:
            dialog.setLabelText(
                shown(fill(_("{label} ({done} of {total})"), label=label, done=done, total=total))
            )

    def cancel() -> None:
        task.cancel()
        dialog.setLabelText(_("Cancelling…"))

    def finish() -> None:
        # hide(), not close(): closing a progress dialog emits ``canceled``.
        dialog.hide()
        dialog.deleteLater()
        task.deleteLater()
        if task.error is not None:
            on_failure(task.error, task.cancelled)
        else:
            on_success(task.result)

    task.progressed.connect(show_progress)
    dialog.canceled.connect(cancel)
    task.finished.connect(finish)
    task.dialog = dialog
    task.start()
    return task


class LatestRead(QObject):
    """A view's data read off the GUI thread: one read at a time, and only the newest shown.

    ``request(read)`` asks for ``read(database)`` on a worker thread, with a
    database connection of its own; ``show(result)`` (or ``fail(error)``) then
    runs on the GUI thread. A request made while a read is under way waits for
    it and replaces any request waiting before it; the older read's result is
    dropped, so a view never shows figures older than the last change.
    ``done`` follows every ``show`` or ``fail``.

    The connection is opened by the first read and kept for the next ones (they
    never run two at a time), so a read does not pay for opening the database and
    preparing its statements again (``docs/architecture.md``, speed techniques);
    ``reopen`` lets it go (another database, a restored file), as does a failed read,
    and ``wait`` interrupts the read under way and closes it.
    """

    done = Signal()

    def __init__(
        self,
        location: Callable[[], str],
        show: Callable[[Any], object],
        fail: Callable[[BaseException], object],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._location = location
        self._show = show
        self._fail = fail
        self._task: Task | None = None
        self._wanted: Callable[[Database], object] | None = None
        self._closed = False
        self._kept: list[tuple[str, Database]] = []
        """The connection kept between reads, and where it was opened (one at most); only
        the read under way touches it."""
        self._renew = False
        """Whether the next read opens a new connection (``reopen``)."""

    def request(self, read: Callable[[Database], object]) -> None:
        if self._closed:
            return
        self._wanted = read
        if self._task is None:
            self._start()

    def busy(self) -> bool:
        return self._task is not None or self._wanted is not None

    def reopen(self) -> None:
        """Read through a new connection from the next read on (the database's file was
        replaced, or the view follows another database)."""
        self._renew = True
        if self._task is None:
            self._let_go()

    def wait(self) -> None:
        """Let the read under way end, and show nothing more (the window is closing)."""
        self._closed = True
        self._wanted = None
        if self._task is not None:
            for _where, database in list(self._kept):
                database.interrupt()  # its result would be dropped: stop it now
            self._task.wait()
        self._let_go()

    def _let_go(self) -> None:
        while self._kept:
            _where, database = self._kept.pop()
            database.close()

    def _start(self) -> None:
        read, self._wanted = self._wanted, None
        assert read is not None
        location = self._location()
        kept = self._kept
        if kept and (self._renew or kept[0][0] != location):
            self._let_go()
        self._renew = False

        def work(_progress: Progress) -> object:
            if not kept:
                opened = Database.open(location, backup_before_migrating=False, read_only=True)
                kept.append((location, opened))
            return read(kept[0][1])

        self._task = Task(work, self)
        self._task.finished.connect(self._finished)
        self._task.start()

    def _finished(self) -> None:
        task, self._task = self._task, None
        assert task is not None
        task.deleteLater()
        if task.error is not None:
            self._let_go()  # whatever went wrong, the next read starts afresh
        if self._closed:
            return
        if self._wanted is not None:
            self._start()
            return
        if task.error is not None:
            self._fail(task.error)
        else:
            self._show(task.result)
        self.done.emit()
