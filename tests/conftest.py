"""Shared test set-up: Qt runs offscreen, so the suite needs no display."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

# A test fails on any ERROR record it does not declare (tests/logfail.py).
pytest_plugins = ["tests.logfail"]

# No wall-clock limit in any property test: Hypothesis's default deadline (200 ms an
# example) fails a test when the shared machine is busy (it did, on the QR codes' test).
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The suite speaks English whatever the machine's locale; tests of other languages ask.
os.environ["CLABBER_LEAGUE_LANG"] = "en"


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """A test that switches the language (``--lang fa``, Preferences) leaves English behind,
    in the app and, when a test made one, in Qt's application (direction, translators)."""
    yield
    from clabber_league import i18n  # noqa: PLC0415

    i18n.set_digits("locale")
    if i18n.current() == i18n.SOURCE:
        return
    i18n.install(i18n.SOURCE)
    import sys  # noqa: PLC0415

    if "PySide6.QtWidgets" in sys.modules:
        from PySide6.QtWidgets import QApplication  # noqa: PLC0415

        if QApplication.instance() is not None:
            from clabber_league.ui.language import apply_language  # noqa: PLC0415

            apply_language(i18n.SOURCE)


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
