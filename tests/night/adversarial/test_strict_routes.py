"""Strict routes: nothing is redirected (a redirect would be built from the request's own
``Host``), unknown paths and tokens are 404, and no page may be framed."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from clabber_league.night.app import create_app
from clabber_league.night.links import night_links
from clabber_league.night.service import NightService
from clabber_league.store.database import Database
from tests.night.helpers import SEASON, WEEK


@pytest.fixture
def client(database: Database) -> TestClient:
    return TestClient(create_app(NightService(database, SEASON, WEEK, None)))


@pytest.mark.parametrize("kind", ["t", "board"])
def test_a_page_path_with_a_trailing_slash_is_not_found_not_redirected(
    database: Database, client: TestClient, kind: str
) -> None:
    links = night_links(database, season=SEASON, week=WEEK, base="http://127.0.0.1:8717")
    token = links.tables[0].token if kind == "t" else links.board.token
    for path in (f"/{kind}/{token}/", f"/{kind}/unknown-token/", f"/api/{kind}/{token}/"):
        answer = client.get(path, headers={"Host": "evil.example"}, follow_redirects=False)
        assert answer.status_code == 404, path
        assert "location" not in answer.headers


def test_no_page_may_be_framed(client: TestClient) -> None:
    policy = client.get("/nowhere").headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy
