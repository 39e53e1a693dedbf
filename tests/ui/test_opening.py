"""Opening the window: the last game from the light look first, then the database; a file
with anything wrong with it is opened (and explained) by the store before any window."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from clabber_league.rules import PlayedHand
from clabber_league.store.backup import Stop, damage_of, keep_backup
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import DatabaseRecorder, list_games
from clabber_league.store.glance import STILL_OPENING, GlancedGame
from clabber_league.store.imports import import_game
from clabber_league.ui import opening, store_opening
from clabber_league.ui.main_window import LAST_GAME_KEY, SHEET_PAGE, WELCOME_PAGE, MainWindow
from tests.store.helpers import EXAMPLE_FILES, damage, load
from tests.ui.test_main_window import marks

Said = list[tuple[str, str]]


@pytest.fixture
def stored(tmp_path: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database whose one game is the settings' last game."""
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(tmp_path / "data"))
    path = tmp_path / "league.sqlite3"
    database = Database.open(str(path))
    settings.setValue(LAST_GAME_KEY, import_game(database, load(EXAMPLE_FILES[0])))
    database.close()
    return path


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> Said:
    """What the message boxes said (title, text), instead of showing them."""
    boxes: Said = []

    def box(_parent: object, title: str, text: str) -> QMessageBox.StandardButton:
        boxes.append((title, text))
        return QMessageBox.StandardButton.Yes

    for kind in ("critical", "warning", "question"):
        monkeypatch.setattr(QMessageBox, kind, box)
    return boxes


def opened(qtbot: QtBot, path: Path, settings: QSettings) -> MainWindow:
    window = opening.open_window(str(path), settings)
    assert window is not None
    qtbot.addWidget(window)
    return window


def finished(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.opening)
    assert window.database is not None
    qtbot.addWidget(window)


def test_the_last_game_shows_from_the_look_then_opens_for_recording(
    qtbot: QtBot, stored: Path, settings: QSettings
) -> None:
    window = opened(qtbot, stored, settings)
    assert window.opening
    assert window.database is None
    assert window.league_panel is None
    assert isinstance(window.recorder, GlancedGame)
    assert window.pages.currentIndex() == SHEET_PAGE
    first = marks(window)
    assert first
    assert not window.new_action.isEnabled()
    finished(qtbot, window)
    try:
        assert isinstance(window.recorder, DatabaseRecorder)
        assert window.recorder.id == settings.value(LAST_GAME_KEY)
        assert marks(window) == first
        assert window.league_panel is not None
        assert window.new_action.isEnabled()
        assert window.export_action.isEnabled()
    finally:
        window.close()
        assert window.database is not None
        window.database.close()


