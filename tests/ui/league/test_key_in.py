"""Keying in a night: a match from the schedule onto the sheet, copied off the paper sheet."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from clabber_league.store.database import Database
from clabber_league.store.games import DatabaseRecorder, list_games
from clabber_league.store.league import MatchInfo
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.main_window import MainWindow
from tests.store.helpers import season_standings

from .helpers import NIGHT, in_sight, season_of_eight
from .test_panel import make_schedule

IMPOSSIBLE = (
    "makers set with the defenders on 70 is impossible: the makers took at least 92 trick points"
)


def field(window: MainWindow, name: str) -> QLineEdit:
    edit = window.entry_panel.findChild(QLineEdit, name)
    assert edit is not None, name
    return edit


def message(window: MainWindow) -> str:
    label = window.entry_panel.findChild(QLabel, "message")
    assert label is not None
    return label.text()


def press_record(window: MainWindow, makers: str, a: str, b: str) -> None:
    """The secretary types the makers and both marks as the paper shows them, then Enter;
    the window has not painted yet (no event has been handled since)."""
    for name, text in (("makers", makers), ("mark_A", a), ("mark_B", b)):
        QTest.keyClicks(field(window, name), text)
    QTest.keyClick(field(window, "mark_B"), Qt.Key.Key_Return)


def copy_hand(window: MainWindow, makers: str, a: str, b: str) -> None:
    """A hand copied off the paper sheet: the window paints it; the league panel follows
    the change signal (what it reads again, it reads off the GUI thread)."""
    press_record(window, makers, a, b)
    QApplication.processEvents()


def key_in_first_match(qtbot: QtBot, window: MainWindow, panel: LeaguePanel) -> MatchInfo:
    """Week 1, table 1, chosen in the schedule and opened with the Key in button."""
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    page = panel.schedule_page
    page.pick_week(1)
    match = page.shown_matches()[0]
    assert (match.week, match.table) == (1, 1)
    assert page.pick_match(match.id)
    QTest.mouseClick(page.key_in_button, Qt.MouseButton.LeftButton)
    window.activateWindow()
    return match


def test_a_night_is_keyed_in_from_the_schedule(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, database: Database
) -> None:
    match = key_in_first_match(qtbot, window, panel)
    assert window.heading.text().startswith(f"{match.home} v {match.away} — Evansville")
    assert window.entry_panel.transcription()
    assert window.transcribe_action.isChecked()
    assert field(window, "mark_A").isVisible()
    assert not field(window, "tricks").isVisible()
    assert f"Week 1, table {match.table}" in window.statusBar().currentMessage()

    for makers, a, b in NIGHT[:-1]:
        copy_hand(window, makers, a, b)
    recorder = window.recorder
    assert isinstance(recorder, DatabaseRecorder)
    assert len(recorder.game.rows) == len(NIGHT) - 1
    assert not recorder.game.finished
    assert panel.schedule_page.shown_matches()[0].state == "to play"

    copy_hand(window, *NIGHT[-1])
    game = recorder.game
    assert (game.finished, game.winner, game.totals) == (True, "A", {"A": 612, "B": 320})
    assert f"{match.home} won 612–320" in window.heading_state.text()
    assert "check this W against the paper sheet" in window.statusBar().currentMessage()
    assert list_games(database)[0].hand_count == len(NIGHT)

    page = panel.schedule_page
    qtbot.waitUntil(lambda: page.shown_matches()[0].state == "entered", timeout=10_000)
    entered = page.shown_matches()[0]
    assert (entered.id, entered.state, entered.games_entered) == (match.id, "entered", 1)
    assert panel.schedule_page.week.currentText() == "Week 1 (3 to play)"
    in_sight(qtbot, panel)  # the standings follow from a worker thread
    top = panel.standings_page.model.records()[0]
    assert (top.name, top.gp, top.w, top.pf, top.pa) == (match.home, 1, 1, 612, 320)
    assert season_standings(database, "Fall 2025")[0] == top
    in_sight(qtbot, panel)
    assert panel.schedule_page.race.view is not None  # the match's score race, drawn
    in_sight(qtbot, panel, panel.players_page)
    players = {row.name: row for row in panel.players_page.model.records()}
    assert players["Player 1a"].won == 1


def test_keying_in_again_reopens_the_game_under_way(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, database: Database
) -> None:
    match = key_in_first_match(qtbot, window, panel)
    copy_hand(window, *NIGHT[0])
    recorder = window.recorder
    assert isinstance(recorder, DatabaseRecorder)
    window.transcribe_action.trigger()  # the secretary switched back to tricks
    window.key_in_match(match)
    again = window.recorder
    assert isinstance(again, DatabaseRecorder)
    assert again.id == recorder.id
    assert len(again.game.rows) == 1
    assert window.entry_panel.transcription()
    assert len(list_games(database)) == 1


def test_an_impossible_pair_is_refused_with_its_message(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, database: Database
) -> None:
    key_in_first_match(qtbot, window, panel)
    copy_hand(window, "A", "XX", "70")
    assert IMPOSSIBLE in message(window).lower()
    assert message(window).startswith("Makers set with the defenders on 70")
    assert window.recorder is not None
    assert window.recorder.game.rows == ()
    assert list_games(database)[0].hand_count == 0
    # The fields stay as typed for the secretary to check against the paper.
    assert field(window, "mark_B").text() == "70"
