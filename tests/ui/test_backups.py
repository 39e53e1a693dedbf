"""The window's backups: made in the background while it is open, stopped (keeping
nothing) when it closes during one, and a large database never copied at quit."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clabber_league.rules import rule_set
from clabber_league.store import backup as backup_module
from clabber_league.store.backup import Stop, backups_of, kept_copies
from clabber_league.store.database import Database
from clabber_league.store.games import create_game
from clabber_league.ui import backups as backups_module
from clabber_league.ui.backups import BackupKeeper
from clabber_league.ui.main_window import MainWindow


def keeper_of(window: MainWindow) -> BackupKeeper:
    assert window.backups is not None
    return window.backups


def every_file(database: Database) -> list[str]:
    assert database.path is not None
    folder = backups_of(database.path)
    return sorted(path.name for path in folder.iterdir()) if folder.is_dir() else []


@pytest.fixture
def large(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every database counts as too large to copy at quit."""
    monkeypatch.setattr(backups_module, "QUIT_COPY_BYTES", 0)


def test_a_changed_database_is_copied_in_the_background(
    qtbot: QtBot, window: MainWindow, database: Database, large: None
) -> None:
    assert database.path is not None
    create_game(database, rule_set(), ["Eagles", "Owls"])
    keeper = keeper_of(window)
    with qtbot.waitSignal(keeper.kept, timeout=10_000) as made:
        keeper.start()
    assert isinstance(made.args[0], Path)
    assert [copy.reason for copy in kept_copies(database.path)] == ["while-open"]
    with qtbot.waitSignal(keeper.kept, timeout=10_000) as again:
        keeper.start()
    assert again.args == [None]  # nothing changed since: no second copy
    window.close()
    assert len(kept_copies(database.path)) == 1


def test_a_large_database_is_not_copied_at_quit(
    window: MainWindow, database: Database, large: None
) -> None:
    create_game(database, rule_set(), ["Eagles", "Owls"])
    window.close()
    assert every_file(database) == []


def test_quitting_during_a_copy_stops_it_and_keeps_nothing(
    qtbot: QtBot,
    window: MainWindow,
    database: Database,
    large: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    create_game(database, rule_set(), ["Eagles", "Owls"])
    copying = threading.Event()
    step = backup_module._step

    def step_until_stopped(stop: Stop) -> None:
        copying.set()
        assert stop._stopped.wait(10)  # the window closes while the pages are being copied
        step(stop)

    monkeypatch.setattr(backup_module, "_step", step_until_stopped)
    keeper_of(window).start()
    assert copying.wait(10)
    window.close()
    assert every_file(database) == []
