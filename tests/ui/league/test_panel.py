"""The league panel as a secretary uses it: seasons, teams, rosters, the schedule, states."""

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget, QMenu
from pytestqt.qtbot import QtBot

from clabber_league.store.database import Database
from clabber_league.store.league import (
    FORFEIT,
    POSTPONED,
    SCHEDULED,
    TeamInfo,
    create_season,
    list_teams,
    schedule,
)
from clabber_league.ui.league import questions
from clabber_league.ui.league.dialogs import EditMatchDialog, NewSeasonDialog, ScheduleDialog
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.league.workers import Task
from clabber_league.ui.main_window import MainWindow

from .helpers import TEAMS, season_of_eight


def make_schedule(qtbot: QtBot, panel: LeaguePanel) -> None:
    task = panel.generate_schedule()
    assert isinstance(task, Task)
    with qtbot.waitSignal(task.finished, timeout=10_000):
        pass
    assert panel.task is None


def test_the_panel_is_docked_and_shown_from_the_view_menu(window: MainWindow) -> None:
    panel = window.league_panel
    assert isinstance(panel, QDockWidget)
    assert not panel.isVisible()  # no league yet: the scorekeeper sees just the sheet
    view_menu = window.menuBar().actions()[2].menu()
    assert isinstance(view_menu, QMenu)
    toggle = [action for action in view_menu.actions() if action.text() == "&League panel"]
    assert toggle == [panel.toggleViewAction()]
    toggle[0].trigger()
    assert panel.isVisible()
    toggle[0].trigger()
    assert not panel.isVisible()


