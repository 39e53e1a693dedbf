"""Reliability fixtures: a data folder of its own, a gate, and a database on SQLite or on
the PostgreSQL server named by ``CLABBER_LEAGUE_TEST_PG`` (``.ci/run`` starts one)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.store.helpers import SERVER, server_database


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
