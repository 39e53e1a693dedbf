"""``night close`` with tables still to finish: refused (exit 2, each table named, nothing
closed) unless ``--force``, which ends the night and names them on standard error."""

from __future__ import annotations

import pytest

from clabber_league.store.database import Database
from clabber_league.store.league import schedule
from clabber_league.store.matches import open_match_game
from clabber_league.store.night import night_tokens
from tests.commands.test_printing import run
from tests.night.helpers import SEASON, WEEK, league_with_teams
from tests.store.helpers import made


@pytest.fixture
def league(db: str) -> str:
    """Six teams, three tables in week 1: table 1 played out, table 2 mid-game, table 3
    never begun; the night's links made."""
    database = Database.open(db)
    league_with_teams(database, teams=6)
    first, second, _third = (match for match in schedule(database, SEASON) if match.week == WEEK)
    game = open_match_game(database, first.id)
    while not game.game.finished:
        game.record(made("A", 162))
    open_match_game(database, second.id).record(made("B"))
    night_tokens(database, SEASON, WEEK)
    database.close()
    return db


def close(db: str, *more: str) -> list[str]:
    return ["night", "close", "--db", db, "--season", SEASON, "--week", str(WEEK), *more]


def tables_named(text: str) -> list[str]:
    return [line for line in text.splitlines() if "table" in line and "(" in line]


def test_a_night_not_over_is_not_closed_and_its_tables_are_named(
    capsys: pytest.CaptureFixture[str], league: str
) -> None:
    code, out, err = run(capsys, *close(league))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"week {WEEK} of {SEASON} is not over, so it was not ended",
        "1 table is mid-game: table 2 (Team 03 v Team 06)",
        "1 table has not begun: table 3 (Team 05 v Team 04)",
        "give --force to end it all the same",
    ]
    database = Database.open(league)
    try:
        assert len(night_tokens(database, SEASON, WEEK).tables) == 3  # still the same links
    finally:
        database.close()


def test_force_ends_it_and_names_the_tables_on_standard_error(
    capsys: pytest.CaptureFixture[str], league: str
) -> None:
    code, out, err = run(capsys, *close(league, "--force"))
    assert code == 0
    assert out == f"week {WEEK} of {SEASON} is closed: 4 links stopped working\n"
    assert err.splitlines() == [
        "warning: 1 table is mid-game: table 2 (Team 03 v Team 06)",
        "warning: 1 table has not begun: table 3 (Team 05 v Team 04)",
    ]


def test_a_night_played_out_closes_with_no_warning(
    capsys: pytest.CaptureFixture[str], league: str
) -> None:
    database = Database.open(league)
    for match in schedule(database, SEASON)[1:3]:
        game = open_match_game(database, match.id)
        while not game.game.finished:
            game.record(made("A", 162))
    database.close()
    code, out, err = run(capsys, *close(league))
    assert (code, err) == (0, "")
    assert out == f"week {WEEK} of {SEASON} is closed: 4 links stopped working\n"
