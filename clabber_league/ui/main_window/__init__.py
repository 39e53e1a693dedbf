"""The main window (``window``), re-exported as ``clabber_league.ui.main_window``."""

from clabber_league.ui.main_window.actions import unique_keys
from clabber_league.ui.main_window.keys import (
    GEOMETRY_KEY,
    LAST_GAME_KEY,
    LEAGUE_PANEL_KEY,
    STATE_KEY,
    ZOOM_KEY,
    database_key,
)
from clabber_league.ui.main_window.pages import BOARD_PAGE, SHEET_PAGE, WELCOME_PAGE
from clabber_league.ui.main_window.window import MainWindow, game_from_file

__all__ = [
    "BOARD_PAGE",
    "GEOMETRY_KEY",
    "LAST_GAME_KEY",
    "LEAGUE_PANEL_KEY",
    "SHEET_PAGE",
    "STATE_KEY",
    "WELCOME_PAGE",
    "ZOOM_KEY",
    "MainWindow",
    "database_key",
    "game_from_file",
    "unique_keys",
]
