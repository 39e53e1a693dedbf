"""The season's hands for CSV, from the stored figures: exactly what re-scoring each game
would print (``gamesheet.sheet_document``), for every kind of hand and game."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from clabber_league.gamesheet import game_spec, sheet_document
from clabber_league.rules import PlayedHand, RenegeHand
from clabber_league.store import Database, create_game, export_game, import_game
from clabber_league.store.exports import HandLine, season_hand_lines
from clabber_league.store.league import create_season
from tests.store.helpers import EXAMPLE_FILES, load

SEASON = "Spring"


def in_season(path: Path, season_id: int, game_ids: list[int]) -> None:
    """Put friendly games into the season, whatever their rules (the export reads what is
    stored; the store's own doors check the teams and rules)."""
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.executemany(
            "UPDATE game SET season_id = ? WHERE id = ?", [(season_id, i) for i in game_ids]
        )


def rescored(database: Database, game_id: int) -> list[dict[str, Any]]:
    """Each hand as the re-scored sheet shows it."""
    sheet = sheet_document(game_spec(export_game(database, game_id)).game())
    return [
        {
            "sides": tuple(sheet["sides"]),
            "n": hand["n"],
            "dealer": hand["dealer"],
            "makers": hand["makers"],
            "trump": hand["trump"],
            "kind": hand["kind"],
            "set": hand["set"],
            "scores": hand["scores"],
            "marks": hand["marks"],
            "totals": hand["totals"],
            "hand_check": hand["hand_check"],
            "running_check": hand["running_check"],
        }
        for hand in sheet["hands"]
    ]


def as_read(line: HandLine) -> dict[str, Any]:
    keys = ("sides", "n", "dealer", "makers", "trump", "kind", "set", "scores", "marks",
            "totals", "hand_check", "running_check")  # fmt: skip
    return {key: getattr(line, key) for key in keys}


@pytest.fixture
def database(tmp_path: Path) -> Database:
    return Database.open(str(tmp_path / "league.sqlite3"))


def test_every_example_game_reads_as_it_scores(database: Database) -> None:
    info = create_season(database, league="Club", season=SEASON)
    ids = [import_game(database, load(path)) for path in EXAMPLE_FILES]
    # A corrected game: its figures were rewritten with the correction.
    recorder = create_game(database, info.rules, ["Eagles", "Owls"], "A1")
    for hand in (PlayedHand("A", {"A": 92}), PlayedHand("B", {"B": 60}), RenegeHand("A", "A")):
        recorder.record(hand)
    recorder.replace(1, PlayedHand("A", {"A": 40}))
    recorder.delete(2)
    ids.append(recorder.id)
    assert database.path is not None
    in_season(database.path, info.id, ids)
    lines = list(season_hand_lines(database, SEASON))
    assert [line.game for line in lines] == sorted(line.game for line in lines)
    for game_id in ids:
        read = [as_read(line) for line in lines if line.game == game_id]
        assert read == rescored(database, game_id), game_id
    database.close()


def test_a_season_without_games_has_no_lines(database: Database) -> None:
    create_season(database, league="Club", season=SEASON)
    assert list(season_hand_lines(database, SEASON)) == []
    database.close()
