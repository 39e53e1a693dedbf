"""Durable storage: SQLModel tables, Alembic migrations, games, backups."""

from clabber_league.store.database import Database, database_location
from clabber_league.store.errors import StoreError
from clabber_league.store.games import (
    DatabaseRecorder,
    GameSummary,
    StaleGameError,
    create_game,
    export_game,
    list_games,
    open_game,
)
from clabber_league.store.imports import AlreadyStoredError, ImportReport, import_game, import_games

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
