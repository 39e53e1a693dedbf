"""Where the app keeps its files: the user's data folder (platformdirs), and the database.

Paths only, no SQL: the commands and the window name their database here (``--db``,
``$CLABBER_LEAGUE_DB``, else the data folder's file) and ``store.database`` opens it.
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

from clabber_league import APP_ID

DATA_ENV = "CLABBER_LEAGUE_DATA"
DB_ENV = "CLABBER_LEAGUE_DB"
DEFAULT_NAME = "clabber-league.sqlite3"


def data_dir() -> Path:
    """The data folder; ``$CLABBER_LEAGUE_DATA`` moves it (tests, portable installs)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return user_path(override)
    return user_data_path(APP_ID, appauthor=False)


def user_path(text: str) -> Path:
    """A file path the user typed (or set in the environment), made absolute: ``~``
    expanded, and a relative path read from the working folder, as a shell reads it.

    Every path is made absolute where it comes in: SQLite's read-only opens take a file
    URI, which only an absolute path has, and a path kept for later (a backup's, in
    the restore command the app prints) must not change meaning with the folder.
    """
    path = Path(text).expanduser()
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop of links: the file check says so in words
        return path.absolute()


def backups_dir() -> Path:
    return data_dir() / "backups"


def database_location(option: str | None = None) -> str:
    """``--db`` if given, else ``$CLABBER_LEAGUE_DB``, else the file in the data folder."""
    return option or os.environ.get(DB_ENV) or str(data_dir() / DEFAULT_NAME)


def to_url(location: str) -> str:
    """A SQLAlchemy URL for a location that is either a URL or a file path."""
    if "://" in location:
        return location
    return f"sqlite:///{user_path(location)}"


def sqlite_file(location: str | None) -> Path | None:
    """The SQLite file a ``--db`` value names (``None`` for a server database)."""
    url = to_url(database_location(location))
    return Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None
