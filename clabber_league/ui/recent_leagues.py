"""The league files opened lately, most recent first: File → Open recent.

App-wide, not per database (one list for the whole app, kept in the settings beside the
window's geometry), each file by its absolute path. A file that is not there now (a
USB stick out) stays on the list, shown disabled, until the list is cleared or pushed
off the end by newer ones.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

RECENT_KEY = "recent_leagues"
"""App-wide: the league files opened lately, most recent first."""
MOST = 8
"""How many the menu lists (each picked by its number, 1 to 8)."""


def recent_leagues(settings: QSettings) -> list[Path]:
    """The list as kept (an INI file gives one entry back as a string, none as nothing)."""
    value = settings.value(RECENT_KEY)
    if value is None:
        return []
    entries = [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []
    return [Path(str(entry)) for entry in entries if str(entry)][:MOST]


def remember_league(settings: QSettings, path: Path) -> None:
    """``path`` goes to the top of the list (once: opened again, it moves up)."""
    kept = [entry for entry in recent_leagues(settings) if entry != path]
    settings.setValue(RECENT_KEY, [str(entry) for entry in [path, *kept][:MOST]])


def forget_leagues(settings: QSettings) -> None:
    """File → Open recent → Clear."""
    settings.remove(RECENT_KEY)
