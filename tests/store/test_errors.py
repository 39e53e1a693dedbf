"""SQLite trouble arrives as a ``StoreError`` in plain words; a refused file is left untouched."""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event
from sqlalchemy.exc import NoResultFound, SQLAlchemyError
from sqlmodel import select

import clabber_league.store.database as database_module
from clabber_league.rules import GameError, PassedHand, rule_set
from clabber_league.store.connections import explain
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError, explain_server, explain_sqlite
from clabber_league.store.games import (
    DatabaseRecorder,
    create_game,
    export_game,
    list_games,
    open_game,
)
from clabber_league.store.identity import SCHEMA_MAJOR
from clabber_league.store.models import StoredHand
from tests.store.helpers import committed, made

SIDES = ["Eagles", "Owls"]
NOT_OURS = "is not a Clabber League database; it was left untouched"
READ_ONLY = (
    "is read-only: Clabber League needs to write to it and to its folder "
    "(standings, export, print and backup can still read it)"
)
NEWER = "was made by a newer version of Clabber League; install that version to open it"


def refused_untouched(path: Path) -> str:
    """Opening ``path`` raises ``StoreError`` and writes not one byte to it; returns the message."""
    before = path.read_bytes()
    with pytest.raises(StoreError) as refused:
        Database.open(str(path))
    assert path.read_bytes() == before
    return str(refused.value)


def set_in_file(path: Path, *statements: str) -> None:
    """Change a closed database behind the app's back, as another program would."""
    with closing(sqlite3.connect(path)) as connection, connection:
        for statement in statements:
            connection.execute(statement)


@pytest.mark.parametrize(
    "text",
    ["league notes\n", "Eagles 552, Owls 420\n" * 400],
    ids=["short", "long"],
)
def test_a_text_file_is_not_opened(tmp_path: Path, text: str) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(text, encoding="utf-8")
    assert refused_untouched(path) == f"{path} {NOT_OURS}"
    assert list(tmp_path.iterdir()) == [path]


def test_an_sqlite_file_of_another_program_is_not_opened(tmp_path: Path) -> None:
    path = tmp_path / "recipes.sqlite3"
    set_in_file(
        path,
        "CREATE TABLE recipe (id INTEGER PRIMARY KEY, name TEXT)",
        "INSERT INTO recipe (name) VALUES ('burgoo')",
    )
    assert refused_untouched(path) == f"{path} {NOT_OURS}"
    assert list(tmp_path.iterdir()) == [path]
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("SELECT name FROM recipe").fetchall() == [("burgoo",)]


def test_a_newer_schema_major_version_is_refused(database_path: Path) -> None:
    Database.open(str(database_path)).close()
    set_in_file(database_path, "PRAGMA user_version = 99")
    assert SCHEMA_MAJOR < 99
    assert refused_untouched(database_path) == f"{database_path} {NEWER}"


def test_an_unknown_migration_revision_is_refused(database_path: Path) -> None:
    Database.open(str(database_path)).close()
    set_in_file(database_path, "UPDATE alembic_version SET version_num = '9999'")
    assert refused_untouched(database_path) == f"{database_path} {NEWER}"


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder, not a database file"):
        Database.open(str(tmp_path))


# Read-only files. The suite may run as root, and root may write to any file
# whatever its mode, so ``os.access`` says "writable" to root for a 0o444 file
# and nothing would be refused. As root, ``os.access`` is made to answer from
# the permission bits, which is what it tells the ordinary user who owns the
# file; as anyone else the real answer is used.


def _owner_access(real: Callable[..., bool]) -> Callable[..., bool]:
    def access(path: str | os.PathLike[str], mode: int, **options: Any) -> bool:
        if mode & os.W_OK and not os.stat(path).st_mode & stat.S_IWUSR:
            return False
        return real(path, mode, **options)

    return access


@pytest.fixture
def as_the_owner(monkeypatch: pytest.MonkeyPatch) -> None:
    if os.geteuid() == 0:
        monkeypatch.setattr(os, "access", _owner_access(os.access))


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "shared"
    folder.mkdir()
    yield folder
    folder.chmod(0o755)


