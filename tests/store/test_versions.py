"""Two stations on one game: every write names the version it was based on, and a stale
write changes nothing, reloads, and says in table words what the other station did."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from clabber_league.rules import GameError, WrittenHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.errors import StaleGameError, StoreError
from clabber_league.store.games import DatabaseRecorder, create_game, open_game
from clabber_league.store.league import ENTERED, schedule, set_match_status
from clabber_league.store.matches import open_match_game, start_match_game
from clabber_league.store.models import CorrectionEntry, Fixture, StoredGame
from tests.store.helpers import count, made, match_line, stored_hands
from tests.store.test_league import spring

SIDES = ["Eagles", "Owls"]


def w(makers: str, a: str, b: str) -> WrittenHand:
    return WrittenHand(makers, {"A": a, "B": b})


@pytest.fixture
def stations(
    database: Database, database_path: Path
) -> Iterator[tuple[DatabaseRecorder, DatabaseRecorder]]:
    """One friendly game open at two stations, each with its own connection."""
    first = create_game(database, rule_set(), SIDES)
    other = Database.open(str(database_path))
    yield first, open_game(other, first.id)
    other.close()


def test_a_new_game_is_version_0_and_every_change_counts_one(database: Database) -> None:
    recorder = create_game(database, rule_set(), SIDES)
    assert (recorder.version, recorder.match_version) == (0, None)
    recorder.record(made("A"))
    recorder.record(made("B"))
    recorder.replace(1, made("B"))
    recorder.delete(2)
    recorder.insert(2, made("A"))
    recorder.seat({"A1": "Ann"})
    assert recorder.version == 6
    assert open_game(database, recorder.id).version == 6


def test_a_refused_hand_counts_nothing(database: Database) -> None:
    recorder = create_game(database, rule_set(), SIDES)
    with pytest.raises(GameError):
        recorder.record(made("A", 161))
    assert recorder.version == 0
    assert open_game(database, recorder.id).version == 0


def test_the_second_writer_is_told_and_shown_the_first_ones_hand(
    database: Database, stations: tuple[DatabaseRecorder, DatabaseRecorder]
) -> None:
    first, second = stations
    second.record(made("B", 100))
    with pytest.raises(StaleGameError) as stale:
        first.record(made("A", 92))
    assert str(stale.value) == (
        "Another station recorded hand 1 to Eagles v Owls a moment ago — "
        "the sheet has been reloaded"
    )
    assert (stale.value.version, stale.value.match_version) == (1, None)
    # Nothing of the stale write is stored; the first station now shows hand 1 of the second.
    assert [hand.makers for hand in stored_hands(database, first.id)] == ["B"]
    assert count(database, CorrectionEntry) == 0
    assert first.game.totals == second.game.totals == {"A": 62, "B": 100}
    assert first.version == 1
    first.record(made("A", 92))  # reloaded, the first station carries on as hand 2
    assert [hand.makers for hand in stored_hands(database, first.id)] == ["B", "A"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r.record(made("A")), "recorded hand 3"),
        (lambda r: [r.record(made("A")), r.record(made("B"))], "recorded hands 3–4"),
        (lambda r: r.replace(2, made("A", 130)), "corrected hand 2"),
        (lambda r: r.delete(1), "deleted hand 1"),
        (lambda r: r.insert(1, made("B", 100)), "put hand 1 back in"),
        (
            lambda r: [r.replace(1, made("B")), r.replace(2, made("A"))],
            "changed the hands from hand 1 on",
        ),
        (lambda r: r.seat({"A1": "Ann"}), "changed the game (its seats or its match)"),
    ],
    ids=["recorded", "recorded-two", "corrected", "deleted", "put-back", "several", "seated"],
)
def test_the_message_says_what_the_other_station_did(
    stations: tuple[DatabaseRecorder, DatabaseRecorder], change: object, words: str
) -> None:
    first, second = stations
    first.record(made("A"))
    first.record(made("B"))
    second.reload()
    assert callable(change)
    change(second)
    before = first.game.entries
    with pytest.raises(StaleGameError, match="^" + re.escape(f"Another station {words} to ")):
        first.delete(2)
    assert first.game.entries == second.game.entries != before or words.startswith("changed")


def test_every_kind_of_write_checks_the_version(
    stations: tuple[DatabaseRecorder, DatabaseRecorder],
) -> None:
    first, second = stations
    first.record(made("A"))
    second.reload()
    writes: list[Callable[[], object]] = [
        lambda: second.record(made("A")),
        lambda: second.replace(1, made("B")),
        lambda: second.delete(1),
        lambda: second.insert(1, made("B")),
        lambda: second.seat({"B1": "Cat"}),
    ]
    for write in writes:
        if len(first.game.rows) < 3:
            first.record(made("B"))
        else:
            first.delete(3)
        with pytest.raises(StaleGameError):
            write()
        assert second.version == first.version  # reloaded each time


def test_a_game_no_longer_stored_is_said_plainly(database: Database) -> None:
    recorder = create_game(database, rule_set(), SIDES)
    with database.session() as session:
        session.delete(session.get(StoredGame, recorder.id))
        session.commit()
    with pytest.raises(StoreError, match=f"there is no game {recorder.id} in "):
        recorder.record(made("A"))


# -------------------------------------------------------------------- matches
def first_match(database: Database) -> int:
    return next(m.id for m in schedule(database, "Spring") if m.away is not None)


def match_version(database: Database, match_id: int) -> int:
    with database.session() as session:
        fixture = session.get(Fixture, match_id)
        assert fixture is not None
        return fixture.version


def test_a_games_writes_count_up_its_match(database: Database) -> None:
    spring(database)
    match_id = first_match(database)
    assert match_version(database, match_id) == 0
    recorder = open_match_game(database, match_id)
    assert (recorder.version, recorder.match_version) == (0, 1)  # starting game 1 counted
    recorder.record(w("A", "92", "70"))
    assert (recorder.version, recorder.match_version) == (1, 2)
    assert match_version(database, match_id) == 2
    set_match_status(database, match_id, "postponed")
    set_match_status(database, match_id, "scheduled")
    assert match_version(database, match_id) == 4


def test_a_stale_match_version_changes_nothing(database: Database) -> None:
    spring(database)
    match_id = first_match(database)
    recorder = open_match_game(database, match_id)
    with pytest.raises(StaleGameError) as stale:
        recorder.record(w("A", "92", "70"), expected_match_version=0)
    assert stale.value.match_version == 1
    assert str(stale.value).startswith("Another station changed the game (its seats or its match)")
    assert " at table 1 (" in str(stale.value)
    assert stored_hands(database, recorder.id) == []
    assert match_version(database, match_id) == 1


def test_key_in_at_two_stations_opens_the_same_game(
    database: Database, database_path: Path
) -> None:
    spring(database, games_per_match=2)
    match_id = first_match(database)
    other = Database.open(str(database_path))
    try:
        here, there = open_match_game(database, match_id), open_match_game(other, match_id)
    finally:
        other.close()
    assert here.id == there.id
    assert match_line(database, match_id).game_ids == (here.id,)


def test_a_match_never_takes_more_games_than_the_season_plays(database: Database) -> None:
    spring(database, games_per_match=2)
    match_id = first_match(database)
    games = [start_match_game(database, match_id), start_match_game(database, match_id)]
    with pytest.raises(StoreError, match="this match already has its 2 games; nothing was started"):
        start_match_game(database, match_id)
    assert match_line(database, match_id).game_ids == tuple(game.id for game in games)
    with database.session() as session:
        numbers = [session.get(StoredGame, game.id).game_no for game in games]  # type: ignore[union-attr]
    assert numbers == [1, 2]


def test_key_in_of_a_finished_match_opens_its_last_game(database: Database) -> None:
    spring(database)
    match_id = first_match(database)
    recorder = open_match_game(database, match_id)
    for _ in range(4):
        recorder.record(w("A", "162", "-"))
    assert recorder.game.finished
    assert open_match_game(database, match_id).id == recorder.id
    assert match_line(database, match_id).state == ENTERED
