"""One client cannot lock out the others: connections capped per address and in all,
requests that never finish cut off, refusals that cost nothing."""

from __future__ import annotations

import contextlib
import time

from clabber_league.night.server import NightServer
from tests.night.adversarial.conftest import LIMITS, WAIT_S, ask, client, closed_by_server

HALF_A_REQUEST = b"GET /api/board/x HTTP/1.1\r\nHost: x\r\n"


def board_path(server: NightServer) -> str:
    assert server.links is not None
    return f"/api/board/{server.links.board.token}"


def test_half_open_connections_from_one_address_leave_every_other_phone_answered(
    server: NightServer,
) -> None:
    flood = [client(server, "127.0.9.1") for _ in range(LIMITS.per_address + 6)]
    for connection in flood:
        connection.sendall(HALF_A_REQUEST)
    assert ask(server, "127.0.9.2", board_path(server)) == b"HTTP/1.1 200 OK"
    assert all(closed_by_server(connection) for connection in flood[LIMITS.per_address :])
    for connection in flood:
        connection.close()


def test_a_request_never_finished_is_cut_off_and_its_place_given_back(
    server: NightServer,
) -> None:
    held = [client(server, "127.0.9.3") for _ in range(LIMITS.per_address)]
    for connection in held:
        connection.sendall(HALF_A_REQUEST)
    # Cut off once the request time is up; then the address may connect again.
    assert all(closed_by_server(connection) for connection in held)
    assert ask(server, "127.0.9.3", board_path(server)) == b"HTTP/1.1 200 OK"
    for connection in held:
        connection.close()


def test_a_request_sent_a_byte_at_a_time_is_cut_off_all_the_same(server: NightServer) -> None:
    connection = client(server, "127.0.9.4")
    connection.settimeout(LIMITS.request_s / 4)
    deadline = time.monotonic() + WAIT_S
    cut = False
    while not cut and time.monotonic() < deadline:
        try:
            connection.sendall(b"G")  # one more byte of a request line that never ends
        except (BrokenPipeError, ConnectionResetError):
            cut = True
        else:
            cut = closed_by_server(connection)
    connection.close()
    assert cut


def test_the_service_in_all_takes_no_more_than_its_total(server: NightServer) -> None:
    addresses = [f"127.0.10.{n}" for n in range(1, LIMITS.total // LIMITS.per_address + 2)]
    held = [client(server, address) for address in addresses for _ in range(LIMITS.per_address)]
    for connection in held:
        connection.sendall(HALF_A_REQUEST)
    over = len(held) - LIMITS.total
    assert over > 0
    # The last ones over the total were closed at the door, unanswered.
    assert all(closed_by_server(connection) for connection in held[-over:])
    for connection in held:
        connection.close()


def test_an_event_stream_outlives_the_request_time(server: NightServer) -> None:
    assert server.links is not None
    connection = client(server, "127.0.9.5")
    path = f"/api/events/{server.links.board.token}"
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert connection.recv(4096).startswith(b"HTTP/1.1 200")
    connection.settimeout(LIMITS.request_s * 3)
    with contextlib.suppress(TimeoutError):  # nothing said, and not cut off
        assert connection.recv(1) != b""  # the stream's first line, or a keep-alive
    connection.close()
