"""Game control: the game on the sheet, and the hands entered into it.

A game is started, opened, imported or exported here and put on the sheet
(``show_recorder``); a hand typed in the entry panel is recorded or
corrected, a hand deleted, through the recorder, and only then is its undo
command pushed (``ui.commands.hand_commands``), whose undos and redos report
back here (``step_done``, ``step_failed``). When another station got there
first, the recorder has reloaded the game and the sheet shows it
(``show_reloaded``). The window paints the sheet (``GameWindow``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox

from clabber_league.commands.common import CommandInputError, messages_of, read_json
from clabber_league.correction_log import hand_words, words_text
from clabber_league.file_types import GAME_SUFFIX
from clabber_league.gamesheet import read_game
from clabber_league.i18n import _, fill, said_error
from clabber_league.outputs import OutputError, write_output
from clabber_league.recording import GameRecorder, MemoryRecorder
from clabber_league.rules import ClabberError, Game, GameError, HandEntry
from clabber_league.store.errors import StaleGameError, StoreError
from clabber_league.store.games import (
    DatabaseRecorder,
    create_game,
    export_game,
    known_players,
    list_games,
    open_game,
    seated_players,
)
from clabber_league.store.imports import AlreadyStoredError, import_game
from clabber_league.store.league_file_import import is_league_document
from clabber_league.ui.commands.hand_commands import corrected_hand, deleted_hand, recorded_hand
from clabber_league.ui.dialogs.corrections import CorrectionsDialog
from clabber_league.ui.dialogs.new_game import NewGameDialog
from clabber_league.ui.dialogs.open_game import OpenGameDialog
from clabber_league.ui.dialogs.seats import SeatsDialog
from clabber_league.ui.main_window.keys import LAST_GAME_KEY
from clabber_league.ui.main_window.pages import BOARD_PAGE, SHEET_PAGE
from clabber_league.ui.models.sheet_model import SheetModel

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QAction, QUndoStack
    from PySide6.QtWidgets import QLabel, QMainWindow, QStackedWidget

    from clabber_league.store.database import Database
    from clabber_league.store.games import GameSummary
    from clabber_league.ui.dialogs.new_game import LeaguePairing, SeasonTeams
    from clabber_league.ui.widgets.entry_panel import EntryPanel
    from clabber_league.ui.widgets.score_board import ScoreBoard
    from clabber_league.ui.widgets.sheet_view import SheetView


class GameWindow(Protocol):
    """What game control needs of the rest of the window."""

    database: Database | None
    settings: QSettings
    undo_stack: QUndoStack
    sheet_view: SheetView
    heading_state: QLabel
    entry_panel: EntryPanel
    board: ScoreBoard
    pages: QStackedWidget
    transcribe_action: QAction

    def _kept(self, key: str) -> str: ...
    def _refresh(self) -> None: ...
    def _update_actions(self) -> None: ...
    def in_table_view(self) -> bool: ...
    def complain(self, title: str, message: str) -> None: ...
    def _season_teams(self) -> list[SeasonTeams]: ...
    def import_league_document(self, document: Any) -> None: ...
    def _new_league_game(self, dialog: NewGameDialog, pairing: LeaguePairing) -> None: ...


if TYPE_CHECKING:

    class _Window(QMainWindow, GameWindow):
        """The window game control is part of, as the type checker sees it."""

else:
    _Window = object


class GameControl(_Window):
    """The game on the sheet and its hands (a part of ``MainWindow``)."""

    recorder: GameRecorder | None
    """The game on the sheet, if any."""
    editing: int | None
    """The hand being corrected, or ``None`` while entering the next hand."""
    sheet_model: SheetModel | None
    _games_between: tuple[GameRecorder, list[GameSummary]] | None = None
    """The stored games between the open game's sides, as the table's running W last read
    them (with the recorder they were read for)."""

    # --------------------------------------------------------------- games
    def show_recorder(self, recorder: GameRecorder) -> None:
        """Show a game on the sheet, ready for the next hand."""
        self.recorder = recorder
        self.undo_stack.clear()
        self.editing = None
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
            rules, sides, dealer = dialog.rules(), dialog.sides(), dialog.first_dealer()
            if self.database is None:
                recorder: GameRecorder = MemoryRecorder(Game(rules, sides, dealer), players)
            else:
                recorder = create_game(self.database, rules, sides, dealer, players=players)
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
        if path:
            self.import_path(path)

    def import_path(self, path: str) -> None:
        """Store the game sheet in ``path`` and open it (File → Import game file…, a game
        file dropped on the window or given on the command line)."""
        if self.database is None:
            return
        try:
            document = read_json(path)
            if is_league_document(document):
                self.import_league_document(document)
                return
            game_id = import_game(self.database, document)
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

    def export_file(self) -> None:
        recorder = self._stored()
        if recorder is None:
            return
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Export the game"), f"game{GAME_SUFFIX}", _("Game sheets (*.json)")
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

    def step_done(self) -> None:
        """The window changed the game (a hand, an undo or a redo): the sheet shows it at once;
        once a game copied from paper is over, the status line asks for the W to be checked."""
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

    # --------------------------------------------------------------- hands
    def _hand_entered(self, entry: HandEntry) -> None:
        recorder = self.recorder
        if recorder is None:
            return
        try:
            if self.editing is None:
                n = len(recorder.game.rows) + 1
                recorder.record(entry)
                command = recorded_hand(recorder, n, entry, self)
            else:
                n = self.editing
                old = recorder.replace(n, entry)
                command = corrected_hand(recorder, n, old, entry, self)
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
        self.step_done()
        self.entry_panel.clear()
        self.sheet_view.scrollToBottom()

    def _edit_selected(self) -> None:
        """Ctrl+E: correct the hand highlighted on the sheet. With none highlighted, the
        sheet takes the keyboard with the last hand lit, and the status line says how to
        pick another."""
        n = self.sheet_view.current_hand()
        if n is not None:
            self.correct_hand(n)
            return
        if self.recorder is None or not self.recorder.game.rows:
            self.statusBar().showMessage(_("No hand to correct yet"), 5000)
            return
        self.sheet_view.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.statusBar().showMessage(
            _("Pick the hand to correct: ↑ and ↓ on the sheet, then Ctrl+E again"), 10000
        )

    def correct_hand(self, n: int) -> None:
        """Load hand ``n`` into the entry panel; Enter then saves the correction."""
        if self.recorder is None or not 1 <= n <= len(self.recorder.game.rows):
            return
        if self._locked():
            return
        self.editing = n
        # Who sat where too: the heading says who dealt the hand by name.
        self.entry_panel.set_game(self.recorder.game, at=n, players=self.recorder.players)
        self.entry_panel.load(self.recorder.game.entries[n - 1])
        self.entry_panel.setFocus()  # the keyboard goes where the correction is typed
        self.statusBar().showMessage(fill(_("Correcting hand {n}: Enter saves, Esc cancels"), n=n))

    def cancel_correction(self) -> None:
        if self.editing is not None:
            self.editing = None
            self._refresh()
            self.entry_panel.clear()

    def delete_selected(self) -> None:
        recorder = self.recorder
        n = self.sheet_view.current_hand()  # the lit hand: never one the sheet does not show
        if recorder is None or n is None or n > len(recorder.game.rows):
            return
        if self._locked():
            return
        try:
            old = recorder.delete(n)
        except StaleGameError as exc:
            self.show_reloaded(str(exc))
            return
        except (GameError, StoreError) as exc:
            self.complain(fill(_("Hand {n} was not deleted"), n=n), said_error(exc))
            return
        self.undo_stack.push(deleted_hand(recorder, n, old, self))
        self._refresh()
        what = words_text(hand_words(recorder.game, n, old))
        # Said after the push: the sheet's refresh clears the status bar.
        self.statusBar().showMessage(
            fill(_("Deleted hand {n} ({what}) — Ctrl+Z puts it back"), n=n, what=what), 15000
        )

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
        self.entry_panel.setFocus()

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
        """Edit → Reopen game…: open the finished game for corrections, once confirmed.
        The recorder keeps it with the game, so every station shows it reopened."""
        recorder = self.recorder
        if recorder is None or not recorder.closed:
            return
        answer = QMessageBox.question(
            self,
            _("Reopen the game"),
            _(
                "The game is over. Reopen it to correct its hands? "
                "The correction log and the printed sheet will say it was reopened."
            ),
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            recorder.reopen()
        except StaleGameError as exc:
            self.show_reloaded(str(exc))
            return
        except (GameError, StoreError) as exc:
            self.complain(_("The game was not reopened"), said_error(exc))
            return
        self._refresh()
        self.statusBar().showMessage(_("Game reopened: double-click a hand to correct it"), 5000)

    def _locked(self) -> bool:
        """Whether the game on the sheet is closed (its W, not reopened): the status line
        says how to reopen it, and nothing changes."""
        if self.recorder is None or not self.recorder.closed:
            return False
        self.statusBar().showMessage(_("The game is over: Edit → Reopen game… to correct it"), 5000)
        return True

    def undo_step(self) -> None:
        """Edit → Undo (Ctrl+Z): every step changes a hand, so a closed game takes none
        back (the recorder would refuse it) and the stack stays as it is for after a
        reopening."""
        if not self._locked():
            self.undo_stack.undo()

    def show_corrections(self) -> None:
        if self.recorder is None:
            return
        try:
            corrections = self.recorder.corrections()
        except StoreError as exc:
            self.complain(_("The corrections could not be read"), said_error(exc))
            return
        CorrectionsDialog(self.recorder.game, corrections, self).exec()


def game_from_file(path: str) -> MemoryRecorder:
    """A game sheet file shown without a database (``--screenshot --game``)."""
    return MemoryRecorder(read_game(read_json(path)).game())
