"""The window itself: its pages, the game as it shows it (the heading, the title, the
table view's board), the change signal it follows, the database it keeps, preferences,
and closing. Its parts (menus, game control, the league bridge, league files, backups)
are mixed in from their own modules."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QCloseEvent, QUndoStack
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clabber_league import APP_NAME
from clabber_league.i18n import (
    Origin,
    _,
    current,
    digit_style,
    figures,
    fill,
    rules_summary_path,
    said_error,
    set_digits,
)
from clabber_league.i18n.words import game_result
from clabber_league.league.tonight import Played, wins_tonight
from clabber_league.seating import Seating
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import games_between, stored_versions
from clabber_league.ui.backups import BackupKeeper
from clabber_league.ui.changes import ChangeSignal
from clabber_league.ui.dialogs.about import AboutDialog
from clabber_league.ui.dialogs.preferences import PreferencesDialog
from clabber_league.ui.dialogs.shortcuts import ShortcutsDialog
from clabber_league.ui.fonts import register_fonts
from clabber_league.ui.language import (
    DIGITS_KEY,
    LANGUAGE_KEY,
    apply_language,
    preferred,
    saved_language,
)
from clabber_league.ui.main_window.actions import WindowActions
from clabber_league.ui.main_window.database_file import DatabaseFile
from clabber_league.ui.main_window.game_control import GameControl
from clabber_league.ui.main_window.keys import (
    GEOMETRY_KEY,
    LEAGUE_PANEL_KEY,
    STATE_KEY,
    ZOOM_KEY,
    database_key,
)
from clabber_league.ui.main_window.league_bridge import LeagueBridge
from clabber_league.ui.main_window.league_files import LeagueFiles
from clabber_league.ui.main_window.pages import BOARD_PAGE, SHEET_PAGE, WELCOME_PAGE
from clabber_league.ui.night.actions import NightActions
from clabber_league.ui.plain import shown
from clabber_league.ui.printing.menu import PrintMenu
from clabber_league.ui.publishing import SitePublisher
from clabber_league.ui.widgets.elided_label import ElidedLabel
from clabber_league.ui.widgets.entry_panel import EntryPanel
from clabber_league.ui.widgets.heading_row import HeadingRow
from clabber_league.ui.widgets.layouts import named
from clabber_league.ui.widgets.score_board import ScoreBoard
from clabber_league.ui.widgets.sheet_view import SheetView

if TYPE_CHECKING:
    from clabber_league.store.changes import Changes


class MainWindow(GameControl, LeagueBridge, LeagueFiles, WindowActions, DatabaseFile, QMainWindow):
    """The Clabber League window."""

    def __init__(
        self,
        database: Database | None = None,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        register_fonts()  # done at start by the app; here for windows made without it
        self.database: Database | None = None
        self.settings = settings if settings is not None else QSettings()
        self.recorder = None
        self.editing = None
        self.undo_stack = QUndoStack(self)
        self.setWindowTitle(APP_NAME)
        self.resize(1100, 760)
        self._before_table_view: Qt.WindowState | None = None
        """The window's state before the table view (``None`` while it is not shown)."""
        self._league_was_visible = False

        self.sheet_model = None
        self.sheet_view = SheetView()
        self.sheet_view.doubleClicked.connect(lambda index: self.correct_hand(index.row() + 1))
        # The game over the sheet: the sides and rules, then the hand and who deals — or how
        # the game ended. Both are cut short ("…", whole in the tooltip) when the names are
        # long: a dealer named by a 48-letter team must not hold the window wide.
        self.heading = named(ElidedLabel(), "heading")
        self.heading_state = named(ElidedLabel(), "heading_state")
        for label in (self.heading, self.heading_state):
            label.setStyleSheet("font-size: 16pt; font-weight: bold; padding: 6px;")
        self.entry_panel = EntryPanel()
        self.entry_panel.hand_entered.connect(self._hand_entered)
        self.entry_panel.paper_mode_changed.connect(self._paper_mode_chosen)
        self.board = ScoreBoard()
        """The table view (F11): the totals and the last hands, big."""
        self.pages = QStackedWidget()
        self._build_pages()
        self.setCentralWidget(self.pages)
        self.league_panel = None
        self.backups: BackupKeeper | None = None
        self.changes: ChangeSignal | None = None
        """What moves in the database, whoever wrote it: every view follows it."""
        self._database_key = ""
        """Where this database's own settings are kept (``database_key``)."""
        self.print_menu = PrintMenu(self)
        self.site_publisher = SitePublisher(self)
        self.night = NightActions(self)
        self._build_menus()
        geometry = self.settings.value(GEOMETRY_KEY)
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        self.sheet_view.set_zoom(_stored_float(self.settings.value(ZOOM_KEY), 1.0))
        self.board.hands.set_zoom(self.sheet_view.zoom)
        self.sheet_view.zoom_changed.connect(self._zoomed)
        self._take_database(database)
        self._update_actions()
        self.setAcceptDrops(True)  # a league or game file dropped opens (``league_files``)

    def _take_database(self, database: Database | None) -> None:
        """The database, and with it the league panel (docked where it was left)."""
        self.database = database
        self.night.update_actions()
        if database is None:
            return
        self.backups = self._keep_backups()
        self._database_key = database_key(database)
        self._show_title()
        self._remember_league()
        self.changes = ChangeSignal(database, self)
        self.changes.changed.connect(self._follow_changes)
        self.changes.failed.connect(lambda message: self.statusBar().showMessage(message, 5000))
        self._take_league_panel(database, self.changes)

    def reopen_database(self) -> None:
        """The database's file was replaced (a backup restored): open it again, and every
        view reads it afresh; the sheet goes back to the welcome."""
        database = self.database
        assert database is not None
        assert database.path is not None
        try:
            reopened = Database.open(str(database.path))
        except StoreError as exc:
            self.complain(_("The restored database could not be opened"), said_error(exc))
            return
        self._follow_database(reopened)

    def switch_database(self, database: Database) -> None:
        """Another league file (File → Open league…, New league…, a drop): the window
        lets go of this one as a quit does (its last copy kept, the league panel's
        visibility remembered) and opens the other's last game."""
        if self.in_table_view():
            self._leave_table_view()
        old = self.database
        if old is None or self.changes is None:
            self._take_database(database)
        else:
            self._leave_database()
            self._follow_database(database)
            old.close()
            self.backups = self._keep_backups()
            self._show_league_panel_as_kept()
        self.reopen_last()

    def _leave_database(self) -> None:
        """What a quit keeps of the open database: the league panel shown or not, and a
        copy of it if it changed (``ui.backups``)."""
        if self.league_panel is not None:
            self.settings.setValue(
                self._kept(LEAGUE_PANEL_KEY), "true" if self.league_panel.isVisible() else "false"
            )
        if self.backups is not None:
            backups, self.backups = self.backups, None
            try:
                # Only when something changed since the last copy, and only a small database:
                # a large one is copied while the window is open (``ui.backups``).
                backups.quit()
            except StoreError as exc:
                self.complain(_("The backup on quit failed"), said_error(exc))
            backups.deleteLater()

    def _follow_database(self, database: Database) -> None:
        """Every view reads ``database`` afresh; the sheet goes back to the welcome."""
        self.database = database
        self.recorder = None
        self._database_key = database_key(database)
        if self.changes is not None:
            self.changes.set_database(database)
        if self.league_panel is not None:
            self.league_panel.set_database(database)
        self.night.follow_database()
        self.undo_stack.clear()
        self.pages.setCurrentIndex(WELCOME_PAGE)
        self._show_title()
        self._remember_league()
        self._update_actions()

    def _build_pages(self) -> None:
        """The welcome, the sheet (heading, sheet, entry panel) and the table view's board."""
        sheet_page = QWidget()
        layout = QVBoxLayout(sheet_page)
        layout.addLayout(HeadingRow(self.heading, self.heading_state))
        layout.addWidget(self.sheet_view, stretch=1)
        self._sheet_layout = layout
        self._place_entry_panel()
        welcome = QLabel(
            _(
                "<h1>{app_name}</h1><p>File → New game (Ctrl+N) to start a "
                "scoresheet,<br>or File → Open game (Ctrl+O) to pick up a game you "
                "kept.</p>"
            ).format(app_name=APP_NAME)
        )
        welcome.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pages.addWidget(named(welcome, "welcome"))
        self.pages.addWidget(sheet_page)
        self.pages.addWidget(self.board)

    def _kept(self, key: str) -> str:
        """The settings key of ``key`` for the open database."""
        return f"{self._database_key}/{key}"

    def _follow_changes(self, changes: Changes) -> None:
        """Something moved in the database (here or in another process): the sheet is read
        again if its game moved on elsewhere, the table view's running W if a result moved,
        and the backup's clock starts again. The league panel follows on its own."""
        if self.backups is not None:
            self.backups.changed()
        if changes.results:
            self._games_between = None
        recorder = self._stored()
        if recorder is not None and changes.games:
            try:
                with recorder.database.session() as session:
                    moved = stored_versions(session, recorder.id).game != recorder.version
                if moved:
                    recorder.reload()
            except StoreError as exc:
                self.statusBar().showMessage(said_error(exc))
                return
            if moved:
                self.show_reloaded(_("Another station changed this sheet — it has been reloaded"))
                return
        if changes.results and self.in_table_view():
            self._refresh()
        self.print_menu.update_actions()

    # ------------------------------------------------------------- display
    def _refresh(self) -> None:
        recorder = self.recorder
        if recorder is not None and self.sheet_model is not None:
            self.sheet_model.refresh(recorder.game)  # a reloaded game is a new object
            game = recorder.game
            players = recorder.players
            self.sheet_model.set_players(players)
            self.entry_panel.set_game(game, at=self.editing, players=players)
            # In the digits the sheet under it is written in ("بازی تا ۵۰۰" in Persian).
            matchup, state = (figures(text) for text in self._heading_text())
            # The dash joins the two halves of one line: never left hanging at its end.
            self.heading.setText(fill(_("{matchup} —"), matchup=matchup) if state else matchup)
            self.heading_state.setText(state)
            if self.in_table_view():
                self.board.show_game(game, Seating.of(game, players), self._wins_tonight())
            if game.finished and self.editing is None:
                # The panel locks; keep the keyboard (and its shortcuts) in the window.
                self.sheet_view.setFocus()
            self._show_title()
            self.statusBar().clearMessage()
        self._update_actions()

    def _show_title(self) -> None:
        """The title names the game (its sides, and once it is over the winner first), then
        the league file it is kept in. Every change is committed at once, so it carries no
        "modified" mark."""
        parts = []
        recorder = self.recorder
        if recorder is not None:
            game = recorder.game
            parts.append(self.heading_state.text() if game.finished else _(" v ").join(game.sides))
        path = self.database.path if self.database is not None else None
        if path is not None:
            parts.append(path.name)
        # The file itself too: the macOS title bar offers its folder from it.
        self.setWindowFilePath(str(path) if path is not None else "")
        self.setWindowTitle(" — ".join([*parts, APP_NAME]))

    def _heading_text(self) -> tuple[str, str]:
        """The sides and rules, and the state of the game: the next hand and its dealer, by
        name, or how the game ended (the winner's total first)."""
        assert self.recorder is not None
        game = self.recorder.game
        rules = fill(
            _("{name}, game to {target}"), name=_(game.rules.name), target=game.rules.options.target
        )
        heading = fill(_("{matchup} — {rules}"), matchup=_(" v ").join(game.sides), rules=rules)
        if game.finished:
            return heading, game_result(game.rules, game.names, game.totals, len(game.rows))
        dealer = Seating.of(game, self.recorder.players).full(game.next_dealer)
        return heading, _("hand {hand}, {dealer} deals").format(
            hand=len(game.rows) + 1, dealer=dealer
        )

    def _wins_tonight(self) -> dict[str, int]:
        """The running W (``league.tonight``). The games between the open game's sides are
        read once for the game shown (``_games_between``: again on entering the table view,
        or when a result moved), not at every hand: a league keeps thousands."""
        recorder = self.recorder
        if recorder is None or self.database is None:
            return {}
        game = recorder.game
        if self._games_between is None or self._games_between[0] is not recorder:
            try:
                self._games_between = (recorder, games_between(self.database, game.sides))
            except StoreError:
                return {}
        stored = self._stored()
        return wins_tonight(
            (Played(s.id, s.winner, s.sides, s.started_at) for s in self._games_between[1]),
            {name: side for side, name in game.names.items()},
            datetime.now().astimezone().date(),
            open_game=stored.id if stored is not None else None,
            open_winner=game.winner,
        )

    # ----------------------------------------------------------- table view
    def in_table_view(self) -> bool:
        return self._before_table_view is not None

    def toggle_table_view(self) -> None:
        """F11: the score full screen for the whole table, the entry panel still under it."""
        if self.in_table_view():
            self._leave_table_view()
        else:
            self._enter_table_view()

    def _enter_table_view(self) -> None:
        if self.recorder is None:
            self.table_view_action.setChecked(False)
            return
        self._before_table_view = self.windowState()
        self._games_between = None  # the running W is read afresh for the table
        if self.league_panel is not None:
            self._league_was_visible = self.league_panel.isVisible()
            self.league_panel.hide()
        self._place_entry_panel()  # under the board
        self.pages.setCurrentIndex(BOARD_PAGE)
        self.table_view_action.setChecked(True)
        self.showFullScreen()
        self._refresh()
        self.entry_panel.setFocus()

    def _leave_table_view(self) -> None:
        state = self._before_table_view
        self._before_table_view = None
        self._place_entry_panel()
        self.pages.setCurrentIndex(SHEET_PAGE if self.recorder is not None else WELCOME_PAGE)
        self.table_view_action.setChecked(False)
        if self.league_panel is not None and self._league_was_visible:
            self.league_panel.show()
        if state is not None:
            self.setWindowState(state)
        self._refresh()
        self.entry_panel.setFocus()

    def _place_entry_panel(self) -> None:
        """The entry panel goes under whichever view is shown: the sheet or the board."""
        if self.in_table_view():
            self.board.place_entry(self.entry_panel)
        else:
            self._sheet_layout.addWidget(self.entry_panel)

    def _zoomed(self, zoom: float) -> None:
        self.board.hands.set_zoom(zoom)
        self.settings.setValue(ZOOM_KEY, zoom)

    def show_rules(self) -> None:
        text = rules_summary_path(current()).read_text(encoding="utf-8")
        box = QMessageBox(self)
        box.setWindowTitle(_("Clabber rules summary"))
        box.setTextFormat(Qt.TextFormat.MarkdownText)
        box.setText(text)
        box.exec()

    def about(self) -> None:
        AboutDialog(self).exec()

    def show_shortcuts(self) -> None:
        ShortcutsDialog(self, self.entry_panel).exec()

    def preferences(self) -> None:
        """Edit → Preferences: a new language rebuilds the window around the same game."""
        before = saved_language(self.settings)
        dialog = PreferencesDialog(self, before)
        if not dialog.exec() or (dialog.language(), dialog.digits()) == (before, digit_style()):
            return
        self.settings.setValue(LANGUAGE_KEY, dialog.language())
        self.settings.setValue(DIGITS_KEY, dialog.digits())
        language = preferred(dialog.language())
        if (language.code, dialog.digits()) == (current(), digit_style()):
            return  # System default, which is the language spoken already
        set_digits(dialog.digits())
        self.relaunched(*language)

    def relaunched(self, language: str, came_from: Origin | None = None) -> MainWindow:
        """This window built again in ``language``, the same game and database open in it,
        where this one stood; this one closes (keeping a backup if the game changed, as a
        quit does)."""
        apply_language(language, came_from)
        window = MainWindow(self.database, self.settings)
        window.restoreGeometry(self.saveGeometry())
        window.restoreState(self.saveState())
        if self.recorder is not None:
            window.show_recorder(self.recorder)
        window.setVisible(self.isVisible())
        self.close()
        self.deleteLater()
        return window

    def tell(self, message: str) -> None:
        """A line in the status bar, for a few seconds."""
        self.statusBar().showMessage(message, 8000)

    def complain(self, title: str, message: str) -> None:
        QMessageBox.warning(self, title, shown(message))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 -- Qt's name
        if self.in_table_view():
            self._leave_table_view()
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.settings.setValue(STATE_KEY, self.saveState())
        self.undo_stack.clear()
        if self.changes is not None:
            self.changes.stop()
        if self.league_panel is not None:
            self.league_panel.stop_work()
        self.print_menu.stop_work()
        self.site_publisher.stop_work()
        self.night.stop()
        self._leave_database()
        super().closeEvent(event)


def _stored_float(value: object, default: float) -> float:
    """A number kept in the settings (an INI file gives it back as text)."""
    try:
        return float(str(value)) if value is not None else default
    except ValueError:
        return default
