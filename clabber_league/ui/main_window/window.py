"""The main window: the sheet, the entry panel, menus, undo, and the game on disk.

Data flows one way: the entry panel (or a menu) asks for a change, the
recorder judges it with the rules and commits it, an undo command is pushed,
and only then do the sheet and the panel show the new state.

Another station may keep the same game (a second window, a phone on league
night). When it got there first, the recorder refuses the change, reloads
the game as stored and says what the other station did; the window then
shows the reloaded sheet, says so in the status bar, and keeps the hand
that was being typed in the entry panel, to be entered again if it still
belongs on the sheet.

Every view follows one change signal (``ui.changes``): what moved in the
database, whoever wrote it — this window, the command line, the night
service or another station.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING

from PySide6.QtCore import QByteArray, QModelIndex, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QUndoStack
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clabber_league import APP_NAME, __version__
from clabber_league.commands.common import (
    CommandInputError,
    messages_of,
    read_json,
)
from clabber_league.correction_log import hand_words, words_text
from clabber_league.i18n import (
    _,
    current,
    digit_style,
    fill,
    rules_summary_path,
    said_error,
    set_digits,
)
from clabber_league.i18n.words import game_result
from clabber_league.league.tonight import Played, wins_tonight
from clabber_league.outputs import OutputError, write_output
from clabber_league.recording import GameRecorder, MemoryRecorder
from clabber_league.rules import ClabberError, Game, GameError, HandEntry
from clabber_league.seating import Seating
from clabber_league.store.database import Database
from clabber_league.store.errors import StaleGameError, StoreError
from clabber_league.store.games import (
    DatabaseRecorder,
    create_game,
    export_game,
    games_between,
    known_players,
    list_games,
    open_game,
    seated_players,
    stored_versions,
)
from clabber_league.store.imports import AlreadyStoredError, import_game
from clabber_league.ui.backups import BackupKeeper
from clabber_league.ui.changes import ChangeSignal
from clabber_league.ui.commands.hand_commands import (
    CorrectHand,
    DeleteHand,
    RecordHand,
)
from clabber_league.ui.dialogs.corrections import CorrectionsDialog
from clabber_league.ui.dialogs.new_game import NewGameDialog
from clabber_league.ui.dialogs.open_game import OpenGameDialog
from clabber_league.ui.dialogs.preferences import PreferencesDialog
from clabber_league.ui.dialogs.seats import SeatsDialog
from clabber_league.ui.fonts import register_fonts
from clabber_league.ui.language import DIGITS_KEY, LANGUAGE_KEY, apply_language
from clabber_league.ui.main_window.actions import WindowActions
from clabber_league.ui.main_window.database_file import DatabaseFile
from clabber_league.ui.main_window.keys import (
    GEOMETRY_KEY,
    LAST_GAME_KEY,
    LEAGUE_PANEL_KEY,
    STATE_KEY,
    ZOOM_KEY,
    database_key,
)
from clabber_league.ui.main_window.league_bridge import LeagueBridge
from clabber_league.ui.main_window.pages import BOARD_PAGE, SHEET_PAGE, WELCOME_PAGE
from clabber_league.ui.models.sheet_model import SheetModel
from clabber_league.ui.night.actions import NightActions
from clabber_league.ui.plain import shown
from clabber_league.ui.printing.menu import PrintMenu
from clabber_league.ui.widgets.elided_label import ElidedLabel
from clabber_league.ui.widgets.entry_panel import EntryPanel
from clabber_league.ui.widgets.score_board import ScoreBoard
from clabber_league.ui.widgets.sheet_view import SheetView

if TYPE_CHECKING:
    from clabber_league.store.changes import Changes
    from clabber_league.store.games import GameSummary


class MainWindow(WindowActions, LeagueBridge, DatabaseFile, QMainWindow):
    """The Clabber League window."""

    _games_between: tuple[GameRecorder, list[GameSummary]] | None = None
    """The stored games between the open game's sides, as the table's running W last read
    them (with the recorder they were read for)."""

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
        self.recorder: GameRecorder | None = None
        self.editing: int | None = None
        """The hand being corrected, or ``None`` while entering the next hand."""
        self.reopened = False
        self.undo_stack = QUndoStack(self)
        self.setWindowTitle(APP_NAME)
        self.resize(1100, 760)
        self._before_table_view: Qt.WindowState | None = None
        """The window's state before the table view (``None`` while it is not shown)."""
        self._league_was_visible = False

        self.sheet_model: SheetModel | None = None
        self.sheet_view = SheetView()
        self.sheet_view.doubleClicked.connect(self._edit_row)
        # The game over the sheet: the sides and rules (cut short when the names are long)
        # and, always whole, the hand and who deals — or how the game ended.
        self.heading = ElidedLabel()
        self.heading.setObjectName("heading")
        self.heading_state = QLabel()
        self.heading_state.setObjectName("heading_state")
        self.heading_state.setTextFormat(Qt.TextFormat.PlainText)
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
        self.print_menu = PrintMenu(self, self)
        self.night = NightActions(self, self)
        self._build_menus()
        geometry = self.settings.value(GEOMETRY_KEY)
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        self.sheet_view.set_zoom(_stored_float(self.settings.value(ZOOM_KEY), 1.0))
        self.board.hands.set_zoom(self.sheet_view.zoom)
        self.sheet_view.zoom_changed.connect(self._zoomed)
        self._take_database(database)
        self._update_actions()

    def _take_database(self, database: Database | None) -> None:
        """The database, and with it the league panel (docked where it was left)."""
        self.database = database
        self.night.update_actions()
        if database is None:
            return
        self.backups = self._keep_backups()
        self._database_key = database_key(database)
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
        self.database = reopened
        self.recorder = None
        self._database_key = database_key(reopened)
        if self.changes is not None:
            self.changes.set_database(reopened)
        if self.league_panel is not None:
            self.league_panel.set_database(reopened)
        self.undo_stack.clear()
        self.pages.setCurrentIndex(WELCOME_PAGE)
        self._update_actions()

    def _build_pages(self) -> None:
        """The welcome, the sheet (heading, sheet, entry panel) and the table view's board."""
        sheet_page = QWidget()
        layout = QVBoxLayout(sheet_page)
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(self.heading_state)
        layout.addLayout(top)
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
        welcome.setObjectName("welcome")
        self.pages.addWidget(welcome)
        self.pages.addWidget(sheet_page)
        self.pages.addWidget(self.board)

    # --------------------------------------------------------------- games
    def show_recorder(self, recorder: GameRecorder) -> None:
        """Show a game on the sheet, ready for the next hand."""
        self.recorder = recorder
        self.undo_stack.clear()
        self.editing = None
        self.reopened = False
        game = recorder.game
        if self.sheet_model is None:
            self.sheet_model = SheetModel(game, self)
            self.sheet_view.setModel(self.sheet_model)
            self.board.hands.setModel(self.sheet_model)
        else:
            self.sheet_model.set_game(game)
        self.pages.setCurrentIndex(BOARD_PAGE if self.in_table_view() else SHEET_PAGE)
        stored = self._stored()
        if stored is not None:
            self.settings.setValue(self._kept(LAST_GAME_KEY), stored.id)
        # The mode is the game's: a paper copy opens for copying, any other game for play.
        self._show_paper_mode(recorder.paper_copy)
        self._refresh()
        self.entry_panel.clear()
        self.entry_panel.setFocus()

    def _kept(self, key: str) -> str:
        """The settings key of ``key`` for the open database."""
        return f"{self._database_key}/{key}"

    def _stored(self) -> DatabaseRecorder | None:
        """The open game's recorder if it is a stored game."""
        if self.database is None or self.recorder is None:
            return None

        return self.recorder if isinstance(self.recorder, DatabaseRecorder) else None

    def new_game(self) -> None:

        dialog = NewGameDialog(self, league=self._season_teams())
        if not dialog.exec():
            return
        pairing = dialog.pairing()
        if pairing is not None and self.database is not None:
            self._new_league_game(dialog, pairing)
            return
        players = {
            seat: name
            for side, names in dialog.players().items()
            for seat, name in zip(dialog.rules().layout.seats_of(side), names, strict=False)
        }

        try:
            if self.database is None:
                recorder: GameRecorder = MemoryRecorder(
                    Game(dialog.rules(), dialog.sides(), dialog.first_dealer()), players
                )
            else:
                recorder = create_game(
                    self.database,
                    dialog.rules(),
                    dialog.sides(),
                    dialog.first_dealer(),
                    players=players,
                )
        except (ClabberError, StoreError) as exc:
            self.complain(_("The game could not be started"), said_error(exc))
            return
        self.show_recorder(recorder)

    def choose_game(self) -> None:

        if self.database is None:
            return
        try:
            games = list_games(self.database)
        except StoreError as exc:
            self.complain(_("The games could not be listed"), said_error(exc))
            return
        dialog = OpenGameDialog(games, self)
        if dialog.exec() and dialog.game_id() is not None:
            self.open_stored(dialog.game_id() or 0)

    def open_stored(self, game_id: int) -> bool:

        if self.database is None:
            return False
        try:
            recorder = open_game(self.database, game_id)
        except StoreError as exc:
            self.complain(_("The game could not be opened"), said_error(exc))
            return False
        self.show_recorder(recorder)
        return True

    def reopen_last(self) -> None:
        """Start where the scorekeeper left off: the last game, if it is still there."""
        if self.database is None:
            return
        last = self.settings.value(self._kept(LAST_GAME_KEY))
        if last is None:
            return

        try:
            game_id = int(str(last))
            recorder = open_game(self.database, game_id)
        except (ValueError, StoreError):
            return
        self.show_recorder(recorder)

    def import_file(self) -> None:

        if self.database is None:
            return
        path, _filter = QFileDialog.getOpenFileName(
            self, _("Import a game"), "", _("Game sheets (*.json)")
        )
        if not path:
            return
        try:
            game_id = import_game(self.database, read_json(path))
        except AlreadyStoredError as exc:
            if self.open_stored(exc.game_id):
                self.statusBar().showMessage(
                    _(
                        "This game is already stored (game {game_id}): it was not stored again"
                    ).format(game_id=exc.game_id),
                    10000,
                )
            return
        except ClabberError as exc:
            self.complain(_("The game was not imported"), "\n".join(messages_of(exc)))
            return
        except (CommandInputError, StoreError) as exc:
            self.complain(_("The game was not imported"), said_error(exc))
            return
        self.open_stored(game_id)

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

    def step_done(self) -> None:
        """An undo or a redo changed the game: show it as it now is."""
        self._after_own_change()

    def _after_own_change(self) -> None:
        """The window changed the game: the sheet shows it at once; once a game copied from
        paper is over, the status line asks for the W to be checked."""
        self._refresh()
        recorder = self.recorder
        if recorder is not None and recorder.game.finished and self.entry_panel.transcription():
            self.statusBar().showMessage(
                fill(
                    _("{result}: check this W against the paper sheet's"),
                    result=self.heading_state.text(),
                ),
                10000,
            )

    def export_file(self) -> None:

        recorder = self._stored()
        if recorder is None:
            return
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Export the game"), "game.json", _("Game sheets (*.json)")
        )
        if not path:
            return
        try:
            text = json.dumps(
                export_game(recorder.database, recorder.id), indent=2, ensure_ascii=False
            )

            def write(stream: IO[bytes]) -> None:
                stream.write(text.encode("utf-8"))

            # The save dialog asked before replacing a file; a folder, a device or the
            # database itself is still never replaced.
            write_output(Path(path), write, force=True)
        except (StoreError, OutputError, OSError) as exc:
            self.complain(_("The game was not exported"), said_error(exc))

    # --------------------------------------------------------------- hands
    def _hand_entered(self, entry: HandEntry) -> None:

        recorder = self.recorder
        if recorder is None:
            return
        try:
            command: RecordHand | CorrectHand
            if self.editing is None:
                n = len(recorder.game.rows) + 1
                recorder.record(entry)
                command = RecordHand(recorder, n, entry, self)
            else:
                n = self.editing
                old = recorder.replace(n, entry)
                command = CorrectHand(recorder, n, old, entry, self)
        except GameError as exc:
            self.entry_panel.show_problems(list(exc.messages))
            return
        except StaleGameError as exc:
            self.show_reloaded(str(exc))
            return
        except StoreError as exc:
            self.complain(_("The hand was not saved"), said_error(exc))
            return
        self.editing = None
        self.undo_stack.push(command)
        self._after_own_change()
        self.entry_panel.clear()
        self.sheet_view.scroll_to_last()

    def _edit_row(self, index: QModelIndex) -> None:
        self.correct_hand(index.row() + 1)

    def _edit_selected(self) -> None:
        index = self.sheet_view.currentIndex()
        if index.isValid():
            self.correct_hand(index.row() + 1)

    def correct_hand(self, n: int) -> None:
        """Load hand ``n`` into the entry panel; Enter then saves the correction."""
        if self.recorder is None or not 1 <= n <= len(self.recorder.game.rows):
            return
        if self._locked():
            self.statusBar().showMessage(
                _("The game is over: Edit → Reopen game to correct it"), 5000
            )
            return
        self.editing = n
        self.entry_panel.set_game(self.recorder.game, at=n)
        self.entry_panel.load(self.recorder.game.entries[n - 1])
        self.statusBar().showMessage(fill(_("Correcting hand {n}: Enter saves, Esc cancels"), n=n))

    def cancel_correction(self) -> None:
        if self.editing is not None:
            self.editing = None
            self._refresh()
            self.entry_panel.clear()

    def delete_selected(self) -> None:
        recorder = self.recorder
        index = self.sheet_view.currentIndex()
        if recorder is None or not index.isValid() or index.row() >= len(recorder.game.rows):
            return
        if self._locked():
            return
        n = index.row() + 1
        try:
            old = recorder.delete(n)
        except StaleGameError as exc:
            self.show_reloaded(str(exc))
            return
        except (GameError, StoreError) as exc:
            self.complain(fill(_("Hand {n} was not deleted"), n=n), said_error(exc))
            return

        self.undo_stack.push(DeleteHand(recorder, n, old, self))
        self._refresh()

        what = words_text(hand_words(recorder.game, n, old))
        # Said after the push: the sheet's refresh clears the status bar.
        self.statusBar().showMessage(
            fill(_("Deleted hand {n} ({what}) — Ctrl+Z puts it back"), n=n, what=what), 15000
        )

    def step_failed(self, error: Exception) -> None:
        # Called from inside the stack's own undo or redo: the stack (and the command
        # running) may only be cleared once that call has returned.
        QTimer.singleShot(0, lambda: self._after_failed_step(error))

    def _after_failed_step(self, error: Exception) -> None:
        if isinstance(error, StaleGameError):
            self.show_reloaded(str(error))
            return
        self.undo_stack.clear()
        self._refresh()
        self.complain(_("That step could not be undone"), said_error(error))

    def show_reloaded(self, message: str) -> None:
        """Another station changed the game: the recorder has reloaded it; show that sheet.

        The undo history belonged to the sheet as it was, so it goes; the
        entry panel keeps what was being typed.
        """
        self.editing = None
        self.undo_stack.clear()
        self._games_between = None  # the other station may have finished another game too
        self._refresh()
        self.statusBar().showMessage(message)

    def meld_calculator(self) -> None:
        if self.recorder is not None:
            self.entry_panel.open_meld_calculator()

    def choose_seats(self) -> None:
        """Record who actually sat, a substitute included (stored games only)."""

        recorder = self._stored()
        if recorder is None:
            return
        try:
            seated = seated_players(recorder.database, recorder.id)
            known = known_players(recorder.database)
        except StoreError as exc:
            self.complain(_("The seats could not be read"), said_error(exc))
            return
        dialog = SeatsDialog(recorder.game, seated, known, self)
        if not dialog.exec():
            return
        try:
            recorder.seat(dialog.players())
        except StaleGameError as exc:
            self.show_reloaded(str(exc))
            return
        except StoreError as exc:
            self.complain(_("The seats were not saved"), said_error(exc))
            return
        self._refresh()

    def _toggle_transcription(self, on: bool) -> None:
        """Ctrl+T or the menu: copy this game from paper, or enter it from the table."""
        self._show_paper_mode(on)
        self._paper_mode_chosen(on)
        self.entry_panel.focus_first_field()

    def _show_paper_mode(self, on: bool) -> None:
        self.entry_panel.set_transcription(on)
        self.transcribe_action.setChecked(on)

    def _paper_mode_chosen(self, on: bool) -> None:
        """Keep the mode with the game, so it opens the same way next time (and no other
        game opens in it)."""
        self.transcribe_action.setChecked(on)
        recorder = self.recorder
        if recorder is None or recorder.paper_copy == on:
            return
        try:
            recorder.set_paper_copy(on)
        except StoreError as exc:
            self.complain(_("The game's entry mode was not kept"), said_error(exc))

    def _reopen(self) -> None:
        self.reopened = True
        self._update_actions()
        self.statusBar().showMessage(_("Game reopened: double-click a hand to correct it"), 5000)

    def _locked(self) -> bool:
        return self.recorder is not None and self.recorder.game.finished and not self.reopened

    # ------------------------------------------------------------- display
    def _refresh(self) -> None:
        recorder = self.recorder
        if recorder is not None and self.sheet_model is not None:
            self.sheet_model.refresh(recorder.game)  # a reloaded game is a new object
            game = recorder.game
            players = recorder.players
            self.sheet_model.set_players(players)
            self.entry_panel.set_game(game, at=self.editing, players=players)
            matchup, state = self._heading_text()
            self.heading.setText(fill(_("{matchup} —"), matchup=matchup))
            self.heading_state.setText(state)
            if self.in_table_view():
                self.board.show_game(game, Seating.of(game, players), self._wins_tonight())
            if game.finished and self.editing is None:
                # The panel locks; keep the keyboard (and its shortcuts) in the window.
                self.sheet_view.setFocus()
            # Every change is committed at once, so the title carries no "modified" mark.
            self.setWindowTitle(f"{self._title_score()} — {APP_NAME}")
            self.statusBar().clearMessage()
        self._update_actions()

    def _title_score(self) -> str:
        """The game in the title bar: the sides, and once it is over the winner first."""
        assert self.recorder is not None
        game = self.recorder.game
        if game.finished:
            return game_result(game.rules, game.names, game.totals)
        return _(" v ").join(game.sides)

    def _heading_text(self) -> tuple[str, str]:
        """The sides and rules, and the state of the game: the next hand and its dealer, by
        name, or how the game ended (the winner's total first)."""
        assert self.recorder is not None
        game = self.recorder.game
        matchup = _(" v ").join(game.sides)
        rules = fill(
            _("{name}, game to {target}"), name=_(game.rules.name), target=game.rules.options.target
        )
        if game.finished:
            return fill(_("{matchup} — {rules}"), matchup=matchup, rules=rules), game_result(
                game.rules, game.names, game.totals
            )
        dealer = Seating.of(game, self.recorder.players).full(game.next_dealer)
        return fill(_("{matchup} — {rules}"), matchup=matchup, rules=rules), _(
            "hand {hand}, {dealer} deals"
        ).format(hand=len(game.rows) + 1, dealer=dealer)

    def heading_words(self) -> str:
        """The heading over the sheet as one line."""
        return f"{self.heading.text()} {self.heading_state.text()}"

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
        self.entry_panel.focus_first_field()

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
        self.entry_panel.focus_first_field()

    def _place_entry_panel(self) -> None:
        """The entry panel goes under whichever view is shown: the sheet or the board."""
        if self.in_table_view():
            self.board.place_entry(self.entry_panel)
        else:
            self._sheet_layout.addWidget(self.entry_panel)

    def _zoomed(self, zoom: float) -> None:
        self.board.hands.set_zoom(zoom)
        self.settings.setValue(ZOOM_KEY, zoom)

    def show_corrections(self) -> None:

        if self.recorder is None:
            return
        try:
            corrections = self.recorder.corrections()
        except StoreError as exc:
            self.complain(_("The corrections could not be read"), said_error(exc))
            return
        CorrectionsDialog(self.recorder.game, corrections, self).exec()

    def show_rules(self) -> None:
        text = rules_summary_path(current()).read_text(encoding="utf-8")
        box = QMessageBox(self)
        box.setWindowTitle(_("Clabber rules summary"))
        box.setTextFormat(Qt.TextFormat.MarkdownText)
        box.setText(text)
        box.exec()

    def _about(self) -> None:
        QMessageBox.about(
            self,
            fill(_("About {app_name}"), app_name=APP_NAME),
            _(
                "<b>{app_name}</b> {version}<br>Scoresheets, leagues and standings "
                "for Clabber, the Evansville card game."
            ).format(app_name=APP_NAME, version=__version__),
        )

    def preferences(self) -> None:
        """Edit → Preferences: a new language rebuilds the window around the same game."""

        dialog = PreferencesDialog(self)
        if not dialog.exec():
            return
        if (dialog.language(), dialog.digits()) == (current(), digit_style()):
            return
        self.settings.setValue(LANGUAGE_KEY, dialog.language())
        self.settings.setValue(DIGITS_KEY, dialog.digits())
        set_digits(dialog.digits())
        self.relaunched(dialog.language())

    def relaunched(self, language: str) -> MainWindow:
        """This window built again in ``language``, the same game and database open in it,
        where this one stood; this one closes (keeping a backup if the game changed, as a
        quit does)."""
        apply_language(language)
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
        if self.league_panel is not None:
            self.settings.setValue(
                self._kept(LEAGUE_PANEL_KEY), "true" if self.league_panel.isVisible() else "false"
            )
        self.undo_stack.clear()
        if self.changes is not None:
            self.changes.stop()
        if self.league_panel is not None:
            self.league_panel.stop_work()
        self.print_menu.stop_work()
        self.night.stop()
        if self.backups is not None:
            try:
                # Only when something changed since the last copy, and only a small database:
                # a large one is copied while the window is open (``ui.backups``).
                self.backups.quit()
            except StoreError as exc:
                self.complain(_("The backup on quit failed"), said_error(exc))
        super().closeEvent(event)


def _stored_float(value: object, default: float) -> float:
    """A number kept in the settings (an INI file gives it back as text)."""
    try:
        return float(str(value)) if value is not None else default
    except ValueError:
        return default


def game_from_file(path: str) -> MemoryRecorder:
    """A game sheet file shown without a database (``--screenshot --game``)."""
    from clabber_league.commands.common import read_json  # noqa: PLC0415
    from clabber_league.gamesheet import read_game  # noqa: PLC0415

    return MemoryRecorder(read_game(read_json(path)).game())
