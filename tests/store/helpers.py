"""Small helpers shared by the store tests."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from sqlmodel import SQLModel, col, func, select

from clabber_league.rules import PlayedHand
from clabber_league.store import Database
from clabber_league.store.models import StoredHand

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.json"))


def made(makers: str, points: int = 92) -> PlayedHand:
    """A plain hand: the makers take ``points`` trick points, no melds."""
    return PlayedHand(makers, {makers: points})


def load(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def committed(path: Path) -> list[str]:
    """The whole database as SQL, read by a separate connection: only what was committed."""
    with closing(sqlite3.connect(path)) as connection:
        return list(connection.iterdump())


def count(database: Database, table: type[SQLModel]) -> int:
    with database.session() as session:
        return session.exec(select(func.count()).select_from(table)).one()


def stored_hands(database: Database, game_id: int) -> list[StoredHand]:
    with database.session() as session:
        return list(
            session.exec(
                select(StoredHand).where(StoredHand.game_id == game_id).order_by(col(StoredHand.n))
            ).all()
        )


def damage(path: Path, table: str = "hand") -> None:
    """Overwrite the first page of ``table`` with garbage, as a failing disk would: the
    file still opens, but ``PRAGMA quick_check`` (and any read of the table) fails."""
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
        (root,) = connection.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)
        ).fetchone()
    with open(path, "r+b") as stream:
        stream.seek(page_size * (root - 1))
        stream.write(bytes([0xA5]) * page_size)
