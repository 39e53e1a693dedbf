"""The window as a scorekeeper uses it: keyboard entry, the store, undo, corrections."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from clabber_league import APP_NAME, cli
from clabber_league.recording import MemoryRecorder
from clabber_league.resources import resource
from clabber_league.rules import Game, PlayedHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import (
    DatabaseRecorder,
    create_game,
    known_players,
    list_games,
    open_game,
    seated_players,
)
from clabber_league.ui.dialogs.seats import SeatsDialog
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.models.sheet_model import SheetColumn, SheetRole


def start_game(window: MainWindow, database: Database, target: int = 500) -> None:
    recorder = create_game(database, rule_set("evansville", {"target": target}), ["Eagles", "Owls"])
    window.show_recorder(recorder)
    window.activateWindow()
    window.entry_panel.setFocus()


def type_hand(makers: str, tricks: str) -> None:
    """A hand at the keyboard: makers letter, Tab, the makers' trick points, Enter."""
    for key in (makers, Qt.Key.Key_Tab, tricks, Qt.Key.Key_Return):
        widget = QApplication.focusWidget()
        assert widget is not None
        if isinstance(key, str):
            QTest.keyClicks(widget, key)
        else:
            QTest.keyClick(widget, key)


def marks(window: MainWindow) -> list[tuple[str, str]]:
    model = window.sheet_model
    assert model is not None
    game = model.game
    rows = []
    for row in range(len(game.rows)):
        a = model.data(
            model.index(row, model.column_of(SheetColumn.MARK, "A")), Qt.ItemDataRole.DisplayRole
        )
        b = model.data(
            model.index(row, model.column_of(SheetColumn.MARK, "B")), Qt.ItemDataRole.DisplayRole
        )
        rows.append((a, b))
    return rows


def test_the_window_opens_with_its_menus(window: MainWindow) -> None:
    assert window.windowTitle() == f"league.sqlite3 — {APP_NAME}"  # the league file open
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&File", "&Edit", "&View", "&Tournament", "&Help"]


def test_a_game_typed_at_the_keyboard_ends_with_the_right_totals_marks_and_w(
    window: MainWindow, database: Database
) -> None:
    start_game(window, database)
    for makers, tricks in [("A", "150"), ("A", "40"), ("B", "162"), ("A", "150"), ("A", "150")]:
        type_hand(makers, tricks)
    assert window.recorder is not None
    assert window.recorder.game.totals == {"A": 450, "B": 320}
    type_hand("A", "150")
    game = window.recorder.game
    assert marks(window) == [
        ("150", "12"),
        ("XX", "122"),
        ("-", "162"),
        ("150", "12"),
        ("150", "12"),
        ("150", "12"),
    ]
    assert (game.totals, game.finished, game.winner) == ({"A": 600, "B": 332}, True, "A")
    model = window.sheet_model
    assert model is not None
    w_row = len(game.rows)
    assert model.data(model.index(w_row, 0), SheetRole.IS_W_ROW) is True
    w = model.data(
        model.index(w_row, model.column_of(SheetColumn.TOTAL, "A")), Qt.ItemDataRole.DisplayRole
    )
    assert w == "W"
    assert "Eagles won 600–332" in window.heading_state.text()
    assert isinstance(window.recorder, DatabaseRecorder)
    stored = open_game(database, window.recorder.id)
    assert stored.game.totals == {"A": 600, "B": 332}


def test_an_invalid_entry_shows_the_rule_and_stores_nothing(
    window: MainWindow, database: Database
) -> None:
    start_game(window, database)
    type_hand("A", "161")
    message = window.entry_panel.findChild(QLabel, "message")
    assert message is not None
    assert "161" in message.text()
    assert "no card is worth 1" in message.text()
    assert list_games(database)[0].hand_count == 0
    assert window.recorder is not None
    assert window.recorder.game.rows == ()


def test_undo_and_redo_go_through_the_store(window: MainWindow, database: Database) -> None:
    start_game(window, database)
    type_hand("A", "92")
    type_hand("B", "100")
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert list_games(database)[0].hand_count == 1
    assert marks(window) == [("92", "70")]
    shift_control = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(window, Qt.Key.Key_Z, shift_control)
    assert list_games(database)[0].hand_count == 2
    assert marks(window) == [("92", "70"), ("62", "100")]


