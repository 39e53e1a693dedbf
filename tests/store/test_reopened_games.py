"""A game with its W is closed: its hands change only after it is reopened, and the
reopening is stored with the game and written in its correction log — on SQLite and on
PostgreSQL alike (the latter when ``CLABBER_LEAGUE_TEST_PG`` names a server)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from clabber_league.correction_log import correction_line, net_corrections
from clabber_league.recording import GameClosedError, MemoryRecorder
from clabber_league.rules import Game, GameError, rule_set
from clabber_league.store.changes import ChangeWatcher
from clabber_league.store.database import Database
from clabber_league.store.errors import StaleGameError
from clabber_league.store.games import DatabaseRecorder, create_game, open_game
from clabber_league.store.models import StoredGame
from tests.store.helpers import SERVER, made, server_database

SIDES = ["Eagles", "Owls"]
CLOSED_WORDS = "the game is over: reopen it to correct a hand"


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    if request.param == "sqlite":
        opened = Database.open(str(tmp_path / "league.db"))
        try:
            yield opened
        finally:
            opened.close()
        return
    if not SERVER:
        pytest.skip("no PostgreSQL server (CLABBER_LEAGUE_TEST_PG)")
    with server_database() as url:
        opened = Database.open(url)
        try:
            yield opened
        finally:
            opened.close()


def finished_game(database: Database) -> DatabaseRecorder:
    recorder = create_game(database, rule_set(), SIDES)
    while not recorder.game.finished:
        recorder.record(made("A"))
    return recorder


def stored_flag(database: Database, game_id: int) -> bool:
    with database.session() as session:
        stored = session.get(StoredGame, game_id)
        assert stored is not None
        return stored.reopened


def test_a_finished_game_refuses_every_change_to_its_hands(any_database: Database) -> None:
    recorder = finished_game(any_database)
    last = len(recorder.game.rows)
    version = recorder.version
    assert recorder.closed
    for change in (
        lambda: recorder.delete(last),
        lambda: recorder.replace(1, made("B")),
        lambda: recorder.insert(1, made("B")),
    ):
        with pytest.raises(GameClosedError) as refused:
            change()
        assert refused.value.messages == (CLOSED_WORDS,)
    assert recorder.version == version
    assert open_game(any_database, recorder.id).game.totals == recorder.game.totals
    assert recorder.corrections() == []


def test_reopening_is_stored_and_logged_for_every_station(any_database: Database) -> None:
    recorder = finished_game(any_database)
    other = open_game(any_database, recorder.id)
    version = recorder.version
    recorder.reopen()
    assert not recorder.closed
    assert recorder.version == version + 1  # a change every station reloads for
    assert stored_flag(any_database, recorder.id)
    assert not open_game(any_database, recorder.id).closed
    (entry,) = recorder.corrections()
    assert entry.reopening
    assert correction_line(recorder.game, entry, when="21:14") == "Game reopened, 21:14"
    # A station that had not seen the reopening is behind, like any other change.
    with pytest.raises(StaleGameError):
        other.reopen()
    assert not other.closed  # it reloaded the game as stored


def test_a_reopened_game_is_corrected_and_closes_again_with_its_w(
    any_database: Database,
) -> None:
    recorder = finished_game(any_database)
    last = len(recorder.game.rows)
    recorder.reopen()
    recorder.replace(1, made("A", 100))
    assert not recorder.closed  # still open: several hands may need correcting
    winning = recorder.delete(last)
    assert not recorder.game.finished
    assert open_game(any_database, recorder.id).game.winner is None
    recorder.insert(last, winning)
    assert recorder.closed
    assert not stored_flag(any_database, recorder.id)
    with pytest.raises(GameClosedError):
        recorder.delete(last)
    kinds = [(entry.n, entry.reopening) for entry in recorder.corrections()]
    assert kinds == [(0, True), (1, False), (last, False), (last, False)]


def test_the_w_recorded_again_closes_the_game(any_database: Database) -> None:
    recorder = finished_game(any_database)
    recorder.reopen()
    recorder.delete(len(recorder.game.rows))
    recorder.record(made("A"))
    assert recorder.game.finished
    assert recorder.closed
    assert open_game(any_database, recorder.id).closed


def test_only_a_closed_game_is_reopened(any_database: Database) -> None:
    going = create_game(any_database, rule_set(), SIDES)
    with pytest.raises(GameError) as refused:
        going.reopen()
    assert refused.value.messages == ("the game is not over: there is nothing to reopen",)
    recorder = finished_game(any_database)
    recorder.reopen()
    with pytest.raises(GameError) as again:
        recorder.reopen()
    assert again.value.messages == ("the game is already reopened for corrections",)
    assert len(recorder.corrections()) == 1


def test_two_reopenings_in_the_log_are_both_kept() -> None:
    """An undo and its redo cancel out of the log; two reopenings never do."""
    game = Game(rule_set(), SIDES)
    recorder = MemoryRecorder(game)
    while not game.finished:
        recorder.record(made("A"))
    last = len(game.rows)
    recorder.reopen()
    winning = recorder.delete(last)
    recorder.insert(last, winning)
    assert recorder.closed
    recorder.reopen()
    kept = net_corrections(recorder.corrections())
    assert [entry.reopening for entry in kept] == [True, True]


def test_a_reopening_moves_the_games_counter_and_not_the_results(any_database: Database) -> None:
    """Every view hears it through the one change signal (the game's update trigger);
    the standings, which it does not move, are not read again for it."""
    recorder = finished_game(any_database)
    watcher = ChangeWatcher(any_database)
    recorder.reopen()
    moved = watcher.poll()
    assert moved.games
    assert not moved.results
