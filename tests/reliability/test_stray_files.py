"""No file the user did not name: a mistyped --db creates nothing, and --db is one option
before or after the command."""

from __future__ import annotations

from pathlib import Path

from tests.reliability.helpers import cli, files_in, side_by_side

EXAMPLE = sorted((Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.json"))[0]


def test_a_mistyped_database_creates_no_file(tmp_path: Path, data: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    outcomes = side_by_side(
        data,
        [
            ["cli", "backup", "--db", str(work / "typo.sqlite3"), "--out", str(work / "t.bak")],
            ["cli", "standings", "--db", str(work / "typo2.sqlite3"), "--season", "Fall"],
        ],
    )
    for outcome in outcomes:
        assert outcome.code == 2, outcome
        assert outcome.err.startswith("there is no database ")
    assert files_in(work) == []
    assert not data.exists() or files_in(data) == []


def test_a_refused_change_creates_no_file(tmp_path: Path, data: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    typo, new = str(work / "typo.sqlite3"), str(work / "new" / "league.sqlite3")
    outcomes = side_by_side(
        data,
        [
            ["cli", "team", "add", "--db", typo, "--season", "Fall", "--name", "Eagles"],
            ["cli", "season", "create", "--db", new, "--league", "", "--season", "Fall"],
        ],
    )
    assert [outcome.err for outcome in outcomes] == [
        "there is no season called 'Fall'\n",
        "the league needs a name\n",
    ]
    assert files_in(work) == []
    assert not data.exists() or files_in(data) == []


def test_the_global_db_is_the_one_used(tmp_path: Path, data: Path) -> None:
    mine = tmp_path / "mine.sqlite3"
    outcome = cli(data, "--db", str(mine), "import", str(EXAMPLE))
    assert (outcome.code, outcome.out) == (0, "1\n"), outcome
    assert mine.exists()
    assert not (data / "clabber-league.sqlite3").exists()
    other = tmp_path / "other.sqlite3"
    twice = cli(data, "--db", str(mine), "export", "--game", "1", "--db", str(other))
    assert twice.code == 2
    assert twice.err == f"--db is given twice, as {mine} and as {other}: give one database\n"
    assert not other.exists()
