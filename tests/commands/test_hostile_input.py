"""Issue 10's hostile inputs, each reproduced: a bounded, escaped, one-line answer
(exit 2) and nothing changed — never a traceback, a hang or gigabytes of memory."""

from __future__ import annotations

import csv
import io
import json
import os
import struct
import zlib
from pathlib import Path

import pytest

from tests.commands.test_league import (
    make_season,
    ok,
    refused,
    run,
    stored,
    write,
)
from tests.store.test_league import g1, sheet, w

HUGE = "99999999999999999999"


@pytest.fixture
def season(capsys: pytest.CaptureFixture[str], db: str) -> str:
    make_season(capsys, db, scheduled=False)
    return db


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["export", "--game", HUGE], "a game id must be from 1 to 2,147,483,647"),
        (["print", "game", "--game", HUGE, "--out", "x.pdf"], "a game id must be from 1"),
        (["import", "-", "--season", "Spring", "--week", HUGE], "the week must be from 1 to 200"),
        (["schedule", "edit", "--match", HUGE, "--table", "1"], "a match id must be from 1"),
        (["schedule", "edit", "--match", "1", "--table", HUGE], "the table must be from 1 to 500"),
        (["schedule", "status", "--match", HUGE, "--status", "postponed"], "a match id must"),
        (
            ["season", "create", "--league", "C", "--season", "X", "--games-per-match", HUGE],
            "the games of a match must be from 1 to 10",
        ),
        (
            ["season", "create", "--league", "C", "--season", "X", "--forfeit-score", HUGE + "-0"],
            "a forfeit's points must be from 0 to 10,000 points",
        ),
        (["schedule", "generate", "--season", "Spring", "--every", HUGE], "days between weeks"),
        (["schedule", "generate", "--season", "Spring", "--every", "3000000"], "1 to 365 days"),
        (["schedule", "generate", "--season", "Spring", "--rounds", "1000000"], "from 1 to 10"),
        (["schedule", "generate", "--season", "Spring", "--start", "9999-12-31"], "31 Dec 2199"),
        (["print", "blank", "--pages", "9" * 5000, "--out", "x.pdf"], "a pad must be from 1"),
    ],
)
def test_numbers_out_of_range_are_one_line(
    capsys: pytest.CaptureFixture[str], season: str, argv: list[str], said: str
) -> None:
    before = stored(season)
    line = refused(capsys, *argv, "--db", season)
    assert said in line
    assert len(line) <= 200
    assert stored(season) == before


def test_a_schedule_running_past_the_calendar_is_refused_before_anything_is_written(
    capsys: pytest.CaptureFixture[str], season: str
) -> None:
    argv = ["schedule", "generate", "--season", "Spring", "--db", season]
    line = refused(capsys, *argv, "--start", "2199-06-01", "--every", "365", "--rounds", "2")
    assert "the last night must be between" in line
    assert "no schedule yet" in ok(capsys, "schedule", "show", "--season", "Spring", "--db", season)


def test_a_database_url_with_a_bad_port_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(
        capsys, "standings", "--season", "S", "--db", "postgresql+psycopg://u:p@127.0.0.1:1:abc/x"
    )
    assert "is not a database address" in line


def test_zero_and_pipes_are_refused_unread(
    capsys: pytest.CaptureFixture[str], season: str, tmp_path: Path
) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    assert "/dev/zero is a device, not a game file" in refused(capsys, "score", "/dev/zero")
    assert "is a pipe (FIFO), not a game file" in refused(capsys, "score", str(pipe))
    assert "is a pipe (FIFO), not a database file" in refused(
        capsys, "standings", "--season", "Spring", "--db", str(pipe)
    )
    for logo in ("/dev/zero", str(pipe)):
        line = refused(capsys, "print", "blank", "--sponsor-logo", logo, "--out", "x.pdf")
        assert line.startswith(f"the sponsor logo {logo} is a ")
    assert not (tmp_path / "x.pdf").exists()


def test_a_game_file_over_its_cap_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as stream:
        stream.truncate(17 * 1024 * 1024)
    line = refused(capsys, "score", str(big))
    assert line == f"{big} is too long (17 MiB): a game file is at most 16 MiB"


