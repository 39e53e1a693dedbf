"""A service that stays quiet when it refuses: the same log line at most a few times a
minute.

uvicorn writes a line for every malformed request and every WebSocket attempt, and
asyncio one for every failed accept, before any limit of ours can stop the client:
a script sending garbage as fast as it can filled the log with megabytes a minute.
The filter lets ``MOST`` records of one message (its template, so "Invalid HTTP
request" from a thousand addresses is one message) through each minute, the last
of them saying that more are held back, and drops the rest.
"""

from __future__ import annotations

import logging
import threading
import time

#: The loggers whose lines a client can cause: uvicorn's protocol and server, asyncio's
#: loop, the service's own (a database that cannot answer, said at each request).
LOGGERS = ("uvicorn.error", "asyncio", "clabber_league.night.app")
MOST = 5
PER_S = 60.0
#: Messages remembered before the oldest minute's are forgotten (the templates are few).
_MOST_MESSAGES = 1_000


class FewAMinute(logging.Filter):
    """Lets each message through at most ``MOST`` times a minute."""

    def __init__(self) -> None:
        super().__init__()
        self._seen: dict[tuple[str, str], tuple[float, int]] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg))
        now = time.monotonic()
        with self._lock:
            since, count = self._seen.get(key, (now, 0))
            if now - since >= PER_S:
                since, count = now, 0
            if len(self._seen) >= _MOST_MESSAGES and key not in self._seen:
                self._seen.clear()
            self._seen[key] = (since, count + 1)
        if count + 1 == MOST:
            record.msg = f"{record.msg} (more like this are not logged for a minute)"
        return count < MOST


def quieten() -> FewAMinute:
    """Put one filter on every logger a client can make speak (``unquieten`` takes it off)."""
    hush = FewAMinute()
    for name in LOGGERS:
        logging.getLogger(name).addFilter(hush)
    return hush


def unquieten(hush: FewAMinute) -> None:
    for name in LOGGERS:
        logging.getLogger(name).removeFilter(hush)