def test_a_hand_entered_before_the_store_is_open_changes_nothing(
    qtbot: QtBot, stored: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = opened(qtbot, stored, settings)
    complaints: list[str] = []
    monkeypatch.setattr(window, "complain", lambda _title, message: complaints.append(message))
    rows = marks(window)
    window.entry_panel.hand_entered.emit(PlayedHand("A", {"A": 92}))
    assert marks(window) == rows
    assert complaints
    assert complaints[0].startswith("the database is still being checked")
    finished(qtbot, window)
    window.close()
    assert window.database is not None
    assert len(list_games(window.database)) == 1
    window.database.close()


def test_no_last_game_opens_on_the_welcome_then_takes_the_database(
    qtbot: QtBot, tmp_path: Path, settings: QSettings
) -> None:
    path = tmp_path / "new.sqlite3"
    window = opened(qtbot, path, settings)
    assert window.recorder is None
    assert window.pages.currentIndex() == WELCOME_PAGE
    finished(qtbot, window)
    assert path.exists()  # made by the store, not by the look
    assert window.open_action.isEnabled()
    window.close()
    assert window.database is not None
    window.database.close()


def test_a_last_game_gone_by_the_time_the_store_opens_leaves_the_sheet(
    qtbot: QtBot, stored: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = opened(qtbot, stored, settings)
    assert isinstance(window.recorder, GlancedGame)
    settings.setValue(LAST_GAME_KEY, 999)  # as if another station deleted it meanwhile
    finished(qtbot, window)
    assert window.recorder is None
    assert window.pages.currentIndex() == WELCOME_PAGE
    window.close()
    assert window.database is not None
    window.database.close()


def test_a_newer_database_is_refused_before_any_window(
    qtbot: QtBot, stored: Path, settings: QSettings, said: Said
) -> None:
    with closing(sqlite3.connect(stored)) as connection:
        connection.execute("PRAGMA user_version = 99")
    assert opening.open_window(str(stored), settings) is None
    ((title, text),) = said
    assert title == "Clabber League cannot open its database"
    assert "was made by a newer version of Clabber League" in text
    assert not [widget for widget in QApplication.topLevelWidgets() if widget.isVisible()]


def test_a_file_of_another_program_is_refused_before_any_window(
    qtbot: QtBot, tmp_path: Path, settings: QSettings, said: Said
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 200, encoding="utf-8")
    assert opening.open_window(str(path), settings) is None
    *_offered, (title, text) = said
    assert title == "Clabber League cannot open its database"
    assert "is not a Clabber League database" in text
    assert path.read_text(encoding="utf-8") == "shopping list\n" * 200


def test_damage_found_after_the_first_frame_is_offered_its_backup(
    qtbot: QtBot, stored: Path, settings: QSettings, said: Said
) -> None:
    keep_backup(stored, "on-quit")
    damage(stored, "correction")  # the look reads no corrections: it still shows the game
    window = opened(qtbot, stored, settings)
    assert isinstance(window.recorder, GlancedGame)
    finished(qtbot, window)
    ((title, text),) = said
    assert title == "The database is damaged"
    assert "restore the backup of" in text
    assert isinstance(window.recorder, DatabaseRecorder)  # the game, from the backup
    window.close()
    assert window.database is not None
    assert window.database.damage() is None
    window.database.close()


def test_a_good_database_takes_changes_only_once_its_check_has_passed(
    qtbot: QtBot, stored: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store is open, the check is still going: the hand waits for the check."""
    store_open, check_may_end = threading.Event(), threading.Event()
    real_open = Database.open.__func__  # type: ignore[attr-defined]
    real_check = damage_of

    def open_store(cls: type[Database], location: str) -> Database:
        database: Database = real_open(cls, location)
        store_open.set()
        return database

    def slow_check(path: Path, stop: Stop) -> str | None:
        check_may_end.wait()
        return real_check(path, stop)

    monkeypatch.setattr(Database, "open", classmethod(open_store))
    monkeypatch.setattr(store_opening, "damage_of", slow_check)
    complaints: list[str] = []
    window = opened(qtbot, stored, settings)
    monkeypatch.setattr(window, "complain", lambda _title, message: complaints.append(message))
    try:
        qtbot.waitUntil(store_open.is_set)
        qtbot.waitUntil(lambda: not window.pages.isHidden())  # the event loop turns
        window.entry_panel.paper_mode_changed.emit(True)
        assert window.opening
        assert complaints == [STILL_OPENING]
    finally:
        check_may_end.set()
    finished(qtbot, window)
    window.entry_panel.paper_mode_changed.emit(True)
    assert complaints == [STILL_OPENING]
    with closing(sqlite3.connect(stored)) as connection:
        assert connection.execute("SELECT paper_copy FROM game").fetchall() == [(1,)]
    window.close()
    assert window.database is not None
    window.database.close()


def test_a_damaged_database_is_not_written_to_before_its_backup_is_offered(
    qtbot: QtBot, stored: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch, said: Said
) -> None:
    keep_backup(stored, "on-quit")
    damage(stored, "correction")
    before = stored.read_bytes()
    window = opened(qtbot, stored, settings)
    asked: list[tuple[bool, bool]] = []

    def decline(_parent: object, _title: str, text: str) -> QMessageBox.StandardButton:
        assert "restore the backup of" in text
        asked.append((window.opening, stored.read_bytes() == before))
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", decline)
    finished(qtbot, window)
    assert asked == [(True, True)]  # entry still held, the file as it was
    window.close()  # declined: the window opened the damaged file as it is, as ever
    assert [title for title, _text in said] == ["The backup on quit failed"]  # refused
    assert window.database is not None
    window.database.close()


def test_a_database_that_cannot_be_opened_after_the_first_frame_closes_the_app(
    qtbot: QtBot, stored: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch, said: Said
) -> None:
    exits: list[int] = []

    def cannot(_cls: type[Database], location: str) -> Database:
        raise StoreError(f"{location} is locked by another program")

    monkeypatch.setattr(Database, "open", classmethod(cannot))
    monkeypatch.setattr(QApplication, "exit", lambda code=0: exits.append(code))
    window = opened(qtbot, stored, settings)
    qtbot.waitUntil(lambda: bool(exits))
    assert exits == [2]
    assert said == [
        ("Clabber League cannot open its database", f"{stored} is locked by another program")
    ]
    assert not window.isVisible()
    assert window.opening  # never took a database: the dock layout kept is not replaced


NOT_BEFORE_THE_FIRST_FRAME = (
    "sqlalchemy",
    "sqlmodel",
    "clabber_league.store.backup",
    "clabber_league.ui.store_opening",
    "clabber_league.ui.league.workers",
    "clabber_league.ui.league.panel",
    "clabber_league.ui.widgets.score_board",
    "clabber_league.ui.dialogs.preferences",
    "clabber_league.ui.commands.hand_commands",
)
"""What the first frame does without: each is imported where it is first used, after it."""


def run_app(stored: Path, stage: str, report: str) -> list[str]:
    """Run the app in a fresh process on ``stored`` until ``stage`` (its marks), then print
    the Python expression ``report`` (``modules``: the names in ``sys.modules``, in order)."""
    script = (
        "import gc, json, sys\n"
        "from clabber_league import app\n"
        "code = app.run(sys.argv[1])\n"
        "modules = list(sys.modules)\n"
        f"print(code, json.dumps({report}))\n"
    )
    config = stored.parent / "config"
    (config / "Clabber League").mkdir(parents=True, exist_ok=True)
    (config / "Clabber League" / "Clabber League.conf").write_text(
        "[session]\nlast_game=1\n", encoding="utf-8"
    )
    env = {**os.environ, "XDG_CONFIG_HOME": str(config), opening.MARKS_ENV: stage}
    done = subprocess.run(
        [sys.executable, "-c", script, str(stored)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.split("\n")


def test_the_first_frame_is_painted_before_the_store_is_loaded(stored: Path) -> None:
    """In a fresh process, as the app starts: the marks say when the frame was painted."""
    painted, said = run_app(stored, "painted", "modules")[:2]
    assert painted == "painted"
    code, listed = said.split(" ", 1)
    assert code == "0"
    modules: list[str] = json.loads(listed)
    assert [name for name in NOT_BEFORE_THE_FIRST_FRAME if name in modules] == []
    # The rules and the look at the file came before PySide6, which reads the source of
    # every module imported after it.
    assert modules.index("clabber_league.rules.game") < modules.index("PySide6")
    assert modules.index("clabber_league.store.glance") < modules.index("PySide6")


def test_the_cycle_collector_rests_until_the_window_has_its_database(stored: Path) -> None:
    report = "[gc.isenabled(), gc.get_freeze_count() > 0]"
    painted, said = run_app(stored, "painted", report)[:2]
    assert (painted, said) == ("painted", "0 [false, false]")
    *marks_said, said = run_app(stored, "ready", report)[:-1]
    assert marks_said[0] == "painted"
    assert marks_said[-1] == "ready"
    assert said == "0 [true, true]"
