"""``import``, ``export`` and ``backup`` on the command line."""

import json
from pathlib import Path

import pytest

from clabber_league import cli
from clabber_league.resources import resource
from clabber_league.store.database import Database
from clabber_league.store.games import list_games

EXAMPLES = sorted(resource("examples").glob("*.json"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_import_then_export_gives_back_the_same_document(
    example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "league.sqlite3")
    code, out, err = run(capsys, "import", str(example), "--db", db)
    assert (code, err) == (0, "")
    game_id = out.strip()
    assert game_id.isdigit()
    code, out, err = run(capsys, "export", "--db", db, "--game", game_id)
    assert (code, err) == (0, "")
    assert json.loads(out) == json.loads(example.read_text(encoding="utf-8"))


def test_an_invalid_game_stores_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "league.sqlite3"
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "format": "clabber-game/1",
                "sides": ["Eagles", "Owls"],
                "hands": [
                    {"makers": "A", "tricks": {"A": 92}},
                    {"makers": "A", "tricks": {"A": 161}},
                ],
            }
        )
    )
    code, out, err = run(capsys, "import", str(bad), "--db", str(db))
    assert (code, out) == (2, "")
    assert err.strip() == (
        "hand 2: Eagles cannot score 161 trick points — that leaves the other team 1, "
        "and no card is worth 1"
    )
    database = Database.open(str(db))
    try:
        assert list_games(database) == []
    finally:
        database.close()


def test_the_environment_names_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "from-env.sqlite3"
    monkeypatch.setenv("CLABBER_LEAGUE_DB", str(db))
    code, _out, _ = run(capsys, "import", str(EXAMPLES[0]))
    assert code == 0
    assert db.exists()


def test_export_of_a_missing_game_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "x.sqlite3"
    run(capsys, "import", str(EXAMPLES[0]), "--db", str(db))
    code, out, err = run(capsys, "export", "--db", str(db), "--game", "7")
    assert (code, out) == (2, "")
    assert "there is no game 7" in err


def test_export_of_a_missing_database_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "typo.sqlite3"
    code, out, err = run(capsys, "export", "--db", str(db), "--game", "7")
    assert (code, out) == (2, "")
    assert err == f"there is no database {db}; nothing was created\n"
    assert not db.exists()


def test_backup_copies_a_working_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, copy = tmp_path / "league.sqlite3", tmp_path / "copy.sqlite3"
    run(capsys, "import", str(EXAMPLES[0]), "--db", str(db))
    code, out, err = run(capsys, "backup", "--db", str(db), "--out", str(copy))
    assert (code, err) == (0, "")
    code, out, _ = run(capsys, "export", "--db", str(copy), "--game", "1")
    assert code == 0
    assert json.loads(out) == json.loads(EXAMPLES[0].read_text(encoding="utf-8"))


def test_backup_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, copy = tmp_path / "league.sqlite3", tmp_path / "copy.sqlite3"
    copy.write_text("precious")
    code, _, err = run(capsys, "backup", "--db", str(db), "--out", str(copy))
    assert code == 2
    assert "already exists" in err
    assert copy.read_text() == "precious"


def test_a_file_that_is_not_a_database_is_refused_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"shopping list\n" * 100)
    code, out, err = run(capsys, "import", str(EXAMPLES[0]), "--db", str(notes))
    assert (code, out) == (2, "")
    assert "not a Clabber League database" in err
    assert notes.read_bytes() == b"shopping list\n" * 100


def test_a_whole_league_goes_out_and_in_as_one_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, other = str(tmp_path / "league.sqlite3"), str(tmp_path / "other.sqlite3")
    run(capsys, "season", "create", "--league", "Club", "--season", "Spring", "--db", db)
    for team in ("Eagles", "Owls"):
        run(capsys, "team", "add", "--season", "Spring", "--name", team, "--db", db)
    league_file = tmp_path / "club.json"
    code, out, err = run(
        capsys,
        "export",
        "--db",
        db,
        "--league",
        "Club",
        "--format",
        "json",
        "--out",
        str(league_file),
    )
    assert (code, err) == (0, "")
    assert json.loads(league_file.read_text(encoding="utf-8"))["format"] == "clabber-league/1"
    code, out, err = run(capsys, "import", str(league_file), "--db", other)
    assert (code, out, err) == (0, "stored the league Club (seasons: 1; games: 0)\n", "")
    code, out, err = run(capsys, "export", "--db", other, "--league", "Club")
    assert out == league_file.read_text(encoding="utf-8")
    code, out, err = run(capsys, "import", str(league_file), "--db", other)
    assert (code, out) == (2, "")
    assert err == (
        "league.name: the database already holds a league called 'Club'; nothing was stored\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["export", "--league", "Club", "--format", "csv"],
            "a league is exported as one JSON file",
        ),
        (["export"], "name what to export: --game, --season or --league"),
        (["export", "--league", "Nowhere"], "there is no league called 'Nowhere'"),
    ],
)
def test_a_bad_league_export_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    db = str(tmp_path / "league.sqlite3")
    run(capsys, "season", "create", "--league", "Club", "--season", "Spring", "--db", db)
    code, out, err = run(capsys, *argv, "--db", db)
    assert (code, out) == (2, "")
    assert message in err
    assert err.count("\n") == 1


def test_a_league_file_takes_no_season_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "league.sqlite3")
    league_file = tmp_path / "club.json"
    league_file.write_text(json.dumps({"format": "clabber-league/1", "league": {}, "seasons": []}))
    code, out, err = run(capsys, "import", str(league_file), "--db", db, "--season", "Spring")
    assert (code, out) == (2, "")
    assert err == "a league file brings its own league and seasons: drop --season\n"
    code, out, err = run(capsys, "import", str(league_file), "--db", db)
    assert (code, out) == (2, "")
    assert err.startswith("league: ")
    assert err.endswith("nothing was stored\n")


def test_a_league_file_that_is_not_json_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "league.sqlite3"
    broken = tmp_path / "club.json"
    broken.write_text('{"format": "clabber-league/1", "league": ', encoding="utf-8")
    code, out, err = run(capsys, "import", str(broken), "--db", str(db))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert not db.exists()
