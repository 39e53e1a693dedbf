"""Database trouble in the user's words."""

from __future__ import annotations

import sqlite3
from pathlib import Path


class StoreError(Exception):
    """A database problem a user can act on; the message says what and what to do.

    ``damaged`` marks a file SQLite cannot read as a database any more: its
    message then says which backup restores it (``database.with_restore_advice``).
    """

    def __init__(self, message: str, *, damaged: bool = False) -> None:
        super().__init__(message)
        self.damaged = damaged


def explain_sqlite(error: sqlite3.Error, path: Path | None) -> StoreError:
    """The SQLite errors a user can meet, each with what it means for them."""
    where = str(path) if path else "the database"
    text = str(error).lower()
    if "not a database" in text or "file is encrypted" in text:
        return StoreError(
            f"{where} is not a Clabber League database; it was left untouched", damaged=True
        )
    if "malformed" in text or "corrupt" in text:
        return StoreError(f"{where} is damaged: nothing was changed.", damaged=True)
    if "locked" in text or "busy" in text:
        return StoreError(f"{where} is in use by another program; close it and try again")
    if "readonly" in text or "read-only" in text:
        return StoreError(f"{where} is read-only: nothing was saved")
    if "disk is full" in text or "database or disk is full" in text:
        return StoreError(f"the disk holding {where} is full: nothing was saved; free some space")
    if "unable to open" in text:
        return StoreError(f"cannot open {where}: check that the folder exists and is writable")
    return StoreError(f"{where}: SQLite reported a problem: {error}")
