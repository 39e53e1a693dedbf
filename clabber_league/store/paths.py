"""Where the app keeps its files: the user's data folder (platformdirs), and the database.

Light on purpose (no SQLAlchemy): the window finds its database here before
the store is loaded (``store.glance``).
"""

from __future__ import annotations

import os
from pathlib import Path

from clabber_league import APP_ID

DATA_ENV = "CLABBER_LEAGUE_DATA"
DB_ENV = "CLABBER_LEAGUE_DB"
DEFAULT_NAME = "clabber-league.sqlite3"


def data_dir() -> Path:
    """The data folder; ``$CLABBER_LEAGUE_DATA`` moves it (tests, portable installs)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_path  # noqa: PLC0415 -- only where it is needed

    return user_data_path(APP_ID, appauthor=False)


def backups_dir() -> Path:
    return data_dir() / "backups"


def database_location(option: str | None = None) -> str:
    """``--db`` if given, else ``$CLABBER_LEAGUE_DB``, else the file in the data folder."""
    return option or os.environ.get(DB_ENV) or str(data_dir() / DEFAULT_NAME)


def to_url(location: str) -> str:
    """A SQLAlchemy URL for a location that is either a URL or a file path."""
    if "://" in location:
        return location
    path = Path(location).expanduser()
    try:
        path = path.resolve()
    except (OSError, RuntimeError):  # a loop of links: the file check says so in words
        path = path.absolute()
    return f"sqlite:///{path}"


def sqlite_file(location: str | None) -> Path | None:
    """The SQLite file a ``--db`` value names (``None`` for a server database)."""
    url = to_url(database_location(location))
    return Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None
