"""League night inside the window: a hand entered on a phone appears in the open sheet,
through the window's change signal, whoever wrote it."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from pytestqt.qtbot import QtBot

from clabber_league.night.server import NightServer, NightSettings
from clabber_league.store.database import Database
from clabber_league.ui.main_window import MainWindow
from tests.night.helpers import SEASON, WEEK, league_with_teams
from tests.store.helpers import match_line
from tests.ui.test_main_window import marks, type_hand


@pytest.fixture
def server(database: Database) -> Iterator[NightServer]:
    league_with_teams(database)
    night = NightServer(database, NightSettings(SEASON, WEEK, port=0))
    night.start()
    yield night
    night.stop()


def phone(server: NightServer, path: str, body: dict[str, object]) -> httpx.Response:
    links = server.links
    assert links is not None
    url = f"http://127.0.0.1:{server.port}/api/t/{links.tables[0].token}{path}"
    return httpx.post(url, json=body) if body else httpx.get(url)


def test_a_phones_hand_appears_in_the_open_sheet(
    qtbot: QtBot, window: MainWindow, server: NightServer
) -> None:
    started = phone(server, "/games", {"id": "start", "version": 0})
    assert started.status_code == 201
    links = server.links
    assert links is not None
    assert window.open_stored(match_line(server.database, links.tables[0].match).game_ids[0])
    assert marks(window) == []

    answer = phone(
        server,
        "/hands",
        {"id": "h1", "version": 1, "hand": {"makers": "A", "tricks": {"A": 92}}},
    )
    assert answer.status_code == 201
    # The service's write reaches the window through its change signal.
    qtbot.waitUntil(lambda: marks(window) == [("92", "70")], timeout=5000)
    assert "Another station changed this sheet" in window.statusBar().currentMessage()

    # The window's own next hand is the phone's next one too: no conflict, no reload.
    window.activateWindow()
    window.entry_panel.setFocus()
    type_hand("B", "100")
    assert marks(window) == [("92", "70"), ("62", "100")]
    table = phone(server, "", {})
    assert len(table.json()["games"][0]["hands"]) == 2
    assert table.json()["version"] == 3
