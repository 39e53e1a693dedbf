"""Backups: the last ten copies per database, each a working database; restore keeps a copy."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from clabber_league.rules import rule_set
from clabber_league.store import (
    Database,
    StoreError,
    create_game,
    export_game,
    import_game,
    list_games,
)
from clabber_league.store.backup import KEEP, backups_of, keep_backup, restore
from clabber_league.store.identity import SCHEMA_MAJOR, read_identity
from clabber_league.store.paths import backups_dir
from tests.store.helpers import EXAMPLE_FILES, load, made

SIDES = ["Eagles", "Owls"]


def games_in(location: Path) -> dict[int, dict[str, Any]]:
    """Every game in a database file, exported, by id."""
    database = Database.open(str(location))
    try:
        return {summary.id: export_game(database, summary.id) for summary in list_games(database)}
    finally:
        database.close()


def backups(database_path: Path) -> list[Path]:
    folder = backups_of(database_path)
    return sorted(folder.iterdir()) if folder.exists() else []


def test_keep_backup_keeps_the_last_ten_copies(database_path: Path, database: Database) -> None:
    assert KEEP == 10
    made_copies = [keep_backup(database_path, "test") for _ in range(KEEP + 3)]
    assert backups(database_path) == sorted(made_copies[-KEEP:])
    assert all(copy.parent == backups_of(database_path) for copy in made_copies)
    assert all(copy.parent.parent == backups_dir() for copy in made_copies)
    assert backups_of(database_path).name.startswith("league-")


def test_keep_backup_counts_each_database_on_its_own(tmp_path: Path) -> None:
    """A database named like another plus a suffix ("club" and "club-2024") keeps its copies."""
    season = tmp_path / "club-2024.sqlite3"
    club = tmp_path / "club.sqlite3"
    for path in (season, club):
        Database.open(str(path)).close()
    season_copies = [keep_backup(season, "test") for _ in range(KEEP)]
    club_copies = [keep_backup(club, "test") for _ in range(KEEP)]
    assert [copy.name for copy in season_copies if not copy.exists()] == []
    assert backups(season) == sorted(season_copies)
    assert backups(club) == sorted(club_copies)


def test_a_copy_is_a_working_database_with_the_same_games(
    database_path: Path, database: Database
) -> None:
    for example in EXAMPLE_FILES:
        import_game(database, load(example))
    recorder = create_game(database, rule_set(), SIDES)
    recorder.record(made("A"))
    recorder.replace(1, made("B"))
    # The app still has the file open, with the last hands in the WAL only.
    copy = keep_backup(database_path, "test")

    identity = read_identity(copy)
    assert identity.ours
    assert identity.user_version == SCHEMA_MAJOR
    with closing(sqlite3.connect(copy)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    expected = {summary.id: export_game(database, summary.id) for summary in list_games(database)}
    assert len(expected) == len(EXAMPLE_FILES) + 1
    assert games_in(copy) == expected


def test_restore_keeps_a_copy_of_what_it_replaces(database_path: Path, database: Database) -> None:
    first = import_game(database, load(EXAMPLE_FILES[0]))
    backup = keep_backup(database_path, "test")
    import_game(database, load(EXAMPLE_FILES[1]))
    before = {summary.id: export_game(database, summary.id) for summary in list_games(database)}
    database.close()

    kept = restore(backup, database_path)

    assert kept is not None
    assert kept.parent == backups_of(database_path)
    assert "before-restore" in kept.name
    assert games_in(database_path) == {first: before[first]}
    assert games_in(kept) == before
    assert games_in(backup) == {first: before[first]}


def test_restore_onto_a_missing_database_keeps_nothing(
    database_path: Path, database: Database, tmp_path: Path
) -> None:
    game_id = import_game(database, load(EXAMPLE_FILES[0]))
    backup = keep_backup(database_path, "test")
    target = tmp_path / "new" / "league.sqlite3"
    assert restore(backup, target) is None
    assert games_in(target) == {game_id: load(EXAMPLE_FILES[0])}


def _text_file(path: Path) -> None:
    path.write_text("league notes\n" * 100, encoding="utf-8")


def _other_program(path: Path) -> None:
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("CREATE TABLE recipe (id INTEGER PRIMARY KEY, name TEXT)")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_text_file, "is not a Clabber League database; it was left untouched"),
        (_other_program, "is not a Clabber League backup; nothing was restored"),
    ],
    ids=["text-file", "other-program"],
)
def test_restoring_a_file_that_is_not_ours_changes_nothing(
    database_path: Path,
    database: Database,
    tmp_path: Path,
    make: Callable[[Path], None],
    message: str,
) -> None:
    game_id = import_game(database, load(EXAMPLE_FILES[0]))
    database.close()
    bad = tmp_path / "not-a-backup.sqlite3"
    make(bad)
    before, bad_before, copies = (
        database_path.read_bytes(),
        bad.read_bytes(),
        backups(database_path),
    )

    with pytest.raises(StoreError) as refused:
        restore(bad, database_path)

    assert str(refused.value) == f"{bad} {message}"
    assert database_path.read_bytes() == before
    assert bad.read_bytes() == bad_before
    assert backups(database_path) == copies
    assert games_in(database_path) == {game_id: load(EXAMPLE_FILES[0])}
