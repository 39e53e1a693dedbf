"""Shared test set-up: Qt runs offscreen, so the suite needs no display."""

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True, scope="session")
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep the suite's backups and keys out of the user's real data folder.

    Quitting a window backs up its database into the data folder; without this the
    test run filled ``~/.local/share/clabber-league/backups`` with throw-away leagues.
    """
    folder = tmp_path_factory.mktemp("data-folder")
    previous = os.environ.get("CLABBER_LEAGUE_DATA")
    os.environ["CLABBER_LEAGUE_DATA"] = str(folder)
    yield
    if previous is None:
        os.environ.pop("CLABBER_LEAGUE_DATA", None)
    else:
        os.environ["CLABBER_LEAGUE_DATA"] = previous
