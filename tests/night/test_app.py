"""TABLE_API.md, endpoint by endpoint, through Starlette's TestClient."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from clabber_league import i18n
from clabber_league.gamesheet import read_game, sheet_document
from clabber_league.night.app import create_app
from clabber_league.night.guard import SECURITY_HEADERS, RateLimits
from clabber_league.night.links import NightLinks, night_links
from clabber_league.night.service import NightService
from clabber_league.rules import ClabberError
from clabber_league.store.database import Database
from clabber_league.store.games import open_game
from clabber_league.store.league import list_teams, retire_team, schedule
from clabber_league.store.matches import open_match_game
from clabber_league.store.night import close_night
from tests.night.helpers import LEAGUE, SEASON, WEEK
from tests.store.helpers import made, season_standings

BASE = "http://127.0.0.1:8717"
MADE = {"makers": "A", "tricks": {"A": 92}}
SET = {"makers": "B", "tricks": {"B": 70}}


@pytest.fixture
def links(database: Database) -> NightLinks:
    return night_links(database, season=SEASON, week=WEEK, base=BASE)


@pytest.fixture
def client(database: Database, links: NightLinks) -> Iterator[TestClient]:
    service = NightService(database, SEASON, WEEK, None)
    with TestClient(create_app(service), base_url="http://127.0.0.1") as test_client:
        yield test_client


def post(client: TestClient, path: str, body: Any) -> httpx.Response:
    answer: httpx.Response = client.post(path, json=body)
    return answer


def started(client: TestClient, token: str) -> int:
    """Start the table's first game; returns the version after it."""
    version = client.get(f"/api/t/{token}").json()["version"]
    answer = post(client, f"/api/t/{token}/games", {"id": "g1", "version": version})
    assert answer.status_code == 201
    return int(answer.json()["version"])


def test_a_table_before_its_first_game(client: TestClient, links: NightLinks) -> None:
    link = links.tables[0]
    answer = client.get(f"/api/t/{link.token}")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    document = answer.json()
    assert document["format"] == "clabber-table/1"
    assert (document["table"], document["match"]) == (link.table, link.match)
    assert document["sides"] == list(link.sides)
    assert document["games"] == []
    assert document["current"] is None
    assert isinstance(document["version"], int)


def test_the_first_game_is_started_and_shown(client: TestClient, links: NightLinks) -> None:
    token = links.tables[0].token
    version = client.get(f"/api/t/{token}").json()["version"]
    answer = post(client, f"/api/t/{token}/games", {"id": "start", "version": version})
    assert answer.status_code == 201
    assert answer.json()["game"] == 1
    assert answer.json()["version"] == version + 1
    assert answer.json()["sheet"]["format"] == "clabber-sheet/1"
    assert answer.json()["sheet"]["hands"] == []
    table = client.get(f"/api/t/{token}").json()
    assert table["current"] == 0
    assert table["games"] == [answer.json()["sheet"]]
    assert table["dealer"] == "A1"
    assert table["meld_totals"][:4] == [0, 20, 40, 50]
    assert table["players"]["A1"] == f"{links.tables[0].sides[0]} North"
    # A game under way: no second one.
    again = post(client, f"/api/t/{token}/games", {"id": "again", "version": version + 1})
    assert again.status_code == 422
    assert again.json() == {"errors": ["game 1 is still under way"]}


def test_a_hand_is_recorded_with_the_version_counted_up(
    client: TestClient, links: NightLinks, database: Database
) -> None:
    token = links.tables[0].token
    version = started(client, token)
    answer = post(client, f"/api/t/{token}/hands", {"id": "h1", "version": version, "hand": MADE})
    assert answer.status_code == 201
    body = answer.json()
    assert body["n"] == 1
    assert body["version"] == version + 1
    table = client.get(f"/api/t/{token}").json()
    assert table["games"][0] == body["sheet"]
    header = table["rules"]
    expected = sheet_document(read_game({**header, "hands": [MADE]}).game())
    assert body["sheet"] == expected  # exactly what `score` prints for the same hands
    game_id = schedule(database, SEASON)[0].game_ids[0]
    assert [row.result.scores for row in open_game(database, game_id).game.rows] == [
        {"A": 92, "B": 70}
    ]


