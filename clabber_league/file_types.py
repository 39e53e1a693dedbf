"""The app's two kinds of file, as the desktop knows them: league files (the SQLite
database) and game files (the game-sheet JSON, ``SHEET_JSON.md``).

One source for their extensions and MIME types: the window's dialogs, its drops and
its command line read them here, and ``installer/render.py`` fills them into the
file associations (freedesktop shared-mime-info, the ``.desktop`` entry, Inno Setup's
registry entries, macOS ``CFBundleDocumentTypes``). No Qt here, no SQL.
"""

from __future__ import annotations

import enum
from pathlib import Path

LEAGUE_SUFFIX = ".clabber"
"""A league file's own extension: what File → New league… names a file, and the one the
installers claim for the app. A database is an SQLite file, but the app never claims
every ``.sqlite3`` file on the machine; it opens them all the same."""
DATABASE_SUFFIXES = (LEAGUE_SUFFIX, ".sqlite3", ".sqlite", ".db")
GAME_SUFFIX = ".clabber.json"
"""A game file's own ending (Linux tells it from other JSON by it); any ``.json`` file is
imported as a game sheet, and its format checked then."""
LEAGUE_MIME = "application/x-clabber-league"
"""A sub-class of ``application/vnd.sqlite3``, known by its extension."""
GAME_MIME = "application/x-clabber-game+json"
"""A sub-class of ``application/json``, known by its ending."""

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first sixteen bytes of every SQLite database file (sqlite.org/fileformat.html)."""


class FileKind(enum.Enum):
    """What the app does with a file it is given (dropped, on its command line, sent by
    the file manager)."""

    LEAGUE = "league"
    """A league database: the window opens it."""
    GAME = "game"
    """A game sheet: imported into the open league, as File → Import game file… does."""
    OTHER = "other"
    """Neither: said so, nothing changed."""


def kind_of(path: Path) -> FileKind:
    """The kind of ``path``: by its extension, else an SQLite file by its first bytes (a
    backup copy renamed, a league with no extension). A file that cannot be read is
    judged by its name alone; opening it then says what is wrong."""
    name = path.name.lower()
    if name.endswith(DATABASE_SUFFIXES):
        return FileKind.LEAGUE
    if name.endswith(".json"):
        return FileKind.GAME
    try:
        with path.open("rb") as stream:
            header = stream.read(len(SQLITE_HEADER))
    except OSError:
        return FileKind.OTHER
    return FileKind.LEAGUE if header == SQLITE_HEADER else FileKind.OTHER
