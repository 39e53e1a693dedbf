"""A whole league night at once: 30 tables, four phones each, every phone entering its
table's game as fast as it can against the real service on 127.0.0.1.

The four phones of a table race for each hand: one gets 201, the others 409
and reload, as four players each keeping score would. Some answers are
"lost" and the request is sent again with the same id (it must come back
200 and identical). The p99 answer time of the hands is reported against the
p99 of a trivial request to the same server under the same load (an unknown
link's 404: one indexed look-up). ``tests/night/test_load.py`` runs the same
night and checks every hand and the standings.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from clabber_league.gamesheet import read_hand
from clabber_league.night.guard import RateLimits
from clabber_league.night.links import NightLinks
from clabber_league.night.server import NightServer, NightSettings
from clabber_league.rules import Game, rule_set
from clabber_league.store.database import Database
from clabber_league.store.league import add_team, create_season, generate_schedule

TABLES = 30
PHONES = 4
SEASON = "Load"
#: The load comes from one address: the per-address limit is for real phones, not this.
UNLIMITED = RateLimits(per_link=100_000, per_address=100_000)
_HANDS = (
    {"makers": "A", "tricks": {"A": 92}},
    {"makers": "B", "tricks": {"B": 100}, "melds": {"B": 20}},
    {"passed": True},
    {"makers": "A", "tricks": {"A": 70}},
    {"makers": "B", "tricks": {"B": 130}, "melds": {"B": 50}, "bell": "B"},
    {"makers": "A", "tricks": {"A": 120}, "melds": {"A": 40}},
)


def script(table: int) -> list[dict[str, Any]]:
    """The hands of table ``table``'s game, to its end: each table a different game."""
    game = Game(rule_set(), ["A team", "B team"])
    hands: list[dict[str, Any]] = []
    while not game.finished:
        hand = _HANDS[(len(hands) + table) % len(_HANDS)]
        game.push(read_hand(hand))
        hands.append(hand)
    return hands


def league_night(path: Path) -> Database:
    """A season of ``2 × TABLES`` teams: week 1 seats ``TABLES`` tables."""
    database = Database.open(str(path))
    create_season(database, league="Load League", season=SEASON)
    for team in range(1, 2 * TABLES + 1):
        add_team(database, SEASON, f"Team {team:02d}", [f"North {team}", f"South {team}"])
    generate_schedule(database, SEASON)
    return database


@dataclass
class NightRun:
    """What the phones saw."""

    acknowledged: dict[int, dict[int, dict[str, Any]]] = field(default_factory=dict)
    """Per match, each hand number a phone was told was stored, and the hand."""
    scripts: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    hand_seconds: list[float] = field(default_factory=list)
    floor_seconds: list[float] = field(default_factory=list)
    conflicts: int = 0
    replays: int = 0
    busy: int = 0
    """503s: the database stayed locked past the busy timeout; sent again, as the page does."""


async def _phone(
    client: httpx.AsyncClient, token: str, match: int, hands: list[dict[str, Any]], *,
    phone: int, run: NightRun,
) -> None:  # fmt: skip
    """One phone of a table: enter the next hand, until the game is over. Like the phone
    page, it reads the table only at the start and after a 409; otherwise the last
    answer tells it the version and the sheet."""
    sheet: dict[str, Any] | None = None
    version = 0
    while True:
        if sheet is None:
            table = (await client.get(f"/api/t/{token}")).json()
            version = table["version"]
            if not table["games"]:
                start = {"id": f"start-{phone}", "version": version}
                await client.post(f"/api/t/{token}/games", json=start)
                continue
            sheet = table["games"][0]
        if sheet["finished"]:
            return
        n = len(sheet["hands"]) + 1
        body = {"id": f"{match}-{phone}-{n}-{version}", "version": version, "hand": hands[n - 1]}
        started = time.perf_counter()
        answer = await client.post(f"/api/t/{token}/hands", json=body)
        while answer.status_code == 503:  # nothing stored: the page sends the same hand again
            run.busy += 1
            await asyncio.sleep(0.2)
            answer = await client.post(f"/api/t/{token}/hands", json=body)
        run.hand_seconds.append(time.perf_counter() - started)
        if answer.status_code == 201:
            if n in run.acknowledged.setdefault(match, {}):
                raise AssertionError(f"hand {n} of match {match} was acknowledged twice")
            run.acknowledged[match][n] = hands[n - 1]
            if (n + phone) % 3 == 0:  # the answer "was lost": the phone sends it again
                again = await client.post(f"/api/t/{token}/hands", json=body)
                if (again.status_code, again.content) != (200, answer.content):
                    raise AssertionError(f"a retry of hand {n} of match {match} was answered anew")
                run.replays += 1
            sheet, version = answer.json()["sheet"], answer.json()["version"]
        elif answer.status_code == 409:
            run.conflicts += 1
            sheet = None
        else:
            raise AssertionError(f"hand {n} of match {match}: {answer.status_code} {answer.text}")


