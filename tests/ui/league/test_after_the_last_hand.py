"""The hand that ends a game: the sheet, its W and the heading show it at once; the league
panel follows the change signal (the season read again off the GUI thread), and an undo,
another game opened or the window closed before then leaves the panel showing what is
stored."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clabber_league.store.games import DatabaseRecorder
from clabber_league.store.league import MatchInfo
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.main_window import MainWindow

from .helpers import NIGHT, in_sight
from .test_follow_a_hand import Reads, up_to_the_last_hand
from .test_key_in import press_record


def state_of(panel: LeaguePanel, match: MatchInfo) -> str:
    return next(m.state for m in panel.schedule_page.model.records() if m.id == match.id)


def leader(panel: LeaguePanel) -> str:
    return panel.standings_page.model.records()[0].name


def test_the_sheet_shows_the_end_at_once_and_the_panel_reads_after(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = up_to_the_last_hand(qtbot, window, panel)
    reads = Reads(monkeypatch)
    press_record(window, *NIGHT[-1])
    # Before the window has handled a single event: the sheet, its W, the heading and
    # the status line are the finished game's; the panel has read nothing yet.
    assert window.sheet_model is not None
    assert window.sheet_model.has_w_row()
    assert f"{match.home} won 612–320" in window.heading_state.text()
    assert "check this W against the paper sheet" in window.statusBar().currentMessage()
    assert reads.names == []
    assert state_of(panel, match) == "to play"
    qtbot.waitUntil(lambda: state_of(panel, match) == "entered", timeout=10_000)
    in_sight(qtbot, panel)
    assert sorted(reads.names) == ["schedule", "season_standings"]
    assert leader(panel) == match.home


def test_undo_right_after_the_last_hand_leaves_the_panel_as_stored(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel
) -> None:
    match = up_to_the_last_hand(qtbot, window, panel)
    before = [row.name for row in panel.standings_page.model.records()]
    press_record(window, *NIGHT[-1])
    window.undo_action.trigger()  # Ctrl+Z on the W: the game is closed, nothing changes
    assert isinstance(window.recorder, DatabaseRecorder)
    assert window.recorder.game.finished
    window.recorder.reopen()  # what Edit → Reopen game… does once confirmed
    window.undo_action.trigger()  # before the window has painted the W
    assert window.changes is not None
    window.changes.poll()  # caught up with both commits: the reads asked last are the undo's
    in_sight(qtbot, panel)
    recorder = window.recorder
    assert isinstance(recorder, DatabaseRecorder)
    assert (len(recorder.game.rows), recorder.game.finished) == (len(NIGHT) - 1, False)
    assert f"hand {len(NIGHT)}," in window.heading_state.text()
    assert state_of(panel, match) == "to play"
    assert [row.name for row in panel.standings_page.model.records()] == before
    window.redo_action.trigger()
    assert recorder.game.finished
    assert recorder.closed
    qtbot.waitUntil(lambda: state_of(panel, match) == "entered", timeout=10_000)
    in_sight(qtbot, panel)  # the standings are read after the schedule when it is in sight
    assert leader(panel) == match.home


def test_another_match_keyed_in_before_the_paint_still_counts_the_finished_one(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel
) -> None:
    match = up_to_the_last_hand(qtbot, window, panel)
    following = next(
        m for m in panel.schedule_page.model.records() if m.id != match.id and m.week == 1
    )
    press_record(window, *NIGHT[-1])
    window.key_in_match(following)  # before the panel has read the finished game
    qtbot.waitUntil(lambda: state_of(panel, match) == "entered", timeout=10_000)
    in_sight(qtbot, panel)
    assert leader(panel) == match.home


def test_closing_right_after_the_last_hand_starts_no_read(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    up_to_the_last_hand(qtbot, window, panel)
    reads = Reads(monkeypatch)
    press_record(window, *NIGHT[-1])
    window.close()
    QApplication.processEvents()
    assert reads.names == []
    assert not panel.reading()