def test_correcting_an_early_hand_rederives_everything_and_is_logged(
    window: MainWindow, database: Database
) -> None:
    start_game(window, database, target=300)
    for _ in range(3):
        type_hand("A", "92")
    window.correct_hand(1)
    assert window.entry_panel.editing == 1
    window.entry_panel.load(PlayedHand("A", {"A": 40}, melds={"B": 50}))
    assert window.entry_panel.submit()
    assert window.recorder is not None
    game = window.recorder.game
    assert marks(window) == [("XX", "172"), ("92", "70"), ("92", "70")]
    assert (game.totals, game.finished, game.winner) == ({"A": 184, "B": 312}, True, "B")
    log = window.recorder.corrections()
    assert [(c.n, c.old, c.new) for c in log] == [
        (1, PlayedHand("A", {"A": 92}), PlayedHand("A", {"A": 40}, melds={"B": 50}))
    ]
    # The correction gave the game its W: it is closed, and taking it back is a reopening.
    window.undo_action.trigger()
    assert "Reopen game…" in window.statusBar().currentMessage()
    assert window.recorder.game.finished
    window.recorder.reopen()
    window.undo_action.trigger()
    assert marks(window) == [("92", "70"), ("92", "70"), ("92", "70")]
    assert not window.recorder.game.finished


def confirm_reopening(
    monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton
) -> list[str]:
    """Answer Edit → Reopen game…'s question with ``answer``; the list gets its words."""
    asked: list[str] = []

    def question(_parent: QWidget, _title: str, text: str) -> QMessageBox.StandardButton:
        asked.append(text)
        return answer

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked


