"""The links of a league night: what the table cards, the QR codes, the window's League
night dialog and ``night tables`` show.

A link is the service's public base URL plus ``/t/TOKEN`` (a table) or
``/board/TOKEN`` (the board). The base is ``--public-url`` when given (the
address phones reach the desktop at), else ``http://HOST:PORT``.
"""

from __future__ import annotations

import ipaddress
from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import urlsplit

from clabber_league.rules.limits import PUBLIC_URL
from clabber_league.rules.messages import shortened
from clabber_league.store.database import Database
from clabber_league.store.night import night_tokens

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8717


class LinkError(ValueError):
    """A public URL no phone could use; the message says what is wrong with it."""


@dataclass(frozen=True)
class TableLink:
    """A table's link: its number, its match, the two teams (home first)."""

    table: int
    match: int
    sides: tuple[str, str]
    url: str
    token: str


@dataclass(frozen=True)
class BoardLink:
    url: str
    token: str


@dataclass(frozen=True)
class NightLinks:
    """Every link of one night, tables in table order, and the league that plays it."""

    tables: tuple[TableLink, ...]
    board: BoardLink
    league: str
    tournament: str | None = None
    """The tournament whose round the night is, if it is one (its cards say so)."""

    def document(self) -> list[dict[str, Any]]:
        """The JSON of ``night tables --format json`` (TABLE_API.md)."""
        rows: list[dict[str, Any]] = [
            {**asdict(link), "sides": list(link.sides)} for link in self.tables
        ]
        rows.append({"board": True, "url": self.board.url, "token": self.board.token})
        return rows


def base_url(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, public: str | None = None) -> str:
    """The base every link starts with: ``public`` checked, else ``http://HOST:PORT``."""
    if public is not None:
        return checked_public_url(public)
    try:
        literal = ipaddress.ip_address(host)
    except ValueError:
        return f"http://{host}:{port}"
    return f"http://[{host}]:{port}" if literal.version == 6 else f"http://{host}:{port}"


def checked_public_url(text: str) -> str:
    """``--public-url``: ``http(s)://host[:port]`` with nothing after it but an optional
    path; returned without a trailing slash. Raises ``LinkError``."""
    url = text.strip()
    if not PUBLIC_URL.allows(len(url)):
        raise LinkError(
            f"{shortened(repr(url))} is {len(url):,} characters long; the public URL must be "
            f"{PUBLIC_URL.range_words()}"
        )
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise LinkError(f"{url!r} is not a URL like http://192.168.1.20:8717") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise LinkError(f"{url!r} is not a URL like http://192.168.1.20:8717")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise LinkError(f"{url!r}: the public URL takes no user, query or fragment")
    del port  # read only so that a port that is not a number is refused above
    return url.rstrip("/")


def reachable_from_network(host: str) -> bool:
    """Whether a service bound to ``host`` answers other machines (the dialog warns)."""
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host != "localhost"


def serving_warnings(host: str, public: str | None) -> list[str]:
    """What to tell whoever starts the service on ``host``: that other machines can reach
    it, and that links to "every address" (0.0.0.0, ::) open nothing on a phone."""
    if not reachable_from_network(host):
        return []
    warnings = [
        f"the service listens on {host}, so other machines on the network can reach it; "
        "anyone with a table's link can enter its hands"
    ]
    try:
        everywhere = ipaddress.ip_address(host).is_unspecified
    except ValueError:
        everywhere = False
    if everywhere and public is None:
        warnings.append(
            f"the links say {host}, which no phone can open: give --public-url with this "
            "computer's address on the club's network, e.g. http://192.168.1.20:8717"
        )
    return warnings


def night_links(
    database: Database,
    *,
    season: str,
    week: int,
    league: str | None = None,
    base: str,
) -> NightLinks:
    """The night's links under ``base`` (see ``base_url``), made the first time."""
    tokens = night_tokens(database, season, week, league)
    tables = tuple(
        TableLink(table.table, table.match, table.sides, f"{base}/t/{table.token}", table.token)
        for table in tokens.tables
    )
    board = BoardLink(f"{base}/board/{tokens.board}", tokens.board)
    return NightLinks(tables, board, tokens.league, tokens.tournament)
