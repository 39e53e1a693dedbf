"""Durable storage: SQLModel tables, Alembic migrations, games, backups.

The names below are loaded on first use (PEP 562): ``import
clabber_league.store.paths`` or ``from clabber_league.store import
StoreError`` does not load SQLAlchemy and SQLModel, which take longer to
import than the window takes to show (``store.glance`` reads the last game
without them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clabber_league.rules.lazy import names_loaded_on_use

if TYPE_CHECKING:
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

#: Each public name and the module of the package that defines it.
_HOMES = {
    "AlreadyStoredError": "imports",
    "Database": "database",
    "DatabaseRecorder": "games",
    "GameSummary": "games",
    "ImportReport": "imports",
    "StaleGameError": "errors",
    "StoreError": "errors",
    "create_game": "games",
    "database_location": "paths",
    "export_game": "games",
    "import_game": "imports",
    "import_games": "imports",
    "list_games": "games",
    "open_game": "games",
}

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

__getattr__ = names_loaded_on_use(__name__, _HOMES)