def test_the_same_request_again_is_answered_the_same_and_stored_once(
    client: TestClient, links: NightLinks, database: Database
) -> None:
    token = links.tables[0].token
    version = started(client, token)
    request = {"id": "phone-7f3a", "version": version, "hand": MADE}
    first = post(client, f"/api/t/{token}/hands", request)
    second = post(client, f"/api/t/{token}/hands", request)
    assert (first.status_code, second.status_code) == (201, 200)
    assert second.content == first.content
    game_id = schedule(database, SEASON)[0].game_ids[0]
    assert len(open_game(database, game_id).game.rows) == 1
    # The same id for another hand is refused, not taken for the first.
    other = post(client, f"/api/t/{token}/hands", {**request, "hand": SET})
    assert other.status_code == 422
    assert other.json() == {"errors": ["this request id was already used for another change"]}


def test_a_stale_version_is_409_with_the_version_now(client: TestClient, links: NightLinks) -> None:
    token = links.tables[0].token
    version = started(client, token)
    assert post(client, f"/api/t/{token}/hands", {"id": "a", "version": version, "hand": MADE})
    late = post(client, f"/api/t/{token}/hands", {"id": "b", "version": version, "hand": SET})
    assert late.status_code == 409
    assert late.json()["version"] == version + 1
    assert "Another station" in late.json()["error"]
    assert len(client.get(f"/api/t/{token}").json()["games"][0]["hands"]) == 1


@pytest.mark.parametrize(
    "hand",
    [
        {"makers": "A", "tricks": {"A": 200}},
        {"makers": "C", "tricks": {"A": 92}},
        {"makers": "A", "tricks": {"A": 92}, "shoe": 1},
        {"passed": True, "makers": "A"},
        {"makers": "A", "renege": "A", "melds": {"A": 20}},
    ],
)
def test_a_hand_the_rules_refuse_is_422_in_the_words_of_score(
    client: TestClient, links: NightLinks, hand: dict[str, Any]
) -> None:
    token = links.tables[0].token
    version = started(client, token)
    post(client, f"/api/t/{token}/hands", {"id": "first", "version": version, "hand": MADE})
    header = client.get(f"/api/t/{token}").json()["rules"]
    with pytest.raises(ClabberError) as refused:
        read_game({**header, "hands": [MADE, hand]}).game()
    answer = post(
        client, f"/api/t/{token}/hands", {"id": "x", "version": version + 1, "hand": hand}
    )
    assert answer.status_code == 422
    assert answer.json() == {"errors": list(refused.value.lines)}
    assert all(line.startswith("hand 2") for line in answer.json()["errors"])
    checked = post(client, f"/api/t/{token}/check", {"hand": hand})
    assert checked.json() == {**answer.json(), "row": None, "finished": None, "winner": None}


def test_a_refused_hand_is_said_in_the_services_language(
    client: TestClient, links: NightLinks
) -> None:
    """The phone page shows the 422 lines as they are: a Russian night says them in
    Russian, as ``score --lang ru`` would."""
    token = links.tables[0].token
    version = started(client, token)
    hand = {"makers": "A", "tricks": {"A": 200}}
    header = client.get(f"/api/t/{token}").json()["rules"]
    with pytest.raises(ClabberError) as refused:
        read_game({**header, "hands": [hand]}).game()
    i18n.install("ru")
    answer = post(client, f"/api/t/{token}/hands", {"id": "x", "version": version, "hand": hand})
    assert answer.status_code == 422
    assert answer.json() == {"errors": [i18n.said(line) for line in refused.value.lines]}
    assert answer.json()["errors"][0].startswith("раздача 1")


def test_the_services_own_refusals_are_said_in_its_language(
    client: TestClient, links: NightLinks
) -> None:
    token = links.tables[0].token
    version = started(client, token)
    i18n.install("ru")
    again = post(client, f"/api/t/{token}/games", {"id": "again", "version": version})
    assert again.json() == {"errors": ["партия 1 ещё идёт"]}
    body = b'{"id": "a", "version": 1, "hand": {}, "extra": 1}'
    unknown = client.post(f"/api/t/{token}/hands", content=body, headers=_JSON)
    assert unknown.status_code == 400
    assert unknown.json() == {"error": "неизвестное поле 'extra'"}
    stale = post(client, f"/api/t/{token}/hands", {"id": "s", "version": version - 1, "hand": MADE})
    assert stale.status_code == 409
    assert stale.json()["error"].startswith("Другая станция только что изменила протокол стола")


