"""The write-ahead log does not grow all night: folded into the file and cut back when the
night is quiet, and when it ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from clabber_league.night import service as night_service
from clabber_league.night.links import night_links
from clabber_league.night.server import NightServer, NightSettings
from clabber_league.night.service import NightService
from clabber_league.store.database import Database
from tests.night.helpers import SEASON, WEEK

MADE = {"makers": "A", "tricks": {"A": 92}}


def wal_of(database_path: Path) -> int:
    wal = database_path.with_name(database_path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def play(service: NightService, database: Database) -> None:
    links = night_links(database, season=SEASON, week=WEEK, base="http://127.0.0.1:8717")
    token = links.tables[0].token
    service.next_game(token, {"id": "g", "version": 0})
    for n in (1, 2, 3):
        service.hand(token, {"id": f"h{n}", "version": n, "hand": MADE})


def test_a_quiet_night_folds_its_log_in(
    database: Database, database_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(night_service, "IDLE_S", 0.0)
    service = NightService(database, SEASON, WEEK, None)
    play(service, database)
    assert wal_of(database_path) > 0
    service.notice_changes()  # the hands seen
    assert wal_of(database_path) > 0
    service.notice_changes()  # then quiet
    assert wal_of(database_path) == 0


def test_the_end_of_the_night_folds_its_log_in(database: Database, database_path: Path) -> None:
    server = NightServer(database, NightSettings(SEASON, WEEK, port=0))
    server.start()
    try:
        play(server.service, database)
        assert wal_of(database_path) > 0
    finally:
        server.stop()
    assert wal_of(database_path) == 0
