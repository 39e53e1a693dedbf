"""A 1024×700 window with the league panel open and a 48-character team name; an empty
panel's share of it; the panel's buttons wrapping (issue 26, item 3)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from clabber_league.rules import rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import create_game
from clabber_league.store.league import add_team, create_season
from clabber_league.ui.language import apply_language
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.widgets.heading_row import HeadingRow

LONG = "The Westside Jack-Nine Social Club of Evansville"
LANGUAGES = ["en", "fa", "ru", "ko"]


def league_with_a_long_name(window: MainWindow, database: Database) -> None:
    create_season(database, league="Evansville Clabber League", season="Fall 2026")
    add_team(database, "Fall 2026", LONG, ["Ann", "Bob"])
    add_team(database, "Fall 2026", "Owls", ["Cal", "Dee"])
    assert window.league_panel is not None
    window.league_panel.reload_seasons()
    window.league_panel.show()


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def fits_1024(window: MainWindow) -> None:
    assert window.minimumSizeHint().width() <= 1024
    window.resize(1024, 700)
    settle()
    assert window.width() == 1024


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    code = str(request.param)
    apply_language(code)
    return code


def test_the_window_is_1024_wide_with_a_long_team_in_the_league(
    language: str, qtbot: QtBot, database: Database
) -> None:
    window = MainWindow(database)
    qtbot.addWidget(window)
    window.show()
    league_with_a_long_name(window, database)
    fits_1024(window)


@pytest.mark.parametrize("players", [{}, {"A1": "Ann", "B1": "Cal", "A2": "Bob", "B2": "Dee"}])
def test_the_window_is_1024_wide_with_a_long_team_in_a_game(
    language: str, qtbot: QtBot, database: Database, players: dict[str, str]
) -> None:
    window = MainWindow(database)
    qtbot.addWidget(window)
    window.show()
    league_with_a_long_name(window, database)
    # Without players the dealer is named by the team: "hand 1, A1 (The Westside …) deals".
    recorder = create_game(database, rule_set("evansville"), [LONG, "Owls"], players=players)
    window.show_recorder(recorder)
    fits_1024(window)
    assert window.heading.elided()
    assert LONG in window.heading.toolTip()
    if not players:
        assert window.heading_state.elided()
        assert LONG in window.heading_state.toolTip()


def test_an_empty_league_panel_leaves_the_sheet_the_room(qtbot: QtBot, database: Database) -> None:
    window = MainWindow(database)
    qtbot.addWidget(window)
    window.show()
    panel = window.league_panel
    assert panel is not None
    panel.show()
    window.resize(1024, 700)
    settle()
    assert panel.width() <= 1024 // 3
    central = window.centralWidget()
    assert central is not None
    assert central.width() >= 1024 * 3 // 5


def test_a_league_opens_its_panel_wide_enough_for_a_week(qtbot: QtBot, database: Database) -> None:
    create_season(database, league="Evansville Clabber League", season="Fall 2026")
    window = MainWindow(database)
    qtbot.addWidget(window)
    window.show()
    assert window.league_panel is not None
    assert window.league_panel.opening_width() >= 420


@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_panels_buttons_wrap_from_the_reading_edge_in_a_narrow_panel(
    qtbot: QtBot, database: Database, code: str
) -> None:
    apply_language(code)
    window = MainWindow(database)
    qtbot.addWidget(window)
    window.show()
    panel = window.league_panel
    assert panel is not None
    panel.show()
    window.resize(1024, 700)
    window.resizeDocks([panel], [panel.minimumSizeHint().width()], Qt.Orientation.Horizontal)
    settle()
    page = panel.teams_page
    buttons = [b for b in page.findChildren(QPushButton) if b.isVisibleTo(page)]
    places = [QRect(b.mapTo(page, QPoint(0, 0)), b.size()) for b in buttons]
    for number, place in enumerate(places):
        assert inside(buttons[number], page)
        assert not any(place.intersects(other) for other in places[number + 1 :])
    first, second = (places[buttons.index(b)] for b in (page.add_team_button, page.rename_button))
    if first.top() == second.top():  # on one line: the second follows the first
        assert (second.left() > first.left()) == (code != "fa")


def inside(widget: QWidget, page: QWidget) -> bool:
    """Whether ``widget`` is drawn wholly within ``page``."""
    corner = widget.mapTo(page, widget.rect().topLeft())
    return page.rect().contains(corner) and page.rect().contains(
        widget.mapTo(page, widget.rect().bottomRight())
    )


def row_of(qtbot: QtBot, heading: str, state: str, width: int) -> tuple[int, int]:
    holder = QWidget()
    qtbot.addWidget(holder)
    first, second = QLabel(heading, holder), QLabel(state, holder)
    row = HeadingRow(first, second)
    holder.setLayout(row)
    row.setContentsMargins(0, 0, 0, 0)
    holder.resize(width, 40)
    holder.show()
    settle()
    return first.width(), second.width()


def test_the_heading_and_its_state_share_the_line(qtbot: QtBot) -> None:
    short = QLabel("hand 2, Ann deals").sizeHint().width()
    heading, state = row_of(qtbot, LONG * 2, "hand 2, Ann deals", 600)
    assert state == short  # whole: the heading gives way
    assert heading > 600 - short - 20
    heading, state = row_of(qtbot, LONG * 2, LONG * 2, 600)
    assert abs(heading - state) <= 12  # both cut short, alike
