"""What the published site's calendars and feed read: each match's teams, change counter
and last finish, checked against the games one by one — on SQLite and on PostgreSQL
alike (the latter when ``CLABBER_LEAGUE_TEST_PG`` names a server)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlmodel import select

from clabber_league.store.calendar_reads import as_utc, season_dates
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.imports import import_games
from clabber_league.store.league import (
    FORFEIT,
    POSTPONED,
    add_team,
    create_season,
    generate_schedule,
    list_teams,
    retire_team,
    schedule,
    set_match_status,
)
from clabber_league.store.models import StoredGame
from tests.store.helpers import SERVER, server_database
from tests.store.test_league import TEAMS, spring_games

FIRST_NIGHT = date(2025, 3, 6)


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A SQLite file, and a database on the PostgreSQL test server when there is one."""
    if request.param == "sqlite":
        yield str(tmp_path / "league.sqlite3")
        return
    if SERVER is None:
        pytest.skip("no PostgreSQL test server (CLABBER_LEAGUE_TEST_PG)")
    with server_database() as url:
        yield url


def spring(location: str) -> Database:
    """Spring of the Club: four teams, weeks 1 and 2 played, week 3 a forfeit and a
    postponement, weeks 4 to 6 (the second round) still to play: the store tests' and the
    site's season."""
    database = Database.open(location)
    create_season(database, league="Club", season="Spring")
    for name in TEAMS:
        add_team(database, "Spring", name, [f"{name} One", f"{name} Two"])
    generate_schedule(database, "Spring", start=FIRST_NIGHT, rounds=2)
    import_games(database, spring_games(), "Spring")
    week_three = [match for match in schedule(database, "Spring") if match.week == 3]
    set_match_status(database, week_three[0].id, FORFEIT, forfeited_by="Crows")
    set_match_status(database, week_three[1].id, POSTPONED)
    return database


@pytest.fixture
def database(location: str) -> Iterator[Database]:
    opened = spring(location)
    yield opened
    opened.close()


def test_each_match_has_its_teams_and_last_finish(database: Database) -> None:
    dates = season_dates(database, "Spring")
    ids = {team.name: team.id for team in list_teams(database, "Spring")}
    with database.session() as session:
        games = session.exec(select(StoredGame)).all()
    assert {match.id for match in dates.matches} == set(dates.stamps)
    for match in dates.matches:
        stamp = dates.stamps[match.id]
        assert stamp.home_team_id == ids[match.home]
        assert stamp.away_team_id == (None if match.away is None else ids[match.away])
        finished = [
            as_utc(game.finished_at)
            for game in games
            if game.fixture_id == match.id and game.finished_at is not None
        ]
        assert stamp.last_finished == (max(finished) if finished else None)
    assert [stamp.last_finished is not None for stamp in dates.stamps.values()].count(True) == 4


def test_the_season_its_league_and_every_team_even_retired(database: Database) -> None:
    retire_team(database, list_teams(database, "Spring")[1].id)
    dates = season_dates(database, "spring")
    assert (dates.league, dates.season) == ("Club", "Spring")
    assert list(dates.teams.values()) == list(TEAMS)
    assert dates.created_at.tzinfo is UTC
    assert dates.created_at.microsecond == 0
    assert [match.week for match in dates.matches] == sorted(match.week for match in dates.matches)


def test_an_unknown_season_is_refused(database: Database) -> None:
    with pytest.raises(StoreError, match="there is no season called 'Autumn'"):
        season_dates(database, "Autumn")


def test_a_season_name_two_leagues_share_needs_its_league(database: Database) -> None:
    create_season(database, league="Works", season="Spring")
    with pytest.raises(StoreError, match="name the league"):
        season_dates(database, "Spring")
    assert season_dates(database, "Spring", "Works").league == "Works"
    assert season_dates(database, "Spring", "Works").matches == ()


def test_stored_times_come_back_as_utc_to_the_second() -> None:
    naive = datetime(2025, 3, 6, 19, 30, 5, 123456)
    assert as_utc(naive) == datetime(2025, 3, 6, 19, 30, 5, tzinfo=UTC)
    zoned = datetime(2025, 3, 6, 21, 30, 5, 9, tzinfo=timezone(timedelta(hours=2)))
    assert as_utc(zoned) == datetime(2025, 3, 6, 19, 30, 5, tzinfo=UTC)
    assert as_utc(zoned).tzinfo is UTC
