"""Backups with SQLite's online backup API: safe while the app has the file open.

A copy is kept before every migration and when the window closes (the last
ten per database, in the data folder); restoring keeps a copy of what it
replaces.
"""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import datetime
from pathlib import Path

from clabber_league.store.errors import StoreError, explain_sqlite
from clabber_league.store.identity import read_identity
from clabber_league.store.paths import backups_dir

KEEP = 10


def copy_database(source: Path, target: Path) -> None:
    """Copy a live SQLite database page by page into ``target`` (replacing its contents)."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(f"{source.as_uri()}?mode=ro", uri=True) as src:
            destination = sqlite3.connect(target)
            try:
                src.backup(destination)
            finally:
                destination.close()
    except sqlite3.Error as exc:
        raise explain_sqlite(exc, target) from None
    except OSError as exc:
        raise StoreError(f"cannot write {target}: {exc.strerror}") from None


def backups_of(database: Path) -> Path:
    """The folder for one database's copies: its name plus a hash of its full path, so
    that two databases of the same name never prune each other's copies."""
    digest = hashlib.sha256(str(database.resolve()).encode("utf-8")).hexdigest()[:10]
    return backups_dir() / f"{database.stem}-{digest}"


def keep_backup(database: Path, reason: str) -> Path:
    """Copy ``database`` into its backups folder and prune to its last ``KEEP`` copies."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    folder = backups_of(database)
    target = folder / f"{stamp}-{reason}.sqlite3"
    copy_database(database, target)
    copies = sorted(folder.glob("*.sqlite3"))
    for old in copies[:-KEEP]:
        old.unlink(missing_ok=True)
    return target


def restore(backup: Path, database: Path) -> Path | None:
    """Replace ``database`` with ``backup`` after keeping a copy of it; returns that copy."""
    try:
        identity = read_identity(backup)
    except sqlite3.Error as exc:
        raise explain_sqlite(exc, backup) from None
    if not identity.ours:
        raise StoreError(f"{backup} is not a Clabber League backup; nothing was restored")
    kept = keep_backup(database, "before-restore") if database.exists() else None
    copy_database(backup, database)
    return kept
