"""Backups: checked before and after, atomic, kept in a rotation that never drops the last
good copy; restore keeps a copy of what it replaces (or moves a damaged file aside)."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from clabber_league.rules import rule_set
from clabber_league.store.backup import (
    KEEP_DAYS,
    KEEP_LATEST,
    KEEP_WEEKS,
    BackupStoppedError,
    DamagedDatabaseError,
    KeptCopy,
    Stop,
    backup_if_changed,
    backups_of,
    copy_database,
    damage_of,
    keep_backup,
    kept_copies,
    newest_good_backup,
    prune,
    restore,
    restore_advice,
    verify_backup,
)
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import create_game, export_game, list_games
from clabber_league.store.identity import SCHEMA_MAJOR, read_identity
from clabber_league.store.imports import import_game
from clabber_league.store.paths import backups_dir
from tests.store.helpers import EXAMPLE_FILES, damage, load, made

SIDES = ["Eagles", "Owls"]


def games_in(location: Path) -> dict[int, dict[str, Any]]:
    """Every game in a database file, exported, by id."""
    database = Database.open(str(location), read_only=True)
    try:
        return {summary.id: export_game(database, summary.id) for summary in list_games(database)}
    finally:
        database.close()


def backups(database_path: Path) -> list[Path]:
    return sorted(copy.path for copy in kept_copies(database_path))


def copies_made(folder: Path, moments: list[datetime]) -> list[KeptCopy]:
    """Empty files named as copies made at ``moments`` (the rotation reads only names)."""
    folder.mkdir(parents=True, exist_ok=True)
    made_copies = []
    for moment in moments:
        path = folder / f"{moment:%Y%m%d-%H%M%S-%f}-on-quit.sqlite3"
        path.touch()
        made_copies.append(KeptCopy(path, moment, "on-quit"))
    return made_copies


# ----------------------------------------------------------------- rotation
def test_the_rotation_keeps_the_latest_then_one_a_day_then_one_a_week(tmp_path: Path) -> None:
    assert (KEEP_LATEST, KEEP_DAYS, KEEP_WEEKS) == (5, 7, 5)
    now = datetime(2026, 12, 1, 22, 0)
    # Ten quits tonight, then three quits a day (morning, noon, evening) for 60 days back.
    tonight = [now - timedelta(minutes=5 * n) for n in range(10)]
    earlier = [
        now.replace(hour=hour) - timedelta(days=day) for day in range(1, 61) for hour in (20, 12, 8)
    ]
    copies = copies_made(tmp_path, tonight + earlier)
    removed = prune(copies, now, newest_good=copies[0].path)
    kept = sorted((copy.made for copy in copies if copy.path.exists()), reverse=True)
    # The five newest; one (the evening's) of each of the six days before; then the
    # newest of each week that started within five weeks (ISO weeks, Monday first).
    days = [now.replace(hour=20) - timedelta(days=day) for day in range(1, 7)]
    assert kept[:5] == tonight[:5]
    assert kept[5:11] == days
    weekly = kept[11:]
    assert all(moment.hour == 20 and moment.weekday() == 6 for moment in weekly)  # Sundays
    assert len(weekly) == 4
    assert len(removed) == len(copies) - len(kept)


def test_the_newest_good_copy_is_kept_however_old(tmp_path: Path) -> None:
    now = datetime(2026, 12, 1, 22, 0)
    good_but_old = now - timedelta(days=90)
    copies = copies_made(tmp_path, [*(now - timedelta(minutes=n) for n in range(8)), good_but_old])
    prune(copies, now, newest_good=copies[-1].path)
    assert copies[-1].path.exists()
    assert sum(copy.path.exists() for copy in copies) == KEEP_LATEST + 1


def test_files_not_named_like_copies_are_never_pruned(
    database_path: Path, database: Database
) -> None:
    folder = backups_of(database_path)
    folder.mkdir(parents=True)
    (folder / "my notes.sqlite3").write_text("mine", encoding="utf-8")
    for _ in range(KEEP_LATEST + 2):
        keep_backup(database_path, "test")
    assert (folder / "my notes.sqlite3").read_text(encoding="utf-8") == "mine"
    assert len(backups(database_path)) == KEEP_LATEST


def test_keep_backup_counts_each_database_on_its_own(tmp_path: Path) -> None:
    """A database named like another plus a suffix ("club" and "club-2024") keeps its copies."""
    season = tmp_path / "club-2024.sqlite3"
    club = tmp_path / "club.sqlite3"
    for path in (season, club):
        Database.open(str(path)).close()
    season_copies = [keep_backup(season, "test") for _ in range(KEEP_LATEST)]
    club_copies = [keep_backup(club, "test") for _ in range(KEEP_LATEST)]
    assert backups(season) == sorted(season_copies)
    assert backups(club) == sorted(club_copies)
    assert all(copy.parent.parent == backups_dir() for copy in season_copies + club_copies)
    assert backups_of(club).name.startswith("club-")


# ------------------------------------------------------------------ copies
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
    assert verify_backup(copy) == f"{copy} is a good backup ({len(expected)} games)"


def test_a_damaged_database_is_not_backed_up_and_the_good_copies_stay(
    database_path: Path, database: Database
) -> None:
    import_game(database, load(EXAMPLE_FILES[0]))
    good = keep_backup(database_path, "test")
    damage(database_path)
    assert damage_of(database_path) is not None
    for _ in range(KEEP_LATEST + 3):
        with pytest.raises(DamagedDatabaseError) as refused:
            keep_backup(database_path, "on-quit")
    assert backups(database_path) == [good]
    message = str(refused.value)
    assert message.startswith(f"{database_path} is damaged (")
    assert "no backup was made" in message
    assert f"clabber-league restore {good} --db {database_path}" in message


def test_an_explicit_copy_of_a_damaged_database_is_refused_and_leaves_no_file(
    database_path: Path, database: Database, tmp_path: Path
) -> None:
    import_game(database, load(EXAMPLE_FILES[0]))
    damage(database_path)
    out = tmp_path / "out" / "copy.sqlite3"
    out.parent.mkdir()
    with pytest.raises(DamagedDatabaseError):
        copy_database(database_path, out)
    assert list(out.parent.iterdir()) == []


def test_a_copy_never_replaces_an_existing_file_unless_forced(
    database_path: Path, database: Database, tmp_path: Path
) -> None:
    out = tmp_path / "copy.sqlite3"
    out.write_text("keep me", encoding="utf-8")
    with pytest.raises(StoreError, match="already exists"):
        copy_database(database_path, out)
    assert out.read_text(encoding="utf-8") == "keep me"
    copy_database(database_path, out, force=True)
    assert read_identity(out).ours


def test_a_copy_never_replaces_the_open_database(database_path: Path, database: Database) -> None:
    before = database_path.read_bytes()
    with pytest.raises(StoreError, match="is the database in use"):
        copy_database(database_path, database_path, force=True)
    assert database_path.read_bytes() == before


def test_verify_tells_a_damaged_copy_and_a_stranger(
    database_path: Path, database: Database, tmp_path: Path
) -> None:
    import_game(database, load(EXAMPLE_FILES[0]))
    copy = keep_backup(database_path, "test")
    damage(copy)
    with pytest.raises(DamagedDatabaseError, match=r"is damaged \("):
        verify_backup(copy)
    text = tmp_path / "notes.txt"
    text.write_text("league notes\n" * 100, encoding="utf-8")
    with pytest.raises(StoreError, match="is not a Clabber League backup"):
        verify_backup(text)
    with pytest.raises(StoreError, match="is not a file"):
        verify_backup(tmp_path)
    too_long = tmp_path / ("x" * 5000)
    with pytest.raises(StoreError, match=r"^cannot open .*: the name is too long$"):
        verify_backup(too_long)


def test_the_newest_good_backup_skips_damaged_copies(
    database_path: Path, database: Database
) -> None:
    import_game(database, load(EXAMPLE_FILES[0]))
    good = keep_backup(database_path, "test")
    later = keep_backup(database_path, "test")
    damage(later)
    found = newest_good_backup(database_path)
    assert found is not None
    assert found.path == good
    advice = restore_advice(database_path)
    assert advice is not None
    assert advice.sentence.endswith("restore it with:")
    assert advice.command == f"clabber-league restore {good} --db {database_path}"


# ---------------------------------------------------------- only if changed
def test_a_copy_on_quit_only_when_the_database_changed(
    database_path: Path, database: Database
) -> None:
    first = backup_if_changed(database_path)
    assert first is not None
    assert backup_if_changed(database_path) is None  # nothing changed
    import_game(database, load(EXAMPLE_FILES[0]))
    second = backup_if_changed(database_path)
    assert second is not None
    assert second != first
    assert backup_if_changed(database_path) is None
    database.close()  # closing merges the log: not a change of the games
    assert backup_if_changed(database_path) is None
    reopened = Database.open(str(database_path))
    try:
        assert backup_if_changed(database_path) is None  # opened and read, not changed
        create_game(reopened, rule_set(), SIDES).record(made("A"))
        assert backup_if_changed(database_path) is not None
    finally:
        reopened.close()


def test_a_deleted_last_copy_is_made_again(database_path: Path, database: Database) -> None:
    first = backup_if_changed(database_path)
    assert first is not None
    first.unlink()
    assert backup_if_changed(database_path) is not None


# ------------------------------------------------------------------ restore
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


def test_restoring_over_a_damaged_database_moves_it_aside(
    database_path: Path, database: Database
) -> None:
    first = import_game(database, load(EXAMPLE_FILES[0]))
    backup = keep_backup(database_path, "test")
    database.close()
    damage(database_path)
    damaged_bytes = database_path.read_bytes()

    aside = restore(backup, database_path)

    assert aside is not None
    assert aside.parent == database_path.parent
    assert aside.name.startswith(f"{database_path.name}.damaged-")
    assert aside.read_bytes() == damaged_bytes
    assert games_in(database_path) == {first: load(EXAMPLE_FILES[0])}
    assert damage_of(database_path) is None


def test_restore_onto_a_missing_database_keeps_nothing(
    database_path: Path, database: Database, tmp_path: Path
) -> None:
    game_id = import_game(database, load(EXAMPLE_FILES[0]))
    backup = keep_backup(database_path, "test")
    target = tmp_path / "new" / "league.sqlite3"
    target.parent.mkdir()
    assert restore(backup, target) is None
    assert games_in(target) == {game_id: load(EXAMPLE_FILES[0])}


def _text_file(path: Path) -> None:
    path.write_text("league notes\n" * 100, encoding="utf-8")


def _other_program(path: Path) -> None:
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("CREATE TABLE recipe (id INTEGER PRIMARY KEY, name TEXT)")


def _damaged_copy(path: Path) -> None:
    database = Database.open(str(path))
    import_game(database, load(EXAMPLE_FILES[1]))
    database.close()
    damage(path)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_text_file, "is not a Clabber League backup; nothing was restored"),
        (_other_program, "is not a Clabber League backup; nothing was restored"),
        (_damaged_copy, "is damaged (database disk image is malformed); nothing was restored"),
    ],
    ids=["text-file", "other-program", "damaged"],
)
def test_restoring_a_file_that_is_no_good_backup_changes_nothing(
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


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "notes.txt").write_text("league notes\n", encoding="utf-8")


def _pipe(path: Path) -> None:
    os.mkfifo(path)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_folder, "is a folder, not a database file; nothing was restored"),
        (_pipe, "is a pipe (FIFO), not a database file; nothing was restored"),
        (
            _other_program,
            "is not a Clabber League database; it was left untouched and nothing was restored",
        ),
    ],
    ids=["folder", "pipe", "other-program"],
)
def test_restore_never_replaces_what_is_not_a_database_of_ours(
    database_path: Path,
    database: Database,
    tmp_path: Path,
    make: Callable[[Path], None],
    message: str,
) -> None:
    import_game(database, load(EXAMPLE_FILES[0]))
    backup = keep_backup(database_path, "test")
    database.close()
    target = tmp_path / "target"
    make(target)
    listing = sorted(path.name for path in tmp_path.iterdir())

    with pytest.raises(StoreError) as refused:
        restore(backup, target)

    assert str(refused.value) == f"{target} {message}"
    assert sorted(path.name for path in tmp_path.iterdir()) == listing
    assert backups(target) == []


def test_a_database_is_never_restored_from_itself(
    database_path: Path, database: Database, tmp_path: Path
) -> None:
    import_game(database, load(EXAMPLE_FILES[0]))
    database.close()
    link = tmp_path / "link.sqlite3"
    link.symlink_to(database_path)
    before = database_path.read_bytes()
    for backup in (database_path, link):
        with pytest.raises(StoreError) as refused:
            restore(backup, database_path)
        assert str(refused.value) == f"{backup} is the database itself; nothing was restored"
    assert database_path.read_bytes() == before
    assert backups(database_path) == []


def test_a_stopped_copy_keeps_nothing(database_path: Path, database: Database) -> None:
    import_game(database, load(EXAMPLE_FILES[0]))
    stop = Stop()
    stop.stop()
    with pytest.raises(BackupStoppedError, match="nothing was kept"):
        keep_backup(database_path, "test", stop)
    folder = backups_of(database_path)
    assert not folder.exists() or list(folder.iterdir()) == []
    assert backup_if_changed(database_path) is not None  # the next copy is made as ever


def test_a_stop_interrupts_the_query_under_way(database_path: Path) -> None:
    """A check of a large file (``PRAGMA quick_check``) is interrupted, not waited for:
    here a long query, stopped from inside itself once it is well under way."""
    stop = Stop()
    connection = sqlite3.connect(database_path)

    def under_way(step: int) -> int:
        if step == 1000:
            stop.stop()
        return 1

    def long_query() -> None:
        with stop.watching(connection):
            connection.execute(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                "WHERE i < 1000000 AND under_way(i)) SELECT count(*) FROM n"
            ).fetchall()

    connection.create_function("under_way", 1, under_way)
    try:
        with pytest.raises(BackupStoppedError):
            long_query()
    finally:
        connection.close()


def test_a_backup_from_a_newer_minor_version_is_not_restored(
    database_path: Path, database: Database, tmp_path: Path
) -> None:
    """Restored, every command would then refuse the database: refused before, untouched."""
    import_game(database, load(EXAMPLE_FILES[0]))
    database.close()
    newer = tmp_path / "newer.sqlite3"
    copy_database(database_path, newer)
    with closing(sqlite3.connect(newer)) as connection, connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    before = database_path.read_bytes()

    with pytest.raises(StoreError) as refused:
        restore(newer, database_path)

    assert str(refused.value) == (
        f"{newer} was made by a newer version of Clabber League; nothing was restored"
    )
    assert database_path.read_bytes() == before
