"""The light first look at the database: the last game as the store would open it, and
nothing at all (so the store opens the file first and says why) at the first surprise."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from clabber_league.rules import PlayedHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import create_game, open_game
from clabber_league.store.glance import GlancedGame, take_glance
from clabber_league.store.imports import import_game
from tests.store.helpers import EXAMPLE_FILES, damage, load


@pytest.fixture
def stored(tmp_path: Path) -> tuple[Path, int]:
    """A database with one imported game; its path and the game's id."""
    path = tmp_path / "league.sqlite3"
    database = Database.open(str(path))
    game_id = import_game(database, load(EXAMPLE_FILES[0]))
    database.close()
    return path, game_id


def test_the_last_game_is_read_as_the_store_opens_it(stored: tuple[Path, int]) -> None:
    path, game_id = stored
    glance = take_glance(str(path), game_id)
    assert glance is not None
    assert glance.game is not None
    database = Database.open(str(path))
    try:
        recorder = open_game(database, game_id)
    finally:
        database.close()
    assert glance.game.id == game_id
    assert glance.game.game.rows == recorder.game.rows
    assert glance.game.game.sides == recorder.game.sides
    assert glance.game.players == recorder.players
    assert glance.game.paper_copy == recorder.paper_copy


def test_who_sat_and_the_entry_mode_are_read_too(tmp_path: Path) -> None:
    path = tmp_path / "league.sqlite3"
    database = Database.open(str(path))
    recorder = create_game(
        database, rule_set(), ["Eagles", "Owls"], players={"A1": "Ann", "B2": "Bo"}
    )
    recorder.set_paper_copy(True)
    recorder.record(PlayedHand("A", {"A": 92}))
    database.close()
    glance = take_glance(str(path), recorder.id)
    assert glance is not None
    assert glance.game is not None
    assert glance.game.players == {"A1": "Ann", "B2": "Bo"}
    assert glance.game.paper_copy
    assert len(glance.game.game.rows) == 1


def test_the_look_writes_nothing(stored: tuple[Path, int]) -> None:
    path, game_id = stored
    before = path.read_bytes()
    names = sorted(p.name for p in path.parent.iterdir())
    take_glance(str(path), game_id)
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == names


def test_a_glanced_game_refuses_every_change(stored: tuple[Path, int]) -> None:
    path, game_id = stored
    glance = take_glance(str(path), game_id)
    assert glance is not None
    assert isinstance(glance.game, GlancedGame)
    game = glance.game
    rows = list(game.game.rows)
    hand = PlayedHand("A", {"A": 92})
    for change in (
        lambda: game.record(hand),
        lambda: game.replace(1, hand),
        lambda: game.delete(1),
        lambda: game.insert(1, hand),
        lambda: game.set_paper_copy(True),
        game.corrections,
    ):
        with pytest.raises(StoreError, match="still being checked"):
            change()
    assert list(game.game.rows) == rows


@pytest.mark.parametrize("game_id", [None, 999, 2**70])
def test_no_last_game_or_a_gone_one_shows_nothing(
    stored: tuple[Path, int], game_id: int | None
) -> None:
    path, _ = stored
    glance = take_glance(str(path), game_id)
    assert glance is not None
    assert glance.game is None


def test_a_missing_file_is_left_to_the_store_to_make(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    glance = take_glance(str(path), 1)
    assert glance is not None
    assert glance.game is None
    assert not path.exists()


def test_a_server_database_is_not_looked_at() -> None:
    glance = take_glance("postgresql+psycopg://nobody@127.0.0.1:1/none", 1)
    assert glance is not None
    assert glance.game is None


def newer(path: Path) -> None:
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA user_version = 99")


def not_ours(path: Path) -> None:
    path.unlink()
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("CREATE TABLE notes (x)")


def garbage(path: Path) -> None:
    path.write_bytes(b"not a database at all " * 100)


def no_hands_table(path: Path) -> None:
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("DROP TABLE correction")
        connection.execute("DROP TABLE hand")


@pytest.mark.parametrize("spoil", [newer, not_ours, garbage, damage, no_hands_table])
def test_a_file_with_anything_wrong_is_left_to_the_store(
    stored: tuple[Path, int], spoil: object
) -> None:
    path, game_id = stored
    assert callable(spoil)
    spoil(path)
    assert take_glance(str(path), game_id) is None


def test_a_folder_is_left_to_the_store(tmp_path: Path) -> None:
    assert take_glance(str(tmp_path), 1) is None
