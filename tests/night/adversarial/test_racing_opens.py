"""Limits counted at once: pages that open their event streams together cannot pass the
per-address limit between the check and the count."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from clabber_league.night.connections import ConnectionLimits
from clabber_league.night.server import NightServer, NightSettings
from clabber_league.rules.limits import NIGHT_STREAMS
from clabber_league.store.database import Database
from tests.night.adversarial.conftest import client
from tests.night.helpers import SEASON, WEEK

OPENS = 2 * NIGHT_STREAMS.high


@pytest.fixture
def roomy(database: Database) -> Iterator[NightServer]:
    """Room for every open at the door: only the stream limit may turn them away."""
    limits = ConnectionLimits(per_address=OPENS + 8)
    night = NightServer(database, NightSettings(SEASON, WEEK, port=0, connections=limits))
    night.start()
    yield night
    night.stop()


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def test_streams_opened_all_at_once_stop_at_the_limit(roomy: NightServer) -> None:
    assert roomy.links is not None
    path = f"/api/events/{roomy.links.board.token}"
    connections = [client(roomy, "127.0.11.1") for _ in range(OPENS)]
    request = f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    for connection in connections:
        connection.sendall(request)
    statuses = [status_of(connection.recv(4096)) for connection in connections]
    for connection in connections:
        connection.close()
    assert statuses.count(200) == NIGHT_STREAMS.high
    assert statuses.count(429) == OPENS - NIGHT_STREAMS.high
