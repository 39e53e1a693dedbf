"""A whole progressive tournament played on league night: sixteen players, four rounds
of four hands, each round served on 127.0.0.1 and every table's sheet kept by two
simulated phones over HTTP, taking turns and each only as up to date as its own last
answer (so one of them is often behind: 409, a reload, the hand sent again). One hand
is sent twice under one request id, as a phone that lost the answer sends it.

The final standings, from the board's JSON and from the store, must equal a recount the
long way: each player's points summed hand by hand from the rules engine's scores of
the very hands the phones sent, at the seats the planned movement gave them, ranked by
points, then games won, then the best single round (docs/tournaments.md) — never
through ``tournament_standings``.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from clabber_league.gamesheet import read_hand
from clabber_league.league.movement import plan_movement
from clabber_league.night.links import TableLink
from clabber_league.night.server import NightServer
from clabber_league.rules import Game, rule_set
from clabber_league.store.database import Database
from clabber_league.store.tournaments import find_tournament, tournament_standings
from tests.night.tournament_night import (
    HANDS,
    NAME,
    PLAYERS,
    ROUNDS,
    SEED,
    round_hands,
    round_night,
    tournament_database,
)

#: More hands than a round takes: the phones stop when the sheet has its W.
SPARE = 3


class Phone:
    """A phone at a table: it knows the version of its own last answer, no newer."""

    def __init__(self, base: str, token: str, name: str) -> None:
        self.api = f"{base}/api/t/{token}"
        self.name = name
        self.version = 0
        self.sent = 0
        self.reload()

    def reload(self) -> dict[str, Any]:
        table: dict[str, Any] = httpx.get(self.api).json()
        self.version = int(table["version"])
        return table

    def post(
        self, what: str, body: dict[str, Any], request_id: str | None = None
    ) -> httpx.Response:
        if request_id is None:
            self.sent += 1
            request_id = f"{self.name}-{self.sent}"
        return httpx.post(
            f"{self.api}/{what}", json={"id": request_id, "version": self.version, **body}
        )


@dataclass
class Played:
    """What the phones were told was stored, table by table, and how often they met a
    newer sheet than theirs."""

    hands: dict[tuple[int, int], list[dict[str, Any]]] = field(default_factory=dict)
    conflicts: int = 0
    replayed: int = 0


def send(phone: Phone, what: str, body: dict[str, Any], played: Played) -> dict[str, Any]:
    """Send until stored: a phone behind gets 409 with the version now, reloads, and
    sends again (a bounded number of times: the other phone sends nothing meanwhile)."""
    for _attempt in range(2):
        answer = phone.post(what, body)
        if answer.status_code == 409:
            played.conflicts += 1
            assert answer.json()["version"] > phone.version
            phone.reload()
            continue
        assert answer.status_code == 201, answer.text
        document: dict[str, Any] = answer.json()
        phone.version = int(document["version"])
        return document
    raise AssertionError(f"{phone.name} never got its change stored")


def play_table(
    server: NightServer, round_no: int, link: TableLink, chance: random.Random, played: Played
) -> None:
    base = f"http://127.0.0.1:{server.port}"
    table = link.table
    phones = [Phone(base, link.token, f"r{round_no}t{table}-{side}") for side in "NE"]
    send(phones[0], "games", {}, played)
    stored: list[dict[str, Any]] = []
    for number, hand in enumerate(round_hands(chance, HANDS + SPARE), start=1):
        phone = phones[number % 2]  # turns: the other phone's answer moved the version on
        document = send(phone, "hands", {"hand": hand}, played)
        stored.append(hand)
        assert document["n"] == len(stored)
        if round_no == 1 and table == 1 and number == 2:
            again(phone, hand, document, played)
        if document["sheet"]["finished"]:
            break
    else:
        raise AssertionError(f"round {round_no}, table {table} never ended")
    # The round is over: another hand is refused, and nothing is stored.
    late = phones[0]
    late.reload()
    refused = late.post("hands", {"hand": {"makers": "A", "tricks": {"A": 100}}})
    assert refused.status_code == 422
    assert len(late.reload()["games"][0]["hands"]) == len(stored)
    played.hands[(round_no, table)] = stored


def again(phone: Phone, hand: dict[str, Any], document: dict[str, Any], played: Played) -> None:
    """The same hand under the same request id (the answer was lost on its way): 200 and
    the very same answer, and no second hand."""
    repeat = httpx.post(
        f"{phone.api}/hands",
        json={"id": f"{phone.name}-{phone.sent}", "version": document["version"] - 1, "hand": hand},
    )
    assert repeat.status_code == 200
    assert repeat.json() == document
    assert len(phone.reload()["games"][0]["hands"]) == document["n"]
    played.replayed += 1


@dataclass(frozen=True)
class Line:
    player: str
    points: int
    wins: int
    rank: int


def recount(played: Played) -> list[Line]:
    """The standings the long way: each hand's scores from the rules engine, summed per
    side, given to the side's two players at the planned seats; a side with more
    points than the other after the round's last hand wins it; ranked by points, then
    wins, then the best round, level players sharing a rank."""
    movement = plan_movement(PLAYERS, ROUNDS, seed=SEED)
    assert all(not found.byes for found in movement.rounds)  # 16 players: nobody sits out
    rules = rule_set("evansville", {"hands_per_game": HANDS})
    points: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    best: dict[str, int] = defaultdict(int)
    for found in movement.rounds:
        for table in found.tables:
            hands = [read_hand(hand) for hand in played.hands[(found.round, table.table)]]
            game = Game(rules, ["North–South", "East–West"], entries=hands)
            assert game.finished
            assert len(hands) <= HANDS
            assert len(hands) == HANDS or max(game.totals.values()) >= rules.options.target
            sums = {code: sum(row.result.scores[code] for row in game.rows) for code in "AB"}
            for code, side in zip("AB", table.sides, strict=True):
                other = "B" if code == "A" else "A"
                for player in side:
                    points[player] += sums[code]
                    wins[player] += int(sums[code] > sums[other])
                    best[player] = max(best[player], sums[code])

    def key(player: str) -> tuple[int, int, int]:
        return (-points[player], -wins[player], -best[player])

    ordered = sorted(PLAYERS, key=lambda player: (key(player), player))
    lines: list[Line] = []
    for place, player in enumerate(ordered, start=1):
        level = lines and key(lines[-1].player) == key(player)
        rank = lines[-1].rank if level else place
        lines.append(Line(player, points[player], wins[player], rank))
    return lines


def test_a_whole_tournament_played_by_phones_ranks_as_the_long_recount(tmp_path: Path) -> None:
    database: Database = tournament_database(tmp_path / "pairs.sqlite3")
    chance = random.Random(28)
    played = Played()
    try:
        board: dict[str, Any] = {}
        for round_no in range(1, ROUNDS + 1):
            with round_night(database, round_no) as server:
                assert server.links is not None
                assert server.links.tournament == NAME
                for link in server.links.tables:
                    play_table(server, round_no, link, chance, played)
                board = httpx.get(
                    f"http://127.0.0.1:{server.port}/api/board/{server.links.board.token}"
                ).json()
        assert len(played.hands) == ROUNDS * len(PLAYERS) // 4
        assert played.conflicts > 0  # the phones did meet each other's hands
        assert played.replayed == 1
        expected = recount(played)
        tournament = board["tournament"]
        assert (tournament["round"], tournament["rounds"], tournament["over"]) == (4, 4, True)
        assert [Line(**row) for row in tournament["standings"]] == expected
        with database.session() as session:
            row = find_tournament(session, NAME)
            assert row.id is not None
            stored = tournament_standings(session=session, tournament_id=row.id)
        assert [Line(line.player, line.points, line.wins, line.rank) for line in stored] == expected
    finally:
        database.close()
