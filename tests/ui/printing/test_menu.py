"""File → Print in the window: what is enabled, what each action previews, and the season book."""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtPdf import QPdfDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QInputDialog, QMenu, QPushButton
from pytestqt.qtbot import QtBot

from clabber_league.recording import MemoryRecorder
from clabber_league.reports import gather
from clabber_league.rules import Game, WrittenHand, rule_set
from clabber_league.store.errors import StoreError
from clabber_league.store.games import DatabaseRecorder
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.printing import documents
from clabber_league.ui.printing.menu import PrintMenu
from clabber_league.ui.printing.preview import PdfPreviewDialog
from tests.reports.conftest import page_texts
from tests.ui.league.helpers import season_of_eight

from .conftest import pages_of


def opened(window: MainWindow) -> PrintMenu:
    """The Print menu as the user sees it on opening it (its actions worked out again)."""
    menu = window.print_menu
    menu.aboutToShow.emit()
    return menu


def enabled(menu: PrintMenu) -> dict[str, bool]:
    return {
        action.text(): action.isEnabled()
        for action in menu.actions()
        if action.text() and action.menu() is None
    }


def only_preview(window: MainWindow) -> PdfPreviewDialog:
    (dialog,) = window.findChildren(PdfPreviewDialog)
    assert dialog.document.status() == QPdfDocument.Status.Ready
    return dialog


class Complaints(list[tuple[str, str]]):
    def __call__(self, title: str, message: str) -> None:
        self.append((title, message))


@pytest.fixture
def complaints(monkeypatch: pytest.MonkeyPatch, window: MainWindow) -> Complaints:
    said = Complaints()
    monkeypatch.setattr(window, "complain", said)
    return said


def test_print_is_a_submenu_of_file(window: MainWindow) -> None:
    file_menu = window.menuBar().actions()[0].menu()
    assert isinstance(file_menu, QMenu)
    assert window.print_menu.menuAction() in file_menu.actions()
    assert [action.text() for action in window.print_menu.actions() if action.text()] == [
        "Current &game…",
        "&Blank sheets…",
        "&Standings…",
        "S&chedule…",
        "&Awards…",
        "Season &book…",
        "&Week's recap…",
        "Sheets for a wee&k…",
        "&Movement cards…",
        "Pa&per",
    ]
    assert window.print_menu.game_action.shortcut().toString() == "Ctrl+P"


def test_with_nothing_open_only_blank_sheets_can_be_printed(window: MainWindow) -> None:
    assert enabled(opened(window)) == {
        "Current &game…": False,
        "&Blank sheets…": True,
        "&Standings…": False,
        "S&chedule…": False,
        "&Awards…": False,
        "Season &book…": False,
        "&Week's recap…": False,
        "Sheets for a wee&k…": False,
        "&Movement cards…": False,
    }


def test_without_a_database_there_is_no_season_to_print(qtbot: QtBot, settings: QSettings) -> None:
    window = MainWindow(None, settings)
    qtbot.addWidget(window)
    assert enabled(opened(window))["&Standings…"] is False
    assert window.print_menu.print_standings() is None
    assert window.print_menu.print_season_book() is None


def test_the_season_shown_enables_the_season_documents(
    window: MainWindow, night_played: None
) -> None:
    assert enabled(window.print_menu) == {
        "Current &game…": False,
        "&Blank sheets…": True,
        "&Standings…": True,
        "S&chedule…": True,
        "&Awards…": True,
        "Season &book…": True,
        "&Week's recap…": True,
        "Sheets for a wee&k…": True,
        "&Movement cards…": False,  # a league's season: no movement
    }


def test_ctrl_p_previews_the_stored_game(
    qtbot: QtBot, window: MainWindow, stored_game: DatabaseRecorder
) -> None:
    assert window.print_menu.game_action.isEnabled()
    QTest.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    preview = only_preview(window)
    assert preview.windowTitle() == "Print preview — Eagles v Owls"
    assert preview.printout.file_name == "eagles-v-owls.pdf"
    assert preview.document.pageCount() == 1
    assert preview.isVisible()


