"""The service's errors are seen: a 500 is logged once with its traceback, and the access
log (``serve --access-log``) has a line per request with no table's token whole."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from clabber_league.night.access_log import redacted
from clabber_league.night.app import create_app
from clabber_league.night.links import NightLinks, night_links
from clabber_league.night.server import NightServer, NightSettings, ServerError
from clabber_league.night.service import NightService
from clabber_league.store.database import Database
from tests.night.helpers import SEASON, WEEK

APP_LOG = "clabber_league.night.app"


@pytest.fixture
def links(database: Database) -> NightLinks:
    return night_links(database, season=SEASON, week=WEEK, base="http://127.0.0.1:8717")


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("/t/abcdefghijklmnop", "/t/abcd…"),
        ("/api/t/abcdefghijklmnop/hands", "/api/t/abcd…/hands"),
        ("/board/abcdefghijklmnop", "/board/abcd…"),
        ("/api/board/abcdefghijklmnop", "/api/board/abcd…"),
        ("/api/events/abcdefghijklmnop", "/api/events/abcd…"),
        ("/static/table.js", "/static/table.js"),
        ("/i18n/fa.js", "/i18n/fa.js"),
    ],
)
def test_a_token_is_never_logged_whole(path: str, shown: str) -> None:
    assert redacted(path) == shown


@pytest.fixture
def broken(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A service whose table read has a bug."""
    service = NightService(database, SEASON, WEEK, None)

    def bug(_token: str) -> None:
        raise KeyError("made_a")

    monkeypatch.setattr(service, "table", bug)
    with TestClient(create_app(service), base_url="http://127.0.0.1") as client:
        yield client


@pytest.mark.expected_errors(APP_LOG)
def test_a_500_is_logged_once_with_its_traceback(
    broken: TestClient, links: NightLinks, caplog: pytest.LogCaptureFixture
) -> None:
    token = links.tables[0].token
    answer = broken.get(f"/api/t/{token}")  # the client raises nothing: the error stops here
    assert answer.status_code == 500
    assert answer.json() == {"error": "the service could not answer this request"}
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert [(r.name, r.getMessage()) for r in errors] == [
        (APP_LOG, f"the service could not answer GET /api/t/{token[:4]}…")
    ]
    assert errors[0].exc_info is not None
    assert errors[0].exc_info[0] is KeyError
    assert token not in caplog.text


@pytest.mark.expected_errors(APP_LOG)
def test_a_flood_of_500s_is_logged_a_few_times_a_minute(
    database: Database,
    links: NightLinks,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def bug(_service: NightService, _token: str) -> None:
        raise KeyError("made_a")

    monkeypatch.setattr(NightService, "table", bug)
    night = NightServer(database, NightSettings(SEASON, WEEK, port=0))
    night.start()
    try:
        for _ in range(20):
            answer = httpx.get(f"http://127.0.0.1:{night.port}/api/t/{links.tables[0].token}")
            assert answer.status_code == 500
    finally:
        night.stop()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 5  # quiet_logs.MOST; uvicorn adds none of its own
    assert all(r.name == APP_LOG for r in errors)


def test_the_access_log_has_a_line_per_request_and_no_token(
    database: Database, links: NightLinks, tmp_path: Path
) -> None:
    log = tmp_path / "access.log"
    night = NightServer(database, NightSettings(SEASON, WEEK, port=0, access_log=log))
    night.start()
    token = links.tables[0].token
    try:
        assert httpx.get(f"http://127.0.0.1:{night.port}/api/t/{token}").status_code == 200
        assert httpx.get(f"http://127.0.0.1:{night.port}/api/t/nothing-here").status_code == 404
    finally:
        night.stop()
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    assert f'127.0.0.1 "GET /api/t/{token[:4]}… HTTP/1.1" 200 ' in lines[0]
    assert '"GET /api/t/noth… HTTP/1.1" 404 ' in lines[1]
    assert token not in log.read_text(encoding="utf-8")


def test_an_access_log_that_cannot_be_written_is_one_line(
    database: Database, links: NightLinks, tmp_path: Path
) -> None:
    settings = NightSettings(SEASON, WEEK, port=0, access_log=tmp_path / "no" / "access.log")
    with pytest.raises(ServerError, match="cannot write the access log"):
        NightServer(database, settings).start()
