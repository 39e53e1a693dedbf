"""The main window: the sheet, the entry panel, menus, undo, and the game on disk.

Data flows one way: the entry panel (or a menu) asks for a change, the
recorder judges it with the rules and commits it, an undo command is pushed,
and only then do the sheet and the panel show the new state.

Another station may keep the same game (a second window, a phone on league
night). When it got there first, the recorder refuses the change, reloads
the game as stored and says what the other station did; the window then
shows the reloaded sheet, says so in the status bar, and keeps the hand
that was being typed in the entry panel, to be entered again if it still
belongs on the sheet.

Every view follows one change signal (``ui.changes``): what moved in the
database, whoever wrote it — this window, the command line, the night
service or another station.

The window is built in parts of one job each:

- ``window``: the ``QMainWindow`` itself, its pages, what it shows of the game
  (the heading, the table view), the change signal it follows, preferences and
  closing;
- ``actions``: the menus and their actions;
- ``game_control``: the game on the sheet and the hands entered into it;
- ``league_bridge``: the window's side of the league panel;
- ``league_files``: File → New league…, Open league…, Open recent, and league and
  game files dropped on the window or sent to it;
- ``database_file``: backups and restores of the database's file;
- ``keys`` and ``pages``: what the window keeps in the settings, and its pages.

Each part is a mixin of ``MainWindow``: it declares the state it keeps, receives
the rest of the window through a protocol of what it needs (``GameWindow``,
``MenuWindow`` …), and imports no other part (only ``keys`` and ``pages``).
"""

from clabber_league.ui.main_window.game_control import game_from_file
from clabber_league.ui.main_window.keys import LAST_GAME_KEY, database_key
from clabber_league.ui.main_window.window import MainWindow

__all__ = ["LAST_GAME_KEY", "MainWindow", "database_key", "game_from_file"]
