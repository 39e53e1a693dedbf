"""The window does what the command line does for divisions and halves: a team's division
(when it joins, and after), the schedule's rounds within and across divisions, and where
the season's first half ends. Each control's change is read back through the store; each
refusal is told at the foot of the panel and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from clabber_league.store.database import Database
from clabber_league.store.divisions import set_team_division
from clabber_league.store.league import list_seasons, list_teams, schedule
from clabber_league.ui.league import questions
from clabber_league.ui.league.dialogs import ScheduleDialog
from clabber_league.ui.league.division_dialogs import (
    AddTeamDialog,
    DivisionDialog,
    SplitSeasonDialog,
)
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.league.workers import Task

from .helpers import TEAMS, season_of_eight
from .test_panel import make_schedule

SEASON, LEAGUE = "Fall 2025", "Evansville Clabber League"


def answer(
    monkeypatch: pytest.MonkeyPatch, dialog: type[QDialog], fill_in: Callable[[QDialog], None]
) -> list[QDialog]:
    """``dialog`` answers as ``fill_in`` fills it, then OK; the dialogs shown are kept."""
    shown: list[QDialog] = []

    def exec_(self: QDialog) -> int:
        shown.append(self)
        fill_in(self)
        return 1

    monkeypatch.setattr(dialog, "exec", exec_)
    return shown


def divisions(database: Database) -> dict[str, str | None]:
    return {team.name: team.division for team in list_teams(database, SEASON, LEAGUE)}


def choose_team(panel: LeaguePanel, name: str) -> None:
    team = next(team for team in panel.teams_page.shown_teams() if team.name == name)
    panel.teams_page.select_team(team.id)


def first_half(database: Database) -> int | None:
    return next(info.first_half_weeks for info in list_seasons(database) if info.name == SEASON)


def in_two_divisions(database: Database) -> None:
    for team in list_teams(database, SEASON, LEAGUE):
        set_team_division(database, team.id, "East" if TEAMS.index(team.name) < 4 else "West")


def test_add_team_offers_the_seasons_divisions_and_keeps_the_one_chosen(
    panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    in_two_divisions(database)
    panel.refresh()

    def fill_in(dialog: QDialog) -> None:
        assert isinstance(dialog, AddTeamDialog)
        offered = [dialog.division.itemText(i) for i in range(dialog.division.count())]
        assert offered == ["East", "West"]
        dialog.name.setText("Robins")
        dialog.players.setText("Ann, Bea")
        dialog.division.setCurrentText("west")  # one division, spelled as the season has it

    answer(monkeypatch, AddTeamDialog, fill_in)
    panel.teams_page.add_team_button.click()
    assert divisions(database)["Robins"] == "West"
    robins = next(t for t in list_teams(database, SEASON, LEAGUE) if t.name == "Robins")
    assert robins.players == ("Ann", "Bea")
    assert "Robins · West" in [
        panel.teams_page.teams.item(i).text() for i in range(panel.teams_page.teams.count())
    ]


def test_add_team_without_a_division_is_in_none(
    panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)

    def fill_in(dialog: QDialog) -> None:
        assert isinstance(dialog, AddTeamDialog)
        dialog.name.setText("Robins")

    answer(monkeypatch, AddTeamDialog, fill_in)
    panel.teams_page.add_team_button.click()
    assert divisions(database)["Robins"] is None
    shown = panel.teams_page.teams
    assert "Robins" in [shown.item(i).text() for i in range(shown.count())]


def test_a_team_that_is_there_already_is_refused_and_changes_nothing(
    panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)

    def fill_in(dialog: QDialog) -> None:
        assert isinstance(dialog, AddTeamDialog)
        dialog.name.setText("owls")
        dialog.division.setCurrentText("North")

    answer(monkeypatch, AddTeamDialog, fill_in)
    panel.teams_page.add_team_button.click()
    assert "Fall 2025 already has a team called" in panel.message.text()
    assert divisions(database) == dict.fromkeys(TEAMS)


def test_a_team_is_put_in_a_division_moved_to_a_new_one_and_taken_out(
    panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    wanted: list[str | None] = ["North", "South", None]

    def fill_in(dialog: QDialog) -> None:
        assert isinstance(dialog, DivisionDialog)
        division = wanted.pop(0)
        dialog.no_division.setChecked(division is None)
        if division is not None:
            dialog.division.setCurrentText(division)

    shown = answer(monkeypatch, DivisionDialog, fill_in)
    choose_team(panel, "Owls")
    panel.teams_page.division_button.click()
    assert divisions(database)["Owls"] == "North"
    assert "in North" in panel.message.text()
    choose_team(panel, "Hawks")
    panel.teams_page.division_button.click()
    assert divisions(database)["Hawks"] == "South"
    choose_team(panel, "Owls")
    panel.teams_page.division_button.click()
    assert divisions(database)["Owls"] is None
    last = shown[-1]
    assert isinstance(last, DivisionDialog)
    offered = [last.division.itemText(i) for i in range(last.division.count())]
    assert offered == ["North", "South"]


def test_a_division_without_a_name_is_refused_and_changes_nothing(
    panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    choose_team(panel, "Owls")
    owls = panel.teams_page.selected_team()
    assert owls is not None
    assert panel.set_team_division(owls.id, "North")

    def fill_in(dialog: QDialog) -> None:
        assert isinstance(dialog, DivisionDialog)
        dialog.division.setCurrentText("   ")

    answer(monkeypatch, DivisionDialog, fill_in)
    panel.teams_page.division_button.click()
    assert divisions(database)["Owls"] == "North"
    assert "a name is needed" in panel.message.text()


def test_the_schedule_dialog_asks_rounds_within_and_across_divisions(
    qtbot: QtBot, panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    in_two_divisions(database)
    panel.refresh()

    def fill_in(dialog: QDialog) -> None:
        assert isinstance(dialog, ScheduleDialog)
        assert (dialog.within.value(), dialog.across.value()) == (1, 0)
        dialog.across.setValue(1)

    shown = answer(monkeypatch, ScheduleDialog, fill_in)
    questions.ask_generate_schedule(panel, panel)
    assert isinstance(panel.task, Task)
    with qtbot.waitSignal(panel.task.finished, timeout=10_000):
        pass
    dialog = shown[0]
    assert isinstance(dialog, ScheduleDialog)
    assert dialog.within.isVisibleTo(dialog)
    assert not dialog.rounds.isVisibleTo(dialog)
    # Two divisions of four: 3 weeks within each, then 4 weeks of every East team v every West.
    assert max(match.week for match in schedule(database, SEASON, LEAGUE)) == 7
    assert "7 weeks" in panel.message.text()


def test_no_rounds_at_all_is_refused_and_no_schedule_is_made(
    qtbot: QtBot, panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    in_two_divisions(database)
    panel.refresh()

    def fill_in(dialog: QDialog) -> None:
        assert isinstance(dialog, ScheduleDialog)
        dialog.within.setValue(0)

    answer(monkeypatch, ScheduleDialog, fill_in)
    questions.ask_generate_schedule(panel, panel)
    assert isinstance(panel.task, Task)
    with qtbot.waitSignal(panel.task.finished, timeout=10_000):
        pass
    assert "at least 1 round" in panel.message.text()
    assert schedule(database, SEASON, LEAGUE) == []


def test_a_season_without_divisions_is_asked_its_rounds(panel: LeaguePanel, qtbot: QtBot) -> None:
    season_of_eight(panel)
    dialog = ScheduleDialog(panel, divisions=False)
    qtbot.addWidget(dialog)
    assert dialog.rounds_asked() == {"rounds": 1}
    assert dialog.rounds.isVisibleTo(dialog)
    assert not dialog.within.isVisibleTo(dialog)
    divided = ScheduleDialog(panel, divisions=True)
    qtbot.addWidget(divided)
    assert divided.rounds_asked() == {"within_rounds": 1, "across_rounds": 0}


def test_the_season_is_split_and_joined_again_from_the_standings_tab(
    qtbot: QtBot, panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)  # 7 weeks
    wanted: list[int | None] = [3, None]

    def fill_in(dialog: QDialog) -> None:
        assert isinstance(dialog, SplitSeasonDialog)
        assert (dialog.first_half.minimum(), dialog.first_half.maximum()) == (1, 6)
        weeks = wanted.pop(0)
        dialog.no_halves.setChecked(weeks is None)
        if weeks is not None:
            dialog.first_half.setValue(weeks)

    answer(monkeypatch, SplitSeasonDialog, fill_in)
    panel.standings_page.split_button.click()
    assert first_half(database) == 3
    assert "weeks 1 to 3" in panel.message.text()
    page = panel.standings_page
    panel.tabs.setCurrentWidget(page)
    qtbot.waitUntil(lambda: page.halves.isVisibleTo(page), timeout=10_000)  # the change signal
    panel.standings_page.split_button.click()
    assert first_half(database) is None
    assert "no halves" in panel.message.text()


def test_a_first_half_as_long_as_the_schedule_is_refused_and_changes_nothing(
    qtbot: QtBot, panel: LeaguePanel, database: Database
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    assert panel.split_season(2)
    assert not panel.split_season(7)
    assert "must end before its schedule's last week, 7" in panel.message.text()
    assert first_half(database) == 2
