"""File → Publish league site…: enabled with a season, publishes it in a worker, says how
many files it wrote; a folder it cannot write is one complaint and no site."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from clabber_league.store.database import Database
from clabber_league.ui.main_window import MainWindow
from tests.site.conftest import spring


def file_menu(window: MainWindow) -> QMenu:
    menu = window.menuBar().actions()[0].menu()
    assert isinstance(menu, QMenu)
    return menu


def test_it_is_in_the_file_menu_and_waits_for_a_season(window: MainWindow) -> None:
    menu = file_menu(window)
    assert window.site_publisher.action in menu.actions()
    menu.aboutToShow.emit()
    assert not window.site_publisher.action.isEnabled()


@pytest.fixture
def with_season(window: MainWindow, database: Database) -> None:
    spring(database)
    panel = window.league_panel
    assert panel is not None
    panel.refresh()


def test_it_publishes_the_panels_season_and_says_how_many_files(
    qtbot: QtBot,
    window: MainWindow,
    with_season: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told: list[str] = []
    monkeypatch.setattr(window, "tell", told.append)
    site = tmp_path / "site"
    monkeypatch.setattr(window.site_publisher, "choose_folder", lambda: site)
    file_menu(window).aboutToShow.emit()
    assert window.site_publisher.action.isEnabled()
    window.site_publisher.action.trigger()
    task = window.site_publisher.task
    assert task is not None
    assert not window.site_publisher.action.isEnabled()  # one publish at a time
    with qtbot.waitSignal(task.finished, timeout=30_000):
        pass
    assert (site / "index.html").is_file()
    assert len(told) == 1
    assert "files written, 0 unchanged, 0 removed" in told[0]
    assert window.site_publisher.action.isEnabled()


def test_a_folder_it_cannot_write_is_one_complaint(
    qtbot: QtBot,
    window: MainWindow,
    with_season: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said: list[tuple[str, str]] = []
    monkeypatch.setattr(window, "complain", lambda title, message: said.append((title, message)))
    taken = tmp_path / "taken"
    taken.write_text("mine")
    task = window.site_publisher.publish(taken)
    assert task is not None
    with qtbot.waitSignal(task.finished, timeout=30_000):
        pass
    assert [title for title, _message in said] == ["The league's site was not published"]
    assert taken.read_text() == "mine"