def test_the_services_http_refusals_are_said_in_its_language(
    client: TestClient, links: NightLinks
) -> None:
    """The sentence only: the status, the field and the headers are the contract's."""
    token = links.tables[0].token
    hands = f"/api/t/{token}/hands"
    i18n.install("ru")
    not_found = [client.get("/api/t/" + "A" * 43), client.get(f"/t/{links.board.token}")]
    not_found.append(client.get("/nowhere"))
    assert [answer.status_code for answer in not_found] == [404, 404, 404]
    assert {answer.content for answer in not_found} == {'{"error":"не найдено"}'.encode()}
    wrong_method = client.delete(f"/api/t/{token}")
    assert (wrong_method.status_code, wrong_method.json()) == (405, {"error": "метод не разрешён"})
    plain = client.post(hands, content=b"{}", headers={"content-type": "text/plain"})
    assert plain.status_code == 415
    assert plain.json() == {"error": "отправьте запрос в виде JSON (application/json, UTF-8)"}
    too_big = client.post(hands, content=b"x" * 70_000, headers=_JSON)
    assert too_big.status_code == 413
    assert too_big.json() == {"error": "запрос может быть не больше 65,536 байт"}
    said = {
        body: client.post(hands, content=body, headers=_JSON).json()["error"]
        for body in (b"{", b'{"id": "a", "id": "b"}', b'{"version": NaN}', b"\xff{}")
    }
    assert said == {
        b"{": "запрос — не JSON: на символе 1 не хватает ключа в двойных кавычках",
        b'{"id": "a", "id": "b"}': "запрос — не строгий JSON: ключ 'id' указан дважды",
        b'{"version": NaN}': "запрос — не строгий JSON: NaN — не число, допустимое в JSON",
        b"\xff{}": "запрос — не текст в UTF-8",
    }
    i18n.install("fa")
    twice = client.post(hands, content=b'{"id": "a", "id": "b"}', headers=_JSON)
    assert twice.status_code == 400
    said_twice = twice.json()["error"]
    assert said_twice.startswith("درخواست JSON سخت‌گیرانه نیست: کلید ")
    assert said_twice.endswith(" دو بار آمده است")
    assert "'id'" in said_twice
    i18n.install("en")
    assert client.get("/nowhere").content == b'{"error":"not found"}'


def test_a_rate_limits_429_is_said_in_the_services_language(
    database: Database, links: NightLinks
) -> None:
    service = NightService(database, SEASON, WEEK, None)
    app = create_app(service, limits=RateLimits(per_link=1, per_address=100))
    i18n.install("ko")
    with TestClient(app, base_url="http://127.0.0.1") as client:
        token = links.tables[0].token
        assert client.get(f"/api/t/{token}").status_code == 200
        refused = client.get(f"/api/t/{token}")
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    assert refused.json() == {"error": "요청이 너무 많습니다: 잠시 기다렸다가 다시 시도하세요"}


def test_check_shows_the_row_a_hand_would_make_and_stores_nothing(
    client: TestClient, links: NightLinks
) -> None:
    token = links.tables[0].token
    version = started(client, token)
    checked = post(client, f"/api/t/{token}/check", {"hand": SET})
    assert checked.status_code == 200
    header = client.get(f"/api/t/{token}").json()["rules"]
    sheet = sheet_document(read_game({**header, "hands": [SET]}).game())
    assert checked.json() == {
        "errors": [],
        "row": sheet["hands"][0],
        "finished": False,
        "winner": None,
    }
    table = client.get(f"/api/t/{token}").json()
    assert (table["version"], table["games"][0]["hands"]) == (version, [])


def test_undo_takes_back_the_last_hand_and_logs_it(
    client: TestClient, links: NightLinks, database: Database
) -> None:
    token = links.tables[0].token
    version = started(client, token)
    for n, hand in enumerate((MADE, SET)):
        request = {"id": f"h{n}", "version": version + n, "hand": hand}
        assert post(client, f"/api/t/{token}/hands", request).status_code == 201
    answer = post(client, f"/api/t/{token}/undo", {"id": "u1", "version": version + 2})
    assert answer.status_code == 200
    assert answer.json()["version"] == version + 3
    assert len(answer.json()["sheet"]["hands"]) == 1
    game_id = schedule(database, SEASON)[0].game_ids[0]
    log = open_game(database, game_id).corrections()
    assert [(entry.n, entry.new) for entry in log] == [(2, None)]
    again = post(client, f"/api/t/{token}/undo", {"id": "u1", "version": version + 2})
    assert (again.status_code, again.content) == (200, answer.content)


def test_undo_with_nothing_to_undo_is_422(client: TestClient, links: NightLinks) -> None:
    token = links.tables[0].token
    version = started(client, token)
    answer = post(client, f"/api/t/{token}/undo", {"id": "u", "version": version})
    assert answer.status_code == 422
    assert answer.json() == {"errors": ["there is no hand to take back"]}


def test_a_hand_before_the_game_is_started_is_422(client: TestClient, links: NightLinks) -> None:
    token = links.tables[0].token
    version = client.get(f"/api/t/{token}").json()["version"]
    answer = post(client, f"/api/t/{token}/hands", {"id": "h", "version": version, "hand": MADE})
    assert answer.status_code == 422
    assert answer.json() == {"errors": ["no game is under way at this table: start the next game"]}