def test_a_game_without_a_database_prints_from_the_game_itself(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = MainWindow(None, settings)
    qtbot.addWidget(window)
    game = Game(rule_set(), ["Wrens", "Larks"], entries=[WrittenHand("A", {"A": "150", "B": "12"})])
    window.show_recorder(MemoryRecorder(game))
    assert enabled(opened(window))["Current &game…"]
    preview = window.print_menu.print_game()
    assert preview is not None
    assert preview.printout.title == "Wrens v Larks"
    assert pages_of(preview.printout.pdf) == [(612, 792)]


def test_the_paper_menu_chooses_a4_for_the_next_document(
    window: MainWindow, stored_game: DatabaseRecorder, settings: QSettings
) -> None:
    a4 = next(action for action in window.print_menu.paper_group.actions() if action.data() == "a4")
    a4.trigger()
    assert settings.value("printing/paper") == "a4"
    assert a4.isChecked()
    preview = window.print_menu.print_game()
    assert preview is not None
    assert pages_of(preview.printout.pdf) == [(595, 842)]


def test_standings_and_schedule_of_the_season_shown(window: MainWindow, night_played: None) -> None:
    standings = window.print_menu.print_standings()
    schedule = window.print_menu.print_schedule()
    assert standings is not None
    assert schedule is not None
    assert standings.printout.title == "Fall 2025 standings"
    assert standings.printout.file_name == "fall-2025-standings.pdf"
    assert schedule.printout.title == "Fall 2025 schedule"
    assert standings.document.pageCount() == 1
    assert schedule.document.pageCount() >= 1


def test_the_season_s_awards_shown(window: MainWindow, night_played: None) -> None:
    assert enabled(opened(window))["&Awards…"]
    awards = window.print_menu.print_awards()
    assert awards is not None
    assert awards.printout.title == "Fall 2025 awards"
    assert awards.printout.file_name == "fall-2025-awards.pdf"
    # One game each: nobody is ranked yet, so there is no player of the season.
    text = " ".join(page_texts(awards.printout.pdf))
    assert "High game" in text
    assert "Player of the season" not in text


def test_a_week_s_recap_and_sheets_for_the_week_chosen(
    monkeypatch: pytest.MonkeyPatch, window: MainWindow, night_played: None
) -> None:
    asked: list[tuple[int, ...]] = []

    def week_two(_parent: object, _title: str, _label: str, *bounds: int) -> tuple[int, bool]:
        asked.append(bounds)
        return 1, True

    monkeypatch.setattr(QInputDialog, "getInt", week_two)
    recap = window.print_menu.print_recap()
    sheets = window.print_menu.print_week_sheets()
    assert recap is not None
    assert sheets is not None
    assert asked[0][0] == 1  # the first week offered first
    assert recap.printout.title == "Fall 2025 week 1 recap"
    assert recap.printout.file_name == "fall-2025-week-1-recap.pdf"
    assert recap.document.pageCount() == 1
    assert sheets.printout.file_name == "fall-2025-week-1-sheets.pdf"
    assert sheets.document.pageCount() >= 1


def test_cancelling_the_week_prints_nothing(
    monkeypatch: pytest.MonkeyPatch, window: MainWindow, night_played: None
) -> None:
    monkeypatch.setattr(QInputDialog, "getInt", lambda *_args: (1, False))
    assert window.print_menu.print_recap() is None
    assert window.findChildren(PdfPreviewDialog) == []


def test_a_season_without_a_schedule_has_no_week_to_print(
    monkeypatch: pytest.MonkeyPatch, window: MainWindow, complaints: Complaints
) -> None:
    panel = window.league_panel
    assert panel is not None
    season_of_eight(panel)
    monkeypatch.setattr(QInputDialog, "getInt", lambda *_args: pytest.fail("asked for a week"))
    assert window.print_menu.print_recap() is None
    assert complaints == [("Nothing to print", "Fall 2025 has no schedule yet: make one first.")]


def test_a_store_error_is_told_not_raised(
    monkeypatch: pytest.MonkeyPatch,
    window: MainWindow,
    night_played: None,
    complaints: Complaints,
) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise StoreError("the database is locked")

    monkeypatch.setattr(documents, "standings_from_store", broken)
    assert window.print_menu.print_standings() is None
    assert complaints == [("The standings could not be printed", "the database is locked")]
    assert window.findChildren(PdfPreviewDialog) == []


# ------------------------------------------------------------------ season book
def test_the_season_book_is_made_in_a_worker_with_progress(
    qtbot: QtBot, window: MainWindow, night_played: None
) -> None:
    window.print_menu.book_action.trigger()
    task = window.print_menu.task
    assert task is not None
    assert not window.print_menu.book_action.isEnabled()  # one book at a time
    seen: list[tuple[int, int]] = []
    task.progressed.connect(lambda done, total: seen.append((done, total)))
    with qtbot.waitSignal(task.finished, timeout=20_000):
        pass
    assert seen[-1] == (8, 8)  # four games read, then four drawn
    assert window.print_menu.task is None
    assert window.print_menu.book_action.isEnabled()
    preview = only_preview(window)
    assert preview.printout.title == "Fall 2025 season book"
    assert preview.document.pageCount() == 1 + 1 + 4  # cover, contents, a page a game


def gated(gate: threading.Event, work: Callable[..., Any]) -> Callable[..., Any]:
    """The work waits at the door until the test has pressed Cancel."""

    def run(*args: Any, **kwargs: Any) -> Any:
        assert gate.wait(10)
        return work(*args, **kwargs)

    return run


def test_cancel_stops_the_season_book_and_leaves_no_file(
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    window: MainWindow,
    night_played: None,
) -> None:
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    before = set(tmp_path.rglob("*"))
    gate = threading.Event()
    monkeypatch.setattr(
        documents, "season_book_from_store", gated(gate, gather.season_book_from_store)
    )
    task = window.print_menu.print_season_book()
    assert task is not None
    assert task.dialog is not None
    cancel = task.dialog.findChild(QPushButton)
    assert cancel is not None
    with qtbot.waitSignal(task.finished, timeout=20_000):
        cancel.click()
        gate.set()
    assert task.cancelled
    assert window.findChildren(PdfPreviewDialog) == []
    assert window.statusBar().currentMessage() == "Season book cancelled: nothing was written."
    assert set(tmp_path.rglob("*")) - before == set()
    assert window.print_menu.book_action.isEnabled()


def test_a_failed_season_book_says_why(
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    window: MainWindow,
    night_played: None,
    complaints: Complaints,
) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise StoreError("there is no season 'Fall 2025'")

    monkeypatch.setattr(documents, "season_book_from_store", broken)
    task = window.print_menu.print_season_book()
    assert task is not None
    with qtbot.waitSignal(task.finished, timeout=20_000):
        pass
    assert complaints == [("The season book could not be made", "there is no season 'Fall 2025'")]
