"""A table corrects its game from the phone: any hand, through the same recorder, version
check and correction log as the window; a game with its W only once reopened
(docs/league-night.md, "Corrections")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from clabber_league.night.app import create_app
from clabber_league.night.links import NightLinks, night_links
from clabber_league.night.service import NightService
from clabber_league.store.database import Database
from clabber_league.store.games import open_game
from clabber_league.store.league import schedule
from tests.night.helpers import SEASON, WEEK
from tests.store.helpers import season_standings

MADE = {"makers": "A", "tricks": {"A": 92}}
SET = {"makers": "B", "tricks": {"B": 70}}
CLOSED = ["the game is over: reopen it to correct a hand"]


@pytest.fixture
def client(database: Database) -> Iterator[TestClient]:
    service = NightService(database, SEASON, WEEK, None)
    with TestClient(create_app(service), base_url="http://127.0.0.1") as test_client:
        yield test_client


@pytest.fixture
def token(database: Database, client: TestClient) -> str:
    """A table whose first game is under way."""
    links: NightLinks = night_links(database, season=SEASON, week=WEEK, base="http://x")
    found = links.tables[0].token
    version = client.get(f"/api/t/{found}").json()["version"]
    assert client.post(f"/api/t/{found}/games", json={"id": "g", "version": version}).is_success
    return found


def version(client: TestClient, token: str) -> int:
    return int(client.get(f"/api/t/{token}").json()["version"])


def hands(client: TestClient, token: str, *entries: dict[str, Any]) -> None:
    for n, hand in enumerate(entries):
        body = {"id": f"h{n}", "version": version(client, token), "hand": hand}
        assert client.post(f"/api/t/{token}/hands", json=body).status_code == 201


def finish(client: TestClient, token: str) -> int:
    """Hands of 92 until the game has its W; returns how many."""
    n = 0
    while not client.get(f"/api/t/{token}").json()["games"][0]["finished"]:
        body = {"id": f"w{n}", "version": version(client, token), "hand": MADE}
        assert client.post(f"/api/t/{token}/hands", json=body).status_code == 201
        n += 1
    return n


def game_id(database: Database) -> int:
    return schedule(database, SEASON)[0].game_ids[0]


def test_any_hand_is_corrected_and_logged(
    client: TestClient, token: str, database: Database
) -> None:
    hands(client, token, MADE, MADE, MADE)
    seen = version(client, token)
    body = {"id": "c1", "version": seen, "hand": SET}
    answer = client.post(f"/api/t/{token}/hands/2", json=body)
    assert answer.status_code == 200
    document = answer.json()
    assert (document["n"], document["version"]) == (2, seen + 1)
    assert document["sheet"]["hands"][1]["marks"] == {"A": "92", "B": "XX"}  # B set
    assert len(document["sheet"]["hands"]) == 3
    (entry,) = open_game(database, game_id(database)).corrections()
    assert (entry.n, entry.old is not None, entry.new is not None) == (2, True, True)
    again = client.post(f"/api/t/{token}/hands/2", json=body)
    assert (again.status_code, again.content) == (200, answer.content)  # nothing twice
    assert len(open_game(database, game_id(database)).corrections()) == 1


def test_a_correction_the_rules_refuse_is_422_and_changes_nothing(
    client: TestClient, token: str
) -> None:
    hands(client, token, MADE, MADE)
    seen = version(client, token)
    bad = {"makers": "A", "tricks": {"A": 161}}
    answer = client.post(f"/api/t/{token}/hands/1", json={"id": "c", "version": seen, "hand": bad})
    assert answer.status_code == 422
    assert answer.json()["errors"][0].startswith("hand 1: ")
    assert version(client, token) == seen


def test_a_correction_from_a_stale_sheet_is_409(client: TestClient, token: str) -> None:
    hands(client, token, MADE, MADE)
    seen = version(client, token)
    body = {"id": "c", "version": seen - 1, "hand": SET}
    answer = client.post(f"/api/t/{token}/hands/1", json=body)
    assert answer.status_code == 409
    assert answer.json()["version"] == seen


@pytest.mark.parametrize(
    ("n", "status"), [("9", 422), ("0", 400), ("x", 400), ("1234567", 400), ("-1", 400)]
)
def test_a_hand_that_is_not_there_is_refused(
    client: TestClient, token: str, n: str, status: int
) -> None:
    hands(client, token, MADE)
    body = {"id": "c", "version": version(client, token), "hand": SET}
    answer = client.post(f"/api/t/{token}/hands/{n}", json=body)
    assert answer.status_code == status
    if status == 422:
        assert answer.json() == {"errors": ["there is no hand 9 on this sheet"]}


def test_a_bad_token_is_404_for_the_new_endpoints(client: TestClient) -> None:
    body = {"id": "c", "version": 0, "hand": SET}
    assert client.post("/api/t/nothing/hands/1", json=body).status_code == 404
    assert client.post("/api/t/nothing/reopen", json={"id": "r", "version": 0}).status_code == 404


def test_a_finished_game_refuses_undo_and_corrections_until_reopened(
    client: TestClient, token: str, database: Database
) -> None:
    count = finish(client, token)
    table = client.get(f"/api/t/{token}").json()
    assert table["closed"] is True
    seen = table["version"]
    undo = client.post(f"/api/t/{token}/undo", json={"id": "u", "version": seen})
    assert (undo.status_code, undo.json()) == (422, {"errors": CLOSED})
    body = {"id": "c", "version": seen, "hand": SET}
    correct = client.post(f"/api/t/{token}/hands/1", json=body)
    assert (correct.status_code, correct.json()) == (422, {"errors": CLOSED})
    assert version(client, token) == seen
    assert open_game(database, game_id(database)).corrections() == []
    assert count > 0


def test_reopening_lets_the_table_undo_the_w_and_the_standings_follow(
    client: TestClient, token: str, database: Database
) -> None:
    finish(client, token)
    assert any(row.gp for row in season_standings(database, SEASON))
    seen = version(client, token)
    answer = client.post(f"/api/t/{token}/reopen", json={"id": "r", "version": seen})
    assert answer.status_code == 200
    assert answer.json()["version"] == seen + 1
    assert answer.json()["sheet"]["finished"] is True
    again = client.post(f"/api/t/{token}/reopen", json={"id": "r", "version": seen})
    assert (again.status_code, again.content) == (200, answer.content)
    assert client.get(f"/api/t/{token}").json()["closed"] is False
    (entry,) = open_game(database, game_id(database)).corrections()
    assert entry.reopening
    undo = client.post(f"/api/t/{token}/undo", json={"id": "u", "version": seen + 1})
    assert undo.status_code == 200
    assert undo.json()["sheet"]["finished"] is False
    # Recounted from the games: a game without its W counts for nobody.
    assert not any(row.gp for row in season_standings(database, SEASON))


def test_reopening_needs_a_game_with_its_w(client: TestClient, token: str) -> None:
    seen = version(client, token)
    early = client.post(f"/api/t/{token}/reopen", json={"id": "r", "version": seen})
    assert early.status_code == 422
    assert early.json() == {"errors": ["the game is not over: there is nothing to reopen"]}
    finish(client, token)
    stale = client.post(f"/api/t/{token}/reopen", json={"id": "r2", "version": seen})
    assert stale.status_code == 409
    now = version(client, token)
    assert client.post(f"/api/t/{token}/reopen", json={"id": "r3", "version": now}).is_success
    twice = client.post(f"/api/t/{token}/reopen", json={"id": "r4", "version": now + 1})
    assert twice.json() == {"errors": ["the game is already reopened for corrections"]}


def test_a_correction_s_id_never_answers_another_change(client: TestClient, token: str) -> None:
    hands(client, token, MADE, MADE)
    seen = version(client, token)
    body = {"id": "same", "version": seen, "hand": SET}
    assert client.post(f"/api/t/{token}/hands/1", json=body).status_code == 200
    other = client.post(f"/api/t/{token}/hands/2", json=body)
    assert other.status_code == 422
    assert other.json() == {"errors": ["this request id was already used for another change"]}


def test_a_hand_is_read_as_it_was_entered_for_the_form(client: TestClient, token: str) -> None:
    hands(client, token, MADE, SET)
    answer = client.get(f"/api/t/{token}/hands/2")
    assert answer.status_code == 200
    assert answer.json() == {"n": 2, "hand": SET, "version": version(client, token)}
    missing = client.get(f"/api/t/{token}/hands/3")
    assert (missing.status_code, missing.json()) == (
        422,
        {"errors": ["there is no hand 3 on this sheet"]},
    )
    assert client.get("/api/t/nothing/hands/1").status_code == 404
    assert client.get(f"/api/t/{token}/hands/x").status_code == 400