def play_out(client: TestClient, token: str, version: int) -> int:
    """Hands until the game is won (A makes 92 every hand); returns the version after."""
    while True:
        answer = post(
            client,
            f"/api/t/{token}/hands",
            {"id": f"v{version}", "version": version, "hand": MADE},
        )
        assert answer.status_code == 201
        version = answer.json()["version"]
        if answer.json()["sheet"]["finished"]:
            return int(version)


def test_the_board_shows_every_table_and_the_standings(
    client: TestClient, links: NightLinks, database: Database
) -> None:
    token = links.tables[0].token
    play_out(client, token, started(client, token))
    board = client.get(f"/api/board/{links.board.token}")
    assert board.status_code == 200
    document = board.json()
    assert document["format"] == "clabber-board/1"
    assert (document["season"], document["week"]) == (SEASON, WEEK)
    assert [row["table"] for row in document["tables"]] == [link.table for link in links.tables]
    first = document["tables"][0]
    table = client.get(f"/api/t/{token}").json()
    assert first["match"] == links.tables[0].match
    assert first["sides"] == list(links.tables[0].sides)
    assert first["totals"] == table["games"][0]["totals"]
    assert first["hands"] == len(table["games"][0]["hands"])
    assert (first["finished"], first["winner"], first["dealer"]) == (True, "A", None)
    assert document["tables"][1]["hands"] == 0
    assert document["standings"] == [row.as_dict() for row in season_standings(database, SEASON)]
    assert document["standings"][0]["team"] == links.tables[0].sides[0]
    assert document["standings"][0]["w"] == 1


def test_the_board_names_the_league_and_leaves_retired_teams_out_of_its_standings(
    client: TestClient, links: NightLinks, database: Database
) -> None:
    token = links.tables[0].token
    play_out(client, token, started(client, token))
    loser = links.tables[0].sides[1]
    retire_team(
        database, next(team.id for team in list_teams(database, SEASON) if team.name == loser)
    )
    document = client.get(f"/api/board/{links.board.token}").json()
    assert document["league"] == LEAGUE
    ranked = [row.as_dict() for row in season_standings(database, SEASON) if row.rank is not None]
    assert document["standings"] == ranked
    assert loser not in [row["team"] for row in document["standings"]]
    # The retired team still plays tonight's table it was given, and its games count.
    assert document["tables"][0]["sides"][1] == loser
    assert document["standings"][0]["w"] == 1


def test_tokens_open_only_what_they_are_for(client: TestClient, links: NightLinks) -> None:
    table, board = links.tables[0].token, links.board.token
    unknown = "A" * 43
    refused = [
        client.get(f"/api/t/{board}"),
        client.get(f"/api/board/{table}"),
        client.get(f"/api/t/{unknown}"),
        client.get(f"/api/board/{unknown}"),
        client.get(f"/api/events/{unknown}"),
        client.get(f"/t/{board}"),
        client.get(f"/board/{table}"),
        client.get(f"/t/{unknown}"),
        post(client, f"/api/t/{board}/hands", {"id": "h", "version": 0, "hand": MADE}),
    ]
    assert [answer.status_code for answer in refused] == [404] * len(refused)
    assert {answer.content for answer in refused} == {b'{"error":"not found"}'}


def test_a_closed_night_answers_404(
    client: TestClient, links: NightLinks, database: Database
) -> None:
    token = links.tables[0].token
    assert client.get(f"/api/t/{token}").status_code == 200
    close_night(database, SEASON, WEEK)
    assert client.get(f"/api/t/{token}").status_code == 404
    assert client.get(f"/api/board/{links.board.token}").status_code == 404
    assert client.get(f"/t/{token}").content == b'{"error":"not found"}'


def test_the_pages_are_served_from_the_package(client: TestClient, links: NightLinks) -> None:
    page = client.get(f"/t/{links.tables[0].token}")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert b"<html" in page.content.lower()
    board = client.get(f"/board/{links.board.token}")
    assert board.status_code == 200
    assert board.headers["content-type"] == "text/html; charset=utf-8"
    assert client.get("/static/../service.py").status_code == 404


