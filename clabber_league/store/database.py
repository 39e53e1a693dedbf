"""Opening the database: where it lives, checking it is ours, durability settings,
migrations with a backup first, and SQLite trouble told in plain words.

An SQLite file is inspected read-only before anything is written to it, so a
file that is not a Clabber League database, or one from a newer version of
the app, is refused untouched.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect, make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlmodel import Session

from clabber_league.store.errors import StoreError, explain_sqlite
from clabber_league.store.identity import SCHEMA_MAJOR, read_identity
from clabber_league.store.paths import data_dir

DB_ENV = "CLABBER_LEAGUE_DB"
DEFAULT_NAME = "clabber-league.sqlite3"
BUSY_TIMEOUT_S = 5.0
#: The newest migration. Opening a database at this revision needs no Alembic;
#: tests/store/test_migrations.py checks it against Alembic's own head.
SCHEMA_HEAD = "0002"


def database_location(option: str | None = None) -> str:
    """``--db`` if given, else ``$CLABBER_LEAGUE_DB``, else the file in the data folder."""
    chosen = option or os.environ.get(DB_ENV)
    if chosen:
        return chosen
    return str(data_dir() / DEFAULT_NAME)


def to_url(location: str) -> str:
    """A SQLAlchemy URL for a location that is either a URL or a file path."""
    if "://" in location:
        return location
    return f"sqlite:///{Path(location).expanduser().resolve()}"


class Database:
    """An open, checked and migrated database."""

    def __init__(self, engine: Engine, path: Path | None) -> None:
        self.engine = engine
        self.path = path
        """The SQLite file, or ``None`` for a server database."""

    @classmethod
    def open(cls, location: str | None = None, *, backup_before_migrating: bool = True) -> Database:
        """Open (creating if need be) and migrate to the current schema, or raise ``StoreError``."""
        url = to_url(database_location(location))
        path = Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None
        if path is not None:
            _inspect_sqlite_file(path)
        try:
            engine = _engine(url)
        except (SQLAlchemyError, ImportError) as exc:
            # An unknown dialect, or its driver not installed (e.g. psycopg for PostgreSQL).
            raise StoreError(
                f"cannot use the database {_safe(url)}: {str(exc).splitlines()[0]}"
            ) from None
        database = cls(engine, path)
        try:
            database._migrate(backup_before_migrating)
        except SQLAlchemyError as exc:
            engine.dispose()
            raise explain(exc, path) from None
        except StoreError:
            engine.dispose()
            raise
        return database

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session whose database errors arrive as ``StoreError``."""
        try:
            with Session(self.engine) as session:
                try:
                    yield session
                except BaseException:
                    session.rollback()  # never leave a failed commit's work pending
                    raise
        except SQLAlchemyError as exc:
            raise explain(exc, self.path) from None

    def close(self) -> None:
        self.engine.dispose()

    def _migrate(self, backup_first: bool) -> None:
        """Bring the schema to ``SCHEMA_HEAD``; Alembic is only loaded when it must run."""
        with self.engine.connect() as connection:
            tables = set(inspect(connection).get_table_names())
            current = (
                connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
                if "alembic_version" in tables
                else None
            )
        if current == SCHEMA_HEAD:
            return
        from clabber_league.store import migrate  # noqa: PLC0415 -- Alembic is slow to import

        migrate.upgrade(self, current, tables, backup_first=backup_first)

    def describe(self) -> str:
        return str(self.path) if self.path is not None else self.engine.url.render_as_string()


def _safe(url: str) -> str:
    """A URL fit for a message: its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except SQLAlchemyError:
        return "(not a database URL)"


def _engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})

    @event.listens_for(engine, "connect")
    def _durable(dbapi_connection: Any, _record: Any) -> None:
        # WAL + FULL: a hand is on disk when its commit returns, even on power loss.
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def _inspect_sqlite_file(path: Path) -> None:
    """Refuse, without writing a byte, a file that is not ours or that we cannot write."""
    if not path.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the folder for {path}: {exc.strerror}") from None
        if not os.access(path.parent, os.W_OK):
            raise StoreError(f"cannot create {path}: its folder is read-only")
        return
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database file")
    try:
        identity = read_identity(path, BUSY_TIMEOUT_S)
    except sqlite3.Error as exc:
        raise explain_sqlite(exc, path) from None
    if not identity.empty and not identity.ours:
        raise StoreError(f"{path} is not a Clabber League database; it was left untouched")
    if identity.ours and identity.user_version > SCHEMA_MAJOR:
        raise StoreError(
            f"{path} was made by a newer version of Clabber League; install that version to open it"
        )
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        raise StoreError(
            f"{path} is read-only: Clabber League needs to write to it and to its folder"
        )


def explain(error: SQLAlchemyError, path: Path | None) -> StoreError:
    """A database exception as a sentence for the user."""
    original = error.orig if isinstance(error, DBAPIError) else None
    if isinstance(original, sqlite3.Error):
        return explain_sqlite(original, path)
    where = str(path) if path else "the database"
    detail = str(original or error).splitlines()[0]
    return StoreError(f"{where}: the database reported a problem: {detail}")
