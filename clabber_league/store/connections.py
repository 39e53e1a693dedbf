"""The store's connection policy, which the database and its migrations both follow:
SQLite's write lock taken at ``BEGIN``, the server's locks, the schema's revision, and
database errors said in words.

``store.database`` opens the database and decides when to upgrade it; ``store.migrate``
runs the upgrade. Both use these, so neither imports the other's module back.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import Connection, inspect
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

from clabber_league.rules.messages import problem
from clabber_league.store.errors import StoreError, explain_server, explain_sqlite
from clabber_league.store.identity import APPLICATION_ID

#: The execution option that makes an SQLite transaction begin with ``BEGIN IMMEDIATE``.
WRITE_LOCK = "clabber_write_lock"
#: PostgreSQL advisory locks: one key for each kind of work that must never run twice at
#: once on one database (SQLite's write lock already serialises every writer).
SERVER_LOCKS = {"migration": APPLICATION_ID, "import": APPLICATION_ID + 1}


def take_server_lock(connection: Connection, purpose: str) -> None:
    """Wait for the server-wide lock for ``purpose``, held until the transaction ends."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({SERVER_LOCKS[purpose]})")


def revision_of(connection: Connection) -> str | None:
    """The schema's Alembic revision (``None`` for a database without our tables)."""
    if "alembic_version" not in set(inspect(connection).get_table_names()):
        return None
    value = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
    return str(value) if value is not None else None


def explain(error: SQLAlchemyError, path: Path | None, where: str | None = None) -> StoreError:
    """A database exception as a sentence for the user (never the driver's own words:
    those name tables, columns and constraints, not teams and games)."""
    original = error.orig if isinstance(error, DBAPIError) else None
    if isinstance(original, sqlite3.Error) and not isinstance(error, IntegrityError):
        return with_restore_advice(explain_sqlite(original, path), path)
    if original is None and path is not None:
        # SQLAlchemy's own error on a file (a result that is not one row, a closed
        # session): SQLite said nothing, so it is a bug of ours, raised as it is.
        raise error
    where = where or (str(path) if path else "the database")
    if isinstance(error, IntegrityError):
        return StoreError(
            problem(
                "{where}: another station changed the same thing a moment ago; nothing "
                "was saved — look again and repeat the change if it is still needed",
                where=where,
            )
        )
    return explain_server(original or error, where)


def with_restore_advice(error: StoreError, path: Path | None) -> StoreError:
    """A damaged or unopenable file's message, plus the newest good backup and how to
    restore it (when there is one)."""
    if path is None or not error.damaged:
        return error
    from clabber_league.store.backup import restore_advice  # noqa: PLC0415 -- one-way import

    advice = restore_advice(path)
    if advice is None:
        return error
    return type(error)(f"{error.message} {advice.sentence}", damaged=True, command=advice.command)
