"""A phone's retry never becomes a second hand: the same request id sent twice at once,
or again after its first send, gets the very same answer, and the second stores nothing;
what is kept to repeat an answer stays small and goes with the night."""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, select
from starlette.testclient import TestClient

from clabber_league.night.app import create_app
from clabber_league.night.links import night_links
from clabber_league.night.service import NightError, NightService
from clabber_league.store.database import Database
from clabber_league.store.models import NightRequest
from clabber_league.store.night import close_night
from tests.night.adversarial.conftest import ROUNDS
from tests.night.helpers import SEASON, WEEK

MADE = {"makers": "A", "tricks": {"A": 92}}
PAIRS = 40 * ROUNDS
#: The retry of pair ``k`` leaves ``k`` steps after its first send: from together to 80 ms
#: behind, across the whole time the first send takes.
LAG_STEP_S = 0.002


def table_token(database: Database) -> str:
    links = night_links(database, season=SEASON, week=WEEK, base="http://127.0.0.1:8717")
    return links.tables[0].token


def twice_at_once(
    write: Any, token: str, body: dict[str, Any], lag: float
) -> list[tuple[int, Any]]:
    """``write(token, body)`` from two threads released together, the second ``lag``
    seconds behind the first: each one's status and document (or the error's)."""
    start = threading.Barrier(2)
    outcomes: list[tuple[int, Any]] = []

    def send(delay: float) -> None:
        start.wait()
        time.sleep(delay)
        try:
            answer = write(token, body)
            outcomes.append((answer.status, answer.document))
        except NightError as exc:
            outcomes.append((exc.status, exc.document))

    threads = [threading.Thread(target=send, args=(delay,)) for delay in (0, lag)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


@pytest.fixture
def jitter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every read of the database a moment late, by chance: the two sends of a pair then
    interleave in every order a busy service could give them."""
    session = Database.session
    chance = random.Random(7)

    @contextlib.contextmanager
    def late_session(self: Database, *, write: bool = False) -> Iterator[Session]:
        if not write:
            time.sleep(chance.uniform(0, 0.004))
        with session(self, write=write) as opened:
            yield opened

    monkeypatch.setattr(Database, "session", late_session)


@pytest.mark.usefixtures("jitter")
def test_a_retry_racing_its_first_send_gets_the_same_answer(database: Database) -> None:
    race_retries(database)


@pytest.mark.usefixtures("jitter")
def test_a_retry_racing_its_first_send_on_postgresql_gets_the_same_answer(
    server_league: tuple[Database, str],
) -> None:
    """The row locks instead of the file's write lock: the same answers."""
    race_retries(server_league[0])


def race_retries(database: Database) -> None:
    """``PAIRS`` hands each sent twice at once (the retry ever further behind), each then
    taken back: every pair one 201 and one 200 with the same document, nothing twice."""
    service = NightService(database, SEASON, WEEK, None)
    token = table_token(database)
    assert service.next_game(token, {"id": "g", "version": 0}).status == 201
    version = 1
    for pair in range(PAIRS):
        body = {"id": f"h{pair}", "version": version, "hand": MADE}
        outcomes = twice_at_once(service.hand, token, body, lag=(pair % 40) * LAG_STEP_S)
        assert sorted(status for status, _document in outcomes) == [200, 201], outcomes
        assert outcomes[0][1] == outcomes[1][1]
        version += 1
        undone = service.undo(token, {"id": f"u{pair}", "version": version})
        assert undone.document["sheet"]["hands"] == []
        version += 1
    table = service.table(token)
    assert (table["version"], table["games"][0]["hands"]) == (version, [])


def test_a_kept_answer_keeps_no_sheet_and_repeats_the_very_same_bytes(
    database: Database,
) -> None:
    service = NightService(database, SEASON, WEEK, None)
    token = table_token(database)
    with TestClient(create_app(service)) as client:
        sent = [("games", {"id": "g", "version": 0})]
        sent += [("hands", {"id": f"h{n}", "version": n, "hand": MADE}) for n in range(1, 4)]
        sent += [("undo", {"id": "u", "version": 4})]
        first = {
            body["id"]: client.post(f"/api/t/{token}/{path}", json=body) for path, body in sent
        }
        again = {
            body["id"]: client.post(f"/api/t/{token}/{path}", json=body) for path, body in sent
        }
    assert [answer.status_code for answer in first.values()] == [201, 201, 201, 201, 200]
    assert {answer.status_code for answer in again.values()} == {200}
    for request_id in ("g", "h1", "h2", "u"):
        assert again[request_id].content == first[request_id].content
    # Hand 3 was taken back since: its answer again, with the sheet as it stands now.
    third = again["h3"].json()
    assert (third["n"], third["version"], len(third["sheet"]["hands"])) == (3, 4, 2)
    with database.session() as session:
        kept = [row.answer_json for row in session.exec(select(NightRequest)).all()]
    assert len(kept) == len(sent)
    assert all("clabber-sheet" not in answer and len(answer) < 120 for answer in kept), kept
    assert json.loads(kept[1])["sheet"] == {"sheet_of": [1, 1]}


def test_a_retry_whose_game_is_gone_is_still_answered_200_with_no_sheet(
    database: Database, database_path: Path
) -> None:
    service = NightService(database, SEASON, WEEK, None)
    token = table_token(database)
    service.next_game(token, {"id": "g", "version": 0})
    request = {"id": "h", "version": 1, "hand": MADE}
    first = service.hand(token, request)
    with closing(sqlite3.connect(database_path)) as raw, raw:  # no command deletes a game
        for table in ("hand", "game_seat", "correction", "game"):
            raw.execute(f"DELETE FROM {table}")
    again = service.hand(token, request)
    assert (again.status, again.document) == (200, {**first.document, "sheet": None})


def test_the_kept_answers_go_with_the_night(database: Database) -> None:
    service = NightService(database, SEASON, WEEK, None)
    token = table_token(database)
    service.next_game(token, {"id": "g", "version": 0})
    service.hand(token, {"id": "h", "version": 1, "hand": MADE})
    assert close_night(database, SEASON, WEEK) > 0
    with database.session() as session:
        assert session.exec(select(NightRequest)).all() == []
