"""``standings`` prints the store's standings (``store.standings``) in every format, finds
the season by name (of a league, when several have one), puts a refused database in the
store's words, and lists a retired team apart, with no rank."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from clabber_league.store.database import Database
from clabber_league.store.identity import APPLICATION_ID, SCHEMA_MAJOR
from clabber_league.store.league import FORFEIT, list_teams, retire_team, schedule, set_match_status
from tests.commands.test_league import make_season, ok, refused, run, write
from tests.store.helpers import season_standings
from tests.store.test_league import g1, g2, g3, g4, sheet, spring_games

FORMATS = ("text", "json", "csv")
Build = Callable[[pytest.CaptureFixture[str], str, Path], None]


def _import(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, games: object) -> None:
    ok(capsys, "import", write(tmp_path, "games.json", games), "--db", db, "--season", "Spring")


def spring(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> None:
    """Owls and Crows level on pct, parted by head-to-head."""
    make_season(capsys, db)
    _import(capsys, db, tmp_path, spring_games())


def all_level(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> None:
    """Every team level on pct and head-to-head: diff, points and names decide."""
    make_season(capsys, db, extra=["--tie-break", "h2h,pct,name,diff,pf"], scheduled=False)
    ok(capsys, "schedule", "generate", "--db", db, "--season", "Spring", "--rounds", "2")
    _import(capsys, db, tmp_path, [g1(), g2(), sheet("Owls", "Eagles", g1()["hands"])])


def forfeits_and_tied_games(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> None:
    """A forfeit at a season's own score, and a tied game."""
    make_season(capsys, db, extra=["--forfeit-score", "300-100"])
    database = Database.open(db)
    try:
        matches = {(m.home, m.away): m.id for m in schedule(database, "Spring")}
        set_match_status(database, matches[("Eagles", "Owls")], FORFEIT, forfeited_by="Owls")
    finally:
        database.close()
    _import(capsys, db, tmp_path, [g2(), g3(), g4()])  # g3 is tied at 506


def unknown_makers(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> None:
    """Hands copied off paper without their makers, and a name to escape."""
    make_season(capsys, db, teams=("Eagles", "Owls", "Hawks", "Crows", '=SUM(A1) "Q"'))
    game = g1()
    game["hands"][0] = {"makers": None, "written": {"A": "150", "B": "12"}}
    _import(capsys, db, tmp_path, [game, g2()])


def empty(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> None:
    """A season with teams and no game yet."""
    make_season(capsys, db, scheduled=False)


SEASONS: dict[str, Build] = {
    "head-to-head": spring,
    "all level": all_level,
    "forfeits and ties": forfeits_and_tied_games,
    "unknown makers": unknown_makers,
    "no games": empty,
}


def stored_rows(db: str, league: str | None = None) -> list[dict[str, int | float | str | None]]:
    database = Database.open(db, read_only=True)
    try:
        return [row.as_dict() for row in season_standings(database, "Spring", league)]
    finally:
        database.close()


@pytest.mark.parametrize("build", SEASONS.values(), ids=SEASONS.keys())
def test_the_command_prints_the_store_s_standings(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, build: Build
) -> None:
    build(capsys, db, tmp_path)
    argv = ["standings", "--db", db, "--season", "spring", "--format"]
    document = json.loads(ok(capsys, *argv, "json"))
    rows = stored_rows(db)
    assert document["rows"] == rows
    lines = ok(capsys, *argv, "csv").splitlines()
    assert len(lines) == 1 + len(rows)
    assert [line.split(",")[0] for line in lines[1:]] == [str(row["rank"]) for row in rows]
    text = ok(capsys, *argv, "text")
    assert all(str(row["team"]) in text for row in rows)


def test_a_season_of_another_league_is_read_by_name(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db, league="Club")
    make_season(capsys, db, league="Plant")
    ok(capsys, "import", write(tmp_path, "g.json", g1()), "--db", db, "--season", "Spring",
       "--league", "Plant")  # fmt: skip
    line = refused(capsys, "standings", "--db", db, "--season", "Spring")
    assert "name the league" in line
    out = ok(capsys, "standings", "--db", db, "--season", "Spring", "--league", "plant")
    assert out.startswith("Plant — Spring")
    plant = ["standings", "--db", db, "--season", "Spring", "--league", "Plant"]
    assert json.loads(ok(capsys, *plant, "--format", "json"))["rows"] == stored_rows(db, "Plant")


def test_a_retired_team_is_listed_apart_and_never_ranked(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    """Larks retire before their first game: after the ranked teams, with no rank."""
    spring(capsys, db, tmp_path)
    ok(capsys, "team", "add", "--db", db, "--season", "Spring", "--name", "Larks")
    database = Database.open(db)
    try:
        (larks,) = [team for team in list_teams(database, "Spring") if team.name == "Larks"]
        retire_team(database, larks.id)
    finally:
        database.close()
    argv = ["standings", "--db", db, "--season", "Spring", "--format"]
    rows = json.loads(ok(capsys, *argv, "json"))["rows"]
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, None]
    assert rows[-1]["team"] == "Larks"
    assert ok(capsys, *argv, "csv").splitlines()[-1].startswith(",Larks,0,")
    text = ok(capsys, *argv, "text").splitlines()
    apart = text.index("Retired (not ranked)")
    assert text[apart + 1].split()[0] == "Larks"
    assert all("Larks" not in line for line in text[:apart])


def _not_ours(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (x)")


def _newer(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {SCHEMA_MAJOR + 1}")
        connection.execute("CREATE TABLE future (x)")


def _garbage(path: Path) -> None:
    path.write_bytes(b"not a database at all, " * 100)


def _missing(path: Path) -> None:
    pass


@pytest.mark.parametrize("spoil", [_not_ours, _newer, _garbage, _missing])
def test_a_database_the_store_refuses_gets_the_store_s_words(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    spoil: Callable[[Path], None],
) -> None:
    path = tmp_path / "odd.sqlite3"
    spoil(path)
    line = refused(capsys, "standings", "--db", str(path), "--season", "Spring")
    assert str(path) in line


def test_help_and_mistakes_are_answered_by_the_whole_parser(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, err = run(capsys, "standings", "--help")
    assert (code, err) == (0, "")
    assert out.startswith("usage: clabber-league standings")
    code, out, err = run(capsys, "standings", "--db", db)
    assert (code, out) == (2, "")
    assert "--season" in err
    code, out, err = run(capsys, "standings", "--season", "Spring", "--format", "pdf")
    assert (code, out) == (2, "")
    assert "'pdf'" in err
