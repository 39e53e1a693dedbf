"""Where the app keeps its files: the user's data folder (platformdirs)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

from clabber_league import APP_ID

DATA_ENV = "CLABBER_LEAGUE_DATA"


def data_dir() -> Path:
    """The data folder; ``$CLABBER_LEAGUE_DATA`` moves it (tests, portable installs)."""
    override = os.environ.get(DATA_ENV)
    return Path(override) if override else user_data_path(APP_ID, appauthor=False)


def backups_dir() -> Path:
    return data_dir() / "backups"
