"""The league night service's access log (``serve --access-log FILE``): one line per
request, in a file of its own, with every link's secret token shortened.

A table's token is the key to its sheet (TABLE_API.md, "Tokens"): a log that kept it
whole would hand the night to whoever reads the file. The path keeps the token's first
few characters, enough to tell the tables' requests apart, and no query string.
The lines go to the ``clabber_league.night.access`` logger, which does not pass them on
to the app's own log, so that a busy night does not push the errors out of it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from clabber_league.night.guard import TOKEN_PATH

ACCESS = logging.getLogger("clabber_league.night.access")
#: How much of a token the access log keeps.
TOKEN_SHOWN = 4
FORMAT = "%(asctime)s %(message)s"


def redacted(path: str) -> str:
    """``path`` with its token, if it has one, cut to its first ``TOKEN_SHOWN``
    characters and an ellipsis."""
    found = TOKEN_PATH.match(path)
    if found is None:
        return path
    start, end = found.span(1)
    return f"{path[:start]}{found.group(1)[:TOKEN_SHOWN]}…{path[end:]}"


class AccessLog:
    """Logs each HTTP request as it ends: client, method, path, status, bytes, time."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.monotonic()
        status, sent = 500, 0  # what a request that never answered is counted as

        async def counted(message: Message) -> None:
            nonlocal status, sent
            if message["type"] == "http.response.start":
                status = int(message["status"])
            elif message["type"] == "http.response.body":
                sent += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, counted)
        finally:
            client = scope.get("client")
            ACCESS.info(
                '%s "%s %s HTTP/%s" %d %d %.1fms',
                client[0] if client else "-",
                scope["method"],
                redacted(scope["path"]),
                scope.get("http_version", "1.1"),
                status,
                sent,
                (time.monotonic() - began) * 1000,
            )


def open_access_log(path: Path) -> Callable[[], None]:
    """Write the access log's lines to ``path`` (appended) from now on; the result
    closes the file. ``OSError`` if it cannot be opened."""
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter(FORMAT))
    ACCESS.addHandler(handler)
    ACCESS.setLevel(logging.INFO)
    ACCESS.propagate = False

    def close() -> None:
        ACCESS.removeHandler(handler)
        handler.close()

    return close
