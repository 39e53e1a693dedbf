"""The database's file: copies kept while the window is open (``ui.backups``), File →
Back up… and File → Restore… (after which the window opens the database again)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QFileDialog, QMessageBox

from clabber_league.i18n import _, fill, said_error
from clabber_league.store.backup import copy_database, restore
from clabber_league.store.errors import StoreError
from clabber_league.ui.backups import BackupKeeper
from clabber_league.ui.plain import shown

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

    from clabber_league.store.database import Database


class DatabaseWindow(Protocol):
    """What the backups and restores need of the rest of the window."""

    database: Database | None

    def reopen_database(self) -> None: ...
    def complain(self, title: str, message: str) -> None: ...


if TYPE_CHECKING:

    class _Window(QMainWindow, DatabaseWindow):
        """The window the database file is part of, as the type checker sees it."""

else:
    _Window = object


class DatabaseFile(_Window):
    """Backups and restores of the database's file (a part of ``MainWindow``)."""

    def _keep_backups(self) -> BackupKeeper | None:
        """Copies of an SQLite database, made while the window is open (``ui.backups``)."""
        if self.database is None or self.database.path is None:
            return None

        return BackupKeeper(
            self.database.path, lambda message: self.complain(_("The backup failed"), message), self
        )

    def back_up(self) -> None:
        if self.database is None or self.database.path is None:
            return
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Back up the database"), "clabber-backup.sqlite3"
        )
        if not path:
            return
        try:
            # The save dialog asked before replacing a file.
            copy_database(self.database.path, Path(path), force=True)
        except StoreError as exc:
            self.complain(_("The backup was not made"), said_error(exc))
            return
        self.statusBar().showMessage(fill(_("Backed up to {path}"), path=path), 5000)

    def restore_backup(self) -> None:
        database = self.database
        if database is None or database.path is None:
            return
        path, _filter = QFileDialog.getOpenFileName(
            self, _("Restore a backup"), "", _("Databases (*.sqlite3 *.db);;All files (*)")
        )
        if not path:
            return
        answer = QMessageBox.question(
            self,
            _("Restore this backup?"),
            shown(
                _(
                    "Replace every game in {database} with the games in {backup}?\nA copy of "
                    "what is there now is kept in the backups folder."
                ).format(database=database.path, backup=path)
            ),
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        database.close()
        try:
            kept = restore(Path(path), database.path)
        except StoreError as exc:
            self.complain(_("The backup was not restored"), said_error(exc))
            return
        self.reopen_database()
        self.statusBar().showMessage(
            fill(_("Restored; the previous database is kept as {kept}"), kept=kept), 8000
        )