@pytest.mark.usefixtures("as_the_owner")
def test_a_read_only_file_is_refused_untouched(database_path: Path) -> None:
    Database.open(str(database_path)).close()
    database_path.chmod(0o444)
    try:
        assert refused_untouched(database_path) == f"{database_path} {READ_ONLY}"
    finally:
        database_path.chmod(0o644)
    Database.open(str(database_path)).close()  # writable again: opens as before


@pytest.mark.usefixtures("as_the_owner")
def test_a_database_in_a_read_only_folder_is_refused_untouched(read_only_folder: Path) -> None:
    path = read_only_folder / "league.sqlite3"
    Database.open(str(path)).close()
    read_only_folder.chmod(0o555)
    # As root the folder check refuses it; as its owner SQLite already cannot
    # read a WAL file whose folder is read-only, and says so in its own words.
    assert refused_untouched(path).startswith(f"{path} is read-only")


@pytest.mark.usefixtures("as_the_owner")
def test_no_database_is_created_in_a_read_only_folder(read_only_folder: Path) -> None:
    read_only_folder.chmod(0o555)
    path = read_only_folder / "league.sqlite3"
    with pytest.raises(StoreError, match="its folder is read-only") as refused:
        Database.open(str(path))
    assert str(refused.value) == f"cannot create {path}: its folder is read-only"
    assert list(read_only_folder.iterdir()) == []


def test_the_owner_access_check_reads_the_permission_bits(tmp_path: Path) -> None:
    """The stand-in used as root says what a file's mode says."""
    path = tmp_path / "file"
    path.write_text("", encoding="utf-8")
    access = _owner_access(os.access)
    assert access(path, os.W_OK)
    path.chmod(0o444)
    assert not access(path, os.W_OK)
    assert access(path, os.R_OK)


# Another program holding the database.


@pytest.fixture
def fast_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> float:
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT_S", 0.2)
    return 0.2


@pytest.fixture
def other_program(database_path: Path) -> Iterator[sqlite3.Connection]:
    """Another program's connection to the database file (the caller begins its transaction)."""
    Database.open(str(database_path)).close()
    connection = sqlite3.connect(database_path, isolation_level=None)
    yield connection
    if connection.in_transaction:
        connection.execute("ROLLBACK")
    connection.close()


@pytest.mark.usefixtures("fast_busy_timeout")
def test_a_database_locked_by_another_program_is_reported_and_left_unchanged(
    database_path: Path, other_program: sqlite3.Connection
) -> None:
    before = database_path.read_bytes()
    other_program.execute("BEGIN EXCLUSIVE")
    # In WAL mode an exclusive transaction still lets readers in, so opening
    # works; the first write is where the lock is met.
    database = Database.open(str(database_path))
    try:
        started = time.monotonic()
        with pytest.raises(StoreError) as refused:
            create_game(database, rule_set(), SIDES)
        assert time.monotonic() - started < 3
        assert str(refused.value) == (
            f"{database_path} is in use by another program; close it and try again"
        )
        assert database_path.read_bytes() == before
        other_program.execute("ROLLBACK")
        assert list_games(database) == []
        create_game(database, rule_set(), SIDES)  # once the other program lets go
        assert len(list_games(database)) == 1
    finally:
        database.close()


@pytest.mark.usefixtures("fast_busy_timeout")
def test_a_hand_refused_by_a_lock_is_put_back(
    database_path: Path, other_program: sqlite3.Connection
) -> None:
    database = Database.open(str(database_path))
    try:
        recorder = create_game(database, rule_set(), SIDES)
        recorder.record(made("A"))
        before = committed(database_path)
        other_program.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StoreError, match="is in use by another program"):
            recorder.record(made("B"))
        assert recorder.game.entries == (made("A"),)
        other_program.execute("ROLLBACK")
        assert committed(database_path) == before
        recorder.record(made("B"))
        assert open_game(database, recorder.id).game.entries == (made("A"), made("B"))
    finally:
        database.close()


# A full disk.


