"""A tournament's round on league night, in its JSON: the board's ``tournament`` object
(the round, its sit-outs, the players' standings moving as games finish), the table's
(where its players sit next round), the command line's ``--round`` and the cards naming
the tournament and the round. A league night has no ``tournament`` at all."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from clabber_league.cli import main
from clabber_league.league.movement import Movement, plan_movement
from clabber_league.night.cards import table_cards_data
from clabber_league.night.server import NightServer, NightSettings
from clabber_league.store.database import Database
from tests.night.helpers import SEASON, WEEK
from tests.night.screenshots import Api, play
from tests.night.tournament_night import (
    NAME,
    PLAYERS,
    ROUNDS,
    SEED,
    finish,
    round_hands,
    round_night,
    tournament_database,
)

#: Seventeen players: one sits out each round.
SEVENTEEN = [*PLAYERS, "Quinn"]
#: Fields every board had before tournaments (TABLE_API.md): kept, whatever the night.
BOARD_FIELDS = {"format", "league", "season", "week", "tables", "standings", "playoffs"}


@pytest.fixture
def seventeen(tmp_path: Path) -> Iterator[Database]:
    database = tournament_database(tmp_path / "seventeen.sqlite3", SEVENTEEN)
    yield database
    database.close()


def movement() -> Movement:
    return plan_movement(SEVENTEEN, ROUNDS, seed=SEED)


def board_of(server: NightServer) -> dict[str, Any]:
    assert server.links is not None
    url = f"http://127.0.0.1:{server.port}/api/board/{server.links.board.token}"
    answer: dict[str, Any] = httpx.get(url).json()
    return answer


def table_of(server: NightServer, index: int) -> dict[str, Any]:
    assert server.links is not None
    url = f"http://127.0.0.1:{server.port}/api/t/{server.links.tables[index].token}"
    answer: dict[str, Any] = httpx.get(url).json()
    return answer


def test_the_board_names_the_round_its_sit_outs_and_every_player_at_nought(
    seventeen: Database,
) -> None:
    planned = movement().rounds[1]
    with round_night(seventeen, 2) as server:
        board = board_of(server)
    assert set(board) == BOARD_FIELDS | {"tournament"}
    assert board["tournament"] == {
        "name": NAME,
        "round": 2,
        "rounds": ROUNDS,
        "byes": list(planned.byes),
        "over": False,
        "standings": [
            {"player": player, "points": 0, "wins": 0, "rank": 1} for player in sorted(SEVENTEEN)
        ],
    }
    assert len(planned.byes) == 1
    assert [table["sides"] for table in board["tables"]] == [
        [" & ".join(side) for side in table.sides] for table in planned.tables
    ]


def test_a_finished_game_moves_its_players_and_the_sit_out_scores_the_average(
    seventeen: Database,
) -> None:
    planned = movement().rounds[0]
    with round_night(seventeen, 1) as server:
        assert server.links is not None
        api = Api(server)
        first = server.links.tables[0]
        play(api, first.token, round_hands(random.Random(1), 2))
        halfway = board_of(server)["tournament"]["standings"]
        sheet = finish(api, first.token, random.Random(2))
        standings = board_of(server)["tournament"]["standings"]
    assert {row["points"] for row in halfway} == {0}  # a game under way counts nothing yet
    totals = sheet["totals"]
    scored = {row["player"]: (row["points"], row["wins"]) for row in standings}
    for code, side in zip("AB", planned.tables[0].sides, strict=True):
        for player in side:
            assert scored[player] == (totals[code], int(sheet["winner"] == code))
    # Both sides' totals, each counted twice (once a partner): the same mean.
    (bye,) = planned.byes
    assert scored[bye] == ((totals["A"] + totals["B"] + 1) // 2, 0)
    assert [row["rank"] for row in standings] == sorted(row["rank"] for row in standings)


def test_the_table_says_where_its_players_sit_next_round_and_nothing_after_the_last(
    seventeen: Database,
) -> None:
    rounds = movement().rounds
    with round_night(seventeen, 1) as server:
        found = table_of(server, 1)["tournament"]
    assert (found["name"], found["round"], found["rounds"]) == (NAME, 1, ROUNDS)
    seated = [player for _, player in rounds[0].tables[1].seated()]
    assert [place["player"] for place in found["next"]] == seated
    for place in found["next"]:
        if place.get("bye"):
            assert place["player"] in rounds[1].byes
            continue
        table = rounds[1].tables[place["table"] - 1]
        assert (place["seat"], place["player"]) in set(table.seated())
        mine, theirs = table.sides if place["player"] in table.sides[0] else table.sides[::-1]
        assert place["partner"] in mine
        assert place["partner"] != place["player"]
        assert place["against"] == list(theirs)
    with round_night(seventeen, ROUNDS) as server:
        assert table_of(server, 0)["tournament"]["next"] is None


def test_a_league_night_has_no_tournament(database: Database) -> None:
    night = NightServer(database, NightSettings(SEASON, WEEK, host="127.0.0.1", port=0))
    night.start()
    try:
        assert board_of(night)["tournament"] is None
        assert table_of(night, 0)["tournament"] is None
    finally:
        night.stop()


def test_the_cards_name_the_tournament_and_the_round(seventeen: Database) -> None:
    with round_night(seventeen, 3) as server:
        assert server.links is not None
        data = table_cards_data(server.links, season=NAME, week=3)
        first = server.links.tables[0]
    assert data.title == f"{NAME} — round 3: table cards"
    assert data.cards[0].detail == f"{NAME} · round 3 · match {first.match}"
    assert data.cards[-1].detail == f"{NAME} · round 3"


def test_the_night_commands_take_the_tournament_and_its_round(
    seventeen: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--db", str(tmp_path / "seventeen.sqlite3"), "--season", NAME.lower()]
    assert main(["night", "tables", *argv, "--round", "2", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    sides = [row["sides"] for row in listed if not row.get("board")]
    assert sides == [
        [" & ".join(side) for side in table.sides] for table in movement().rounds[1].tables
    ]
    assert main(["night", "tables", *argv, "--week", "2", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == listed


def test_a_round_the_tournament_has_not_is_said_in_its_words(
    seventeen: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--db", str(tmp_path / "seventeen.sqlite3"), "--season", NAME, "--round", "9"]
    assert main(["night", "tables", *argv]) == 2
    assert f"{NAME} has no round 9: its rounds are 1 to {ROUNDS}" in capsys.readouterr().err
