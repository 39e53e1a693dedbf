"""The Players tab's ratings: a Rating and ± column from the season's games, and the
chosen player's records and rating chart — the figures of ``store.careers``."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clabber_league.store.careers import career
from clabber_league.store.database import Database
from clabber_league.store.seasons import find_season
from clabber_league.ui.league.panel import LeaguePanel
from tests.night.helpers import SEASON, played_season
from tests.ui.league.helpers import in_sight


@pytest.fixture
def played(database: Database) -> Database:
    played_season(database)
    return database


def test_the_players_tab_shows_each_player_s_rating_and_career(
    qtbot: QtBot, played: Database, panel: LeaguePanel
) -> None:
    page = panel.players_page
    in_sight(qtbot, panel, page)
    with played.session() as session:
        found = career(session, season_id=find_season(session, SEASON).id)
    expected = {found.names[row.player]: row for row in found.rating_rows()}
    model = page.model
    headings = [
        str(model.headerData(column, Qt.Orientation.Horizontal))
        for column in range(model.columnCount())
    ]
    rating, spread = headings.index("Rating"), headings.index("±")
    shown = {
        str(model.index(row, 1).data()): (
            str(model.index(row, rating).data()),
            str(model.index(row, spread).data()),
        )
        for row in range(model.rowCount())
    }
    assert shown == {
        name: (f"{row.rating:.2f}", f"{row.uncertainty:.2f}") for name, row in expected.items()
    }
    assert page.chart.view is None  # nobody chosen yet
    best = next(
        row for row in range(page.proxy.rowCount())
        if page.proxy.index(row, 1).data() == "Team 01 North"
    )  # fmt: skip
    page.view.setCurrentIndex(page.proxy.index(best, 1))
    text = page.page.text()
    top = expected["Team 01 North"]
    assert f"Rating {top.rating:.2f} ± {top.uncertainty:.2f}: ranked 1 of 12." in text
    assert "longest winning streak 5" in text
    assert "Head to head (won–not won): " in text
    assert page.chart.view is not None
    series = page.chart.view.chart().series()
    assert len(series) == 1
    assert series[0].count() == 1 + top.games  # from 0 before the first night
