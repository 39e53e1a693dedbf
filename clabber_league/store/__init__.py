"""Durable storage: SQLModel tables, Alembic migrations, games, standings, backups."""

from __future__ import annotations

from clabber_league.store.database import Database
from clabber_league.store.errors import StaleGameError, StoreError
from clabber_league.store.games import (
    DatabaseRecorder,
    GameSummary,
    create_game,
    export_game,
    list_games,
    open_game,
)
from clabber_league.store.imports import (
    AlreadyStoredError,
    ImportReport,
    import_game,
    import_games,
)
from clabber_league.store.paths import database_location

__all__ = [
    "AlreadyStoredError",
    "Database",
    "DatabaseRecorder",
    "GameSummary",
    "ImportReport",
    "StaleGameError",
    "StoreError",
    "create_game",
    "database_location",
    "export_game",
    "import_game",
    "import_games",
    "list_games",
    "open_game",
]
