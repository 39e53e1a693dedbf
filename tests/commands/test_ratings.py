"""``ratings`` on the command line: every player of a played season rated, best first,
as text, JSON and CSV; a season that is not there refused in one line."""

from __future__ import annotations

import csv
import io
import json

import pytest

from clabber_league.league.ratings import RANKED_AFTER
from clabber_league.store.database import Database
from clabber_league.store.league import schedule
from clabber_league.store.matches import open_match_game
from tests.commands.test_league import ok, refused
from tests.night.helpers import SEASON, league_with_teams, played_season
from tests.store.helpers import made


def test_the_ratings_of_a_played_season_best_first(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    database = Database.open(db)
    try:
        played_season(database)
    finally:
        database.close()
    shown = json.loads(ok(capsys, "ratings", "--db", db, "--season", SEASON, "--format", "json"))
    assert shown["season"] == SEASON
    assert shown["ranked_after"] == RANKED_AFTER
    rows = shown["rows"]
    assert len(rows) == 12
    assert set(rows[0]) == {"player", "team", "rating", "uncertainty", "games", "rank"}
    assert {row["player"] for row in rows[:2]} == {"Team 01 North", "Team 01 South"}
    assert {row["team"] for row in rows[:2]} == {"Team 01"}
    assert [row["rank"] for row in rows[:2]] == [1, 1]  # level partners share a rank
    assert {row["player"] for row in rows[-2:]} == {"Team 06 North", "Team 06 South"}
    assert all(row["games"] == 5 for row in rows)
    assert [row["rating"] for row in rows] == sorted((row["rating"] for row in rows), reverse=True)
    whole = json.loads(ok(capsys, "ratings", "--db", db, "--format", "json"))
    assert whole["season"] is None
    assert whole["rows"] == rows  # the only season is every game
    table = list(csv.DictReader(io.StringIO(ok(capsys, "ratings", "--db", db, "--format", "csv"))))
    assert [row["player"] for row in table] == [row["player"] for row in rows]
    assert list(table[0]) == ["rank", "player", "team", "rating", "uncertainty", "games"]
    text = ok(capsys, "ratings", "--db", db)
    assert text.splitlines()[0] == "Every game"
    assert "Team 01 North" in text.splitlines()[4] + text.splitlines()[5]


def test_too_few_games_are_listed_unranked(capsys: pytest.CaptureFixture[str], db: str) -> None:
    database = Database.open(db)
    try:
        league_with_teams(database, teams=4)
        first = schedule(database, SEASON)[0]
        game = open_match_game(database, first.id)
        while not game.game.finished:
            game.record(made("A", 162))
    finally:
        database.close()
    rows = json.loads(ok(capsys, "ratings", "--db", db, "--format", "json"))["rows"]
    assert len(rows) == 4
    assert all(row["rank"] is None and row["games"] == 1 for row in rows)
    assert "–" in ok(capsys, "ratings", "--db", db)


def test_an_empty_database_and_an_unknown_season(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    Database.open(db).close()
    assert json.loads(ok(capsys, "ratings", "--db", db, "--format", "json"))["rows"] == []
    assert "nobody is rated" in ok(capsys, "ratings", "--db", db)
    assert "Winter" in refused(capsys, "ratings", "--db", db, "--season", "Winter")
