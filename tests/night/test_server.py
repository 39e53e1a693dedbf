"""The service on a real socket (127.0.0.1, a free port): event streams, other programs'
writes noticed, stopping with pages still following, a port in use."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

import httpx
import pytest

from clabber_league.night.guard import RateLimits
from clabber_league.night.links import NightLinks
from clabber_league.night.server import NightServer, NightSettings, ServerError
from clabber_league.night.service import TableChange
from clabber_league.rules import PlayedHand
from clabber_league.store.database import Database
from clabber_league.store.games import open_game
from tests.night.helpers import SEASON, WEEK
from tests.store.helpers import match_line

MADE = {"makers": "A", "tricks": {"A": 92}}
#: Only how long a broken test may hang: no test result depends on it.
WAIT_S = 20.0


@pytest.fixture
def server(database: Database) -> Iterator[NightServer]:
    night = NightServer(database, NightSettings(SEASON, WEEK, port=0))
    night.start()
    yield night
    night.stop()


def links_of(server: NightServer) -> NightLinks:
    assert server.links is not None
    return server.links


def url(server: NightServer, path: str) -> str:
    return f"http://127.0.0.1:{server.port}{path}"


def follow(server: NightServer, token: str) -> tuple[queue.Queue[str], threading.Event]:
    """Read a page's event stream in a thread: each ``event:`` and ``data:`` line, in order,
    then ``"end"`` when the server ends the stream."""
    lines: queue.Queue[str] = queue.Queue()
    opened = threading.Event()

    def read() -> None:
        with httpx.stream("GET", url(server, f"/api/events/{token}"), timeout=None) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            opened.set()
            for line in stream.iter_lines():
                if line.startswith(("event:", "data:")):
                    lines.put(line)
        lines.put("end")

    threading.Thread(target=read, daemon=True).start()
    assert opened.wait(WAIT_S)
    return lines, opened


def start_and_record(server: NightServer, token: str) -> None:
    assert httpx.post(url(server, f"/api/t/{token}/games"), json={"id": "g", "version": 0})
    answer = httpx.post(
        url(server, f"/api/t/{token}/hands"), json={"id": "h", "version": 1, "hand": MADE}
    )
    assert answer.status_code == 201


def test_a_table_page_hears_its_own_table_and_the_board_every_table(
    server: NightServer,
) -> None:
    links = links_of(server)
    first, second = links.tables
    table_events, _ = follow(server, first.token)
    board_events, _ = follow(server, links.board.token)
    start_and_record(server, second.token)
    start_and_record(server, first.token)

    match = f'"match": {first.match}'
    assert table_events.get(timeout=WAIT_S) == "event: table"
    assert table_events.get(timeout=WAIT_S) == f'data: {{{match}, "version": 1}}'
    assert table_events.get(timeout=WAIT_S) == "event: table"
    assert table_events.get(timeout=WAIT_S) == f'data: {{{match}, "version": 2}}'
    board = [board_events.get(timeout=WAIT_S) for _ in range(8)]
    assert board[0::2] == ["event: board"] * 4
    assert [line.split('"match": ')[1].split(",")[0] for line in board[1::2]] == [
        str(second.match),
        str(second.match),
        str(first.match),
        str(first.match),
    ]
    server.stop()  # the streams end with the server; stop() does not wait for the pages
    assert table_events.get(timeout=WAIT_S) == "end"
    assert board_events.get(timeout=WAIT_S) == "end"


def test_a_hand_the_window_enters_reaches_the_pages_and_the_listeners(
    server: NightServer, database: Database
) -> None:
    links = links_of(server)
    table = links.tables[0]
    heard: queue.Queue[TableChange] = queue.Queue()
    server.add_listener(heard.put)
    assert httpx.post(url(server, f"/api/t/{table.token}/games"), json={"id": "g", "version": 0})
    assert heard.get(timeout=WAIT_S) == TableChange(table.match, 1)
    events, _ = follow(server, table.token)

    # The secretary's window writes through its own recorder, not through the service.
    recorder = open_game(database, match_line(database, table.match).game_ids[0])
    recorder.record(PlayedHand("B", {"B": 100}))

    assert events.get(timeout=WAIT_S) == "event: table"
    assert events.get(timeout=WAIT_S) == f'data: {{"match": {table.match}, "version": 2}}'
    assert heard.get(timeout=WAIT_S) == TableChange(table.match, 2)
    assert heard.empty()


def test_the_stream_of_a_closed_or_unknown_link_is_404(server: NightServer) -> None:
    answer = httpx.get(url(server, "/api/events/unknown"))
    assert answer.status_code == 404
    assert answer.json() == {"error": "not found"}


def test_a_port_in_use_is_one_clear_line(server: NightServer, database: Database) -> None:
    other = NightServer(database, NightSettings(SEASON, WEEK, port=server.port))
    with pytest.raises(ServerError, match=f"port {server.port} on 127.0.0.1 is in use"):
        other.start()
    assert not other.running


def test_stop_is_final_and_start_again_serves_the_same_links(
    server: NightServer, database: Database
) -> None:
    tokens = [link.token for link in links_of(server).tables]
    server.stop()
    assert not server.running
    with pytest.raises(httpx.ConnectError):
        httpx.get(url(server, f"/api/t/{tokens[0]}"))
    again = NightServer(database, NightSettings(SEASON, WEEK, port=0))
    again.start()
    try:
        assert [link.token for link in links_of(again).tables] == tokens
        assert httpx.get(url(again, f"/api/t/{tokens[0]}")).status_code == 200
    finally:
        again.stop()


def test_a_client_cannot_pass_for_another_address(database: Database) -> None:
    """The limit per address counts the socket's address, not a forwarded-for header."""
    limits = RateLimits(per_link=100, per_address=2)
    night = NightServer(database, NightSettings(SEASON, WEEK, port=0, limits=limits))
    night.start()
    try:
        token = links_of(night).tables[0].token
        answers = [
            httpx.get(url(night, f"/api/t/{token}"), headers={"X-Forwarded-For": f"10.0.0.{n}"})
            for n in range(3)
        ]
        assert [answer.status_code for answer in answers] == [200, 200, 429]
    finally:
        night.stop()
