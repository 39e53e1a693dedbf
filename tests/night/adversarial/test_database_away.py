"""A database that cannot answer: the service says 503 with ``Retry-After``, stores
nothing, acknowledges nothing, logs a line (not a traceback), and takes the same hand
once the database is back; a database file deleted under it is never "saved" into."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, make_url, text
from starlette.testclient import TestClient

from clabber_league.night.app import create_app
from clabber_league.night.links import night_links
from clabber_league.night.service import NightService
from clabber_league.store.database import Database
from tests.night.helpers import SEASON, WEEK
from tests.store.helpers import SERVER

MADE = {"makers": "A", "tricks": {"A": 92}}
HAND = {"id": "h1", "version": 1, "hand": MADE}


def started(database: Database) -> tuple[TestClient, str, str]:
    """A client of the night with game 1 started at table 1: it, the table's token and
    the board's."""
    links = night_links(database, season=SEASON, week=WEEK, base="http://127.0.0.1:8717")
    token = links.tables[0].token
    client = TestClient(create_app(NightService(database, SEASON, WEEK, None)))
    assert client.post(f"/api/t/{token}/games", json={"id": "g", "version": 0}).status_code == 201
    return client, token, links.board.token


def assert_unavailable(answer: httpx.Response) -> None:
    assert answer.status_code == 503
    assert answer.headers["retry-after"] == "5"
    assert answer.json()["error"]


def test_a_locked_database_is_503_and_the_same_hand_goes_in_afterwards(
    database: Database, database_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    client, token, _board = started(database)
    with closing(sqlite3.connect(database_path, timeout=0)) as other:
        other.execute("BEGIN EXCLUSIVE")
        assert_unavailable(client.post(f"/api/t/{token}/hands", json=HAND))
        other.rollback()
    assert not any(record.exc_info for record in caplog.records)
    said = [record.getMessage() for record in caplog.records]
    assert sum("the database cannot answer" in line for line in said) == 1, said
    assert client.get(f"/api/t/{token}").json()["games"][0]["hands"] == []
    again = client.post(f"/api/t/{token}/hands", json=HAND)
    assert (again.status_code, again.json()["n"]) == (201, 1)


def test_a_database_file_deleted_while_serving_is_never_said_to_be_saved(
    database: Database, database_path: Path
) -> None:
    client, token, _board = started(database)
    database_path.unlink()
    assert_unavailable(client.post(f"/api/t/{token}/hands", json=HAND))
    assert not database_path.exists()


def test_a_postgresql_server_away_is_503_everywhere_then_the_hand_goes_in(
    server_league: tuple[Database, str], caplog: pytest.LogCaptureFixture
) -> None:
    database, url = server_league
    client, token, board = started(database)
    name = make_url(url).database
    assert SERVER is not None
    admin = create_engine(SERVER, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
        connection.execute(
            text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"),
            {"n": name},
        )
        try:
            for answer in (
                client.post(f"/api/t/{token}/hands", json=HAND),
                client.get(f"/api/t/{token}"),
                client.get(f"/api/board/{board}"),
                client.get(f"/t/{token}"),
            ):
                assert_unavailable(answer)
        finally:
            connection.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
    admin.dispose()
    assert not any(record.exc_info for record in caplog.records)
    said = [record.getMessage() for record in caplog.records]
    assert sum("the database cannot answer" in line for line in said) == 1, said
    again = client.post(f"/api/t/{token}/hands", json=HAND)
    assert (again.status_code, again.json()["n"]) == (201, 1)