def test_a_finished_game_is_locked_until_reopened(
    window: MainWindow, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    start_game(window, database, target=100)
    type_hand("A", "120")
    assert window.recorder is not None
    assert window.recorder.game.finished
    window.correct_hand(1)
    assert window.editing is None
    assert not window.entry_panel.isEnabled() or window.entry_panel.editing is None
    assert "Edit → Reopen game…" in window.statusBar().currentMessage()
    assert window.reopen_action.isEnabled()
    asked = confirm_reopening(monkeypatch, QMessageBox.StandardButton.No)
    window.reopen_action.trigger()
    assert asked
    assert window.recorder.closed
    confirm_reopening(monkeypatch, QMessageBox.StandardButton.Yes)
    window.reopen_action.trigger()
    assert not window.recorder.closed
    assert not window.reopen_action.isEnabled()
    assert open_game(database, list_games(database)[0].id).closed is False  # stored
    window.correct_hand(1)
    assert window.editing == 1


def test_ctrl_z_on_a_finished_game_says_how_to_reopen_it(
    window: MainWindow, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    start_game(window, database, target=100)
    type_hand("A", "92")
    type_hand("A", "120")
    assert window.recorder is not None
    assert window.recorder.game.finished
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.statusBar().currentMessage() == (
        "The game is over: Edit → Reopen game… to correct it"
    )
    assert list_games(database)[0].hand_count == 2
    assert window.undo_stack.canUndo()  # kept for after a reopening
    confirm_reopening(monkeypatch, QMessageBox.StandardButton.Yes)
    window.reopen_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert list_games(database)[0].hand_count == 1
    assert not window.recorder.game.finished
    (reopening, undone) = window.recorder.corrections()
    assert reopening.reopening
    assert (undone.n, undone.new) == (2, None)


def test_delete_and_undo_put_the_hand_back(window: MainWindow, database: Database) -> None:
    start_game(window, database)
    type_hand("A", "92")
    type_hand("B", "100")
    model = window.sheet_model
    assert model is not None
    window.sheet_view.setCurrentIndex(model.index(0, 0))
    window.delete_action.trigger()
    assert marks(window) == [("62", "100")]
    window.undo_stack.undo()
    assert marks(window) == [("92", "70"), ("62", "100")]
    assert list_games(database)[0].hand_count == 2


def test_the_last_game_comes_back_after_a_restart(
    qtbot: QtBot, window: MainWindow, database: Database, settings: QSettings
) -> None:
    start_game(window, database)
    type_hand("A", "92")
    window.close()
    again = MainWindow(database, settings)
    qtbot.addWidget(again)
    again.reopen_last()
    assert again.recorder is not None
    assert again.recorder.game.totals == {"A": 92, "B": 70}


def test_quitting_keeps_a_backup(window: MainWindow, database: Database, tmp_path: Path) -> None:
    start_game(window, database)
    window.close()
    copies = list((tmp_path / "data" / "backups").rglob("*on-quit.sqlite3"))
    assert len(copies) == 1


def test_a_game_file_shows_without_a_database(qtbot: QtBot, settings: QSettings) -> None:
    window = MainWindow(None, settings)
    qtbot.addWidget(window)
    game = Game(rule_set(), ["Eagles", "Owls"])
    window.show_recorder(MemoryRecorder(game))
    assert not window.open_action.isEnabled()
    assert window.pages.currentIndex() == 1


def test_screenshot_writes_a_picture_of_the_sheet(tmp_path: Path) -> None:
    out = tmp_path / "sheet.png"
    example = resource("examples", "evansville-full-game.json")
    assert cli.main(["--screenshot", str(out), "--game", str(example)]) == 0
    image = QImage(str(out))
    assert image.width() >= 800
    assert image.height() >= 600


def test_screenshot_of_a_bad_game_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "clabber-game/1", "sides": ["A", "B"], "hands": [{"makers": "A"}]}')
    assert cli.main(["--screenshot", str(tmp_path / "x.png"), "--game", str(bad)]) == 2
    assert "hand 1" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_focus_starts_on_the_entry_panel(window: MainWindow, database: Database) -> None:
    start_game(window, database)
    focused: QWidget | None = QApplication.focusWidget()
    assert focused is not None
    assert focused.objectName() == "makers"


def test_a_substitute_is_recorded_as_who_sat(window: MainWindow, database: Database) -> None:
    recorder = create_game(
        database, rule_set(), ["Eagles", "Owls"], players={"A1": "Ann", "A2": "Bob"}
    )
    window.show_recorder(recorder)
    dialog = SeatsDialog(recorder.game, seated_players(database, recorder.id), ["Ann", "Bob"])
    assert dialog.players() == {"A1": "Ann", "A2": "Bob"}
    combo = dialog.findChild(QComboBox, "seat_A2")
    assert combo is not None
    combo.setCurrentText("Sue (sub)")
    recorder.seat(dialog.players())
    assert seated_players(database, recorder.id) == {"A1": "Ann", "A2": "Sue (sub)"}
    assert "Sue (sub)" in known_players(database)


def test_who_sat_refuses_one_person_in_two_seats(window: MainWindow, database: Database) -> None:
    recorder = create_game(database, rule_set(), ["Eagles", "Owls"], players={"A1": "Ann"})
    dialog = SeatsDialog(recorder.game, seated_players(database, recorder.id), ["Ann", "Bob"])
    ok = dialog.findChild(QDialogButtonBox)
    assert ok is not None
    assert ok.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    combo = dialog.findChild(QComboBox, "seat_B1")
    assert combo is not None
    combo.setCurrentText(" ann")
    assert not ok.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    problem = dialog.findChild(QLabel, "problem")
    assert problem is not None
    assert problem.text() == "Ann is listed for side A and for side B: a player sits in one seat"
    combo.setCurrentText("Cal")
    assert ok.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert problem.text() == ""


def test_a_second_window_sees_the_game_reopened(
    qtbot: QtBot,
    window: MainWindow,
    database: Database,
    settings: QSettings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reopening is the game's, not a window's: another window on the same file
    follows it through the change signal."""
    start_game(window, database, target=100)
    type_hand("A", "120")
    second = MainWindow(database, settings)
    qtbot.addWidget(second)
    assert second.open_stored(list_games(database)[0].id)
    assert second.recorder is not None
    assert second.recorder.closed
    assert second.reopen_action.isEnabled()
    confirm_reopening(monkeypatch, QMessageBox.StandardButton.Yes)
    window.reopen_action.trigger()
    assert second.changes is not None
    second.changes.poll()
    qtbot.waitUntil(lambda: second.recorder is not None and not second.recorder.closed)
    assert not second.reopen_action.isEnabled()
    second.close()
