"""Site fixtures: local time is UTC, a private data folder, and the Spring season of the
reports' tests played twice round (four teams, weeks 1 and 2 played, week 3 a forfeit
and a postponement, weeks 4 to 6 still to play)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from clabber_league.store.database import Database
from clabber_league.store.imports import import_games
from clabber_league.store.league import (
    FORFEIT,
    POSTPONED,
    add_team,
    create_season,
    generate_schedule,
    schedule,
    set_match_status,
)
from tests.store.test_league import TEAMS, spring_games


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("CLABBER_LEAGUE_DB", raising=False)


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "league.sqlite3"


@pytest.fixture
def database(database_path: Path) -> Iterator[Database]:
    database = Database.open(str(database_path))
    spring(database)
    yield database
    database.close()


def spring(database: Database, season: str = "Spring") -> None:
    create_season(database, league="Club", season=season)
    for name in TEAMS:
        add_team(database, season, name, [f"{name} One", f"{name} Two"])
    generate_schedule(database, season, start=date(2025, 3, 6), rounds=2)
    import_games(database, spring_games(), season)
    week_three = [match for match in schedule(database, season) if match.week == 3]
    set_match_status(database, week_three[0].id, FORFEIT, forfeited_by="Crows")
    set_match_status(database, week_three[1].id, POSTPONED)
