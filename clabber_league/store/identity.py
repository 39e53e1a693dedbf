"""Reading an SQLite file without writing to it: how it says it is a Clabber League
database, and a read-only connection that works even on a read-only file or folder."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import NamedTuple

from clabber_league.rules.messages import problem
from clabber_league.store.errors import StoreError

#: SQLite's application_id for our files ("ClLg").
APPLICATION_ID = 0x436C4C67
#: The schema's major version, kept in PRAGMA user_version; a newer one is refused.
SCHEMA_MAJOR = 1
#: The newest migration (its Alembic revision). Opening a database at this revision needs
#: no Alembic; tests/store/test_migrations.py checks it against Alembic's own head. Here,
#: beside the file identity that the read-only inspection of a file checks it against.
SCHEMA_HEAD = "0013"


class FileIdentity(NamedTuple):
    """What a file says about itself, read with plain ``sqlite3`` before anything may
    write to it (a file that is not ours, or is newer, is refused untouched)."""

    application_id: int
    user_version: int
    objects: int
    """How many tables, indexes and views the file holds (0: a new, empty file)."""

    @property
    def ours(self) -> bool:
        return self.application_id == APPLICATION_ID

    @property
    def empty(self) -> bool:
        return self.objects == 0


def open_read_only(path: Path, timeout: float = 5.0) -> sqlite3.Connection:
    """A connection that cannot change ``path``, or ``sqlite3.Error`` for a non-database.

    - A file the user may write is opened as usual but ``query_only``: SQLite
      then keeps its write-ahead log and index files as it always does, and
      removes them again when the last connection closes — a read leaves no
      file behind.
    - A file (or folder) the user may only read is opened ``mode=ro``; where
      SQLite could not keep its index beside it (a read-only folder), or
      would leave index files behind, ``immutable=1``. Immutable reads ignore
      a write-ahead log, so one holding changes not yet merged into the
      database is refused rather than silently skipped.
    """

    def connect(mode: str) -> sqlite3.Connection:
        return sqlite3.connect(
            f"{path.as_uri()}?{mode}", uri=True, timeout=timeout, check_same_thread=False
        )

    if os.access(path, os.W_OK) and os.access(path.parent, os.W_OK):
        connection = connect("mode=rw")
        connection.execute("PRAGMA query_only=ON")
        return connection
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        connection = connect("mode=ro")
        try:
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError:
            connection.close()
            raise StoreError(
                problem(
                    "{path} has changes not yet merged into it ({name}) and may not be "
                    "written here: open it once where it may be written",
                    path=path,
                    name=wal.name,
                )
            ) from None
        return connection
    return connect("immutable=1")


def read_identity(path: Path, timeout: float = 5.0) -> FileIdentity:
    """Open read-only and read the identity; raises ``sqlite3.Error`` for a non-database."""
    probe = open_read_only(path, timeout)
    try:
        application_id = probe.execute("PRAGMA application_id").fetchone()[0]
        user_version = probe.execute("PRAGMA user_version").fetchone()[0]
        objects = probe.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    finally:
        probe.close()
    return FileIdentity(application_id, user_version, objects)