async def _floor(client: httpx.AsyncClient, done: asyncio.Event, run: NightRun) -> None:
    """The trivial request, over and over while the night goes on."""
    while not done.is_set():
        started = time.perf_counter()
        answer = await client.get("/api/t/no-such-link")
        run.floor_seconds.append(time.perf_counter() - started)
        if answer.status_code != 404:
            raise AssertionError(f"the floor request was answered {answer.status_code}")


def _phone_client(base: str, address: str) -> httpx.AsyncClient:
    """A phone's own connections, from its own address of 127.0.0.0/8 (as each phone on a
    club's network has its own): the service caps connections per address."""
    # The client lets an idle connection go well before the server would (uvicorn closes
    # one after 5 s idle): a request sent on a connection the server is closing at that
    # instant fails with ReadError, a race of the client's pool, not of the service.
    return httpx.AsyncClient(
        base_url=base,
        transport=httpx.AsyncHTTPTransport(local_address=address),
        limits=httpx.Limits(max_connections=2, keepalive_expiry=1.0),
        timeout=120,
    )


async def _night(base: str, links: NightLinks) -> NightRun:
    run = NightRun()
    async with contextlib.AsyncExitStack() as clients:
        phones = []
        for index, link in enumerate(links.tables):
            hands = run.scripts[link.match] = script(index)
            for phone in range(PHONES):
                client = await clients.enter_async_context(
                    _phone_client(base, f"127.0.{index + 1}.{phone + 1}")
                )
                phones.append(_phone(client, link.token, link.match, hands, phone=phone, run=run))
        done = asyncio.Event()
        floors = []
        for phone in range(PHONES):
            client = await clients.enter_async_context(_phone_client(base, f"127.1.0.{phone + 1}"))
            floors.append(asyncio.ensure_future(_floor(client, done, run)))
        try:
            await asyncio.gather(*phones)
        finally:
            done.set()
            await asyncio.gather(*floors)
    return run


def enter_night(database: Database) -> NightRun:
    """Serve the night on a free port of 127.0.0.1 and let every phone loose on it."""
    server = NightServer(database, NightSettings(SEASON, 1, port=0, limits=UNLIMITED))
    server.start()
    try:
        assert server.links is not None
        return asyncio.run(_night(f"http://127.0.0.1:{server.port}", server.links))
    finally:
        server.stop()


def p99(seconds: list[float]) -> float:
    return statistics.quantiles(seconds, n=100, method="inclusive")[98]


def bench_night() -> None:
    from benchmarks.timing import report  # noqa: PLC0415

    with tempfile.TemporaryDirectory() as folder:
        database = league_night(Path(folder) / "night.sqlite3")
        try:
            run = enter_night(database)
        finally:
            database.close()
    hands = sum(len(acknowledged) for acknowledged in run.acknowledged.values())
    report(
        f"league night p99, {TABLES} tables x {PHONES} phones ({hands} hands, "
        f"{run.conflicts} 409s, {run.replays} retries, {run.busy} 503s)",
        p99(run.hand_seconds),
        p99(run.floor_seconds),
        "p99 of an unknown link's 404 under the same load",
        "under 2x: queueing for the one database, not the recorder, sets the time",
    )
