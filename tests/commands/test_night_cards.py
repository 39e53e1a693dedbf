"""``night cards`` on the command line: the PDF of table cards, the links those of
``night tables``, and every ``--out`` refusal of the other PDF commands."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from clabber_league.store.database import Database
from tests.commands.test_printing import run
from tests.night.helpers import LEAGUE, SEASON, WEEK, league_with_teams

LAN = "http://192.168.1.20:8717"


@pytest.fixture
def league(db: str) -> str:
    database = Database.open(db)
    league_with_teams(database, teams=6)
    database.close()
    return db


@pytest.fixture
def out(tmp_path: Path) -> Path:
    folder = tmp_path / "prints"
    folder.mkdir()
    return folder / "cards.pdf"


def night(db: str, *argv: str) -> list[str]:
    return ["night", *argv, "--db", db, "--season", SEASON, "--week", str(WEEK)]


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_cards_with_the_links_night_tables_gives(
    capsys: pytest.CaptureFixture[str], league: str, out: Path
) -> None:
    code, stdout, err = run(capsys, *night(league, "cards"), "--public-url", LAN, "--out", str(out))
    assert (code, err) == (0, ""), err
    assert stdout == f"{out}\n"
    assert sorted(path.name for path in out.parent.iterdir()) == [out.name]  # no temp left
    text = squeezed("".join(page.extract_text() for page in PdfReader(out).pages))
    code, listing, _ = run(
        capsys, *night(league, "tables"), "--public-url", LAN, "--format", "json"
    )
    assert code == 0
    links = json.loads(listing)
    assert len(links) == 4  # three tables and the board
    for link in links:
        assert link["url"].startswith(f"{LAN}/")
        assert squeezed(link["url"]) in text
    assert text.count("Table") == 3


def test_every_card_names_the_league_though_no_league_is_given(
    capsys: pytest.CaptureFixture[str], league: str, out: Path
) -> None:
    code, _stdout, err = run(
        capsys, *night(league, "cards"), "--public-url", LAN, "--out", str(out)
    )
    assert code == 0, err
    pages = [page.extract_text() for page in PdfReader(out).pages]
    text = "".join(pages)
    assert text.count(f"{LEAGUE} — {SEASON} · week {WEEK}") == 4  # three tables, the board


def test_persian_cards_speak_persian(
    capsys: pytest.CaptureFixture[str], league: str, out: Path
) -> None:
    code, _stdout, err = run(
        capsys, "--lang", "fa", *night(league, "cards"), "--public-url", LAN, "--out", str(out)
    )
    assert code == 0, err
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Table" not in text
    assert "The board" not in text
    assert LEAGUE in text


def test_links_only_this_computer_reaches_are_printed_with_a_warning(
    capsys: pytest.CaptureFixture[str], league: str, out: Path
) -> None:
    code, stdout, err = run(capsys, *night(league, "cards"), "--out", str(out))
    assert (code, stdout) == (0, f"{out}\n")
    assert err.startswith("warning: the links point at http://127.0.0.1:8717")
    assert "--public-url" in err
    assert "http://127.0.0.1:8717/t/" in squeezed(PdfReader(out).pages[0].extract_text())


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, stdout, err = run(capsys, *argv)
    assert (code, stdout) == (2, ""), err
    assert err.count("\n") == 1, err
    return err.strip()


def test_an_existing_file_is_kept_unless_forced(
    capsys: pytest.CaptureFixture[str], league: str, out: Path
) -> None:
    out.write_bytes(b"the old cards")
    message = refused(capsys, *night(league, "cards"), "--public-url", LAN, "--out", str(out))
    assert message == f"{out} already exists: choose another name, or give --force to replace it"
    assert out.read_bytes() == b"the old cards"
    code, _, err = run(
        capsys, *night(league, "cards"), "--public-url", LAN, "--out", str(out), "--force"
    )
    assert (code, err) == (0, "")
    assert out.read_bytes().startswith(b"%PDF")


def test_the_database_itself_is_never_the_output(
    capsys: pytest.CaptureFixture[str], league: str
) -> None:
    before = Path(league).read_bytes()
    message = refused(
        capsys, *night(league, "cards"), "--public-url", LAN, "--out", league, "--force"
    )
    assert message.endswith("is the database in use: it is never replaced; choose another file")
    assert Path(league).read_bytes() == before


def test_a_folder_is_never_the_output(
    capsys: pytest.CaptureFixture[str], league: str, out: Path
) -> None:
    message = refused(capsys, *night(league, "cards"), "--out", str(out.parent), "--force")
    assert "is a folder" in message
    assert list(out.parent.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--public-url", "ftp://x"], "--public-url 'ftp://x' is not a URL"),
        (["--season", "Nope"], "there is no season called 'Nope'"),
        # No QR code holds a link this long: refused before any is drawn.
        (["--public-url", "http://h/" + "x" * 3000], "--public-url 'http://h/x"),
    ],
)
def test_bad_input_writes_nothing(
    capsys: pytest.CaptureFixture[str], league: str, out: Path, argv: list[str], words: str
) -> None:
    message = refused(capsys, *night(league, "cards"), "--out", str(out), *argv)
    assert message.startswith(words)
    assert list(out.parent.iterdir()) == []
