"""League files like documents: File → New league…, Open league… and Open recent, and
files dropped on the window or sent to it (its command line, the macOS Finder).

A league file is opened the way the app opens its database at start
(``ui.damaged.open_for_window``): a file that is not a database, is damaged
(its newest good backup offered) or comes from a newer version is explained,
and the window stays on the league it had. Opened, the window lets go of the
old one as a quit does and shows the new one's last game
(``MainWindow.switch_database``). A game file is imported into the open
league, as File → Import game file… does. Which is which: ``file_types``.

File → Export league… writes the league open as one ``clabber-league/1`` file
(docs/league-file.md), the same bytes as ``export --league``; File → Import takes
such a file back into a league file without that league (``import_league_document``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFileDialog

from clabber_league.escaping import json_text
from clabber_league.file_types import DATABASE_SUFFIXES, LEAGUE_SUFFIX, FileKind, kind_of
from clabber_league.i18n import _, fill, said_error
from clabber_league.outputs import OutputError, write_output
from clabber_league.store.database import same_database
from clabber_league.store.errors import StoreError
from clabber_league.store.league import list_seasons
from clabber_league.store.league_file import export_league
from clabber_league.store.league_file_import import import_league
from clabber_league.store.paths import data_dir, user_path
from clabber_league.ui.damaged import open_for_window
from clabber_league.ui.recent_leagues import forget_leagues, recent_leagues, remember_league

if TYPE_CHECKING:
    from typing import IO, Any

    from PySide6.QtCore import QMimeData, QSettings
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QMainWindow, QMenu

    from clabber_league.store.database import Database
    from clabber_league.ui.league.panel import LeaguePanel
    from clabber_league.ui.night.actions import NightActions


class FilesWindow(Protocol):
    """What the league files need of the rest of the window."""

    database: Database | None
    settings: QSettings
    night: NightActions
    recent_menu: QMenu
    league_panel: LeaguePanel | None

    def switch_database(self, database: Database) -> None: ...
    def import_path(self, path: str) -> None: ...
    def tell(self, message: str) -> None: ...
    def complain(self, title: str, message: str) -> None: ...


if TYPE_CHECKING:

    class _Window(QMainWindow, FilesWindow):
        """The window the league files are part of, as the type checker sees it."""

else:
    _Window = object


def league_filter(*suffixes: str) -> str:
    """A file dialog's filter for league files with ``suffixes``, then every file."""
    patterns = " ".join(f"*{suffix}" for suffix in suffixes)
    return fill(_("League files ({patterns});;All files (*)"), patterns=patterns)


