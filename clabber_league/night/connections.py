"""Connection limits that hold against one client: uvicorn's HTTP/1.1 protocol with a
small guard at the door.

uvicorn has no header timeout and no cap per address: 1,100 half-open
connections from one laptop used up the service's open files and every phone's
request timed out. The guard counts each connection as it is accepted and closes
at once (unanswered, unlogged: refusing must cost nothing) one that would take an
address over ``NIGHT_CONNECTIONS`` or the service over its total, which stays
below the process's open-file limit. Every request must be whole — headers and
body — within ``NIGHT_REQUEST_SECONDS`` of the connection opening or of the last
answer on it, else the connection is cut: a slow or stalled client holds its
place for seconds, not forever. An answer that takes long (an event stream) is not
cut: the client has said all it had to say.

uvicorn, not another ASGI server, because the service, its shutdown and its tests
are built on it; the guard uses only its protocol's documented hooks
(``connection_made``, ``connection_lost``, ``on_response_complete``) and h11's
state, and ``pyproject.toml`` pins the uvicorn series it was written against.
"""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from dataclasses import dataclass

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from clabber_league.rules.limits import (
    NIGHT_ALL_CONNECTIONS,
    NIGHT_CONNECTIONS,
    NIGHT_REQUEST_SECONDS,
)

#: Open files kept for everything but connections: the database, its journal, logs, pipes.
_FILES_KEPT = 64
#: A client that is still sending its request (or has sent part of the next one).
_STILL_ASKING = (h11.IDLE, h11.SEND_BODY)


@dataclass(frozen=True)
class ConnectionLimits:
    """Connections open at once per client address and in all, and the time a client
    has to send one whole request."""

    per_address: int = NIGHT_CONNECTIONS.high
    total: int = NIGHT_ALL_CONNECTIONS.high
    request_s: float = NIGHT_REQUEST_SECONDS.high


def open_file_room() -> int:
    """Raise this process's open-file limit to its hard limit (where the system has one)
    and say how many connections fit under it."""
    if sys.platform == "win32":
        return NIGHT_ALL_CONNECTIONS.high
    import resource  # noqa: PLC0415 (Unix only)

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65_536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (OSError, ValueError):
            pass  # the soft limit stands; the cap below follows it
    return max(1, soft - _FILES_KEPT)


def guarded_protocol(limits: ConnectionLimits) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol under ``limits``, with the counts its connections share."""
    open_per_address: Counter[str] = Counter()

    class GuardedH11Protocol(H11Protocol):
        _address: str | None = None
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if peer else "unknown"
            if (
                open_per_address.total() >= limits.total
                or open_per_address[address] >= limits.per_address
            ):
                transport.abort()
                return
            self._address = address
            open_per_address[address] += 1
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            address = self._address
            if address is None:
                return  # refused at the door: uvicorn never knew of it
            self._address = None
            open_per_address[address] -= 1
            if open_per_address[address] <= 0:
                del open_per_address[address]
            if self._deadline is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def _arm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = self.loop.call_later(limits.request_s, self._too_slow)

        def _too_slow(self) -> None:
            self._deadline = None
            if self.conn.their_state in _STILL_ASKING and not self.transport.is_closing():
                self.transport.abort()

    return GuardedH11Protocol
