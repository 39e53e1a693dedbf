"""``standings`` read with plain ``sqlite3`` (``store.standings_read``) prints what the
store's read prints, byte for byte, and leaves to the store whatever it must put in words.

Each season is printed twice in each format: as the command reads it, and with the
plain read turned off so that the store answers (``store_only``).
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from clabber_league.store import Database
from clabber_league.store import standings_read as plain
from clabber_league.store.identity import APPLICATION_ID, SCHEMA_MAJOR
from clabber_league.store.league import FORFEIT, schedule, set_match_status
from tests.commands.test_league import make_season, ok, refused, run, write
from tests.store.test_league import g1, g2, g3, g4, sheet, spring_games

FORMATS = ("text", "json", "csv")
Build = Callable[[pytest.CaptureFixture[str], str, Path], None]


@pytest.fixture
def store_only(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Call it to turn the plain read off: the command then reads through the store."""

    def turn_off() -> None:
        monkeypatch.setattr(plain, "read_standings", lambda *_: None)

    return turn_off


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


@pytest.mark.parametrize("build", SEASONS.values(), ids=SEASONS.keys())
def test_the_plain_read_prints_what_the_store_prints(
    capsys: pytest.CaptureFixture[str],
    db: str,
    tmp_path: Path,
    build: Build,
    store_only: Callable[[], None],
) -> None:
    build(capsys, db, tmp_path)
    assert plain.read_standings(db, "spring", None) is not None  # the plain read answers
    argv = ["standings", "--db", db, "--season", "Spring", "--format"]
    quick = [ok(capsys, *argv, form) for form in FORMATS]
    store_only()
    assert [ok(capsys, *argv, form) for form in FORMATS] == quick


def test_a_season_of_another_league_is_read_by_name(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, store_only: Callable[[], None]
) -> None:
    make_season(capsys, db, league="Club")
    make_season(capsys, db, league="Plant")
    ok(capsys, "import", write(tmp_path, "g.json", g1()), "--db", db, "--season", "Spring",
       "--league", "Plant")  # fmt: skip
    assert plain.read_standings(db, "Spring", None) is None  # two leagues: the store says so
    found = plain.read_standings(db, "Spring", "plant")
    assert found is not None
    assert (found.league, found.rows[0].name) == ("Plant", "Eagles")
    argv = ["standings", "--db", db, "--season", "Spring", "--league", "Plant"]
    quick = ok(capsys, *argv)
    store_only()
    assert ok(capsys, *argv) == quick


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
    store_only: Callable[[], None],
) -> None:
    path = tmp_path / "odd.sqlite3"
    spoil(path)
    assert plain.read_standings(str(path), "Spring", None) is None
    line = refused(capsys, "standings", "--db", str(path), "--season", "Spring")
    store_only()
    assert refused(capsys, "standings", "--db", str(path), "--season", "Spring") == line


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


#: What the command prints without: each took longer to load than the standings to read.
NOT_LOADED = (
    "sqlalchemy",
    "sqlmodel",
    "dataclasses",  # with inspect, ast and dis
    "shutil",  # argparse measures the terminal with it for help it will not print
    "clabber_league.rules.limits",
    "clabber_league.i18n.words",  # every rule
    "clabber_league.commands.league",
    "clabber_league.league.game_results",
)


def test_the_command_loads_no_sqlalchemy_nor_what_it_does_not_print(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    unknown_makers(capsys, db, tmp_path)  # the note under the table included
    probe = (
        "import sys\n"
        "from clabber_league.cli import main\n"
        f"code = main(['standings', '--db', {db!r}, '--season', 'Spring'])\n"
        f"print(code, sorted(set(sys.modules) & set({NOT_LOADED!r})), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == "0 []"
    assert "Eagles" in done.stdout
    assert "copied from paper without the makers" in done.stdout
