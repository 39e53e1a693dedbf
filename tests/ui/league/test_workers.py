"""Long work off the GUI thread: progress, outcome by signal, and a Cancel that leaves no trace."""

import json
import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QThread
from PySide6.QtWidgets import QFileDialog, QPushButton
from pytestqt.qtbot import QtBot

from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import list_games
from clabber_league.store.imports import ImportCancelledError, ImportReport, import_games
from clabber_league.store.league import schedule
from clabber_league.ui import crash
from clabber_league.ui.league import panel as panel_module
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.league.workers import (
    Progress,
    Task,
    location_of,
    with_own_database,
)
from clabber_league.ui.main_window import MainWindow

from .helpers import game_document, season_of_eight
from .test_panel import make_schedule


def finish(qtbot: QtBot, task: Task) -> None:
    with qtbot.waitSignal(task.finished, timeout=10_000):
        task.start()
    assert not task.is_running()


def week_one_games(database: Database) -> list[Any]:
    return [
        game_document(match.home, match.away)
        for match in schedule(database, "Fall 2025")
        if match.week == 1 and match.away is not None
    ]


def test_reports_arrive_in_order_even_when_a_slot_spins_the_event_loop(qtbot: QtBot) -> None:
    """A window-modal progress dialog's ``setValue`` processes events; the next report and
    ``finished`` must still come after the slot handling a report has returned."""
    in_slot = threading.Event()
    heard: list[str] = []

    def work(progress: Progress) -> str:
        progress(1, 2)
        assert in_slot.wait(10)  # the second report is sent while the first is in its slot
        progress(2, 2)
        return "done"

    task = Task(work)

    def slow_slot(done: int, _total: int) -> None:
        heard.append(f"report {done}")
        if done == 1:
            in_slot.set()
            while task.is_running():  # as a modal dialog's setValue would
                QCoreApplication.processEvents()
            QCoreApplication.processEvents()
        heard.append(f"end of report {done}")

    task.progressed.connect(slow_slot)
    task.succeeded.connect(lambda _result: heard.append("succeeded"))
    task.finished.connect(lambda: heard.append("finished"))
    finish(qtbot, task)
    assert heard == [
        "report 1",
        "end of report 1",
        "report 2",
        "end of report 2",
        "succeeded",
        "finished",
    ]


def test_work_runs_off_the_gui_thread_and_reports_progress(qtbot: QtBot) -> None:
    threads: list[QThread] = []
    seen: list[tuple[int, int]] = []

    def work(progress: Progress) -> str:
        threads.append(QThread.currentThread())
        for done in range(1, 4):
            progress(done, 3)
        return "done"

    task = Task(work)
    task.progressed.connect(lambda done, total: seen.append((done, total)))
    finish(qtbot, task)
    assert task.result == "done"
    assert task.error is None
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert threads[0] is not QThread.currentThread()


@pytest.mark.expected_errors("clabber_league.ui.league.workers")
def test_a_failure_comes_back_as_the_exception(qtbot: QtBot) -> None:
    def work(_progress: Progress) -> None:
        raise ValueError("no such team")

    task = Task(work)
    with qtbot.waitSignal(task.failed) as failed:
        finish(qtbot, task)
    assert isinstance(failed.args[0], ValueError)
    assert str(task.error) == "no such team"


