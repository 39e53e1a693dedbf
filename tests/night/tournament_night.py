"""A progressive tournament played on league night: sixteen players, four rounds of four
hands, each round served as a night and its tables played through the service's own API
(``screenshots.Api``), as the phones would. The tests and the screenshots share it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from clabber_league.night.server import NightServer, NightSettings
from clabber_league.store.database import Database
from clabber_league.store.tournaments import create_tournament
from tests.night.screenshots import Api

NAME = "Spring Pairs"
PLAYERS = [
    "Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal",
    "Ida", "Jo", "Kit", "Lou", "Max", "Ned", "Oda", "Pat",
]  # fmt: skip
ROUNDS = 4
HANDS = 4
SEED = 5


def tournament_database(path: Path, players: list[str] | None = None) -> Database:
    """A database holding only the tournament: ``ROUNDS`` rounds of ``HANDS`` hands."""
    database = Database.open(str(path))
    create_tournament(
        database,
        name=NAME,
        players=players or PLAYERS,
        rounds=ROUNDS,
        seed=SEED,
        hands_per_round=HANDS,
    )
    return database


@contextmanager
def round_night(database: Database, number: int) -> Iterator[NightServer]:
    """Round ``number`` served on 127.0.0.1 (its links made), stopped afterwards."""
    night = NightServer(database, NightSettings(NAME, number, host="127.0.0.1", port=0))
    night.start()
    try:
        yield night
    finally:
        night.stop()


def round_hands(chance: random.Random, count: int = HANDS) -> list[dict[str, Any]]:
    """``count`` hands as a phone sends them (clabber-game/1): made, set, a meld, the
    bell, all passed now and then, so the totals differ from table to table."""
    hands: list[dict[str, Any]] = []
    for _ in range(count):
        if chance.random() < 0.1:
            hands.append({"passed": True})
            continue
        makers = chance.choice("AB")
        hand: dict[str, Any] = {
            "makers": makers,
            "tricks": {makers: chance.choice([62, 70, 81, 92, 100, 122, 150, 162])},
        }
        if chance.random() < 0.3:
            hand["melds"] = {makers: chance.choice([20, 50, 100])}
        if chance.random() < 0.1:
            hand["bell"] = makers
        hands.append(hand)
    return hands


def play_out(api: Api, token: str, chance: random.Random) -> None:
    """The table's game started and played to its W (its last hand, or the target)."""
    api.post(token, "games", {"version": api.version(token)})
    finish(api, token, chance)


def finish(api: Api, token: str, chance: random.Random) -> dict[str, Any]:
    """Hands until the game under way has its W; its sheet then."""
    while True:
        sheet: dict[str, Any] = httpx.get(f"{api.base}/api/t/{token}").json()["games"][-1]
        if sheet["finished"]:
            return sheet
        api.post(token, "hands", {"version": api.version(token), "hand": round_hands(chance, 1)[0]})
