"""Stored games for printing, read in bulk: the same games, seats and correction logs as
opening each game on its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from clabber_league.rules import PlayedHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import create_game, open_game, stored_sheets
from clabber_league.store.imports import import_game
from tests.store.helpers import EXAMPLE_FILES, load


def test_bulk_sheets_are_the_games_as_opened_one_by_one(tmp_path: Path) -> None:
    database = Database.open(str(tmp_path / "league.sqlite3"))
    ids = [import_game(database, load(path)) for path in EXAMPLE_FILES]
    recorder = create_game(database, rule_set(), ["Eagles", "Owls"], players={"A1": "Ann"})
    recorder.record(PlayedHand("A", {"A": 92}))
    recorder.replace(1, PlayedHand("B", {"B": 92}))
    ids.append(recorder.id)
    sheets = stored_sheets(database, list(reversed(ids)))
    assert list(sheets) == list(reversed(ids))
    for game_id in ids:
        one = open_game(database, game_id)
        sheet = sheets[game_id]
        assert sheet.game().rows == one.game.rows
        assert sheet.players == one.players
        assert sheet.corrections == one.corrections()
    assert len(sheets[recorder.id].corrections) == 1
    with pytest.raises(StoreError, match="game 999 is no longer in"):
        stored_sheets(database, [ids[0], 999])
    database.close()
