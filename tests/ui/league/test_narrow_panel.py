"""The league panel in a narrow dock: the standings' main columns, the week whole, the
players' teams, and the games found by a search (issue 12, item 8)."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionComboBox
from pytestqt.qtbot import QtBot

from clabber_league.i18n import FIRST_STRONG_ISOLATE as ISOLATE
from clabber_league.i18n import POP_ISOLATE as END_ISOLATE
from clabber_league.store.database import Database
from clabber_league.store.games import GameSummary
from clabber_league.store.imports import import_games
from clabber_league.ui.dialogs.open_game import OpenGameDialog
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.main_window import MainWindow

from .helpers import NIGHT, game_document, in_sight, season_of_eight
from .test_key_in import copy_hand, key_in_first_match
from .test_panel import make_schedule


def shown_columns(view_name: str, panel: LeaguePanel) -> list[str]:
    page = panel.standings_page if view_name == "standings" else panel.players_page
    model = page.proxy
    return [
        str(model.headerData(column, Qt.Orientation.Horizontal))
        for column in range(model.columnCount())
        if not page.view.isColumnHidden(column)
    ]


def narrow(panel: LeaguePanel, window: MainWindow, width: int) -> None:
    panel.setFloating(False)
    window.resize(max(1024, width + 600), 700)
    window.resizeDocks([panel], [width], Qt.Orientation.Horizontal)
    QApplication.processEvents()


def test_a_narrow_panel_shows_the_standings_that_matter_and_says_what_it_left_out(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel
) -> None:
    season_of_eight(panel)
    panel.tabs.setCurrentWidget(panel.standings_page)
    narrow(panel, window, 360)
    columns = shown_columns("standings", panel)
    assert {"#", "Team", "W", "L", "Pct"} <= set(columns)
    assert "Reneges" not in columns
    assert "Makers unknown" not in columns  # no hand of the season had them
    words = panel.standings_page.tie_break.text()
    assert "Widen or float the panel to see" in words
    assert "Reneges" in words
    narrow(panel, window, 900)
    wide = shown_columns("standings", panel)
    assert "Reneges" in wide
    assert "Rng" not in wide


def test_unknown_makers_show_in_the_standings(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, database: Database
) -> None:
    season_of_eight(panel)
    document = game_document("Eagles", "Owls")
    document["hands"][0]["makers"] = None
    import_games(database, [document], "Fall 2025", league="Evansville Clabber League")
    panel.refresh()
    panel.tabs.setCurrentWidget(panel.standings_page)
    narrow(panel, window, 1000)
    assert "Makers unknown" in shown_columns("standings", panel)
    assert "1 hand was copied from paper without the makers" in (
        panel.standings_page.tie_break.text()
    )


def test_the_week_is_read_whole_in_a_narrow_panel(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    panel.tabs.setCurrentWidget(panel.schedule_page)
    narrow(panel, window, 360)
    week = panel.schedule_page.week
    assert week.currentText() == "Week 1 (4 to play)"
    option = QStyleOptionComboBox()
    week.initStyleOption(option)
    room = week.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, week
    )
    assert week.fontMetrics().horizontalAdvance(week.currentText()) <= room.width()


def test_the_players_tab_names_each_players_team(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel, database: Database
) -> None:
    match = key_in_first_match(qtbot, window, panel)
    for hand in NIGHT:
        copy_hand(window, *hand)
    in_sight(qtbot, panel, panel.players_page)
    model = panel.players_page.model
    teams = {row.name: model.teams_text(row) for row in model.records()}
    assert teams["Player 1a"] in (match.home, match.away)
    assert set(teams.values()) == {match.home, match.away or ""}


def summary(number: int, sides: tuple[str, str], winner: str | None = None) -> GameSummary:
    return GameSummary(
        number, sides, (512, 300), 6, winner, datetime(2026, 12, number, 21, 14), None
    )


def test_the_open_game_list_is_searched_and_names_never_reorder_the_date(qtbot: QtBot) -> None:
    games = [
        summary(1, ("Eagles", "Owls"), "A"),
        summary(2, ("باشگاه مریم", "Owls"), "A"),
        summary(3, ("Hawks", "Crows")),
    ]
    dialog = OpenGameDialog(games)
    qtbot.addWidget(dialog)
    persian = dialog.shown()[1]
    # The right-to-left name is isolated: the score and the date keep their place.
    assert f"{ISOLATE}باشگاه مریم{END_ISOLATE} 512" in persian
    assert persian.endswith("2026-12-02 21:14")
    dialog.search.setText("owls")
    assert len(dialog.shown()) == 2
    dialog.search.setText("OWLS 12-02")
    assert dialog.game_id() == 2
    dialog.search.setText("مریم")
    assert dialog.game_id() == 2
    dialog.search.setText("nobody")
    assert dialog.shown() == []
    assert dialog.game_id() is None


def test_a_season_cut_short_in_a_narrow_panel_is_whole_in_its_tooltip(
    qtbot: QtBot, window: MainWindow, panel: LeaguePanel
) -> None:
    season_of_eight(panel)
    assert panel.create_season("Evansville Clabber League", "Spring 2026") is not None
    narrow(panel, window, 300)
    assert panel.season.toolTip() == "Evansville Clabber League — Spring 2026"
    panel.season.setCurrentIndex(panel.season.findText("Evansville Clabber League — Fall 2025"))
    assert panel.season.toolTip() == "Evansville Clabber League — Fall 2025"
