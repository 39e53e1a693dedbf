"""The night service on a real socket with small limits, and clients that misbehave.

Every client here connects to 127.0.0.1 from an address of 127.0.0.0/8 of its
own choosing (``client(address)``), as phones on a club's network would from
theirs; nothing leaves this computer. The counts are small and every wait is
bounded (``WAIT_S`` only stops a broken test from hanging: no result depends
on it).
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator

import pytest

from clabber_league.night.connections import ConnectionLimits
from clabber_league.night.server import NightServer, NightSettings
from clabber_league.store.database import Database
from tests.night.helpers import SEASON, WEEK, league_with_teams
from tests.store.helpers import SERVER, server_database

WAIT_S = 20.0
#: ``make fuzz`` (``CLABBER_LEAGUE_FUZZ=long``) runs ten times the clients and retries.
ROUNDS = 10 if os.environ.get("CLABBER_LEAGUE_FUZZ") == "long" else 1
LIMITS = ConnectionLimits(per_address=8, total=40, request_s=1.0)


@pytest.fixture
def server_league() -> Iterator[tuple[Database, str]]:
    """A league of four teams on the test PostgreSQL server, and its URL (skipped when
    ``CLABBER_LEAGUE_TEST_PG`` names none)."""
    if SERVER is None:
        pytest.skip("no PostgreSQL server (CLABBER_LEAGUE_TEST_PG)")
    with server_database() as url:
        database = Database.open(url)
        try:
            league_with_teams(database)
            yield database, url
        finally:
            database.close()


@pytest.fixture
def server(database: Database) -> Iterator[NightServer]:
    night = NightServer(database, NightSettings(SEASON, WEEK, port=0, connections=LIMITS))
    night.start()
    yield night
    night.stop()


def client(server: NightServer, address: str) -> socket.socket:
    """A connection to the service from ``address`` (an address of 127.0.0.0/8)."""
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    connection.settimeout(WAIT_S)
    connection.bind((address, 0))
    connection.connect(("127.0.0.1", server.port))
    return connection


def closed_by_server(connection: socket.socket) -> bool:
    """Whether the server has closed ``connection`` (waiting at most ``WAIT_S``)."""
    try:
        return connection.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def ask(server: NightServer, address: str, path: str) -> bytes:
    """One whole GET from ``address``: the answer's status line."""
    with client(server, address) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while b"\r\n" not in answer:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
        return answer.split(b"\r\n", 1)[0]