def fail_commits_as_a_full_disk(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the DBAPI's COMMIT fail with SQLITE_FULL; SQLAlchemy wraps the error as for real.

    When COMMIT fails with SQLITE_FULL, SQLite rolls the whole transaction back
    itself (``sqlite3VdbeHalt``: a failed commit calls ``sqlite3RollbackAll``),
    so the stand-in does the same before raising.
    """

    def full(dbapi_connection: sqlite3.Connection) -> None:
        dbapi_connection.rollback()
        raise sqlite_error(sqlite3.SQLITE_FULL, "database or disk is full")

    monkeypatch.setattr(engine.dialect, "do_commit", full)


CHANGES: dict[str, Callable[[DatabaseRecorder], object]] = {
    "record": lambda recorder: recorder.record(made("B")),
    "replace": lambda recorder: recorder.replace(1, made("B")),
    "delete": lambda recorder: recorder.delete(1),
    "insert": lambda recorder: recorder.insert(1, made("B")),
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_a_full_disk_during_a_change_saves_nothing_and_puts_the_game_back(
    database: Database,
    database_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    change: Callable[[DatabaseRecorder], object],
) -> None:
    recorder = create_game(database, rule_set(), SIDES)
    recorder.record(made("A"))
    recorder.record(made("A", 100))
    entries, rows = recorder.game.entries, recorder.game.rows
    exported, log = export_game(database, recorder.id), recorder.corrections()
    before = committed(database_path)

    with monkeypatch.context() as patch:
        fail_commits_as_a_full_disk(database.engine, patch)
        with pytest.raises(StoreError) as refused:
            change(recorder)
    assert str(refused.value) == (
        f"the disk holding {database_path} is full: nothing was saved; free some space"
    )

    assert (recorder.game.entries, recorder.game.rows) == (entries, rows)
    assert committed(database_path) == before
    assert export_game(database, recorder.id) == exported
    assert recorder.corrections() == log
    # With room on the disk again the same change goes through.
    change(recorder)
    assert open_game(database, recorder.id).game.rows == recorder.game.rows


def test_a_real_sqlite_full_error_saves_nothing_and_puts_the_game_back(
    database: Database, database_path: Path
) -> None:
    """SQLite's own SQLITE_FULL, from capping how many pages the file may grow to."""
    with database.engine.connect() as connection:
        pages = connection.exec_driver_sql("PRAGMA page_count").scalar()
    cap = [pages]

    @event.listens_for(database.engine, "checkout")
    def _cap(dbapi_connection: sqlite3.Connection, _record: object, _proxy: object) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count = {cap[0]}")

    recorder = create_game(database, rule_set("evansville", {"target": 1000}), SIDES)
    # Passed hands never end the game, so hands are recorded until the file is full.
    failure: StoreError | None = None
    for _ in range(2000):
        entries = recorder.game.entries
        try:
            recorder.record(PassedHand())
        except StoreError as exc:
            failure = exc
            break
    assert str(failure) == (
        f"the disk holding {database_path} is full: nothing was saved; free some space"
    )

    assert recorder.game.entries == entries
    assert len(entries) > 0
    with database.session() as session:
        stored = session.exec(select(StoredHand).where(StoredHand.game_id == recorder.id)).all()
        assert len(stored) == len(entries)

    cap[0] = 1_073_741_823
    recorder.record(PassedHand())
    assert open_game(database, recorder.id).game.entries == (*entries, PassedHand())


def test_a_refused_hand_is_not_a_store_error(database: Database) -> None:
    """The rules refuse before the database is asked: ``GameError``, not ``StoreError``."""
    recorder = create_game(database, rule_set(), SIDES)
    with pytest.raises(GameError):
        recorder.record(made("A", 161))


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("nosuch://somewhere/db", "keeps its games in an SQLite file or on a PostgreSQL server"),
        ("postgresql+nosuchdriver://user:secret@127.0.0.1:1/db", "cannot use the database"),
    ],
)
def test_a_url_the_app_cannot_use_is_a_clear_message(url: str, said: str) -> None:
    with pytest.raises(StoreError, match=said) as refused:
        Database.open(url)
    assert "secret" not in str(refused.value)


