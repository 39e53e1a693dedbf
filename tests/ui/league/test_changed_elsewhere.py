"""Changes made outside the window — the command line in another process, another station
on its own connection — reach every open view through the window's change signal."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from clabber_league.store.database import Database
from clabber_league.store.league import (
    ENTERED,
    FORFEIT,
    POSTPONED,
    TO_PLAY,
    MatchInfo,
    add_team,
    create_season,
    generate_schedule,
    schedule,
    set_match_status,
)
from clabber_league.store.matches import open_match_game
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.main_window import MainWindow
from tests.store.helpers import made

from .helpers import in_sight

LEAGUE, SEASON = "Club", "Spring"
TEAMS = ("Eagles", "Owls", "Hawks", "Wrens")


@pytest.fixture
def elsewhere(database: Database) -> Iterator[Database]:
    """The window's database opened again: another station's connection."""
    assert database.path is not None
    other = Database.open(str(database.path))
    yield other
    other.close()


def season_without_schedule(database: Database) -> None:
    create_season(database, league=LEAGUE, season=SEASON)
    for team in TEAMS:
        add_team(database, SEASON, team, [f"{team} 1", f"{team} 2"])


@pytest.fixture
def scheduled(panel: LeaguePanel, elsewhere: Database, qtbot: QtBot) -> list[MatchInfo]:
    """A season of four teams with its schedule, made elsewhere and shown by the panel."""
    season_without_schedule(elsewhere)
    generate_schedule(elsewhere, SEASON)
    qtbot.waitUntil(lambda: len(panel.schedule_page.model.records()) == 6, timeout=10_000)
    return schedule(elsewhere, SEASON)


def state_shown(panel: LeaguePanel, match_id: int) -> str:
    return next(m.state for m in panel.schedule_page.model.records() if m.id == match_id)


def play_out(database: Database, match: MatchInfo) -> None:
    recorder = open_match_game(database, match.id)
    while not recorder.game.finished:
        recorder.record(made("A", 162))


def test_a_schedule_made_on_the_command_line_shows_in_the_open_window(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, database: Database
) -> None:
    season_without_schedule(database)
    qtbot.waitUntil(lambda: panel.current_season() is not None, timeout=10_000)
    assert panel.schedule_page.model.records() == []
    command = ["schedule", "generate", "--db", str(database.path), "--season", SEASON]
    done = subprocess.run(
        [sys.executable, "-m", "clabber_league", *command],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    qtbot.waitUntil(lambda: len(panel.schedule_page.model.records()) == 6, timeout=10_000)
    assert panel.schedule_page.week.itemText(0) != "No schedule yet"


def entered(qtbot: QtBot, panel: LeaguePanel, match: MatchInfo) -> None:
    qtbot.waitUntil(lambda: state_shown(panel, match.id) == ENTERED, timeout=10_000)


def test_a_match_finished_elsewhere_stops_being_to_play(
    qtbot: QtBot, panel: LeaguePanel, elsewhere: Database, scheduled: list[MatchInfo]
) -> None:
    match = scheduled[0]
    assert state_shown(panel, match.id) == TO_PLAY
    play_out(elsewhere, match)
    qtbot.waitUntil(lambda: state_shown(panel, match.id) == ENTERED, timeout=10_000)


def test_a_match_forfeited_elsewhere_stops_being_to_play(
    qtbot: QtBot, panel: LeaguePanel, elsewhere: Database, scheduled: list[MatchInfo]
) -> None:
    match = scheduled[0]
    set_match_status(elsewhere, match.id, FORFEIT, forfeited_by=match.home)
    qtbot.waitUntil(lambda: state_shown(panel, match.id) == FORFEIT, timeout=10_000)


def test_a_match_postponed_elsewhere_shows_postponed_and_can_be_put_back_on(
    qtbot: QtBot, panel: LeaguePanel, elsewhere: Database, scheduled: list[MatchInfo]
) -> None:
    match = scheduled[0]
    page = panel.schedule_page
    page.pick_week(match.week)
    assert page.pick_match(match.id)
    assert not page.restore_button.isEnabled()
    set_match_status(elsewhere, match.id, POSTPONED)
    qtbot.waitUntil(lambda: state_shown(panel, match.id) == POSTPONED, timeout=10_000)
    chosen = page.selected_match()
    assert chosen is not None
    assert chosen.state == POSTPONED
    assert page.restore_button.isEnabled()
    assert not page.key_in_button.isEnabled()


def test_the_standings_and_the_schedule_agree_after_a_game_finished_elsewhere(
    qtbot: QtBot, panel: LeaguePanel, elsewhere: Database, scheduled: list[MatchInfo]
) -> None:
    match = scheduled[0]
    play_out(elsewhere, match)
    qtbot.waitUntil(lambda: state_shown(panel, match.id) == ENTERED, timeout=10_000)
    in_sight(qtbot, panel)
    played = {str(row.name): row.gp for row in panel.standings_page.model.records()}
    assert played[match.home] == played[str(match.away)] == 1
    entered = sum(m.games_entered for m in panel.schedule_page.model.records())
    assert sum(played.values()) == 2 * entered


def test_a_hand_written_elsewhere_reaches_the_open_sheet(
    qtbot: QtBot, window: MainWindow, elsewhere: Database, scheduled: list[MatchInfo]
) -> None:
    match = scheduled[0]
    recorder = open_match_game(elsewhere, match.id)
    assert window.open_stored(recorder.id)
    assert window.sheet_model is not None
    assert window.sheet_model.rowCount() <= 1
    recorder.record(made("A"))
    qtbot.waitUntil(lambda: window.recorder is not None and len(window.recorder.game.rows) == 1)
    assert "Another station changed this sheet" in window.statusBar().currentMessage()


def test_the_window_stops_looking_when_it_closes(
    qtbot: QtBot, window: MainWindow, elsewhere: Database
) -> None:
    changes = window.changes
    assert changes is not None
    heard: list[object] = []
    changes.changed.connect(heard.append)
    window.close()
    create_season(elsewhere, league=LEAGUE, season=SEASON)
    assert not changes.poll()
    assert heard == []


def test_a_match_postponed_elsewhere_repaints_its_row_and_keeps_the_week_filtered(
    qtbot: QtBot, panel: LeaguePanel, elsewhere: Database, scheduled: list[MatchInfo]
) -> None:
    match = scheduled[0]
    page = panel.schedule_page
    page.pick_week(match.week)
    shown_before = page.shown_matches()
    row = [m.id for m in page.model.records()].index(match.id)
    repainted: list[tuple[int, int]] = []
    page.model.dataChanged.connect(
        lambda first, last, *_: repainted.append((first.row(), last.row()))
    )
    refiltered: list[str] = []
    for signal in (page.week_filter.layoutChanged, page.week_filter.modelReset):
        signal.connect(lambda *_: refiltered.append("again"))
    set_match_status(elsewhere, match.id, POSTPONED)
    qtbot.waitUntil(lambda: state_shown(panel, match.id) == POSTPONED, timeout=10_000)
    assert repainted == [(row, row)]
    assert refiltered == []
    assert [m.id for m in page.shown_matches()] == [m.id for m in shown_before]
    week_line = page.week.itemText(page.week.currentIndex())
    assert week_line.endswith(f"({sum(m.state == TO_PLAY for m in page.shown_matches())} to play)")


def test_a_change_to_the_schedule_alone_reads_the_schedule_before_the_standings(
    qtbot: QtBot, panel: LeaguePanel, elsewhere: Database, scheduled: list[MatchInfo]
) -> None:
    panel.tabs.setCurrentWidget(panel.standings_page)
    in_sight(qtbot, panel)
    shown: list[str] = []
    panel.schedule_read.done.connect(lambda: shown.append("schedule"))
    panel.standings_read.done.connect(lambda: shown.append("standings"))
    set_match_status(elsewhere, scheduled[0].id, POSTPONED)
    qtbot.waitUntil(lambda: len(shown) == 2, timeout=10_000)
    in_sight(qtbot, panel)
    assert shown == ["schedule", "standings"]


def test_a_result_reads_the_standings_first_unless_the_schedule_is_in_sight(
    qtbot: QtBot, panel: LeaguePanel, elsewhere: Database, scheduled: list[MatchInfo]
) -> None:
    shown: list[str] = []
    panel.schedule_read.done.connect(lambda: shown.append("schedule"))
    panel.standings_read.done.connect(lambda: shown.append("standings"))
    for page, match, first in (
        (panel.standings_page, scheduled[0], "standings"),
        (panel.schedule_page, scheduled[1], "schedule"),
    ):
        panel.tabs.setCurrentWidget(page)
        in_sight(qtbot, panel)
        shown.clear()
        play_out(elsewhere, match)
        entered(qtbot, panel, match)
        in_sight(qtbot, panel)
        assert shown[0] == first
