"""Window fixtures: a fresh database and settings in a temporary folder."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from clabber_league.store.database import Database
from clabber_league.ui.main_window import MainWindow


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Database]:
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(tmp_path / "data"))
    database = Database.open(str(tmp_path / "league.sqlite3"))
    yield database
    database.close()


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot: QtBot, database: Database, settings: QSettings) -> MainWindow:
    window = MainWindow(database, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window
