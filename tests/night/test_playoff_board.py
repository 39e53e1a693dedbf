"""A playoff night (a week holding playoff matches): the board gives the bracket beside the
tables, and a playoff table plays its own number of games."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from clabber_league.night.app import create_app
from clabber_league.night.links import night_links
from clabber_league.night.service import NightService
from clabber_league.store.database import Database
from clabber_league.store.knockout import create_knockout, knockout_bracket
from clabber_league.store.playoffs import bracket_document, create_playoffs, playoff_bracket
from tests.night.helpers import SEASON, WEEK
from tests.store.test_knockout import entries, play

BASE = "http://127.0.0.1:8717"
PLAYOFF_WEEK = 4  # after the three weeks of four teams' round robin


def board_of(database: Database, week: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The board's document and the first table's, for the week's night."""
    links = night_links(database, season=SEASON, week=week, base=BASE)
    service = NightService(database, SEASON, week, None)
    with TestClient(create_app(service), base_url="http://127.0.0.1") as client:
        board = client.get(f"/api/board/{links.board.token}").json()
        table = client.get(f"/api/t/{links.tables[0].token}").json()
    return board, table


def test_the_board_shows_the_bracket_on_a_playoff_night(database: Database) -> None:
    create_playoffs(database, season=SEASON, teams=4, games_per_match=2, force=True)
    board, table = board_of(database, PLAYOFF_WEEK)
    assert board["playoffs"] == bracket_document(playoff_bracket(database, SEASON))
    assert table["games_per_match"] == 2
    assert [len(stage["matches"]) for stage in board["playoffs"]["rounds"]] == [2, 0]
    assert len(board["tables"]) == 2


def test_no_bracket_on_a_regular_night(database: Database) -> None:
    create_playoffs(database, season=SEASON, teams=4, force=True)
    board, table = board_of(database, WEEK)
    assert board["playoffs"] is None
    assert table["games_per_match"] == 1


def test_a_double_knockout_s_board_gives_both_brackets(database: Database) -> None:
    """A knockout is a season of its own; on its second night the board gives the winners'
    final and the losers' first round, with the finals still to come."""
    create_knockout(database, name="Cup", teams=entries(4), double=True)
    for match in knockout_bracket(database, "Cup").rounds[0]:
        play(database, match.match_id, True)
    links = night_links(database, season="Cup", week=2, base=BASE)
    service = NightService(database, "Cup", 2, None)
    with TestClient(create_app(service), base_url="http://127.0.0.1") as client:
        board = client.get(f"/api/board/{links.board.token}").json()
    shown = board["playoffs"]
    assert shown == bracket_document(knockout_bracket(database, "Cup"))
    assert shown["double_elimination"] is True
    assert [len(stage["matches"]) for stage in shown["rounds"]] == [2, 1]
    assert [len(stage["matches"]) for stage in shown["losers_rounds"]] == [1, 0]
    assert (shown["finals"], len(board["tables"])) == ([], 2)
