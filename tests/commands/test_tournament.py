"""``tournament plan`` on the command line: the issue's JSON shape, text lines, and
one line with exit 2 for each refusal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from clabber_league.league.movement import plan_movement
from clabber_league.reports.movement_cards import movement_cards
from tests.commands.test_league import ok, refused

NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def players_file(tmp_path: Path, text: str, name: str = "players.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_json_shape(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = players_file(tmp_path, "\n".join(NAMES[:4]) + "\n\n" + "\n".join(NAMES[4:]) + "\n")
    shown = json.loads(
        ok(capsys, "tournament", "plan", "--players", path, "--rounds", "9", "--format", "json")
    )
    assert list(shown) == ["rounds"]
    assert [found["round"] for found in shown["rounds"]] == list(range(1, 10))
    for found in shown["rounds"]:
        assert list(found) == ["round", "tables", "byes"]
        assert [table["table"] for table in found["tables"]] == [1, 2]
        assert all(list(table) == ["table", "sides"] for table in found["tables"])
        seated = [name for table in found["tables"] for side in table["sides"] for name in side]
        assert sorted(seated + found["byes"]) == sorted(NAMES)
    assert sorted(name for found in shown["rounds"] for name in found["byes"]) == sorted(NAMES)


def test_text_and_names_given_one_by_one(capsys: pytest.CaptureFixture[str]) -> None:
    given = [word for name in NAMES[:8] for word in ("--player", name)]
    out = ok(capsys, "tournament", "plan", *given, "--rounds", "2", "--seed", "3")
    lines = out.splitlines()
    assert len(lines) == 4  # two tables a round, nobody sits out
    assert lines[0].startswith("Round 1, table 1: ")
    assert "(North–South) against" in lines[0]
    assert out == ok(capsys, "tournament", "plan", *given, "--rounds", "2", "--seed", "3")


def test_a_csv_first_column(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = players_file(tmp_path, "".join(f"{name},x\n" for name in NAMES[:8]), "players.csv")
    shown = json.loads(
        ok(capsys, "tournament", "plan", "--players", path, "--rounds", "1", "--format", "json")
    )
    assert len(shown["rounds"][0]["tables"]) == 2


@pytest.mark.parametrize(
    ("names", "rounds", "words"),
    [
        (NAMES, "10", "9 players can play from 1 to 9 rounds"),
        (NAMES[:7], "1", "a tournament needs from 8 to 64 players, not 7"),
        ([*NAMES[:8], "ann "], "1", "Ann and ann are the same name"),
    ],
)
def test_refusals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, names: list[str], rounds: str, words: str
) -> None:
    path = players_file(tmp_path, "\n".join(names))
    assert words in refused(capsys, "tournament", "plan", "--players", path, "--rounds", rounds)


def test_files_and_numbers_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"Ren\xe9\n")
    assert "is not UTF-8 text" in refused(
        capsys, "tournament", "plan", "--players", str(bad), "--rounds", "1"
    )
    assert refused(
        capsys, "tournament", "plan", "--players", str(tmp_path / "none.txt"), "--rounds", "1"
    )
    given = [word for name in NAMES for word in ("--player", name)]
    assert "the rounds" in refused(capsys, "tournament", "plan", *given, "--rounds", "0")
    assert "the seed" in refused(
        capsys, "tournament", "plan", *given, "--rounds", "1", "--seed", "x"
    )
    assert refused(capsys, "tournament", "plan", "--rounds", "1")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_cards_four_to_a_page(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    path = players_file(tmp_path, "\n".join(NAMES))
    out = tmp_path / "cards.pdf"
    argv = ("tournament", "cards", "--players", path, "--rounds", "9", "--out", str(out))
    assert ok(capsys, *argv, "--lang", lang).strip() == str(out)
    pages = PdfReader(out).pages
    assert len(pages) == 3  # 9 players, four cards a page
    if lang == "en":
        assert "Round 1: table" in pages[0].extract_text()
    assert "exists" in refused(capsys, *argv)  # no --force: the file is kept


def test_card_lines() -> None:
    cards = movement_cards(plan_movement(NAMES, 9))
    assert [card.player for card in cards] == NAMES
    for card in cards:
        assert len(card.lines) == 9
        assert sum(line.endswith(": sitting out") for line in card.lines) == 1
        assert all(", partner " in line for line in card.lines if "sitting" not in line)


SIXTEEN = [f"P{n:02d}" for n in range(1, 17)]


def created(capsys: pytest.CaptureFixture[str], tmp_path: Path, *more: str) -> tuple[str, str]:
    """A 16-player tournament "Party" kept in a new database; (its path, create's line)."""
    db = str(tmp_path / "league.sqlite3")
    path = players_file(tmp_path, "\n".join(SIXTEEN))
    line = ok(
        capsys, "tournament", "create", "--db", db, "--name", "Party",
        "--players", path, "--rounds", "3", *more,
    )  # fmt: skip
    return db, line


def test_create_keeps_what_plan_prints(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db, line = created(capsys, tmp_path, "--hands-per-round", "8")
    assert line.strip() == (
        "Party: 16 players, 3 rounds, a round is 8 hands; its rounds are the weeks "
        "of the season Party of Party"
    )
    shown = json.loads(
        ok(capsys, "tournament", "show", "--db", db, "--name", "party", "--format", "json")
    )
    given = [word for name in SIXTEEN for word in ("--player", name)]
    planned = json.loads(
        ok(capsys, "tournament", "plan", *given, "--rounds", "3", "--format", "json")
    )
    assert shown == planned
    text = ok(capsys, "tournament", "show", "--db", db, "--name", "Party")
    assert text.splitlines()[1].startswith("Round 1, table 1: ")


def test_standings_before_any_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db, _line = created(capsys, tmp_path, "--to", "300")
    shown = json.loads(
        ok(capsys, "tournament", "standings", "--db", db, "--name", "Party", "--format", "json")
    )
    assert shown["tournament"] == "Party"
    assert shown["rows"][0] == {"player": "P01", "points": 0, "wins": 0, "rank": 1}
    assert all(list(row) == ["player", "points", "wins", "rank"] for row in shown["rows"])
    assert {row["rank"] for row in shown["rows"]} == {1}
    csv_lines = ok(
        capsys, "tournament", "standings", "--db", db, "--name", "Party", "--format", "csv"
    ).splitlines()
    assert csv_lines[:2] == ["rank,player,points,wins", "1,P01,0,0"]
    text = ok(capsys, "tournament", "standings", "--db", db, "--name", "Party")
    assert "then games won" in text


def test_create_refusals(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db, _line = created(capsys, tmp_path)
    path = players_file(tmp_path, "\n".join(SIXTEEN))
    again = ("tournament", "create", "--db", db, "--name", "PARTY", "--players", path)
    assert "already a tournament called Party" in refused(capsys, *again, "--rounds", "2")
    assert "16 players can play from 1 to 15 rounds" in refused(capsys, *again, "--rounds", "16")
    assert refused(capsys, *again, "--rounds", "2", "--to", "300", "--hands-per-round", "8")
    assert "a tournament's round" in refused(
        capsys, *again, "--rounds", "2", "--hands-per-round", "0"
    )
    assert "no tournament called 'Gala'" in refused(
        capsys, "tournament", "standings", "--db", db, "--name", "Gala"
    )


def test_cards_of_a_stored_tournament(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db, _line = created(capsys, tmp_path)
    out = tmp_path / "cards.pdf"
    ok(capsys, "tournament", "cards", "--db", db, "--name", "Party", "--out", str(out))
    pages = PdfReader(out).pages
    assert len(pages) == 4
    assert "Party: movement card" in pages[0].extract_text()
    assert "give --rounds" in refused(
        capsys, "tournament", "cards", "--player", "Ann", "--out", str(tmp_path / "x.pdf")
    )
