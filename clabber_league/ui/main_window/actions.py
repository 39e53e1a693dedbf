"""The window's menus and their actions: File, Edit, View and Help, each action's keys,
and which of them are enabled for the game and the database open (``_update_actions``).

The actions call the window's slots (``MenuWindow``); the Print submenu and the league
night's two actions are made by their own modules (``ui.printing.menu``,
``ui.night.actions``) and only placed here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu

from clabber_league import APP_NAME
from clabber_league.i18n import _, fill
from clabber_league.ui.key_sequences import unique_keys

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QMainWindow

    from clabber_league.recording import GameRecorder
    from clabber_league.store.database import Database
    from clabber_league.store.games import DatabaseRecorder
    from clabber_league.ui.league.panel import LeaguePanel
    from clabber_league.ui.night.actions import NightActions
    from clabber_league.ui.printing.menu import PrintMenu
    from clabber_league.ui.publishing import SitePublisher
    from clabber_league.ui.widgets.sheet_view import SheetView


class MenuWindow(Protocol):
    """What the menus call and look at in the rest of the window."""

    database: Database | None
    recorder: GameRecorder | None
    undo_stack: QUndoStack
    sheet_view: SheetView
    league_panel: LeaguePanel | None
    print_menu: PrintMenu
    site_publisher: SitePublisher
    night: NightActions

    def _stored(self) -> DatabaseRecorder | None: ...
    def new_game(self) -> None: ...
    def choose_game(self) -> None: ...
    def new_league(self) -> None: ...
    def new_tournament(self) -> object: ...
    def new_knockout(self) -> object: ...
    def open_league_file(self) -> None: ...
    def _show_recent(self) -> None: ...
    def import_file(self) -> None: ...
    def import_season_games(self) -> None: ...
    def export_file(self) -> None: ...
    def export_league_file(self) -> None: ...
    def back_up(self) -> None: ...
    def restore_backup(self) -> None: ...
    def _edit_selected(self) -> None: ...
    def delete_selected(self) -> None: ...
    def meld_calculator(self) -> None: ...
    def _toggle_transcription(self, on: bool) -> None: ...
    def choose_seats(self) -> None: ...
    def _reopen(self) -> None: ...
    def undo_step(self) -> None: ...
    def cancel_correction(self) -> None: ...
    def preferences(self) -> None: ...
    def show_rules(self) -> None: ...
    def about(self) -> None: ...
    def show_shortcuts(self) -> None: ...
    def toggle_table_view(self) -> None: ...
    def show_corrections(self) -> None: ...


if TYPE_CHECKING:

    class _Window(QMainWindow, MenuWindow):
        """The window the menus are part of, as the type checker sees it."""

else:
    _Window = object


class WindowActions(_Window):
    """The menus and their actions (a part of ``MainWindow``)."""

    def _action(
        self,
        text: str,
        slot: Callable[..., object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self._build_file_menu()

        edit_menu = bar.addMenu(_("&Edit"))
        # Not the stack's own undo action: Ctrl+Z on a closed game says how to reopen it.
        undo = self._action(_("&Undo"), self.undo_step, QKeySequence.StandardKey.Undo)
        undo.setEnabled(False)
        self.undo_stack.canUndoChanged.connect(undo.setEnabled)
        self.undo_stack.undoTextChanged.connect(
            lambda text: undo.setText(f"{_('&Undo')} {text}".strip())
        )
        redo = self.undo_stack.createRedoAction(self, _("&Redo"))
        # Ctrl+Shift+Z everywhere, and the platform's own redo keys (Ctrl+Y on some).
        redo.setShortcuts(unique_keys("Ctrl+Shift+Z", QKeySequence.StandardKey.Redo))
        self.undo_action, self.redo_action = undo, redo
        edit_menu.addActions([undo, redo])
        # The window holds them too, so the keys work in every view (the entry panel's
        # fields pass them on when they have no typing of their own to undo).
        self.addActions([undo, redo])
        edit_menu.addSeparator()
        self.edit_action = self._action(_("&Correct selected hand"), self._edit_selected, "Ctrl+E")
        self.delete_action = self._action(
            _("&Delete selected hand"), self.delete_selected, QKeySequence.StandardKey.Delete
        )
        # Not Ctrl+M: on macOS that is Minimize (⌘M), which the system takes first.
        self.melds_action = self._action(
            _("&Meld calculator…"), self.meld_calculator, "Ctrl+Shift+M"
        )
        self.transcribe_action = self._action(
            _("Copy from &paper sheet (this game)"), self._toggle_transcription, "Ctrl+T"
        )
        self.transcribe_action.setCheckable(True)
        self.seats_action = self._action(_("&Who sat…"), self.choose_seats)
        self.reopen_action = self._action(_("Re&open game…"), self._reopen)
        self.cancel_action = self._action(_("Cancel correction"), self.cancel_correction, "Esc")
        self.addAction(self.cancel_action)
        edit_menu.addActions([self.edit_action, self.delete_action, self.melds_action])
        edit_menu.addActions([self.transcribe_action, self.seats_action, self.reopen_action])
        edit_menu.addSeparator()
        self.preferences_action = self._action(
            _("&Preferences…"), self.preferences, QKeySequence.StandardKey.Preferences
        )
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        edit_menu.addAction(self.preferences_action)
        self._build_view_menu()
        self._build_tournament_menu()
        self._build_help_menu()

    def _build_tournament_menu(self) -> None:
        """Tournament: a progressive tournament or a knockout for teams of the league
        open, and the movement cards (the Print submenu's own action, enabled for a
        tournament's season)."""
        menu = self.menuBar().addMenu(_("&Tournament"))
        menu.addActions([self.new_tournament_action, self.new_knockout_action])
        menu.addAction(self.print_menu.movement_action)
        menu.aboutToShow.connect(self.print_menu.update_actions)

    def _build_help_menu(self) -> None:
        help_menu = self.menuBar().addMenu(_("&Help"))
        help_menu.addAction(
            self._action(
                _("&Rules summary"), self.show_rules, QKeySequence.StandardKey.HelpContents
            )
        )
        help_menu.addAction(self._action(_("&Keyboard shortcuts"), self.show_shortcuts))
        help_menu.addSeparator()
        # The roles put About and About Qt in the application menu on macOS.
        self.about_action = self._action(
            fill(_("&About {app_name}"), app_name=APP_NAME), self.about
        )
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_qt_action = self._action(_("About &Qt"), QApplication.aboutQt)
        self.about_qt_action.setMenuRole(QAction.MenuRole.AboutQtRole)
        help_menu.addActions([self.about_action, self.about_qt_action])

    def _build_file_menu(self) -> None:
        """File: games, league files, game files, printing, the night, backups, Quit."""
        file_menu = self.menuBar().addMenu(_("&File"))
        self.new_action = self._action(_("&New game…"), self.new_game, QKeySequence.StandardKey.New)
        self.open_action = self._action(
            _("&Open game…"), self.choose_game, QKeySequence.StandardKey.Open
        )
        self.new_league_action = self._action(_("New &league…"), self.new_league)
        self.open_league_action = self._action(
            _("Open le&ague…"), self.open_league_file, "Ctrl+Shift+O"
        )
        # Tournament → New… and New knockout…: a tournament is a season of the league open.
        self.new_tournament_action = self._action(_("&New…"), self.new_tournament)
        self.new_knockout_action = self._action(_("New &knockout…"), self.new_knockout)
        self.recent_menu = QMenu(_("Open re&cent"), self)
        self.recent_menu.aboutToShow.connect(self._show_recent)
        self._show_recent()
        self.import_action = self._action(_("&Import game file…"), self.import_file)
        self.import_season_action = self._action(
            _("Import season &games…"), self.import_season_games
        )
        self.export_action = self._action(_("&Export game file…"), self.export_file)
        self.export_league_action = self._action(_("E&xport league…"), self.export_league_file)
        self.backup_action = self._action(_("&Back up…"), self.back_up)
        self.restore_action = self._action(_("&Restore…"), self.restore_backup)
        quit_action = self._action(_("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        file_menu.addActions([self.new_action, self.open_action])
        file_menu.addSeparator()
        file_menu.addActions([self.new_league_action, self.open_league_action])
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        file_menu.addActions([self.import_action, self.import_season_action, self.export_action])
        file_menu.addAction(self.export_league_action)
        file_menu.addSeparator()
        file_menu.addMenu(self.print_menu)
        file_menu.addAction(self.site_publisher.action)
        file_menu.aboutToShow.connect(self.site_publisher.update_action)  # the panel's season
        file_menu.addAction(self.night.dialog_action)
        file_menu.addSeparator()
        file_menu.addActions([self.backup_action, self.restore_action])
        file_menu.addSeparator()
        file_menu.addAction(quit_action)

    def _build_view_menu(self) -> None:
        view_menu = self.view_menu = self.menuBar().addMenu(_("&View"))
        self.table_view_action = self._action(_("&Table view"), self.toggle_table_view)
        # The platform's full-screen keys (F11 on Linux and Windows, ⌃⌘F on macOS), and F11
        # everywhere, as the table view's board and the night's scoreboard say.
        self.table_view_action.setShortcuts(unique_keys(QKeySequence.StandardKey.FullScreen, "F11"))
        self.table_view_action.setCheckable(True)
        self.table_view_action.setToolTip(
            _("Full screen: the totals and the last hands big enough to read across the table")
        )
        self.zoom_in_action = self._action(_("Zoom &in"), self.sheet_view.zoom_in)
        self.zoom_in_action.setShortcuts(
            unique_keys(QKeySequence.StandardKey.ZoomIn, "Ctrl++", "Ctrl+=")
        )
        self.zoom_out_action = self._action(
            _("Zoom &out"), self.sheet_view.zoom_out, QKeySequence.StandardKey.ZoomOut
        )
        self.zoom_reset_action = self._action(
            _("&Actual size"), lambda: self.sheet_view.set_zoom(1.0), "Ctrl+0"
        )
        self.corrections_action = self._action(_("&Corrections…"), self.show_corrections)
        view_menu.addAction(self.table_view_action)
        view_menu.addSeparator()
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action])
        view_menu.addSeparator()
        view_menu.addActions([self.corrections_action, self.night.scoreboard_action])
        self.addActions([self.table_view_action, self.zoom_in_action, self.zoom_out_action])

    def _update_actions(self) -> None:
        has_game = self.recorder is not None
        stored = self._stored() is not None
        on_disk = self.database is not None and self.database.path is not None
        self.open_action.setEnabled(self.database is not None)
        self.import_action.setEnabled(self.database is not None)
        self.import_season_action.setEnabled(self.league_panel is not None)
        self.new_tournament_action.setEnabled(self.league_panel is not None)
        self.new_knockout_action.setEnabled(self.league_panel is not None)
        self.export_action.setEnabled(stored)
        self.export_league_action.setEnabled(self.league_panel is not None)
        self.seats_action.setEnabled(stored)
        self.backup_action.setEnabled(on_disk)
        self.restore_action.setEnabled(on_disk)
        for action in (
            self.edit_action,
            self.delete_action,
            self.melds_action,
            self.corrections_action,
        ):
            action.setEnabled(has_game)
        self.reopen_action.setEnabled(self.recorder is not None and self.recorder.closed)
        self.print_menu.update_actions()
        self.site_publisher.update_action()
