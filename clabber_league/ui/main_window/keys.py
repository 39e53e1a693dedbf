"""What the window keeps in the settings, and where: some keys for the window, some per
database (``database_key``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clabber_league.store.changes import database_id

if TYPE_CHECKING:
    from clabber_league.store.database import Database

LAST_GAME_KEY = "last_game"
"""Kept per database (``database_key``): the game the scorekeeper left off at."""
LEAGUE_PANEL_KEY = "league_panel"
"""Kept per database: whether the league panel is shown."""
GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
"""Where the docks stand (the league panel: shown, floating, which side)."""
ZOOM_KEY = "view/zoom"


def database_key(database: Database) -> str:
    """Where the window keeps its settings for ``database``: under the database's own id,
    so that two files never share them and a file moved or copied keeps its own."""
    with database.session() as session:
        return f"databases/{database_id(session=session)}"
