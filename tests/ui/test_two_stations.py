"""Two windows on one database file, as two laptops at one league night; the backup on quit;
a damaged database at start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from clabber_league.rules import WrittenHand
from clabber_league.store.backup import damage_of, keep_backup, kept_copies
from clabber_league.store.database import Database
from clabber_league.store.games import DatabaseRecorder, list_games, open_game
from clabber_league.store.imports import import_game
from clabber_league.store.league import schedule
from clabber_league.ui import damaged
from clabber_league.ui.main_window import MainWindow
from tests.store.helpers import EXAMPLE_FILES, damage, load
from tests.ui.league.helpers import season_of_eight
from tests.ui.league.test_panel import make_schedule
from tests.ui.test_main_window import marks, start_game, type_hand


@pytest.fixture
def second_window(qtbot: QtBot, database: Database, tmp_path: Path) -> Iterator[MainWindow]:
    """Another station: its own window, its own connection, the same file."""
    assert database.path is not None
    other = Database.open(str(database.path))
    window = MainWindow(other, QSettings(str(tmp_path / "other.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    yield window
    other.close()


def stored_id(window: MainWindow) -> int:
    recorder = window.recorder
    assert isinstance(recorder, DatabaseRecorder)
    return recorder.id


def entered_at(window: MainWindow, makers: str, a: str, b: str) -> None:
    """A hand entered at a station, as its entry panel hands it to the window."""
    window.entry_panel.hand_entered.emit(WrittenHand(makers, {"A": a, "B": b}))


def test_the_second_writer_sees_the_first_ones_hand_and_keeps_its_own_typed(
    window: MainWindow, second_window: MainWindow, database: Database
) -> None:
    start_game(window, database)
    second_window.open_stored(stored_id(window))
    entered_at(second_window, "B", "62", "100")  # hand 1, at the other station

    type_hand("A", "92")  # this station thinks it is entering hand 1

    assert window.statusBar().currentMessage() == (
        "Another station recorded hand 1 to Eagles v Owls a moment ago — "
        "the sheet has been reloaded"
    )
    assert marks(window) == [("62", "100")]  # the other station's hand, shown here
    assert window.undo_stack.count() == 0
    assert [hand.hand_count for hand in list_games(database)] == [1]
    # The hand typed here is still in the entry panel: Enter records it as hand 2.
    type_hand("", "")
    assert marks(window) == [("62", "100"), ("92", "70")]
    assert open_game(database, stored_id(window)).game.totals == {"A": 154, "B": 170}


def test_an_undo_after_the_other_station_wrote_reloads_instead(
    qtbot: QtBot, window: MainWindow, second_window: MainWindow, database: Database
) -> None:
    start_game(window, database)
    type_hand("A", "92")
    second_window.open_stored(stored_id(window))
    entered_at(second_window, "B", "62", "100")
    window.undo_stack.undo()  # would delete hand 1, which the other station built on
    qtbot.waitUntil(lambda: window.undo_stack.count() == 0)
    assert "Another station recorded hand 2" in window.statusBar().currentMessage()
    assert marks(window) == [("92", "70"), ("62", "100")]
    assert [hand.hand_count for hand in list_games(database)] == [2]


def test_key_in_at_two_stations_opens_one_game(
    qtbot: QtBot, window: MainWindow, second_window: MainWindow, database: Database
) -> None:
    panel = window.league_panel
    assert panel is not None
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    match = next(m for m in schedule(database, "Fall 2025") if m.away is not None)
    window.key_in_match(match)
    assert second_window.league_panel is not None
    second_window.league_panel.reload_seasons()
    second_window.key_in_match(match)
    assert stored_id(window) == stored_id(second_window)
    assert len(list_games(database)) == 1
    entered_at(second_window, "A", "150", "12")
    entered_at(window, "B", "12", "150")
    assert "at table 1 (" in window.statusBar().currentMessage()
    assert marks(window) == [("150", "12")]


# ----------------------------------------------------------------- on quit
def test_a_quit_that_changed_nothing_keeps_no_new_copy(
    qtbot: QtBot, database: Database, settings: QSettings, tmp_path: Path
) -> None:
    assert database.path is not None
    import_game(database, load(EXAMPLE_FILES[0]))
    for _ in range(3):
        window = MainWindow(database, settings)
        qtbot.addWidget(window)
        window.close()
    assert len(kept_copies(database.path)) == 1
    start_game(window := MainWindow(database, settings), database)
    qtbot.addWidget(window)
    window.close()
    assert len(kept_copies(database.path)) == 2


def test_a_damaged_database_is_told_on_quit_and_its_good_copies_stay(
    qtbot: QtBot, database: Database, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert database.path is not None
    import_game(database, load(EXAMPLE_FILES[0]))
    good = keep_backup(database.path, "test")
    damage(database.path)
    said: list[str] = []
    for _ in range(3):
        window = MainWindow(database, settings)
        qtbot.addWidget(window)
        monkeypatch.setattr(window, "complain", lambda _title, message: said.append(message))
        window.close()
    assert [copy.path for copy in kept_copies(database.path)] == [good]
    assert len(said) == 3
    assert all("is damaged" in message for message in said)


# ---------------------------------------------------------------- at start
@pytest.fixture
def damaged_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(tmp_path / "data"))
    path = tmp_path / "league.sqlite3"
    database = Database.open(str(path))
    import_game(database, load(EXAMPLE_FILES[0]))
    database.close()
    keep_backup(path, "on-quit")
    damage(path)
    return path


def answer(monkeypatch: pytest.MonkeyPatch, button: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str) -> QMessageBox.StandardButton:
        asked.append(text)
        return button

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def checked_window(
    qtbot: QtBot, path: Path, settings: QSettings, said: list[tuple[str, str]]
) -> MainWindow:
    """The window on ``path``, its file checked off the GUI thread as at start."""
    database = damaged.open_for_window(str(path))
    assert database is not None
    window = MainWindow(database, settings)
    qtbot.addWidget(window)
    window.complain = lambda title, message: said.append((title, message))  # type: ignore[method-assign]
    task = damaged.check_in_background(window, window)
    assert task is not None
    with qtbot.waitSignal(task.finished, timeout=10_000):
        pass  # its answer is queued to this thread: it waits for the loop
    return window


def test_a_damaged_database_at_start_is_offered_its_newest_good_backup(
    qtbot: QtBot, damaged_file: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = answer(monkeypatch, QMessageBox.StandardButton.Yes)
    said: list[tuple[str, str]] = []
    window = checked_window(qtbot, damaged_file, settings, said)
    database = window.database
    assert database is not None
    try:
        assert len(list_games(database)) == 1
    finally:
        window.close()
        database.close()
    assert said == []
    (question,) = asked
    assert question.startswith(f"{damaged_file} is damaged (")
    assert "This database is damaged; restore the backup of " in question
    assert damage_of(damaged_file) is None
    assert list(damaged_file.parent.glob(f"{damaged_file.name}.damaged-*"))


def test_declined_the_damaged_database_opens_as_it_is(
    qtbot: QtBot, damaged_file: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = answer(monkeypatch, QMessageBox.StandardButton.No)
    before = damaged_file.read_bytes()
    said: list[tuple[str, str]] = []
    window = checked_window(qtbot, damaged_file, settings, said)
    assert len(asked) == 1
    window.close()  # declined: the window opened the damaged file as it is, as ever
    assert [title for title, _text in said] == ["The backup on quit failed"]  # refused
    assert window.database is not None
    window.database.close()
    assert damaged_file.read_bytes() == before
