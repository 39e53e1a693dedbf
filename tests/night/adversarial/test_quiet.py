"""Refusing costs little and says little: a flood of garbage and of WebSocket attempts
writes a few log lines a minute, not one each."""

from __future__ import annotations

import logging

import pytest

from clabber_league.night.quiet_logs import MOST
from clabber_league.night.server import NightServer
from tests.night.adversarial.conftest import ROUNDS, client

ATTEMPTS = 60 * ROUNDS
GARBAGE = b"\x16\x03\x01 not http at all\r\n\r\n"
WEBSOCKET = (
    b"GET /api/events/x HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
    b"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
)


@pytest.mark.parametrize("request_bytes", [GARBAGE, WEBSOCKET], ids=["garbage", "websocket"])
def test_a_flood_of_bad_requests_logs_a_few_lines(
    server: NightServer, caplog: pytest.LogCaptureFixture, request_bytes: bytes
) -> None:
    caplog.set_level(logging.WARNING)
    for attempt in range(ATTEMPTS):
        with client(server, f"127.0.12.{attempt % 4 + 1}") as connection:
            connection.sendall(request_bytes)
            connection.recv(4096)  # the 400 or 404, once the request is read and logged
    lines = [record.getMessage() for record in caplog.records if record.name == "uvicorn.error"]
    assert lines  # said, not swallowed
    for line in set(lines):
        assert lines.count(line) <= MOST, line
    assert len(lines) <= 3 * MOST
