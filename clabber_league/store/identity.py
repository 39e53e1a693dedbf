"""How an SQLite file says it is a Clabber League database, read without writing."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

#: SQLite's application_id for our files ("ClLg").
APPLICATION_ID = 0x436C4C67
#: The schema's major version, kept in PRAGMA user_version; a newer one is refused.
SCHEMA_MAJOR = 1


@dataclass(frozen=True)
class FileIdentity:
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


def read_identity(path: Path, timeout: float = 5.0) -> FileIdentity:
    """Open read-only and read the identity; raises ``sqlite3.Error`` for a non-database."""
    probe = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=timeout)
    try:
        application_id = probe.execute("PRAGMA application_id").fetchone()[0]
        user_version = probe.execute("PRAGMA user_version").fetchone()[0]
        objects = probe.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    finally:
        probe.close()
    return FileIdentity(application_id, user_version, objects)
