"""Opening read-only (standings, export, print, backup): nothing created, nothing written.

Files the user may only read are tried as an ordinary user in
``tests/reliability/test_read_only_files.py`` (root reads and writes anything).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from alembic import command

from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import list_games
from clabber_league.store.identity import APPLICATION_ID
from clabber_league.store.imports import import_game
from clabber_league.store.migrate import alembic_config
from clabber_league.store.models import StoredGame
from clabber_league.store.paths import to_url
from tests.store.helpers import EXAMPLE_FILES, load
from tests.store.test_errors import as_the_owner  # noqa: F401 -- a fixture


def test_a_missing_database_is_an_error_and_nothing_is_created(tmp_path: Path) -> None:
    path = tmp_path / "typo" / "league.sqlite3"
    with pytest.raises(StoreError) as refused:
        Database.open(str(path), read_only=True)
    assert str(refused.value) == f"there is no database {path}; nothing was created"
    assert not path.parent.exists()


def test_an_empty_file_is_no_league(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    with pytest.raises(StoreError, match="holds no Clabber League data yet"):
        Database.open(str(path), read_only=True)
    assert path.read_bytes() == b""


def test_a_read_only_database_reads_and_never_writes(
    database: Database, database_path: Path
) -> None:
    game_id = import_game(database, load(EXAMPLE_FILES[0]))
    database.close()
    before = database_path.read_bytes()
    reader = Database.open(str(database_path), read_only=True)
    try:
        assert [game.id for game in list_games(reader)] == [game_id]
        with (
            pytest.raises(StoreError, match="was opened read-only: nothing was saved"),
            reader.session(write=True),
        ):
            pass
        # Even a write slipped past the store is refused by SQLite itself.
        stranger = StoredGame(
            header_json="{}", rules_preset="x", side_a="A", side_b="B", first_dealer="A1"
        )
        with pytest.raises(StoreError, match="is read-only"):
            slip_past(reader, stranger)
        assert [game.id for game in list_games(reader)] == [game_id]
    finally:
        reader.close()
    assert database_path.read_bytes() == before


def slip_past(database: Database, row: StoredGame) -> None:
    with database.session() as session:
        session.add(row)
        session.commit()


def old_database(path: Path) -> None:
    command.upgrade(alembic_config(to_url(str(path))), "0002")
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute("PRAGMA user_version = 1")


def test_an_older_database_is_upgraded_first_when_it_may_be_written(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old_database(path)
    reader = Database.open(str(path), read_only=True)
    try:
        assert list_games(reader) == []
    finally:
        reader.close()
    assert list((tmp_path / "data" / "backups").rglob("*before-upgrade.sqlite3"))


@pytest.mark.usefixtures("as_the_owner")
def test_an_older_database_that_may_not_be_written_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old_database(path)
    path.chmod(0o444)
    try:
        with pytest.raises(StoreError) as refused:
            Database.open(str(path), read_only=True)
    finally:
        path.chmod(0o644)
    assert str(refused.value) == (
        f"{path} was made by an older version of Clabber League and is read-only: "
        "make it writable once so that it can be upgraded"
    )
