"""League night fixtures: a private data folder (the night key lives there) and a
league of four teams with its schedule."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from clabber_league.store.database import Database
from clabber_league.store.paths import DATA_ENV, DB_ENV
from tests.night.helpers import league_with_teams


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_ENV, str(folder))
    monkeypatch.delenv(DB_ENV, raising=False)
    return folder


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "league.sqlite3"


@pytest.fixture
def database(database_path: Path) -> Iterator[Database]:
    """A fresh database holding a league of four teams and its schedule."""
    opened = Database.open(str(database_path))
    league_with_teams(opened)
    yield opened
    opened.close()
