"""Running the league night service on uvicorn: for ``clabber-league serve`` and inside
the window (File → League night…), the same code.

The server runs in a thread of its own with its own event loop, so the
window stays responsive and the command line's main thread is free to wait
for SIGINT / SIGTERM. The listening socket is bound here, before the thread
starts, so that a port in use is one clear line at once. ``stop`` ends the
pages' event streams, lets the request in flight finish, and returns when
the server has stopped; the database stays open for its owner to close.
"""

from __future__ import annotations

import errno
import logging
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import uvicorn

from clabber_league.night.access_log import open_access_log
from clabber_league.night.app import create_app
from clabber_league.night.connections import ConnectionLimits, guarded_protocol, open_file_room
from clabber_league.night.events import EventHub
from clabber_league.night.guard import RateLimits
from clabber_league.night.links import DEFAULT_HOST, DEFAULT_PORT, NightLinks, base_url, night_links
from clabber_league.night.quiet_logs import FewAMinute, quieten, unquieten
from clabber_league.night.service import Listener, NightService
from clabber_league.rules.limits import NIGHT_STREAMS
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError

LOG = logging.getLogger(__name__)
#: How long a stopping server waits for requests in flight before it cancels them.
GRACEFUL_S = 10
_START_S = 15.0


class ServerError(Exception):
    """The service could not start; the message says why in one line."""


@dataclass(frozen=True)
class NightSettings:
    """Which night, and where the service listens (port 0: any free port)."""

    season: str
    week: int
    league: str | None = None
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    public_url: str | None = None
    limits: RateLimits = field(default_factory=RateLimits)
    connections: ConnectionLimits = field(default_factory=ConnectionLimits)
    access_log: Path | None = None
    """A file that gets a line for every request (``night.access_log``)."""


class NightServer:
    """One league night's service, started and stopped by its owner."""

    def __init__(self, database: Database, settings: NightSettings) -> None:
        self.database = database
        self.settings = settings
        self.service = NightService(database, settings.season, settings.week, settings.league)
        self._hub = EventHub(NIGHT_STREAMS.high)
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None
        self._hush: FewAMinute | None = None
        self._close_access_log: Callable[[], None] | None = None
        self.port = settings.port
        self.base_url = ""
        self.links: NightLinks | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def add_listener(self, listener: Listener) -> None:
        """``listener(TableChange)`` for every change of the night, from a server thread."""
        self.service.add_listener(listener)

    def start(self) -> None:
        """Bind, make the night's links, and serve; returns once listening."""
        if self.running:
            return
        host = self.settings.host
        listening = _bind(host, self.settings.port)
        self.port = listening.getsockname()[1]
        try:
            self.base_url = base_url(host, self.port, self.settings.public_url)
            self.links = night_links(
                self.database,
                season=self.settings.season,
                week=self.settings.week,
                league=self.settings.league,
                base=self.base_url,
            )
        except BaseException:
            listening.close()
            raise
        connections = self.settings.connections
        room = replace(connections, total=min(connections.total, open_file_room()))
        access_log = self.settings.access_log
        if access_log is not None:
            try:
                self._close_access_log = open_access_log(access_log)
            except OSError as exc:
                listening.close()
                raise ServerError(
                    f"cannot write the access log {access_log}: {exc.strerror}"
                ) from None
        config = uvicorn.Config(
            create_app(
                self.service, self._hub, self.settings.limits, access_log=access_log is not None
            ),
            loop="asyncio",
            http=guarded_protocol(room),
            lifespan="on",
            log_config=None,
            log_level="warning",
            access_log=False,
            server_header=False,
            # No proxy stands in front of it: a phone's address is the socket's, never a
            # header it sends (the rate limit per address counts on it).
            proxy_headers=False,
            timeout_graceful_shutdown=GRACEFUL_S,
        )
        self._server = uvicorn.Server(config)
        self._failure = None
        self._hush = quieten()
        self._thread = threading.Thread(
            target=self._serve, args=(self._server, listening), name="league-night", daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + _START_S
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise ServerError(f"the league night service did not start ({self._failure})")
            time.sleep(0.01)

    def _serve(self, server: uvicorn.Server, listening: socket.socket) -> None:
        try:
            server.run(sockets=[listening])
        except BaseException as exc:  # told to start() in its words
            self._failure = exc
            if server.started:  # after the start: nobody waits to be told, so the log is
                LOG.error("the league night service stopped", exc_info=exc)
        finally:
            listening.close()

    def stop(self) -> None:
        """End the event streams, finish the requests in flight, stop listening."""
        server, thread = self._server, self._thread
        if server is None or thread is None:
            return
        self._hub.close()
        server.should_exit = True
        thread.join()
        self._server = self._thread = None
        try:
            self.database.checkpoint()  # the night's log folded in: the file alone is the league
        except StoreError as exc:  # busy a moment: the log is folded in at the next close
            LOG.warning("the write-ahead log was not folded in: %s", exc.message)
        if self._hush is not None:
            unquieten(self._hush)
            self._hush = None
        if self._close_access_log is not None:
            self._close_access_log()
            self._close_access_log = None


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, or ``ServerError`` saying why not in the user's terms."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        listening = socket.socket(family, socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise ServerError(f"{host!r} is not an address of this computer") from None
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(2048)
    except OSError as exc:
        listening.close()
        if exc.errno == errno.EADDRINUSE:
            raise ServerError(
                f"port {port} on {host} is in use (is the service already running?): "
                "choose another port"
            ) from None
        if exc.errno == errno.EACCES:
            raise ServerError(
                f"this user may not listen on port {port}: choose 1024 or above"
            ) from None
        raise ServerError(f"cannot listen on {host} port {port}: {exc.strerror}") from None
    listening.setblocking(False)
    return listening
