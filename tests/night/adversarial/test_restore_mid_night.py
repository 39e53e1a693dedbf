"""A backup restored in the middle of a night: the versions go back, and the pages still
hear of the restore and of every hand after it."""

from __future__ import annotations

from pathlib import Path

from clabber_league.night.links import night_links
from clabber_league.night.service import NightService, TableChange
from clabber_league.store.backup import copy_database, restore
from clabber_league.store.database import Database
from tests.night.helpers import SEASON, WEEK

MADE = {"makers": "A", "tricks": {"A": 92}}


def test_the_night_follows_a_restore(
    database: Database, database_path: Path, tmp_path: Path
) -> None:
    service = NightService(database, SEASON, WEEK, None)
    heard: list[TableChange] = []
    service.add_listener(heard.append)
    links = night_links(database, season=SEASON, week=WEEK, base="http://127.0.0.1:8717")
    token = links.tables[0].token
    service.next_game(token, {"id": "g", "version": 0})
    backup = tmp_path / "before-the-hands.sqlite3"
    copy_database(database_path, backup)
    for n in (1, 2):
        service.hand(token, {"id": f"h{n}", "version": n, "hand": MADE})
    match = heard[-1].match
    assert heard[-1] == TableChange(match, 3)

    restore(backup, database_path)
    service.notice_changes()
    assert heard[-1] == TableChange(match, 1)  # the restore itself is heard
    service.hand(token, {"id": "again", "version": 1, "hand": MADE})
    assert heard[-1] == TableChange(match, 2)  # and the first hand after it
