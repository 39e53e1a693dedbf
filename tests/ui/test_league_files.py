"""League files like documents: File → New league…, Open league…, Open recent; files
dropped on the window or sent by the desktop (a QFileOpenEvent); the title names the file."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QDropEvent, QFileOpenEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from clabber_league import APP_NAME
from clabber_league.app import FilesFromDesktop
from clabber_league.resources import resource
from clabber_league.rules import rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import create_game, list_games
from clabber_league.store.league import create_season
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.main_window.pages import SHEET_PAGE, WELCOME_PAGE
from clabber_league.ui.recent_leagues import MOST, forget_leagues, recent_leagues, remember_league

EXAMPLE = resource("examples", "evansville-full-game.json")


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the message boxes say (start-up's ``critical`` and the window's ``warning``)."""
    messages: list[str] = []

    def box(_parent: object, title: str, text: str, *_rest: object) -> None:
        messages.append(f"{title}: {text}")

    monkeypatch.setattr(QMessageBox, "critical", staticmethod(box))
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(box))
    return messages


@pytest.fixture
def other(tmp_path: Path) -> Path:
    """A second league file, one game in it, left closed."""
    path = tmp_path / "second.clabber"
    database = Database.open(str(path))
    create_game(database, rule_set(), ["Hawks", "Wrens"])
    database.close()
    return path


@pytest.fixture
def owned(window: MainWindow) -> Iterator[MainWindow]:
    """The window, whose last database is closed at the end (it closes the ones it
    switches away from itself)."""
    yield window
    window.close()
    if window.database is not None:
        window.database.close()


def choose(monkeypatch: pytest.MonkeyPatch, method: str, path: Path | str) -> None:
    monkeypatch.setattr(
        QFileDialog, method, staticmethod(lambda *_args, **_options: (str(path), ""))
    )


def drop(window: MainWindow, *paths: Path) -> None:
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    event = QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    assert event.isAccepted()


# --- New league… ---------------------------------------------------------------------


