"""Small helpers shared by the store tests."""

from __future__ import annotations

import json
import os
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, make_url, text
from sqlmodel import SQLModel, col, func, select

from clabber_league.league import PlayerRow, StandingRow
from clabber_league.rules import PlayedHand
from clabber_league.store.database import Database
from clabber_league.store.league import MatchInfo, season_schedule
from clabber_league.store.models import Fixture, StoredHand, Week
from clabber_league.store.seasons import find_season
from clabber_league.store.standings import player_standings, standings

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
#: A PostgreSQL server for the tests that need one (``.ci/run`` starts it).
SERVER = os.environ.get("CLABBER_LEAGUE_TEST_PG")
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.json"))


def made(makers: str, points: int = 92) -> PlayedHand:
    """A plain hand: the makers take ``points`` trick points, no melds."""
    return PlayedHand(makers, {makers: points})


def load(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def committed(path: Path) -> list[str]:
    """The whole database as SQL, read by a separate connection: only what was committed."""
    with closing(sqlite3.connect(path)) as connection:
        return list(connection.iterdump())


def count(database: Database, table: type[SQLModel]) -> int:
    with database.session() as session:
        return session.exec(select(func.count()).select_from(table)).one()


def stored_hands(database: Database, game_id: int) -> list[StoredHand]:
    with database.session() as session:
        return list(
            session.exec(
                select(StoredHand).where(StoredHand.game_id == game_id).order_by(col(StoredHand.n))
            ).all()
        )


def match_line(database: Database, match_id: int) -> MatchInfo:
    """A match's line of its season's schedule, as stored now."""
    with database.session() as session:
        fixture = session.get(Fixture, match_id)
        assert fixture is not None
        week = session.get(Week, fixture.week_id)
        assert week is not None
        lines = season_schedule(session=session, season_id=week.season_id)
    return next(line for line in lines if line.id == match_id)


def damage(path: Path, table: str = "hand") -> None:
    """Overwrite the first page of ``table`` with garbage, as a failing disk would: the
    file still opens, but ``PRAGMA quick_check`` (and any read of the table) fails."""
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
        (root,) = connection.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)
        ).fetchone()
    with open(path, "r+b") as stream:
        stream.seek(page_size * (root - 1))
        stream.write(bytes([0xA5]) * page_size)


@contextmanager
def server_database() -> Iterator[str]:
    """A new, empty database on the test server; dropped afterwards, whoever is still on it
    (a killed process may have left its connection behind)."""
    assert SERVER is not None
    name = f"clabber_{uuid.uuid4().hex[:12]}"
    admin = create_engine(SERVER, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(SERVER).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


def season_standings(
    database: Database, season: str, league: str | None = None, *, by_division: bool = True
) -> list[StandingRow]:
    """The standings of the season called ``season``, its name resolved as an edge does."""
    with database.session() as session:
        found = find_season(session, season, league)
        assert found.id is not None
        return standings(session=session, season_id=found.id, by_division=by_division)


def season_player_standings(
    database: Database, season: str, league: str | None = None
) -> list[PlayerRow]:
    """The player figures of the season called ``season`` (see ``season_standings``)."""
    with database.session() as session:
        found = find_season(session, season, league)
        assert found.id is not None
        return player_standings(session=session, season_id=found.id)
