"""The score race and the season chart: the right lines through the right points."""

from PySide6.QtCharts import QChart, QLineSeries, QValueAxis
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from clabber_league.gamesheet import read_game
from clabber_league.league import WeekResult, weekly_pct
from clabber_league.rules import Game, rule_set
from clabber_league.store.database import Database
from clabber_league.store.imports import import_games
from clabber_league.store.league import generate_schedule, schedule, season_week_results
from clabber_league.ui.league.charts import TARGET_NAME, score_race_chart, standings_chart
from clabber_league.ui.league.panel import LeaguePanel

from .helpers import NIGHT, game_document, season_of_eight


def points(series: QLineSeries) -> list[tuple[float, float]]:
    return [(point.x(), point.y()) for point in series.points()]


def lines(chart: QChart) -> dict[str, QLineSeries]:
    """The chart's lines by object name (the score race's) or by name (the teams')."""
    found = [s for s in chart.series() if isinstance(s, QLineSeries)]
    return {s.objectName() or s.name(): s for s in found}


def test_the_score_race_has_a_line_per_side_from_the_start_and_the_target(qtbot: QtBot) -> None:
    game = read_game(game_document("Eagles", "Owls")).game()
    view = score_race_chart(game)
    qtbot.addWidget(view)
    chart = view.chart()
    series = lines(chart)
    assert set(series) == {"side_A", "side_B", TARGET_NAME}
    assert series["side_A"].name() == "Eagles"
    assert len(series["side_A"].points()) == len(NIGHT) + 1
    assert points(series["side_A"]) == [
        (0, 0), (1, 150), (2, 150), (3, 162), (4, 312), (5, 462), (6, 612)
    ]  # fmt: skip
    assert points(series["side_B"])[-1] == (6, 320)
    assert points(series[TARGET_NAME]) == [(0, 500), (6, 500)]
    assert series[TARGET_NAME].pen().style() == Qt.PenStyle.DashLine
    y_axis = chart.axes(Qt.Orientation.Vertical)[0]
    assert isinstance(y_axis, QValueAxis)
    assert y_axis.max() >= 612


def test_a_game_not_yet_begun_still_shows_the_target(qtbot: QtBot) -> None:
    view = score_race_chart(Game(rule_set("evansville"), ["Eagles", "Owls"]))
    qtbot.addWidget(view)
    series = lines(view.chart())
    assert series["side_A"].points() == [QPointF(0, 0)]
    assert points(series[TARGET_NAME]) == [(0, 500), (1, 500)]


def test_weekly_pct_counts_wins_and_half_ties_up_to_each_week() -> None:
    results = [
        WeekResult(1, ("Eagles", "Owls"), "Eagles"),
        WeekResult(2, ("Eagles", "Hawks"), None),
        WeekResult(3, ("Owls", "Hawks"), "Owls"),
    ]
    assert weekly_pct(results) == {
        "Eagles": [(1, 1.0), (2, 0.75), (3, 0.75)],
        "Hawks": [(2, 0.5), (3, 0.25)],
        "Owls": [(1, 0.0), (2, 0.0), (3, 0.5)],
    }
    assert weekly_pct([]) == {}


def test_only_finished_scheduled_games_count(panel: LeaguePanel, database: Database) -> None:
    season_of_eight(panel)
    generate_schedule(database, "Fall 2025")
    week_one = [m for m in schedule(database, "Fall 2025") if m.week == 1]
    first, second = week_one[0], week_one[1]
    import_games(database, [game_document(first.home, first.away or "")], "Fall 2025", week=1)
    unfinished = game_document(second.home, second.away or "", NIGHT[:2])
    import_games(database, [unfinished], "Fall 2025", week=1)
    import_games(database, [game_document("Eagles", "Owls")])  # a friendly
    assert season_week_results(database, "Fall 2025") == [
        WeekResult(1, (first.home, first.away or ""), first.home)
    ]


def test_the_standings_chart_draws_a_line_per_team(qtbot: QtBot) -> None:
    view = standings_chart({"Eagles": [(1, 1.0), (2, 0.5)], "Owls": [(1, 0.0), (2, 0.5)]})
    qtbot.addWidget(view)
    series = lines(view.chart())
    assert set(series) == {"Eagles", "Owls"}
    assert points(series["Owls"]) == [(1, 0.0), (2, 0.5)]
