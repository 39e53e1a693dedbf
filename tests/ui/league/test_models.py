"""The panel's table models: Qt's model tester, sorting by figures, one week at a time."""

from dataclasses import replace
from datetime import date
from typing import Any

from PySide6.QtCore import QAbstractItemModel, Qt
from pytestqt.modeltest import ModelTester

from clabber_league.i18n.standings_words import tie_break_text
from clabber_league.league import TIE_BREAK_KEYS, PlayerRow, StandingRow
from clabber_league.store.league import BYE, ENTERED, FORFEIT, TO_PLAY, MatchInfo
from clabber_league.store.recap import GameResult
from clabber_league.ui.league.schedule_model import ScheduleModel, WeekFilter
from clabber_league.ui.league.standings_model import (
    PlayerStandingsModel,
    StandingsModel,
)
from clabber_league.ui.league.table_model import RECORD_ROLE, sortable

DISPLAY = Qt.ItemDataRole.DisplayRole


def check(tester: ModelTester, model: QAbstractItemModel) -> None:
    """Qt's model tester, watching every later signal too (its failures are Qt warnings)."""
    tester.check(model)  # type: ignore[no-untyped-call]


def column(model: QAbstractItemModel, number: int) -> list[Any]:
    return [model.data(model.index(row, number), DISPLAY) for row in range(model.rowCount())]


def standing(rank: int, name: str, w: int, l: int, pf: int) -> StandingRow:  # noqa: E741
    gp = w + l
    pa = 9 * 500 // 10 * gp - pf if gp else 0
    pct = round(w / gp, 3) if gp else 0.0
    return StandingRow(rank, rank, name, gp, w, l, 0, pct, pf, pa, pf - pa, 10 * gp, 2, 0)


STANDINGS = [
    standing(1, "Eagles", 9, 1, 5200),
    standing(2, "owls", 5, 5, 4400),
    standing(3, "Hawks", 1, 9, 3900),
]


def match(match_id: int, week: int, table: int, state: str = TO_PLAY) -> MatchInfo:
    away = None if state == BYE else f"Team {table * 2}"
    return MatchInfo(match_id, week, date(2025, 9, week), table, f"Team {table}", away, state, 0)


MATCHES = [
    match(1, 1, 1, ENTERED),
    match(2, 1, 2),
    match(3, 2, 1, FORFEIT),
    match(4, 2, 2, BYE),
    match(5, 10, 1),
]


def test_standings_model_passes_the_model_tester_through_changes(
    qtmodeltester: ModelTester,
) -> None:
    model = StandingsModel()
    check(qtmodeltester, model)
    model.set_records(STANDINGS)
    model.set_records(list(reversed(STANDINGS)))  # same length: figures change in place
    model.set_records(STANDINGS[:2])
    model.set_records([])
    assert model.rowCount() == 0


def test_standings_sort_by_the_figures_not_the_text(qtmodeltester: ModelTester) -> None:
    model = StandingsModel()
    model.set_records(STANDINGS)
    proxy = sortable(model)
    check(qtmodeltester, proxy)
    assert column(proxy, 1) == ["Eagles", "owls", "Hawks"]  # the store's order until sorted
    proxy.sort(7, Qt.SortOrder.AscendingOrder)  # PF
    assert column(proxy, 1) == ["Hawks", "owls", "Eagles"]
    proxy.sort(1, Qt.SortOrder.AscendingOrder)  # names without regard to case
    assert column(proxy, 1) == ["Eagles", "Hawks", "owls"]
    assert column(model, 6) == [".900", ".500", ".100"]
    assert model.headerData(6, Qt.Orientation.Horizontal) == "Pct"


def test_the_tie_break_order_is_told_in_words() -> None:
    assert tie_break_text(TIE_BREAK_KEYS) == (
        "Ranked by pct, then head-to-head pct, then diff, then points for, then team name"
    )


def test_player_model_passes_the_model_tester(qtmodeltester: ModelTester) -> None:
    model = PlayerStandingsModel()
    check(qtmodeltester, model)
    model.team_names = {1: "Eagles", 2: "Owls"}
    model.set_records(
        [PlayerRow(1, 7, "Ann", 4, 3, 1, (1,)), PlayerRow(2, 8, "Bob", 0, 0, 0, (1, 2))]
    )
    assert column(model, 2) == ["Eagles", "Eagles, Owls"]
    assert column(model, 5) == [".750", ".000"]


def test_schedule_model_and_week_filter_pass_the_model_tester(
    qtmodeltester: ModelTester,
) -> None:
    model = ScheduleModel()
    week = WeekFilter(model)
    check(qtmodeltester, model)
    check(qtmodeltester, week)
    model.set_records(MATCHES)
    week.set_week(1)
    assert [week.data(week.index(row, 0), RECORD_ROLE).id for row in range(2)] == [1, 2]
    assert week.rowCount() == 2
    week.set_week(10)  # "1" alone must not pick week 10, nor "10" week 1
    assert column(week, 0) == ["10"]
    week.set_week(None)
    assert week.rowCount() == len(MATCHES)
    assert column(model, 4)[3] == "(bye)"
    assert column(model, 5) == ["entered", "to play", "forfeit", "bye", "to play"]
    model.set_records(MATCHES[:1])
    assert week.rowCount() == 1


def test_schedule_sorts_weeks_as_numbers() -> None:
    model = ScheduleModel()
    model.set_records(MATCHES)
    week = WeekFilter(model)
    week.sort(0, Qt.SortOrder.DescendingOrder)
    assert column(week, 0) == ["10", "2", "2", "1", "1"]


def test_the_schedule_shows_each_played_match_s_result() -> None:
    played = replace(MATCHES[0], results=(GameResult(1, 512, 380, "home"),), games_entered=1)
    forfeit = replace(MATCHES[2], forfeited_by="Owls")
    series = replace(
        MATCHES[1],
        games_per_match=3,
        results=(GameResult(1, 500, 200, "away"), GameResult(2, 510, 90, "home"),
                 GameResult(3, 300, 502, "away")),
    )  # fmt: skip
    model = ScheduleModel()
    model.set_records([played, series, forfeit, MATCHES[3], MATCHES[4]])
    assert column(model, 7) == ["512–380", "1–2", "forfeit (Owls)", "", ""]
