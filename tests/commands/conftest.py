"""The command-line tests' own data folder and database file."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("CLABBER_LEAGUE_DB", raising=False)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "league.sqlite3")
