"""Durable storage: SQLModel tables, Alembic migrations, games, backups."""

from clabber_league.store.database import Database, database_location
from clabber_league.store.errors import StoreError
from clabber_league.store.games import (
    DatabaseRecorder,
    GameSummary,
    create_game,
    export_game,
    list_games,
    open_game,
)
from clabber_league.store.league import import_game, import_games

__all__ = [
    "Database",
    "DatabaseRecorder",
    "GameSummary",
    "StoreError",
    "create_game",
    "database_location",
    "export_game",
    "import_game",
    "import_games",
    "list_games",
    "open_game",
]
