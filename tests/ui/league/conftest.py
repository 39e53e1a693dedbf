"""The league panel as the window holds it, over the temporary database of ``tests/ui``."""

import pytest

from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.main_window import MainWindow


@pytest.fixture
def panel(window: MainWindow) -> LeaguePanel:
    assert window.league_panel is not None
    window.league_panel.show()  # hidden while the database has no league yet
    return window.league_panel