@pytest.mark.expected_errors("clabber_league.ui.league.workers")
def test_a_bug_in_the_work_is_logged_and_shown_in_the_crash_dialog(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    def work(_progress: Progress) -> None:
        raise KeyError("made_a")

    uninstall = crash.install()
    try:
        finish(qtbot, Task(work))
        qtbot.waitUntil(lambda: crash.crashes_dialog() is not None)
        dialog = crash.crashes_dialog()
        assert dialog is not None
        assert "KeyError: 'made_a'" in dialog.details.toPlainText()
    finally:
        uninstall()
    (record,) = [r for r in caplog.records if r.name == "clabber_league.ui.league.workers"]
    assert record.exc_info is not None
    assert record.exc_info[0] is KeyError
    assert record.threadName != threading.current_thread().name  # logged where it happened


def test_a_known_failure_is_only_the_tasks_to_tell(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    def work(_progress: Progress) -> None:
        raise StoreError("the league file is in use by another program")

    uninstall = crash.install()
    try:
        task = Task(work)
        finish(qtbot, task)
        QCoreApplication.processEvents()
        assert isinstance(task.error, StoreError)
        assert crash.crashes_dialog() is None
    finally:
        uninstall()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def gated(gate: threading.Event, work: Callable[..., Any]) -> Callable[..., Any]:
    """The work waits at the door until the test has pressed Cancel."""

    def run(*args: Any, **kwargs: Any) -> Any:
        assert gate.wait(10)
        return work(*args, **kwargs)

    return run


def test_a_cancelled_import_stores_nothing(
    qtbot: QtBot, panel: LeaguePanel, database: Database
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    documents = week_one_games(database)
    gate = threading.Event()

    def work(own: Database, progress: Progress) -> ImportReport:
        return import_games(own, documents, "Fall 2025", progress=progress)

    task = Task(gated(gate, with_own_database(location_of(database), work)))
    with qtbot.waitSignal(task.finished, timeout=10_000):
        task.start()
        task.cancel()
        gate.set()
    assert isinstance(task.error, ImportCancelledError)
    assert list_games(database) == []


def test_cancel_in_the_progress_dialog_stops_an_import_from_the_panel(
    qtbot: QtBot, panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    gate = threading.Event()
    monkeypatch.setattr(panel_module, "import_games", gated(gate, import_games))
    task = panel.import_games(week_one_games(database))
    assert task is not None
    assert task.dialog is not None
    cancel = task.dialog.findChild(QPushButton)
    assert cancel is not None
    with qtbot.waitSignal(task.finished, timeout=10_000):
        cancel.click()
        gate.set()
    assert list_games(database) == []
    assert panel.message.text() == "Import cancelled: no game was stored."
    assert {match.state for match in panel.schedule_page.model.records()} == {"to play"}


def test_an_import_from_the_panel_fills_in_a_night(
    qtbot: QtBot, panel: LeaguePanel, database: Database
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    documents: Sequence[Any] = week_one_games(database)
    task = panel.import_games(documents)
    assert task is not None
    with qtbot.waitSignal(task.finished, timeout=10_000):
        pass
    assert len(list_games(database)) == 4
    assert panel.message.text() == "4 games imported."
    panel.schedule_page.pick_week(1)
    assert {match.state for match in panel.schedule_page.shown_matches()} == {"entered"}
    assert [row.w for row in panel.standings_page.model.records()] == [1, 1, 1, 1, 0, 0, 0, 0]


def test_a_refused_import_says_why_and_stores_nothing(
    qtbot: QtBot, panel: LeaguePanel, database: Database
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    task = panel.import_games([game_document("Eagles", "Strangers")])
    assert task is not None
    with qtbot.waitSignal(task.finished, timeout=10_000):
        pass
    assert panel.message.text() == (
        "Nothing was imported: Fall 2025 has no team called 'Strangers'; nothing was stored"
    )
    assert list_games(database) == []


def test_file_import_season_games_runs_in_the_worker(
    qtbot: QtBot,
    window: MainWindow,
    database: Database,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    panel = window.league_panel
    assert panel is not None
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    sheets = tmp_path / "week-1.json"
    sheets.write_text(json.dumps(week_one_games(database)), encoding="utf-8")
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *_args: (str(sheets), ""))
    )
    assert window.import_season_action.isEnabled()
    window.import_season_action.trigger()
    task = panel.task
    assert task is not None
    with qtbot.waitSignal(task.finished, timeout=10_000):
        pass
    assert len(list_games(database)) == 4
    assert panel.message.text() == "4 games imported."