def _png_header_only(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\0" * (width + 1) * 4, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)


@pytest.mark.parametrize(("width", "height"), [(12000, 12000), (4001, 10), (10, 5000)])
def test_a_logo_of_too_many_pixels_is_refused_by_its_header(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, width: int, height: int
) -> None:
    logo = tmp_path / "bomb.png"
    logo.write_bytes(_png_header_only(width, height))
    line = refused(capsys, "print", "blank", "--sponsor-logo", str(logo), "--out", "x.pdf")
    assert "a logo is at most 4,000 × 4,000" in line
    assert "DecompressionBomb" not in line


@pytest.mark.parametrize(
    ("name", "cell"),
    [
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("@SUM(1+1)", "'@SUM(1+1)"),
    ],
)
def test_team_names_never_become_formulas_in_csv(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, name: str, cell: str
) -> None:
    make_season(capsys, db, teams=[name, "Owls"])
    ok(capsys, "import", write(tmp_path, "g.json", sheet(name, "Owls", g1()["hands"])), "--db", db)
    standings = ok(capsys, "standings", "--season", "Spring", "--format", "csv", "--db", db)
    assert cell in [row["team"] for row in csv.DictReader(io.StringIO(standings))]
    ok(
        capsys,
        "import",
        write(tmp_path, "s.json", sheet(name, "Owls", g1()["hands"][:1])),
        "--db",
        db,
        "--season",
        "Spring",
    )
    export = ok(capsys, "export", "--season", "Spring", "--format", "csv", "--db", db)
    cells = {value for row in csv.reader(io.StringIO(export)) for value in row}
    assert cell in cells
    assert name not in cells


@pytest.mark.parametrize("name", ["Ev\x1b[31mil", "Bell\x07", "Null\x00ish"])
def test_control_characters_are_refused_by_team_add_as_by_import(
    capsys: pytest.CaptureFixture[str], season: str, tmp_path: Path, name: str
) -> None:
    team_add = refused(capsys, "team", "add", "--season", "Spring", "--name", name, "--db", season)
    game = write(tmp_path, "g.json", sheet(name, "Owls", [w("A", "100", "62")]))
    imported = refused(capsys, "import", game, "--db", season)
    assert "holds a character that cannot be shown" in team_add
    assert "holds a character that cannot be shown" in imported


@pytest.mark.parametrize("name", ["Ea\u200bgles", "Eagles\u200d", "\u202eEagles", "ＥＡＧＬＥＳ"])
def test_an_invisible_difference_makes_no_second_team(
    capsys: pytest.CaptureFixture[str], season: str, name: str
) -> None:
    line = refused(capsys, "team", "add", "--season", "Spring", "--name", name, "--db", season)
    assert line == "Spring already has a team called Eagles"


def test_a_name_over_100_characters_is_refused(
    capsys: pytest.CaptureFixture[str], season: str
) -> None:
    line = refused(
        capsys, "team", "add", "--season", "Spring", "--name", "x" * 100_000, "--db", season
    )
    assert line == "the team name is 100000 characters long; at most 100 fit"
    assert len(line) <= 200


def test_a_number_of_thousands_of_digits_is_shortened(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = tmp_path / "g.json"
    game.write_text(
        json.dumps(sheet("A", "B", [w("A", "100", "62")])).replace('"100"', '"' + "7" * 4000 + '"'),
        encoding="utf-8",
    )
    line = refused(capsys, "score", str(game))
    assert "…" in line
    assert len(line) <= 200


def test_a_repeated_problem_is_reported_once_with_a_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hands = [{"makers": "A", "renege": "C"}] * 9999
    code, out, err = run(capsys, "score", write(tmp_path, "g.json", sheet("A", "B", hands)))
    assert (code, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) <= 50
    assert all(len(line) <= 200 for line in lines)


@pytest.mark.parametrize("option", ["--name", "--season", "--league"])
def test_bytes_that_are_not_utf8_are_one_line(
    capsys: pytest.CaptureFixture[str], season: str, option: str
) -> None:
    given = {"--name": "Kites", "--season": "Spring", "--league": "Club"}
    given[option] = "Ea\udcffgles"  # how Python keeps the byte 0xFF of a Latin-1 terminal
    argv = [part for pair in given.items() for part in pair]
    line = refused(capsys, "team", "add", *argv, "--db", season)
    assert line.startswith(f"{option} holds bytes that are not UTF-8 text")
