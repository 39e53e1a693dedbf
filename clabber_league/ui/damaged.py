"""Opening the window's database: a damaged file is said to be damaged at once, and the
newest good backup of it offered.

A database can be damaged by a failing disk or a copy cut short. Found at
start (``PRAGMA quick_check``), it is offered its newest verified-good
backup; restoring moves the damaged file aside, never deletes it
(``store.backup.restore``). Declined, the window opens on the damaged file
as it is, so that whatever can still be read can be looked at.

A database that cannot be opened at all is explained (and, damaged, offered
its backup) before the window shows (``open_for_window``). The check of the
whole file takes seconds for a big league (two for 300,000 games), so it
runs once the window is painted, off the GUI thread (``check_in_background``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from clabber_league import APP_NAME
from clabber_league.i18n import _, datetime_text, fill, said_error
from clabber_league.store.backup import Stop, damage_of, newest_good_backup, restore
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.paths import sqlite_file
from clabber_league.ui.league.workers import Task
from clabber_league.ui.plain import shown


class Checked(Protocol):
    """The window whose database is checked: it lets go of the file before a restore and
    opens it again after."""

    database: Database | None

    def reopen_database(self) -> None: ...
    def complain(self, title: str, message: str) -> None: ...


def open_for_window(location: str | None, parent: QWidget | None = None) -> Database | None:
    """The database; ``None`` (after saying why) when it cannot be opened. A damaged file
    whose backup is restored is opened again."""
    path = sqlite_file(location)
    try:
        return Database.open(location)
    except StoreError as exc:
        if exc.damaged and path is not None and offer_restore(path, str(exc), parent):
            return open_for_window(location, parent)
        title = fill(_("{app_name} cannot open its database"), app_name=APP_NAME)
        QMessageBox.critical(parent, title, shown(str(exc)))
        return None


def check_in_background(window: Checked, parent: QWidget) -> Task | None:
    """Check the window's SQLite file off the GUI thread; found damaged, it is offered its
    newest good backup, and the window opens the backup once it is in place."""
    database = window.database
    if database is None or database.path is None:
        return None
    path, stop = database.path, Stop()
    task = Task(lambda _progress: damage_of(path, stop), parent)

    def checked(problem: object) -> None:
        """``PRAGMA quick_check`` found ``problem``: offer the newest good backup (the
        database lets go of the file first), and open it once restored."""
        if not isinstance(problem, str) or window.database is not database:
            return
        damaged = fill(_("{path} is damaged ({problem})."), path=path, problem=problem)
        if offer_restore(path, damaged, parent, before=database.close):
            window.reopen_database()

    def quitting() -> None:
        stop.stop()
        task.wait()

    task.succeeded.connect(checked)
    task.failed.connect(
        lambda error: window.complain(_("The database could not be checked"), said_error(error))
    )
    app = QApplication.instance()
    assert app is not None
    app.aboutToQuit.connect(quitting)
    task.finished.connect(lambda: app.aboutToQuit.disconnect(quitting))
    task.start()
    return task


def offer_restore(
    path: Path,
    problem: str,
    parent: QWidget | None,
    *,
    before: Callable[[], object] | None = None,
) -> bool:
    """Ask to restore the newest good backup of ``path``; True once it is restored."""
    copy = newest_good_backup(path)
    if copy is None:
        QMessageBox.warning(
            parent,
            _("The database is damaged"),
            shown(
                fill(
                    _("{problem}\n\nThere is no good backup of it in the backups folder."),
                    problem=problem,
                )
            ),
        )
        return False
    answer = QMessageBox.question(
        parent,
        _("The database is damaged"),
        shown(
            _(
                "{problem}\n\nThis database is damaged; restore the backup of {made}?\n\n"
                "The damaged file is kept beside it, not deleted."
            ).format(problem=problem, made=datetime_text(copy.made, "EEEE d MMMM y, HH:mm"))
        ),
    )
    if answer != QMessageBox.StandardButton.Yes:
        return False
    if before is not None:
        before()  # the window's own connections let go of the file first
    try:
        restore(copy.path, path)
    except StoreError as exc:
        QMessageBox.critical(parent, _("The backup was not restored"), shown(str(exc)))
        return False
    return True
