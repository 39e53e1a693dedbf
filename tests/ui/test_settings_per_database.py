"""The window keeps "last game" and the league panel's visibility per database, under the
database's own id, and ``clabber-league --db DB gui --game-id N`` opens that game."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from clabber_league import APP_NAME
from clabber_league.app import MARKS_ENV
from clabber_league.rules import rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import create_game
from clabber_league.store.league import create_season
from clabber_league.ui.main_window import LAST_GAME_KEY, MainWindow
from clabber_league.ui.main_window.pages import SHEET_PAGE, WELCOME_PAGE


def window_on(qtbot: QtBot, database: Database, settings: QSettings) -> MainWindow:
    window = MainWindow(database, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_last_game_of_one_database_is_not_opened_in_another(
    qtbot: QtBot, database: Database, settings: QSettings, tmp_path: Path
) -> None:
    create_game(database, rule_set(), ["Eagles", "Owls"])
    window = window_on(qtbot, database, settings)
    assert window.open_stored(1)
    window.close()
    other = Database.open(str(tmp_path / "other.sqlite3"))
    try:
        create_game(other, rule_set(), ["Hawks", "Wrens"])  # game 1 there too
        elsewhere = window_on(qtbot, other, settings)
        elsewhere.reopen_last()
        assert elsewhere.recorder is None
        assert elsewhere.pages.currentIndex() == WELCOME_PAGE
        elsewhere.close()
    finally:
        other.close()
    again = window_on(qtbot, database, settings)
    again.reopen_last()
    assert again.recorder is not None
    assert again.recorder.game.sides == ("Eagles", "Owls")
    assert again.pages.currentIndex() == SHEET_PAGE
    again.close()


def test_a_database_moved_to_another_file_keeps_its_last_game(
    qtbot: QtBot, database: Database, settings: QSettings, tmp_path: Path
) -> None:
    create_game(database, rule_set(), ["Eagles", "Owls"])
    second = create_game(database, rule_set(), ["Hawks", "Wrens"])
    window = window_on(qtbot, database, settings)
    assert window.open_stored(second.id)
    window.close()
    database.close()
    assert database.path is not None
    moved = tmp_path / "moved.sqlite3"
    shutil.move(database.path, moved)
    reopened = Database.open(str(moved))
    try:
        window = window_on(qtbot, reopened, settings)
        window.reopen_last()
        assert window.recorder is not None
        assert window.recorder.game.sides == ("Hawks", "Wrens")
        window.close()
    finally:
        reopened.close()


def test_the_league_panel_is_shown_or_hidden_per_database(
    qtbot: QtBot, database: Database, settings: QSettings, tmp_path: Path
) -> None:
    create_season(database, league="Club", season="Spring")
    window = window_on(qtbot, database, settings)
    assert window.league_panel is not None
    assert window.league_panel.isVisible()  # a league: the panel shows
    window.league_panel.hide()
    window.close()
    other = Database.open(str(tmp_path / "other.sqlite3"))
    try:
        create_season(other, league="Club", season="Autumn")
        elsewhere = window_on(qtbot, other, settings)
        assert elsewhere.league_panel is not None
        assert elsewhere.league_panel.isVisible()  # hidden for the first database only
        elsewhere.close()
    finally:
        other.close()
    again = window_on(qtbot, database, settings)
    assert again.league_panel is not None
    assert not again.league_panel.isVisible()
    again.close()


def test_gui_game_id_opens_that_stored_game(database: Database, tmp_path: Path) -> None:
    create_game(database, rule_set(), ["Eagles", "Owls"])
    wanted = create_game(database, rule_set(), ["Hawks", "Wrens"]).id
    create_game(database, rule_set(), ["Larks", "Crows"])
    assert database.path is not None
    config = tmp_path / "config"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(config),
        MARKS_ENV: "painted",
    }
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "clabber_league",
            "--db",
            str(database.path),
            "gui",
            "--game-id",
            str(wanted),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["painted"]
    settings = QSettings(str(config / APP_NAME / f"{APP_NAME}.conf"), QSettings.Format.IniFormat)
    kept = {key: settings.value(key) for key in settings.allKeys() if key.endswith(LAST_GAME_KEY)}
    assert list(kept.values()) == [str(wanted)]
