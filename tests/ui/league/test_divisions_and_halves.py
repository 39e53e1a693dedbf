"""The Standings tab of a season with divisions (a Division column, each ranked on its
own) and split in halves (a choice of the whole season or a half)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from clabber_league.store.database import Database
from clabber_league.store.divisions import set_team_division, split_season
from clabber_league.store.league import FORFEIT, list_teams, schedule, set_match_status
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.main_window import MainWindow

from .helpers import TEAMS, season_of_eight
from .test_narrow_panel import narrow, shown_columns
from .test_panel import make_schedule

SEASON, LEAGUE = "Fall 2025", "Evansville Clabber League"


def test_divisions_and_halves_in_the_standings_tab(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, database: Database
) -> None:
    season_of_eight(panel)
    panel.tabs.setCurrentWidget(panel.standings_page)
    narrow(panel, window, 1000)
    page = panel.standings_page
    assert not page.halves.isVisibleTo(page)  # not split
    assert "Division" not in shown_columns("standings", panel)
    for team in list_teams(database, SEASON, LEAGUE):
        division = "East" if TEAMS.index(team.name) < 4 else "West"
        set_team_division(database, team.id, division)
    make_schedule(qtbot, panel)
    first = [m for m in schedule(database, SEASON, LEAGUE) if m.away and m.week == 1]
    for match in first:
        set_match_status(database, match.id, FORFEIT, forfeited_by=match.away)
    split_season(database, SEASON, 1, LEAGUE)
    panel.reload_seasons()
    assert page.halves.isVisibleTo(page)
    assert "Division" in shown_columns("standings", panel)
    rows = page.model.records()
    assert [row.rank for row in rows] == [1, 2, 3, 4, 1, 2, 3, 4]
    assert {row.division for row in rows} == {"East", "West"}
    assert sum(row.gp for row in rows) > 0
    page.halves.setCurrentIndex(2)  # the second half: nothing played yet
    assert page.half() == 2
    assert all(row.gp == 0 for row in page.model.records())
    page.halves.setCurrentIndex(1)
    assert sum(row.gp for row in page.model.records()) == sum(row.gp for row in rows)