class LeagueFiles(_Window):
    """New, Open, Open recent, drops and files sent to the window (a part of ``MainWindow``)."""

    def new_league(self) -> None:
        """File → New league…: a new league file, made and brought to the current schema,
        and the window on it. An existing file is never replaced: it may be a league."""
        chosen, _filter = QFileDialog.getSaveFileName(
            self,
            _("New league file"),
            str(self._folder() / f"league{LEAGUE_SUFFIX}"),
            league_filter(LEAGUE_SUFFIX),
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if not chosen:
            return
        path = user_path(chosen)
        if not path.name.lower().endswith(DATABASE_SUFFIXES):
            path = path.with_name(path.name + LEAGUE_SUFFIX)
        if path.exists():
            self.complain(
                _("No new league file was made"),
                fill(_("{path} is there already: File → Open league… opens it."), path=str(path)),
            )
            return
        self._open_league(path)

    def open_league_file(self) -> None:
        """File → Open league…: any SQLite league file, whatever its extension."""
        chosen, _filter = QFileDialog.getOpenFileName(
            self, _("Open a league file"), str(self._folder()), league_filter(*DATABASE_SUFFIXES)
        )
        if chosen:
            self.open_league(user_path(chosen))

    def open_league(self, path: Path) -> bool:
        """Open the league file at ``path`` in the window; ``False`` (after saying why)
        when it cannot be opened: the window stays on the league it had."""
        if not path.exists():
            # A writable open would make a new, empty league there.
            self.complain(
                _("The league file was not opened"),
                fill(_("{path} is not there (moved, renamed or deleted?)."), path=str(path)),
            )
            self._show_recent()
            return False
        return self._open_league(path)

    def _open_league(self, path: Path) -> bool:
        """Open, or make, the league file at ``path`` (``open_league``)."""
        here = self._league_path()
        if here is not None and same_database(str(here), str(path)):
            self.tell(fill(_("{name} is open already"), name=path.name))
            return True
        if self.night.running:
            self.complain(
                _("The league file was not opened"),
                _(
                    "Tonight's league night is served from this league file: close it "
                    "(File → League night…) before opening another."
                ),
            )
            return False
        database = open_for_window(str(path), self)
        if database is None:
            return False
        self.switch_database(database)
        self.tell(fill(_("Opened {path}"), path=str(database.path or path)))
        return True

    def open_path(self, text: str) -> bool:
        """A file given to the window (dropped, on its command line, sent by the Finder):
        a league file opens, a game file is imported into the open league, anything else
        is said so and nothing changes."""
        path = user_path(text)
        kind = kind_of(path)
        if kind is FileKind.LEAGUE:
            return self.open_league(path)
        if kind is FileKind.GAME:
            self.import_path(str(path))
            return self.database is not None
        self.tell(
            fill(
                _("{name} is neither a league file nor a game file: nothing was opened"),
                name=path.name,
            )
        )
        return False

    # ---------------------------------------------------------- league file
    def export_league_file(self) -> None:
        """File → Export league…: the league the panel shows (the file's only one, else
        the first by name) as one ``clabber-league/1`` file."""
        database = self.database
        if database is None:
            return
        title = _("The league was not exported")
        try:
            leagues = sorted({info.league for info in list_seasons(database)})
        except StoreError as exc:
            self.complain(title, said_error(exc))
            return
        if not leagues:
            self.complain(
                title, _("This league file has no season yet: there is nothing to export")
            )
            return
        shown = self.league_panel.current_season() if self.league_panel is not None else None
        league = shown.league if shown is not None else leagues[0]
        chosen, _filter = QFileDialog.getSaveFileName(
            self,
            _("Export the league"),
            str(self._folder() / f"{league}.json"),
            _("League documents (*.json)"),
        )
        if not chosen:
            return
        try:
            text = json_text(export_league(database, league)) + "\n"

            def write(stream: IO[bytes]) -> None:
                stream.write(text.encode("utf-8"))

            # The save dialog asked before replacing a file; a folder, a device or the
            # database itself is still never replaced.
            write_output(user_path(chosen), write, force=True)
        except (StoreError, OutputError, OSError) as exc:
            self.complain(title, said_error(exc))
            return
        self.tell(fill(_("{league} exported to {path}"), league=league, path=chosen))

    def import_league_document(self, document: Any) -> None:
        """A ``clabber-league/1`` document given to File → Import (or dropped): the whole
        league into the league file open, or nothing, said in one line."""
        if self.database is None:
            return
        try:
            stored = import_league(self.database, document)
        except StoreError as exc:
            self.complain(_("The league was not imported"), said_error(exc))
            return
        if self.league_panel is not None:
            self.league_panel.show()
        self.tell(
            fill(
                _("stored the league {league} (seasons: {seasons}; games: {games})"),
                league=stored.league,
                seasons=stored.seasons,
                games=stored.games,
            )
        )

    def _league_path(self) -> Path | None:
        return self.database.path if self.database is not None else None

    def _folder(self) -> Path:
        """Where the file dialogs start: the open league's folder, else the data folder."""
        here = self._league_path()
        return here.parent if here is not None else data_dir()

    # --------------------------------------------------------------- recent
    def _remember_league(self) -> None:
        """The league file open now goes to the top of File → Open recent."""
        path = self._league_path()
        if path is not None:
            remember_league(self.settings, path)
            self._show_recent()

    def _show_recent(self) -> None:
        """File → Open recent as the settings have it: a file not there now is disabled."""
        menu = self.recent_menu
        for old in menu.actions():
            # Later: the action picked may be the one asking for the list anew.
            menu.removeAction(old)
            old.deleteLater()
        paths = recent_leagues(self.settings)
        for number, path in enumerate(paths, start=1):
            # The file's name to pick (an "&" in it shown, not a key), its whole path to
            # tell two of the same name apart.
            action = menu.addAction(f"&{number} {path.name.replace('&', '&&')}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.setEnabled(path.exists())
            action.triggered.connect(lambda _checked=False, path=path: self.open_league(path))
        menu.addSeparator()
        clear = menu.addAction(_("&Clear the list"))
        clear.triggered.connect(self._clear_recent)
        clear.setEnabled(bool(paths))
        menu.setToolTipsVisible(True)

    def _clear_recent(self) -> None:
        forget_leagues(self.settings)
        self._show_recent()

    # ---------------------------------------------------------------- drops
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 -- Qt's name
        if _local_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 -- Qt's name
        paths = _local_files(event.mimeData())
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        # Once the drop is over: a message box inside it would hold the file manager's
        # drag until it is answered.
        QTimer.singleShot(0, lambda: self.open_paths(paths))

    def open_paths(self, paths: list[str]) -> None:
        """Each file given at once, in order (a league first switches the window to it)."""
        for path in paths:
            self.open_path(path)


def _local_files(data: QMimeData) -> list[str]:
    """The files a drag carries (a web link is no file)."""
    return [url.toLocalFile() for url in data.urls() if url.isLocalFile()] if data.hasUrls() else []
