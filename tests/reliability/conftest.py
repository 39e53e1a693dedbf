"""Reliability fixtures: a data folder of its own, a gate, and a database on SQLite or on
the PostgreSQL server named by ``CLABBER_LEAGUE_TEST_PG`` (``.ci/run`` starts one)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

SERVER = os.environ.get("CLABBER_LEAGUE_TEST_PG")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data folder (and its backups) for this test and every process it starts."""
    folder = tmp_path / "data"
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(folder))
    monkeypatch.delenv("CLABBER_LEAGUE_DB", raising=False)
    return folder


@pytest.fixture
def gate(tmp_path: Path) -> Path:
    return tmp_path / "gate"


@contextmanager
def server_database() -> Iterator[str]:
    """A new, empty database on the test server; dropped afterwards, whoever is still on it."""
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


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, tmp_path: Path, data: Path) -> Iterator[str]:
    """Where the league is kept: an SQLite file, or a database on the PostgreSQL server."""
    if request.param == "sqlite":
        yield str(tmp_path / "league.sqlite3")
        return
    if not SERVER:
        pytest.skip("no PostgreSQL server (CLABBER_LEAGUE_TEST_PG)")
    with server_database() as url:
        yield url
