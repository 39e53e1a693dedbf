"""Ctrl+C in the middle of an import: one line, exit 130, and nothing of the file stored."""

from __future__ import annotations

from pathlib import Path

from clabber_league.store.database import Database
from tests.reliability.helpers import json_file, run
from tests.store.test_league import spring, spring_games, table


def test_ctrl_c_during_an_import_is_one_line_and_stores_nothing(
    location: str, data: Path, tmp_path: Path
) -> None:
    season_file = json_file(tmp_path / "spring.json", spring_games())
    database = Database.open(location)
    try:
        spring(database)
        before = table(database, "Spring")
    finally:
        database.close()
    stopped = run(
        data,
        "cli",
        "import",
        str(season_file),
        "--db",
        location,
        "--season",
        "Spring",
        kill_at="import:stored@2",
        kill_with="INT",
    )
    assert stopped.code == 130, stopped
    assert stopped.err == "stopped; nothing of this import was stored\n"
    database = Database.open(location, read_only=True)
    try:
        assert table(database, "Spring") == before
    finally:
        database.close()
