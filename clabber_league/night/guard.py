"""What stands in front of every answer of the league night service: the security headers
(TABLE_API.md, "Pages") and the rate limits per link and per client address (a 429's
sentence in the service's language).

Both are plain ASGI wrappers around the whole app, outside Starlette's own
error handling, so that every answer — a 404, a 429, even a 500 — carries the
headers, and a flood is turned away before it costs a database read.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from clabber_league.i18n import _
from clabber_league.rules.limits import NIGHT_ADDRESS_REQUESTS, NIGHT_LINK_REQUESTS

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", b"default-src 'self'; frame-ancestors 'none'"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"cache-control", b"no-store"),
)
_REPLACED = {name for name, _ in SECURITY_HEADERS}
#: The token in every path that has one: /t/T, /board/T, /api/t/T…, /api/board/T, /api/events/T.
TOKEN_PATH = re.compile(r"^/(?:api/(?:t|board|events)|t|board)/([^/]+)")
#: Buckets kept before idle (full) ones are forgotten: a flood of made-up tokens stays small.
_MOST_BUCKETS = 10_000


class SecurityHeaders:
    """Adds the contract's headers to every answer (and replaces any the app set)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in _REPLACED
                ]
                message = {**message, "headers": [*headers, *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)


@dataclass(frozen=True)
class RateLimits:
    """Requests a minute allowed per link (token) and per client address."""

    per_link: int = NIGHT_LINK_REQUESTS.high
    per_address: int = NIGHT_ADDRESS_REQUESTS.high


@dataclass
class _Bucket:
    """A token bucket: ``capacity`` requests at once, refilled at capacity per minute."""

    capacity: float
    level: float
    at: float = field(default_factory=time.monotonic)

    def take(self, now: float) -> float:
        """0 if a request may pass (and count it), else the seconds until one may."""
        self.level = min(self.capacity, self.level + (now - self.at) * self.capacity / 60)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return 0.0
        return (1 - self.level) * 60 / self.capacity


class RateLimit:
    """429 with ``Retry-After`` once a link or an address has used up its minute."""

    def __init__(self, app: ASGIApp, limits: RateLimits) -> None:
        self.app = app
        self.limits = limits
        self._buckets: dict[tuple[str, str], _Bucket] = {}
        self._lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        wait = self._take(("address", address), self.limits.per_address)
        token = TOKEN_PATH.match(scope.get("path", ""))
        if not wait and token is not None:
            wait = self._take(("link", token.group(1)), self.limits.per_link)
        if wait:
            await _too_many(send, wait)
            return
        await self.app(scope, receive, send)

    def _take(self, key: tuple[str, str], per_minute: int) -> float:
        now = time.monotonic()
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                if len(self._buckets) >= _MOST_BUCKETS:
                    self._forget_idle(now)
                bucket = self._buckets[key] = _Bucket(per_minute, per_minute, now)
            return bucket.take(now)

    def _forget_idle(self, now: float) -> None:
        for key, bucket in list(self._buckets.items()):
            if bucket.level + (now - bucket.at) * bucket.capacity / 60 >= bucket.capacity:
                del self._buckets[key]


async def _too_many(send: Send, wait: float) -> None:
    # The sentence in the service's language, as every error's.
    body = json.dumps({"error": _("too many requests: wait a moment and try again")}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", str(max(1, round(wait + 0.5))).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
