"""The season's CSV lines, from the stored figures: exactly what re-scoring each game would
print (``gamesheet.sheet_document``), for every kind of hand and game; and the whole export
byte for byte as the version before the lines were tuples wrote it, with a record per hand
and every cell escaped (``season-export.csv``, kept from that version)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from clabber_league.commands.league import season_export
from clabber_league.gamesheet import game_spec, sheet_document
from clabber_league.rules import PlayedHand, RenegeHand, RuleSet, rule_set
from clabber_league.store.database import Database
from clabber_league.store.exports import HAND_COLUMNS, season_csv_rows
from clabber_league.store.games import create_game, export_game
from clabber_league.store.imports import import_game, import_games
from clabber_league.store.league import add_team, create_season, generate_schedule
from tests.store.helpers import EXAMPLE_FILES, load
from tests.store.test_league import TEAMS, spring_games

SEASON = "Spring"
#: The export of ``varied_season`` as the version with a record per hand wrote it.
EXPORTED = Path(__file__).with_name("season-export.csv")


def in_season(path: Path, season_id: int, game_ids: list[int]) -> None:
    """Put friendly games into the season, whatever their rules (the export reads what is
    stored; the store's own doors check the teams and rules)."""
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.executemany(
            "UPDATE game SET season_id = ? WHERE id = ?", [(season_id, i) for i in game_ids]
        )


def rescored(database: Database, game_id: int) -> list[tuple[object, ...]]:
    """Each hand's cells as the re-scored sheet shows them (but the game, week and table)."""
    sheet = sheet_document(game_spec(export_game(database, game_id)).game())
    a, b, *_ = sheet["sides"]
    return [
        (
            hand["n"],
            hand["dealer"],
            hand["makers"] or "",
            hand["trump"] or "",
            hand["kind"],
            "yes" if hand["set"] else "",
            a,
            b,
            hand["scores"]["A"],
            hand["scores"]["B"],
            hand["marks"]["A"],
            hand["marks"]["B"],
            hand["totals"]["A"],
            hand["totals"]["B"],
            hand["hand_check"],
            hand["running_check"],
        )
        for hand in sheet["hands"]
    ]


def games_of_every_kind(database: Database, rules: RuleSet) -> list[int]:
    """The example games (every variant), a corrected game (its figures rewritten with the
    correction) and a game whose rules write a tilde for nothing; their ids."""
    ids = [import_game(database, load(path)) for path in EXAMPLE_FILES]
    corrected = create_game(database, rules, ["Eagles", "Owls"], "A1")
    for hand in (PlayedHand("A", {"A": 92}), PlayedHand("B", {"B": 60}), RenegeHand("A", "A")):
        corrected.record(hand)
    corrected.replace(1, PlayedHand("A", {"A": 40}))
    corrected.delete(2)
    tilde = create_game(database, rule_set("evansville", {"zero_mark": "~"}), ["Hawks", "Crows"])
    for hand in (PlayedHand("A", {"A": 162}), PlayedHand("B", {"B": 82})):
        tilde.record(hand)
    return [*ids, corrected.id, tilde.id]


def varied_season(path: Path) -> Database:
    """A season with every kind of line the export writes: games linked to matches (week and
    table), ``games_of_every_kind`` moved into it, and text no version of the program writes
    (put there by another program): formula names, an escape sequence, a negative score,
    unknown words."""
    database = Database.open(str(path))
    info = create_season(database, league="Club", season=SEASON)
    for team in TEAMS:
        add_team(database, SEASON, team)
    generate_schedule(database, SEASON)
    import_games(database, spring_games(), SEASON)
    *ids, corrected, tilde = games_of_every_kind(database, info.rules)
    assert database.path is not None
    in_season(database.path, info.id, [*ids, corrected, tilde])
    with closing(sqlite3.connect(database.path)) as connection, connection:
        connection.execute(
            "UPDATE game SET side_a = '=HYPERLINK(\"x\")', side_b = '-Owls\x1b[31m' WHERE id = ?",
            (corrected,),
        )
        connection.execute(
            "UPDATE hand SET trump = '+SUM(1)', dealer = '@A1', kind = '+1', score_a = -12 "
            "WHERE game_id = ? AND n = 1",
            (tilde,),
        )
    return database


@pytest.fixture
def database(tmp_path: Path) -> Database:
    return Database.open(str(tmp_path / "league.sqlite3"))


def test_every_example_game_reads_as_it_scores(database: Database) -> None:
    info = create_season(database, league="Club", season=SEASON)
    ids = games_of_every_kind(database, info.rules)
    assert database.path is not None
    in_season(database.path, info.id, ids)
    rows = season_csv_rows(database, SEASON)
    assert all(len(row) == len(HAND_COLUMNS) for row in rows)
    assert list(dict.fromkeys(row[0] for row in rows)) == sorted(ids)  # games in order
    for game_id in ids:
        read = [row[3:] for row in rows if row[0] == game_id]
        assert read == rescored(database, game_id), game_id
    database.close()


def test_the_export_is_byte_for_byte_what_it_was(tmp_path: Path) -> None:
    database = varied_season(tmp_path / "league.sqlite3")
    exported = season_export(database, SEASON, None, "csv")
    database.close()
    assert exported.encode("utf-8") == EXPORTED.read_bytes()
    assert "'=HYPERLINK" in exported  # the file does hold what needs escaping
    assert "'@A1,A,'+SUM(1),+1," in exported


def test_a_season_without_games_has_no_lines(database: Database) -> None:
    create_season(database, league="Club", season=SEASON)
    assert season_csv_rows(database, SEASON) == []
    database.close()
