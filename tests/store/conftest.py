"""Store fixtures: every test gets its own data folder, and a fresh database when it asks.

The data folder (and with it the backups folder) is moved under ``tmp_path``
for *every* test, so nothing is ever written to the real home folder; the
fixture checks that afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from platformdirs import user_data_path

from clabber_league import APP_ID
from clabber_league.store.database import Database
from clabber_league.store.paths import DATA_ENV, DB_ENV


def _listing(folder: Path) -> list[str] | None:
    return sorted(path.name for path in folder.iterdir()) if folder.is_dir() else None


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``$CLABBER_LEAGUE_DATA`` points into ``tmp_path``; ``$CLABBER_LEAGUE_DB`` is unset."""
    real = user_data_path(APP_ID, appauthor=False)
    real_before = _listing(real)
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_ENV, str(folder))
    monkeypatch.delenv(DB_ENV, raising=False)
    yield folder
    assert _listing(real) == real_before, f"a test wrote to the real data folder {real}"


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    """Where the ``database`` fixture keeps its file (not yet created)."""
    return tmp_path / "league.sqlite3"


@pytest.fixture
def database(database_path: Path) -> Iterator[Database]:
    """A fresh database, created and migrated by ``Database.open``, closed afterwards."""
    opened = Database.open(str(database_path))
    yield opened
    opened.close()