def test_the_panel_opens_by_itself_once_there_is_a_league(
    qtbot: QtBot, database: Database, settings: QSettings
) -> None:
    create_season(database, league="Club", season="Spring")
    window = MainWindow(database, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.league_panel is not None
    assert window.league_panel.isVisible()


def test_a_season_of_eight_teams_gets_seven_weeks_of_four_matches(
    qtbot: QtBot, panel: LeaguePanel, database: Database
) -> None:
    season_of_eight(panel)
    assert panel.teams_page.teams.count() == len(TEAMS)
    make_schedule(qtbot, panel)
    page = panel.schedule_page
    assert sorted({match.week for match in page.model.records()}) == list(range(1, 8))
    assert panel.tabs.currentWidget() is page
    assert "7 weeks" in panel.message.text()
    for week in range(1, 8):
        page.pick_week(week)
        matches = page.shown_matches()
        assert len(matches) == 4
        assert {match.state for match in matches} == {"to play"}
        teams = [team for match in matches for team in (match.home, match.away) if team]
        assert sorted(teams) == sorted(TEAMS)  # everyone plays once a night
    assert page.week.currentText().startswith("Week 7")
    page.pick_week(1)
    assert page.week.currentText() == "Week 1 (4 to play)"
    assert len(schedule(database, "Fall 2025")) == 28


def test_rosters_change_and_substitutes_join(panel: LeaguePanel, database: Database) -> None:
    season_of_eight(panel)
    page = panel.teams_page
    page.select_team(
        next(team.id for team in list_teams(database, "Fall 2025") if team.name == "Owls")
    )
    team = page.selected_team()
    assert team is not None
    assert panel.add_player(team.id, "Sub Sally")
    assert [page.roster.item(i).text() for i in range(page.roster.count())] == [
        "Player 2a",
        "Player 2b",
        "Sub Sally",
    ]
    assert panel.remove_player(team.id, "Player 2a")
    assert page.roster.count() == 2
    assert page.selected_team() == TeamInfo(team.id, "Owls", ("Player 2b", "Sub Sally"), False)
    assert panel.rename_team(team.id, "Night Owls")
    assert page.title.text() == "Night Owls"
    assert panel.retire_team(team.id)
    assert page.title.text() == "Night Owls (retired)"
    assert not page.add_player_button.isEnabled()


def test_a_new_season_starts_with_the_last_ones_teams(
    qtbot: QtBot, panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    assert panel.create_season("Evansville Clabber League", "Winter 2026") is not None
    offered: list[list[str]] = []

    def secretary_picks_fall(dialog: NewSeasonDialog) -> bool:
        qtbot.addWidget(dialog)
        offered.append([dialog.copy_from.itemText(i) for i in range(dialog.copy_from.count())])
        dialog.season.setText("Spring 2026")
        dialog.copy_from.setCurrentIndex(dialog.copy_from.findData("Fall 2025"))
        return True

    monkeypatch.setattr(NewSeasonDialog, "exec", secretary_picks_fall)
    questions.ask_new_season(panel, panel)
    # The league's seasons, newest first (the last one chosen until the secretary picks).
    assert offered == [["none: start with no teams", "Winter 2026", "Fall 2025"]]
    copied = list_teams(database, "Spring 2026")
    assert [team.name for team in copied] == sorted(TEAMS)
    assert panel.message.text() == (
        "Season Spring 2026 of Evansville Clabber League created with the teams of Fall 2025."
    )


def test_a_new_league_has_no_season_to_copy_teams_from(qtbot: QtBot) -> None:
    dialog = NewSeasonDialog({"Club": ["Fall"]})
    qtbot.addWidget(dialog)
    assert (dialog.teams_from(), dialog.copy_from.isEnabled()) == ("Fall", True)
    dialog.league.setEditText("A new league")
    assert (dialog.teams_from(), dialog.copy_from.isEnabled()) == (None, False)
    dialog.league.setEditText("club")
    assert dialog.teams_from() == "Fall"


def test_a_refused_change_is_told_at_the_foot_of_the_panel(panel: LeaguePanel) -> None:
    season_of_eight(panel)
    assert not panel.add_team("eagles")
    # The name it clashes with, as the season has it.
    assert panel.message.text() == "Fall 2025 already has a team called Eagles"
    assert panel.teams_page.teams.count() == len(TEAMS)
    assert panel.create_season("Evansville Clabber League", "Fall 2025") is None
    assert "already has a season" in panel.message.text()


def test_a_match_is_postponed_forfeited_and_put_back_on(qtbot: QtBot, panel: LeaguePanel) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    page = panel.schedule_page
    page.pick_week(2)
    first = page.shown_matches()[0]
    assert page.pick_match(first.id)
    assert page.key_in_button.isEnabled()
    assert panel.set_match_status(first.id, POSTPONED)
    assert page.shown_matches()[0].state == "postponed"
    assert page.selected_match() == page.shown_matches()[0]  # still chosen after the refresh
    assert not page.key_in_button.isEnabled()
    assert page.restore_button.isEnabled()
    assert not panel.key_in()
    assert "put it back on" in panel.message.text()
    assert panel.set_match_status(first.id, FORFEIT, first.away)
    assert page.shown_matches()[0].state == "forfeit"
    standings = panel.standings_page.model.records()
    winner = next(row for row in standings if row.name == first.home)
    assert (winner.rank, winner.w, winner.gp) == (1, 1, 1)
    assert panel.set_match_status(first.id, SCHEDULED)
    assert page.shown_matches()[0].state == "to play"


def test_a_schedule_is_not_remade_once_games_are_entered(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    panel.schedule_page.pick_week(1)
    match = panel.schedule_page.shown_matches()[0]
    window.key_in_match(match)
    make_schedule(qtbot, panel)
    assert "already has games entered" in panel.message.text()
    assert len(panel.schedule_page.model.records()) == 28


def test_a_schedule_is_made_again_only_when_the_secretary_agrees(
    qtbot: QtBot, panel: LeaguePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    make_schedule(qtbot, panel)  # not asked: the store refuses, whatever the view shows
    assert "Fall 2025 already has a schedule" in panel.message.text()
    asked: list[str] = []

    def confirm(_parent: object, title: str, _text: str) -> bool:
        asked.append(title)
        return True

    monkeypatch.setattr(questions, "confirm", confirm)
    monkeypatch.setattr(ScheduleDialog, "exec", lambda _dialog: 1)
    questions.ask_generate_schedule(panel, panel)
    assert isinstance(panel.task, Task)
    with qtbot.waitSignal(panel.task.finished, timeout=10_000):
        pass
    assert asked == ["Make the schedule again?"]
    assert "7 weeks" in panel.message.text()


def test_clicking_a_match_enables_key_in(qtbot: QtBot, panel: LeaguePanel) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    page = panel.schedule_page
    page.pick_week(1)
    assert not page.key_in_button.isEnabled()
    second_row = page.view.visualRect(page.week_filter.index(1, 2)).center()
    QTest.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton, pos=second_row)
    assert page.key_in_button.isEnabled()
    selected = page.selected_match()
    assert selected is not None
    assert selected.table == 2


def test_a_match_is_edited_by_hand(qtbot: QtBot, panel: LeaguePanel, database: Database) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    first = next(match for match in schedule(database, "Fall 2025") if match.week == 1)
    dialog = EditMatchDialog(first, list_teams(database, "Fall 2025"), panel)
    qtbot.addWidget(dialog)
    dialog.table.setValue(9)
    dialog.home.setCurrentText(first.away or "")
    dialog.away.setCurrentText(first.home)
    assert dialog.changes() == {"table": 9, "home": first.away, "away": first.home}
    assert panel.edit_match(first.id, **dialog.changes())
    edited = next(match for match in schedule(database, "Fall 2025") if match.id == first.id)
    assert (edited.table, edited.home, edited.away) == (9, first.away, first.home)
    assert not panel.edit_match(first.id, home=first.home, away=first.home)
    assert "cannot play itself" in panel.message.text()


def test_the_match_editor_never_offers_a_retired_team(
    qtbot: QtBot, panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    owls = next(team for team in list_teams(database, "Fall 2025") if team.name == "Owls")
    assert panel.retire_team(owls.id)
    week = [match for match in schedule(database, "Fall 2025") if match.week == 1]
    other = next(match for match in week if "Owls" not in (match.home, match.away))
    their = next(match for match in week if "Owls" in (match.home, match.away))
    offered: list[tuple[list[str], list[str], dict[str, object]]] = []

    def shown(dialog: EditMatchDialog) -> int:
        home, away = (
            [combo.itemText(i) for i in range(combo.count())]
            for combo in (dialog.home, dialog.away)
        )
        offered.append((home, away, dialog.changes()))
        return 0

    monkeypatch.setattr(EditMatchDialog, "exec", shown)
    for match in (other, their):
        assert panel.schedule_page.pick_match(match.id)
        questions.ask_edit_match(panel, panel)
    active = sorted(name for name in TEAMS if name != "Owls")
    assert offered[0] == (active, active, {})
    # Owls keep the match they have: still shown there, so nothing changes unless asked.
    with_owls = sorted([*active, "Owls"])
    assert offered[1] == (with_owls, with_owls, {})
