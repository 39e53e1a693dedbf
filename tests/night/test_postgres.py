"""The league night on a PostgreSQL server: the same answers as on SQLite, the row locks
instead of the file's write lock (runs when ``CLABBER_LEAGUE_TEST_PG`` names a server)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from clabber_league.night.app import create_app
from clabber_league.night.links import night_links
from clabber_league.night.service import NightService
from clabber_league.store.database import Database
from tests.night.helpers import SEASON, WEEK, league_with_teams
from tests.store.helpers import SERVER, server_database

pytestmark = pytest.mark.skipif(
    SERVER is None, reason="no PostgreSQL server (CLABBER_LEAGUE_TEST_PG)"
)
MADE = {"makers": "A", "tricks": {"A": 92}}


@pytest.fixture
def server() -> Iterator[Database]:
    with server_database() as url:
        database = Database.open(url)
        try:
            league_with_teams(database)
            yield database
        finally:
            database.close()


def test_a_night_on_a_server_database(server: Database) -> None:
    links = night_links(server, season=SEASON, week=WEEK, base="http://127.0.0.1:8717")
    token = links.tables[0].token
    with TestClient(create_app(NightService(server, SEASON, WEEK, None))) as client:
        assert (
            client.post(f"/api/t/{token}/games", json={"id": "g", "version": 0}).status_code == 201
        )
        request = {"id": "h1", "version": 1, "hand": MADE}
        first = client.post(f"/api/t/{token}/hands", json=request)
        again = client.post(f"/api/t/{token}/hands", json=request)
        assert (first.status_code, again.status_code, again.content) == (201, 200, first.content)
        stale = client.post(f"/api/t/{token}/hands", json={**request, "id": "h2"})
        assert (stale.status_code, stale.json()["version"]) == (409, 2)
        undone = client.post(f"/api/t/{token}/undo", json={"id": "u", "version": 2})
        assert (undone.status_code, undone.json()["sheet"]["hands"]) == (200, [])
        board = client.get(f"/api/board/{links.board.token}").json()
        assert [row["hands"] for row in board["tables"]] == [0, 0]


def test_a_closed_game_reopened_and_corrected_on_a_server_database(server: Database) -> None:
    links = night_links(server, season=SEASON, week=WEEK, base="http://127.0.0.1:8717")
    token = links.tables[0].token
    big = {"makers": "A", "tricks": {"A": 162}, "melds": {"A": 200}}
    with TestClient(create_app(NightService(server, SEASON, WEEK, None))) as client:
        assert client.post(f"/api/t/{token}/games", json={"id": "g", "version": 0}).is_success
        for n in (1, 2):
            body = {"id": f"h{n}", "version": n, "hand": big}
            assert client.post(f"/api/t/{token}/hands", json=body).status_code == 201
        assert client.get(f"/api/t/{token}").json()["closed"] is True
        refused = client.post(f"/api/t/{token}/undo", json={"id": "u", "version": 3})
        assert refused.status_code == 422
        reopened = client.post(f"/api/t/{token}/reopen", json={"id": "r", "version": 3})
        assert (reopened.status_code, reopened.json()["version"]) == (200, 4)
        body = {"id": "c", "version": 4, "hand": MADE}
        corrected = client.post(f"/api/t/{token}/hands/1", json=body)
        assert (corrected.status_code, corrected.json()["n"]) == (200, 1)
        assert client.get(f"/api/t/{token}").json()["closed"] is False