class _ServerError(Exception):
    """What psycopg raises: the driver's text and its SQLSTATE."""

    def __init__(self, text: str, sqlstate: str) -> None:
        super().__init__(text)
        self.sqlstate = sqlstate


@pytest.mark.parametrize(
    ("text", "sqlstate", "said"),
    [
        ("integer out of range", "22003", "a number is too large for the database"),
        ("index row requires 20016 bytes, maximum size is 8191", "54000", "too long"),
        ('column "made_a" does not exist', "42703", "does not have the tables"),
        ("connection refused", "08001", "nothing is listening at that address and port"),
    ],
)
def test_server_errors_are_said_in_table_words(text: str, sqlstate: str, said: str) -> None:
    message = explain_server(_ServerError(text, sqlstate), "the league server").message
    assert said in message
    assert text not in message


def sqlite_error(code: int, text: str) -> sqlite3.OperationalError:
    """An error as the SQLite engine raises it: its words and its result code."""
    error = sqlite3.OperationalError(text)
    error.sqlite_errorcode = code
    return error


def test_a_missing_column_is_said_in_words_not_sqlites() -> None:
    error = explain_sqlite(sqlite_error(sqlite3.SQLITE_ERROR, "no such column: game.made_a"), None)
    assert "does not have the tables this version of Clabber League expects" in error.message
    assert "made_a" not in error.message


@pytest.mark.parametrize(
    ("code", "said", "damaged"),
    [
        (sqlite3.SQLITE_BUSY, "is in use by another program", False),
        (sqlite3.SQLITE_LOCKED, "is in use by another program", False),
        (sqlite3.SQLITE_FULL, "is full: nothing was saved", False),
        (sqlite3.SQLITE_CANTOPEN, "cannot open", False),
        (sqlite3.SQLITE_READONLY, "is read-only", False),
        (sqlite3.SQLITE_CORRUPT, "is damaged", True),
        (sqlite3.SQLITE_NOTADB, "is not a Clabber League database", True),
        (sqlite3.SQLITE_IOERR, "a disk error", False),
        (sqlite3.SQLITE_IOERR_SHORT_READ, "a disk error", False),  # an extended code
        (sqlite3.SQLITE_PERM, "cannot open", False),
    ],
)
def test_sqlite_errors_are_sorted_by_their_code_not_their_words(
    code: int, said: str, damaged: bool
) -> None:
    error = explain_sqlite(sqlite_error(code, "words that say nothing"), Path("league.sqlite3"))
    assert said in error.message
    assert error.damaged is damaged


@pytest.mark.parametrize(
    "error",
    [
        sqlite_error(sqlite3.SQLITE_ERROR, 'near "SELEC": syntax error'),
        sqlite_error(sqlite3.SQLITE_MISUSE, "bad parameter or other API misuse"),
        sqlite3.ProgrammingError("Cannot operate on a closed database."),  # no code at all
        sqlite3.OperationalError("database is locked"),  # words, but no code: not SQLite's
    ],
)
def test_any_other_sqlite_error_is_a_bug_raised_as_it_is(error: sqlite3.Error) -> None:
    with pytest.raises(type(error)) as raised:
        explain_sqlite(error, None)
    assert raised.value is error


def test_a_real_statement_sqlite_cannot_run_is_a_bug_not_a_message(database: Database) -> None:
    with pytest.raises(SQLAlchemyError) as wrapped, database.engine.connect() as connection:
        connection.exec_driver_sql("SELEC 1")
    with pytest.raises(sqlite3.OperationalError) as raised:
        explain(wrapped.value, database.path)
    assert raised.value.sqlite_errorcode == sqlite3.SQLITE_ERROR


def test_sqlalchemys_own_error_on_a_file_is_a_bug(database_path: Path) -> None:
    """SQLite said nothing (no driver error): nothing a user could act on."""
    error = NoResultFound("No row was found when one was required")
    with pytest.raises(NoResultFound) as raised:
        explain(error, database_path)
    assert raised.value is error