def test_new_league_makes_a_migrated_league_file_and_the_window_switches_to_it(
    qtbot: QtBot,
    owned: MainWindow,
    database: Database,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    create_game(database, rule_set(), ["Eagles", "Owls"])
    assert owned.open_stored(1)
    choose(monkeypatch, "getSaveFileName", tmp_path / "tuesday")
    owned.new_league()
    made = tmp_path / "tuesday.clabber"  # the league files' own extension is added
    assert owned.database is not None
    assert owned.database.path == made
    assert list_games(owned.database) == []
    assert owned.recorder is None
    assert owned.pages.currentIndex() == WELCOME_PAGE
    assert owned.windowTitle() == f"tuesday.clabber — {APP_NAME}"
    assert recent_leagues(owned.settings)[:2] == [made, database.path]


def test_new_league_keeps_an_sqlite3_name_and_never_replaces_a_file(
    owned: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, said: list[str]
) -> None:
    before = owned.database
    there = tmp_path / "kept.sqlite3"
    there.write_bytes(b"someone's file")
    choose(monkeypatch, "getSaveFileName", there)
    owned.new_league()
    assert owned.database is before
    assert there.read_bytes() == b"someone's file"
    assert said == [
        f"No new league file was made: {there} is there already: File → Open league… opens it."
    ]
    choose(monkeypatch, "getSaveFileName", tmp_path / "fresh.sqlite3")
    owned.new_league()
    assert owned.database is not None
    assert owned.database.path == tmp_path / "fresh.sqlite3"


# --- Open league… ----------------------------------------------------------------------


def test_each_league_file_opens_on_its_own_last_game(
    qtbot: QtBot,
    owned: MainWindow,
    database: Database,
    other: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    create_game(database, rule_set(), ["Eagles", "Owls"])
    assert owned.open_stored(1)
    choose(monkeypatch, "getOpenFileName", other)
    owned.open_league_file()
    assert owned.database is not None
    assert owned.database.path == other
    assert owned.recorder is None  # game 1 of the first league is no game of this one
    assert owned.open_stored(1)
    assert owned.windowTitle() == f"Hawks v Wrens — second.clabber — {APP_NAME}"
    assert owned.league_panel is not None
    assert owned.league_panel.database is owned.database
    assert owned.changes is not None
    assert database.path is not None
    assert owned.open_league(database.path)
    assert owned.recorder is not None
    assert owned.recorder.game.sides == ("Eagles", "Owls")
    assert owned.pages.currentIndex() == SHEET_PAGE
    assert owned.open_league(other)
    assert owned.recorder is not None
    assert owned.recorder.game.sides == ("Hawks", "Wrens")


def test_a_file_that_is_no_league_is_explained_and_the_window_stays(
    owned: MainWindow, tmp_path: Path, said: list[str]
) -> None:
    before = owned.database
    notes = tmp_path / "notes.db"
    notes.write_text("not a database at all\n" * 100, encoding="utf-8")
    assert not owned.open_league(notes)
    assert owned.database is before
    # As at start: SQLite takes it for a damaged database, which has no backup to offer.
    assert said[-1] == (
        f"{APP_NAME} cannot open its database: {notes} is not a Clabber League database; "
        "it was left untouched"
    )
    assert notes.read_text(encoding="utf-8").startswith("not a database at all")
    said.clear()
    assert not owned.open_league(tmp_path / "gone.clabber")
    assert said[0] == (
        f"The league file was not opened: {tmp_path / 'gone.clabber'} is not there "
        "(moved, renamed or deleted?)."
    )
    assert not (tmp_path / "gone.clabber").exists()  # never made by opening it


def test_a_league_from_a_newer_version_is_refused_untouched(
    owned: MainWindow, other: Path, said: list[str]
) -> None:
    with closing(sqlite3.connect(other)) as connection:
        connection.execute("PRAGMA user_version = 99")
    before = owned.database
    assert not owned.open_league(other)
    assert owned.database is before
    (message,) = said
    assert "newer version" in message


# --- Open recent -----------------------------------------------------------------------


def test_open_recent_lists_the_last_leagues_most_recent_first(
    owned: MainWindow, database: Database, other: Path, tmp_path: Path
) -> None:
    gone = tmp_path / "gone.clabber"
    remember_league(owned.settings, gone)
    assert owned.open_league(other)
    owned.recent_menu.aboutToShow.emit()
    actions = [action for action in owned.recent_menu.actions() if not action.isSeparator()]
    texts = [(action.text(), action.isEnabled()) for action in actions]
    assert texts == [
        ("&1 second.clabber", True),
        ("&2 gone.clabber", False),  # not there now: shown, not offered
        ("&3 league.sqlite3", True),
        ("&Clear the list", True),
    ]
    actions[2].trigger()
    assert owned.database is not None
    assert owned.database.path == database.path
    assert owned.recent_menu.actions()[-1].text() == "&Clear the list"
    owned.recent_menu.actions()[-1].trigger()
    assert recent_leagues(owned.settings) == []
    assert [
        action.text() for action in owned.recent_menu.actions() if not action.isSeparator()
    ] == ["&Clear the list"]


def test_the_recent_list_is_the_apps_and_keeps_each_file_once(tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert recent_leagues(settings) == []
    paths = [tmp_path / f"league{n}.clabber" for n in range(MOST + 2)]
    for path in paths:
        remember_league(settings, path)
    remember_league(settings, paths[3])
    settings.sync()
    again = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    kept = recent_leagues(again)
    assert kept[0] == paths[3]
    assert len(kept) == MOST
    assert len(set(kept)) == MOST
    assert kept[1:3] == [paths[-1], paths[-2]]
    forget_leagues(again)
    assert recent_leagues(again) == []


# --- drops and the desktop's files ---------------------------------------------------


def test_a_league_file_dropped_on_the_window_opens_it(
    qtbot: QtBot, owned: MainWindow, other: Path
) -> None:
    drop(owned, other)
    qtbot.waitUntil(lambda: owned.database is not None and owned.database.path == other)


def test_a_game_file_dropped_is_imported_as_import_does(
    qtbot: QtBot, owned: MainWindow, database: Database, tmp_path: Path
) -> None:
    game = tmp_path / "tonight.clabber.json"
    shutil.copy(EXAMPLE, game)
    drop(owned, game)
    qtbot.waitUntil(lambda: owned.recorder is not None)
    assert owned.database is database
    assert [summary.sides for summary in list_games(database)] == [
        ("Jack-Nine Club", "West Side Deuces")
    ]


def test_anything_else_dropped_is_said_and_changes_nothing(
    qtbot: QtBot, owned: MainWindow, database: Database, tmp_path: Path
) -> None:
    photo = tmp_path / "table.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n")
    drop(owned, photo)
    qtbot.waitUntil(lambda: bool(owned.statusBar().currentMessage()))
    assert owned.statusBar().currentMessage() == (
        "table.png is neither a league file nor a game file: nothing was opened"
    )
    assert owned.database is database
    assert list_games(database) == []


def test_an_sqlite_file_without_a_league_extension_is_known_by_its_first_bytes(
    owned: MainWindow, other: Path, tmp_path: Path
) -> None:
    renamed = tmp_path / "copy-from-the-club"
    shutil.copy(other, renamed)
    assert owned.open_path(str(renamed))
    assert owned.database is not None
    assert owned.database.path == renamed


def test_a_file_the_finder_sends_opens_in_the_window(
    qtbot: QtBot, owned: MainWindow, other: Path
) -> None:
    app = QApplication.instance()
    assert app is not None
    files = FilesFromDesktop(app)
    app.installEventFilter(files)
    try:
        QApplication.sendEvent(app, QFileOpenEvent(str(other)))
        qtbot.waitUntil(lambda: owned.database is not None and owned.database.path == other)
    finally:
        app.removeEventFilter(files)
        files.deleteLater()


def test_the_league_night_is_planned_from_the_league_file_open(
    owned: MainWindow, other: Path, said: list[str]
) -> None:
    second = Database.open(str(other))
    create_season(second, league="Tuesday Club", season="Fall")
    second.close()
    owned.night.open_dialog()
    dialog = owned.night.dialog
    assert dialog is not None
    assert dialog.season.count() == 0
    assert owned.open_league(other)
    assert [dialog.season.itemText(i) for i in range(dialog.season.count())] == [
        "Tuesday Club — Fall"
    ]
    dialog.close()
    assert said == []


def test_no_other_league_file_is_opened_while_a_night_is_served(
    owned: MainWindow, other: Path, said: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = owned.database
    monkeypatch.setattr(type(owned.night), "running", property(lambda _night: True))
    assert not owned.open_league(other)
    assert owned.database is before
    assert said == [
        "The league file was not opened: Tonight's league night is served from this league "
        "file: close it (File → League night…) before opening another."
    ]
