"""Report data from the database: the hand-worked season of tests/store/test_league.py."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from clabber_league.reports.document import ReportCancelledError
from clabber_league.reports.gather import (
    filled_sheet_from_store,
    schedule_from_store,
    season_book_from_store,
    standings_from_store,
)
from clabber_league.reports.sheet import SheetHeading
from clabber_league.rules import WrittenHand
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import open_game
from clabber_league.store.imports import import_game, import_games
from clabber_league.store.league import add_team, create_season, game_places, generate_schedule
from tests.reports.conftest import ProgressLog
from tests.store.test_league import TEAMS, spring_games

STAMP = date(2025, 4, 1)


@pytest.fixture
def database(tmp_path: Path) -> Database:
    opened = Database.open(str(tmp_path / "league.sqlite3"))
    create_season(opened, league="Club", season="Spring")
    for name in TEAMS:
        add_team(opened, "Spring", name)
    generate_schedule(opened, "Spring", start=date(2025, 3, 6))
    import_games(opened, spring_games(), "Spring")
    return opened


def test_a_season_game_s_heading_names_league_night_and_table(database: Database) -> None:
    recorder = open_game(database, 1)
    recorder.reopen()
    recorder.replace(2, WrittenHand("B", {"A": "92", "B": "XX"}))
    data = filled_sheet_from_store(database, 1)
    assert data.heading == SheetHeading("Club — Spring", "Thu 06 Mar 2025", "1")
    assert data.sides == ("Eagles", "Owls")
    assert data.totals == (504, 74)
    assert data.w_marks == ("W", "")
    assert len(data.footnotes) == 2
    assert data.footnotes[0].startswith("Game reopened, ")  # the reopening is noted too
    assert data.footnotes[1].startswith("Hand 2: ")
    assert data.lines[1].footnotes == (2,)


def test_a_friendly_game_is_dated_the_day_it_was_started(database: Database) -> None:
    game_id = import_game(
        database,
        {"format": "clabber-game/1", "sides": ["Us", "Them"], "hands": [{"passed": True}]},
    )
    (place,) = game_places(database, game_id=game_id)
    assert (place.league, place.season, place.week, place.table) == (None, None, None, None)
    assert place.played_on == date.today()
    heading = filled_sheet_from_store(database, game_id).heading
    assert (heading.league, heading.table) == ("", "")


def test_an_unknown_game_is_a_store_error(database: Database) -> None:
    with pytest.raises(StoreError, match="there is no game 99"):
        filled_sheet_from_store(database, 99)


def test_standings_from_the_store_are_the_hand_worked_table(database: Database) -> None:
    data = standings_from_store(database, "Spring", stamp=STAMP)
    assert [row[:3] + row[6:10] for row in data.rows] == [
        ("1", "Eagles", "2", "0.750", "1010", "580", "+430"),
        ("2", "Owls", "2", "0.500", "584", "966", "-382"),
        ("3", "Crows", "2", "0.500", "1004", "708", "+296"),
        ("4", "Hawks", "2", "0.250", "704", "1048", "-344"),
    ]
    assert data.stamp == "As of Tue 01 Apr 2025"


def test_the_schedule_from_the_store(database: Database) -> None:
    data = schedule_from_store(database, "Spring", stamp=STAMP)
    assert [week.night for week in data.weeks] == [
        "Thu 06 Mar 2025",
        "Thu 13 Mar 2025",
        "Thu 20 Mar 2025",
    ]
    assert all(len(week.matches) == 2 and not week.byes for week in data.weeks)


def test_the_season_book_from_the_store(database: Database) -> None:
    data = season_book_from_store(database, "Spring", stamp=STAMP)
    assert [line.teams for line in data.contents] == [
        "Eagles v Owls",
        "Hawks v Crows",
        "Eagles v Hawks",
        "Owls v Crows",
    ]
    assert [line.result for line in data.contents] == [
        "504–74 Eagles",
        "198–542 Crows",
        "506–506 tied",
        "510–462 Owls",
    ]
    assert [line.page for line in data.contents] == [3, 4, 5, 6]
    assert data.standings.rows[0][1] == "Eagles"


def test_gathering_the_book_reports_each_game_read(database: Database) -> None:
    progress = ProgressLog()
    data = season_book_from_store(database, "Spring", stamp=STAMP, progress=progress)
    assert progress.calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert len(data.sheets) == 4


def test_gathering_the_book_can_be_cancelled(database: Database) -> None:
    with pytest.raises(ReportCancelledError, match="cancelled after 1 of 4"):
        season_book_from_store(database, "Spring", progress=ProgressLog(stop_at=1))
