"""Server-Sent Events for the league night: one event per change, to every page that
watches the table (``event: table``) or the board (``event: board``).

Changes arrive from any thread (the request that made them, or the watcher
that notices another program's writes); the hub hands them to the event
loop, which fans them out to each open stream's queue. ``close`` ends every
stream, so that a stopping server is not kept waiting by pages that never
hang up.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

from clabber_league.night.service import TableChange

#: A comment line every so often keeps proxies and phones from dropping a quiet stream.
KEEP_ALIVE_S = 15.0
#: How soon a page that lost its stream tries again (the ``retry`` field, milliseconds).
RETRY_MS = 2000


@dataclass(eq=False)
class Stream:
    match: int | None
    """The table watched, or ``None`` for the board (every table)."""
    address: str
    queue: asyncio.Queue[TableChange | None] = field(default_factory=asyncio.Queue)


class EventHub:
    """The open streams, and the way changes reach them."""

    def __init__(self, streams_per_address: int) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._streams: set[Stream] = set()
        self._per_address = streams_per_address
        self._closed = False

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """The loop the streams live on (the app's, at start-up)."""
        self._loop = loop
        self._closed = False

    def publish(self, change: TableChange) -> None:
        """From any thread: every stream watching this table or the board gets it."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, change)

    def close(self) -> None:
        """From any thread: end every stream (the server is stopping)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._end_all)

    def _deliver(self, change: TableChange) -> None:
        for stream in self._streams:
            if stream.match in (None, change.match):
                stream.queue.put_nowait(change)

    def _end_all(self) -> None:
        self._closed = True
        for stream in self._streams:
            stream.queue.put_nowait(None)

    def reserve(self, match: int | None, address: str) -> Stream | None:
        """A place for one more stream from ``address``, counted at once, or ``None`` when it
        has its ``NIGHT_STREAMS`` already. The check and the count are one step on the
        loop, so pages opening together cannot slip past the limit between the two."""
        held = sum(stream.address == address for stream in self._streams)
        if self._closed or held >= self._per_address:
            return None
        watched = Stream(match, address)
        self._streams.add(watched)
        return watched

    def release(self, watched: Stream) -> None:
        """Give a reserved place back (the stream ended, or never began)."""
        self._streams.discard(watched)

    async def stream(
        self, watched: Stream, still_open: Callable[[], Awaitable[bool]]
    ) -> AsyncIterator[str]:
        """The text of one page's stream, until the server stops or the link dies
        (``still_open`` is asked at every keep-alive). Its answer releases its place."""
        kind = "board" if watched.match is None else "table"
        yield f"retry: {RETRY_MS}\n\n"
        while True:
            try:
                change = await asyncio.wait_for(watched.queue.get(), KEEP_ALIVE_S)
            except TimeoutError:
                if not await still_open():
                    return
                yield ": keep-alive\n\n"
                continue
            if change is None:
                return
            data = json.dumps({"match": change.match, "version": change.version})
            yield f"event: {kind}\ndata: {data}\n\n"
