"""``tournament print standings|movement|sheets`` on the command line: the PDFs, and one
line with exit 2 (nothing written) for a tournament or a round there is not."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from clabber_league.store.database import Database
from tests.commands.test_printing import run
from tests.store.tournament_play import played_tournament


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "league.sqlite3")
    database = Database.open(path)
    played_tournament(database)
    database.close()
    return path


@pytest.fixture
def out(tmp_path: Path) -> Path:
    folder = tmp_path / "prints"
    folder.mkdir()
    return folder / "out.pdf"


def printed(capsys: pytest.CaptureFixture[str], out: Path, *argv: str) -> list[str]:
    code, stdout, err = run(capsys, "tournament", "print", *argv, "--out", str(out))
    assert (code, err) == (0, ""), err
    assert stdout == f"{out}\n"
    assert sorted(path.name for path in out.parent.iterdir()) == [out.name]
    return [page.extract_text() for page in PdfReader(out).pages]


def refused(capsys: pytest.CaptureFixture[str], out: Path, *argv: str) -> list[str]:
    """Exit 2, nothing on stdout and no file written; the lines on stderr."""
    code, stdout, err = run(capsys, "tournament", "print", *argv, "--out", str(out))
    assert (code, stdout) == (2, ""), err
    assert list(out.parent.iterdir()) == []
    return err.splitlines()


def test_the_standings(capsys: pytest.CaptureFixture[str], db: str, out: Path) -> None:
    (text,) = printed(capsys, out, "standings", "--db", db, "--name", "card party")
    assert "Card Party" in text
    assert "After round 2 of 4" in text
    assert len(PdfReader(out).pages) == 1


def test_the_movement_on_a4(capsys: pytest.CaptureFixture[str], db: str, out: Path) -> None:
    texts = printed(capsys, out, "movement", "--db", db, "--name", "Card Party", "--paper", "a4")
    assert all(f"Round {number}" in "".join(texts) for number in range(1, 5))
    assert round(PdfReader(out).pages[0].mediabox.width) == 595


def test_every_table_s_sheet_and_one_round_s(
    capsys: pytest.CaptureFixture[str], db: str, out: Path
) -> None:
    texts = printed(capsys, out, "sheets", "--db", db, "--name", "Card Party")
    assert len(texts) == 4
    assert ["Round 1, table 1 — " in texts[0], "Round 2, table 2 — " in texts[3]] == [True, True]
    out.unlink()
    texts = printed(capsys, out, "sheets", "--db", db, "--name", "Card Party", "--round", "2")
    assert len(texts) == 2
    assert all("Round 2, table" in text for text in texts)


@pytest.mark.parametrize("document", ["standings", "movement", "sheets"])
def test_a_tournament_there_is_not(
    capsys: pytest.CaptureFixture[str], db: str, out: Path, document: str
) -> None:
    lines = refused(capsys, out, document, "--db", db, "--name", "Summer")
    assert lines == ["there is no tournament called 'Summer'; there are Card Party"]


def test_a_round_there_is_not(capsys: pytest.CaptureFixture[str], db: str, out: Path) -> None:
    lines = refused(capsys, out, "sheets", "--db", db, "--name", "Card Party", "--round", "7")
    assert lines == ["Card Party has no round 7: its rounds are 1 to 4"]


def test_a_round_not_yet_played_points_to_the_blank_sheets(
    capsys: pytest.CaptureFixture[str], db: str, out: Path
) -> None:
    lines = refused(capsys, out, "sheets", "--db", db, "--name", "Card Party", "--round", "3")
    assert lines == [
        "round 3 of Card Party has no game yet: print blank sheets for its tables",
        "clabber-league print blank --season 'Card Party' --league 'Card Party' --week 3",
    ]
    advice = ["print", "blank", "--season", "Card Party", "--league", "Card Party", "--week", "3"]
    code, stdout, err = run(capsys, *advice, "--db", db, "--out", str(out))
    assert (code, err, stdout) == (0, "", f"{out}\n")
    assert len(PdfReader(out).pages) == 2  # a sheet for each of the round's two tables


def test_a_round_that_is_no_number_is_refused_by_argparse(
    capsys: pytest.CaptureFixture[str], db: str, out: Path
) -> None:
    with pytest.raises(SystemExit) as stopped:
        run(capsys, "tournament", "print", "sheets", "--db", db, "--name", "Card Party",
            "--round", "0", "--out", str(out))  # fmt: skip
    assert stopped.value.code == 2
    assert "the round" in capsys.readouterr().err
    assert not out.exists()
