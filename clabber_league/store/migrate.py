"""Running the Alembic migrations shipped inside the package (a backup first)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

from clabber_league.store.backup import keep_backup
from clabber_league.store.errors import StoreError
from clabber_league.store.identity import APPLICATION_ID, SCHEMA_MAJOR

if TYPE_CHECKING:
    from clabber_league.store.database import Database

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str) -> Config:
    """Alembic settings pointing at the migrations shipped inside the package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(
    database: Database, current: str | None, tables: set[str], *, backup_first: bool
) -> None:
    """Upgrade to the head revision, refusing a database this version does not know."""
    config = alembic_config(str(database.engine.url))
    scripts = ScriptDirectory.from_config(config)
    known = {revision.revision for revision in scripts.walk_revisions()}
    if current is not None and current not in known:
        raise StoreError(
            f"{database.describe()} was made by a newer version of Clabber League; "
            "install that version to open it"
        )
    if current is None and tables and database.path is None:
        raise StoreError(
            f"{database.describe()} holds other tables: it is not a Clabber League database"
        )
    if current is not None and backup_first and database.path is not None:
        keep_backup(database.path, "before-upgrade")
    with database.engine.connect() as connection:
        if database.path is not None:
            # SQLite rebuilds a table to alter it; with foreign keys enforced, dropping
            # the old copy would fail. The check below proves the rebuilt data holds.
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()  # SQLAlchemy's autobegin; the pragma itself ran outside it
        with connection.begin():
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            if database.path is not None:
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise StoreError(
                        f"{database.describe()} has broken references after the upgrade; "
                        "nothing was changed"
                    )
                connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_MAJOR}")
        if database.path is not None:
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()
