"""Alembic environment. Run from code (``store.database``), which passes the
connection in ``config.attributes["connection"]``; the migrations ship inside
the package so an installed app can upgrade its own database."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine
from sqlmodel import SQLModel

from clabber_league.store import models

target_metadata = SQLModel.metadata
assert models.StoredGame.__tablename__ == "game"  # the import registers the tables


def _run(connection: Connection) -> None:
    # Batch mode lets SQLite, which cannot ALTER most things, take later migrations.
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        # store.migrate hears of each revision applied (its test kill points).
        on_version_apply=context.config.attributes.get("on_version_apply"),
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as new_connection:
        _run(new_connection)


run_migrations()
