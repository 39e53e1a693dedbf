"""Running the Alembic migrations shipped inside the package: a backup first, then the
whole upgrade as one transaction.

One transaction means all or nothing: SQLite and PostgreSQL both keep schema
changes inside a transaction, and ``store.database`` makes sure SQLite's
driver does not commit them one by one. A process killed half way through
leaves the database exactly as it was, and the next start simply runs the
upgrade again (``tests/reliability/test_kill_migration.py`` kills it at every
step). Two programs starting at once do not both upgrade: the second waits
for the first's lock and then finds nothing left to do.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any, Protocol

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect
from sqlalchemy.exc import SQLAlchemyError

from clabber_league.kill_points import kill_point
from clabber_league.rules.messages import problem
from clabber_league.store.backup import BEFORE_UPGRADE, FAILED_UPGRADE, keep_backup
from clabber_league.store.connections import (
    WRITE_LOCK,
    explain,
    revision_of,
    take_server_lock,
    with_restore_advice,
)
from clabber_league.store.errors import StoreError, sqlite_code
from clabber_league.store.identity import APPLICATION_ID, SCHEMA_HEAD, SCHEMA_MAJOR


class Database(Protocol):
    """What an upgrade needs of the database it upgrades (``store.database.Database``,
    which calls ``upgrade`` when its schema is behind)."""

    @property
    def engine(self) -> Engine: ...

    @property
    def path(self) -> Path | None: ...

    def describe(self) -> str: ...


MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: SQLite's codes for a file another program holds: an upgrade they stop is tried again.
_IN_USE = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def alembic_config(url: str) -> Config:
    """Alembic settings pointing at the migrations shipped inside the package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(database: Database, current: str | None, *, backup_first: bool) -> None:
    """Upgrade to the head revision, refusing a database this version does not know."""
    config = alembic_config(str(database.engine.url))
    scripts = ScriptDirectory.from_config(config)
    known = {revision.revision for revision in scripts.walk_revisions()}
    if current is not None and current not in known:
        raise StoreError(
            problem(
                "{describe} was made by a newer version of Clabber League; install "
                "that version to open it",
                describe=database.describe(),
            )
        )
    sqlite = database.path is not None
    if current is None and not sqlite:
        with database.engine.connect() as connection:
            if inspect(connection).get_table_names():
                raise StoreError(
                    problem(
                        "{describe} holds other tables: it is not a Clabber League database",
                        describe=database.describe(),
                    )
                )
    kept = None
    if current is not None and backup_first and database.path is not None:
        kept = keep_backup(database.path, BEFORE_UPGRADE)
    try:
        _upgrade_once(database, config, sqlite=sqlite)
    except SQLAlchemyError as exc:
        raise _not_upgraded(exc, database, kept) from None


def _upgrade_once(database: Database, config: Config, *, sqlite: bool) -> None:
    """The whole upgrade in one transaction, under the write lock (SQLite) or the server's
    migration lock (PostgreSQL)."""
    with database.engine.connect() as connection:
        if sqlite:
            # SQLite rebuilds a table to alter it; with foreign keys enforced, dropping the
            # old copy would fail. The check below proves the rebuilt data holds. The pragma
            # only works outside a transaction, so it goes straight to the driver.
            _driver_pragma(connection, "foreign_keys=OFF")
        try:
            locked = connection.execution_options(**{WRITE_LOCK: True})
            with locked.begin():
                take_server_lock(locked, "migration")
                if revision_of(locked) == SCHEMA_HEAD:
                    return  # another program upgraded it while this one waited
                _upgrade_in(locked, config, database.describe(), sqlite=sqlite)
        finally:
            if sqlite:
                _driver_pragma(connection, "foreign_keys=ON")


def _not_upgraded(error: SQLAlchemyError, database: Database, kept: Path | None) -> StoreError:
    """An upgrade the database itself refused (say, a file half upgraded by an older
    version of the app): nothing was changed; the message names the newest good backup
    and the command that restores it. The copy kept just before this attempt holds the
    same unupgradable file, so it is renamed ``…-failed-upgrade`` and never offered."""
    original = getattr(error, "orig", None)
    if isinstance(original, sqlite3.Error) and sqlite_code(original) in _IN_USE:
        return explain(error, database.path)  # another program had it: try again later
    if kept is not None:
        with contextlib.suppress(OSError):
            failed_name = kept.name.replace(f"-{BEFORE_UPGRADE}.", f"-{FAILED_UPGRADE}.")
            kept.rename(kept.with_name(failed_name))
    failed = StoreError(
        problem(
            "{describe} could not be upgraded to this version of Clabber League "
            "(its tables are not the ones an older version made); nothing was "
            "changed.",
            describe=database.describe(),
        ),
        damaged=True,
    )
    return with_restore_advice(failed, database.path)


def _upgrade_in(connection: Connection, config: Config, where: str, *, sqlite: bool) -> None:
    """Every migration, in the caller's transaction."""
    config.attributes["connection"] = connection
    config.attributes["on_version_apply"] = _applied
    command.upgrade(config, "head")
    if sqlite:
        broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise StoreError(
                problem(
                    "{where} has broken references after the upgrade; nothing was changed",
                    where=where,
                )
            )
        connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_MAJOR}")
    kill_point("migration:before-commit")


def _applied(*, step: Any, **_context: Any) -> None:
    """Alembic's ``on_version_apply``: a revision is done (still uncommitted)."""
    kill_point(f"migration:{step.up_revision_id}")


def _driver_pragma(connection: Connection, pragma: str) -> None:
    connection.connection.driver_connection.execute(f"PRAGMA {pragma}")  # type: ignore[union-attr]