def test_every_answer_carries_the_security_headers_and_no_cors(
    client: TestClient, links: NightLinks
) -> None:
    token = links.tables[0].token
    answers = [
        client.get(f"/api/t/{token}"),
        client.get(f"/t/{token}"),
        client.get("/api/t/nothing"),
        client.get("/nowhere"),
        client.delete(f"/api/t/{token}"),
        client.post(f"/api/t/{token}/hands", content=b"x" * 70_000, headers=_JSON),
        client.post(f"/api/t/{token}/hands", content=b"{}", headers={"content-type": "text/plain"}),
        client.get(f"/api/t/{token}", headers={"Origin": "http://elsewhere.example"}),
    ]
    for answer in answers:
        for name, value in SECURITY_HEADERS:
            assert answer.headers[name.decode()] == value.decode()
        assert not any(name.lower().startswith("access-control") for name in answer.headers)
    assert [answer.status_code for answer in answers[2:7]] == [404, 404, 405, 413, 415]


_JSON = {"content-type": "application/json"}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"[1]", "a JSON object"),
        (b"{", "not JSON"),
        (b'{"id": "a", "id": "b", "version": 1, "hand": {}}', "given twice"),
        (b'{"id": "a", "version": NaN, "hand": {}}', "not a number JSON allows"),
        (b'{"id": "a", "version": 1, "hand": {}, "extra": 1}', "unknown field 'extra'"),
        (b'{"id": "a", "version": 1}', "needs 'hand'"),
        (b'{"id": "", "version": 1, "hand": {}}', "'id' must be"),
        (b'{"id": 5, "version": 1, "hand": {}}', "'id' must be"),
        (b'{"id": "a", "version": true, "hand": {}}', "'version' must be"),
        (b'{"id": "a", "version": -1, "hand": {}}', "'version' must be"),
        (b'{"id": "a", "version": 1, "hand": []}', "'hand' must be"),
        (b'{"id": "a", "version": 1' + b"9" * 5000 + b', "hand": {}}', "not strict JSON"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 100_000, "nested too deeply"),
    ],
)
def test_strict_json_or_400(client: TestClient, links: NightLinks, body: bytes, words: str) -> None:
    answer = client.post(f"/api/t/{links.tables[0].token}/hands", content=body, headers=_JSON)
    if len(body) > 64 * 1024:
        assert answer.status_code == 413
        return
    assert answer.status_code == 400
    assert words in answer.json()["error"]


def test_a_body_of_exactly_64_kib_is_read_and_one_byte_more_is_413(
    client: TestClient, links: NightLinks
) -> None:
    token = links.tables[0].token
    padding = {"id": "p", "version": 0, "hand": {"passed": True}}
    text = json.dumps(padding)
    fits = text[:-1] + " " * (64 * 1024 - len(text)) + "}"
    assert len(fits.encode()) == 64 * 1024
    assert client.post(f"/api/t/{token}/hands", content=fits, headers=_JSON).status_code != 413
    over = fits[:-1] + " }"
    assert client.post(f"/api/t/{token}/hands", content=over, headers=_JSON).status_code == 413


def test_requests_beyond_a_links_minute_are_429(database: Database, links: NightLinks) -> None:
    service = NightService(database, SEASON, WEEK, None)
    app = create_app(service, limits=RateLimits(per_link=3, per_address=100))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        token = links.tables[0].token
        answers = [client.get(f"/api/t/{token}").status_code for _ in range(4)]
        assert answers == [200, 200, 200, 429]
        refused = client.get(f"/api/t/{token}")
        assert int(refused.headers["retry-after"]) >= 1
        # Another link is not held back by this one's minute.
        assert client.get(f"/api/t/{links.tables[1].token}").status_code == 200


def test_requests_beyond_an_addresss_minute_are_429(database: Database, links: NightLinks) -> None:
    service = NightService(database, SEASON, WEEK, None)
    app = create_app(service, limits=RateLimits(per_link=100, per_address=2))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        statuses = [client.get(f"/api/t/{link.token}").status_code for link in links.tables]
        statuses.append(client.get(f"/api/board/{links.board.token}").status_code)
        assert statuses == [200, 200, 429]


def test_the_watcher_reads_the_matches_only_when_something_moved(
    database: Database, links: NightLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = NightService(database, SEASON, WEEK, None)
    heard: list[Any] = []
    service.add_listener(heard.append)
    reads: list[None] = []
    versions = service.versions

    def counted() -> dict[int, int]:
        reads.append(None)
        return versions()

    monkeypatch.setattr(service, "versions", counted)
    service.notice_changes()
    assert (reads, heard) == ([], [])  # nothing moved: not one match read
    match = schedule(database, SEASON)[0]
    other = Database.open(str(database.path))
    try:
        open_match_game(other, match.id).record(made("A"))  # another program's hand
    finally:
        other.close()
    service.notice_changes()
    assert len(reads) == 1
    assert [change.match for change in heard] == [match.id]
