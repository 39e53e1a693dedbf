"""``print`` on the command line: each document, and bad input refused with nothing written."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import IO

import pytest
from PIL import Image
from pypdf import PdfReader

from clabber_league import cli
from clabber_league.outputs import write_output
from clabber_league.store.database import Database
from clabber_league.store.imports import import_games
from clabber_league.store.league import add_team, create_season, generate_schedule
from tests.store.test_league import TEAMS, spring_games


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "league.sqlite3")
    database = Database.open(path)
    create_season(database, league="Club", season="Spring")
    for name in TEAMS:
        add_team(database, "Spring", name)
    generate_schedule(database, "Spring", start=date(2025, 3, 6))
    import_games(database, spring_games(), "Spring")
    database.close()
    return path


@pytest.fixture
def out(tmp_path: Path) -> Path:
    folder = tmp_path / "prints"
    folder.mkdir()
    return folder / "out.pdf"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def printed(capsys: pytest.CaptureFixture[str], out: Path, *argv: str) -> list[str]:
    """Run a print command that must succeed; the PDF's pages' text."""
    code, stdout, err = run(capsys, "print", *argv, "--out", str(out))
    assert (code, err) == (0, ""), err
    assert stdout == f"{out}\n"
    assert sorted(path.name for path in out.parent.iterdir()) == [out.name]  # no temp left
    return [page.extract_text() for page in PdfReader(out).pages]


def refused(capsys: pytest.CaptureFixture[str], out: Path, *argv: str) -> str:
    """Exit 2 with one line on stderr, nothing on stdout, and no file (or temp) written."""
    code, stdout, err = run(capsys, "print", *argv, "--out", str(out))
    assert (code, stdout) == (2, ""), err
    assert err.count("\n") == 1, err
    if out.parent.exists():
        assert list(out.parent.iterdir()) == []
    return err.strip()


def argparse_refused(capsys: pytest.CaptureFixture[str], out: Path, *argv: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["print", *argv, "--out", str(out)])
    assert stopped.value.code == 2
    assert not out.exists()
    return capsys.readouterr().err


# ----------------------------------------------------------------------- blank
def test_a_blank_pad(capsys: pytest.CaptureFixture[str], out: Path) -> None:
    texts = printed(
        capsys, out, "blank", "--games-per-page", "2", "--pages", "3", "--paper", "a4",
        "--league", "Jack-Nine Club",
    )  # fmt: skip
    assert len(texts) == 3
    assert all(text.count("Jack-Nine Club") == 2 for text in texts)
    box = PdfReader(out).pages[0].mediabox
    assert (round(box.width), round(box.height)) == (595, 842)


def test_a_sponsored_pad(capsys: pytest.CaptureFixture[str], out: Path, tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    Image.new("RGB", (60, 30), (20, 90, 160)).save(logo)
    (text,) = printed(
        capsys, out, "blank", "--sponsor-text", "Compliments of Joe's", "--sponsor-logo", str(logo)
    )
    assert "Compliments of Joe's" in text


def test_a_pad_for_another_rule_set(capsys: pytest.CaptureFixture[str], out: Path) -> None:
    (text,) = printed(capsys, out, "blank", "--rules", "wadesville")
    assert "Quick reference — Wadesville" in text
    assert "run of six" in text


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--games-per-page", "3"], "invalid choice: 3"),
        (["--pages", "0"], "a pad must be from 1 to 1,000 pages, not 0"),
        (["--pages", "lots"], "a pad must be a whole number from 1 to 1,000 pages, not 'lots'"),
        (["--paper", "legal"], "invalid choice: 'legal'"),
        (["--rules", "bridge"], "invalid choice: 'bridge'"),
    ],
)
def test_bad_pad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], out: Path, argv: list[str], words: str
) -> None:
    assert words in argparse_refused(capsys, out, "blank", *argv)


def test_a_missing_logo_writes_nothing(
    capsys: pytest.CaptureFixture[str], out: Path, tmp_path: Path
) -> None:
    message = refused(capsys, out, "blank", "--sponsor-logo", str(tmp_path / "nope.png"))
    assert message == (f"cannot read the sponsor logo {tmp_path / 'nope.png'}: it does not exist")


def test_a_logo_that_is_no_image_leaves_the_old_pdf_alone(
    capsys: pytest.CaptureFixture[str], out: Path, tmp_path: Path
) -> None:
    logo = tmp_path / "logo.png"
    logo.write_text("this is not a picture", encoding="utf-8")
    out.write_bytes(b"the old print")
    code, stdout, err = run(
        capsys, "print", "blank", "--sponsor-logo", str(logo), "--out", str(out), "--force"
    )
    assert (code, stdout) == (2, "")
    assert err.strip() == (
        f"the sponsor logo {logo} is not an image that can be printed: use a PNG, JPEG or GIF file"
    )
    assert out.read_bytes() == b"the old print"
    assert [path.name for path in out.parent.iterdir()] == [out.name]


def test_an_output_folder_that_does_not_exist(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "missing" / "pad.pdf"
    message = refused(capsys, out, "blank")
    assert message == f"cannot write {out}: the folder {out.parent} does not exist"


def test_an_output_that_is_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, stdout, err = run(capsys, "print", "blank", "--out", str(tmp_path))
    assert (code, stdout) == (2, "")
    assert err.strip() == f"{tmp_path} is a folder: it is never replaced; give a file name"


def test_a_failed_render_removes_its_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"

    def fail(stream: IO[bytes]) -> None:
        stream.write(b"%PDF half")
        raise RuntimeError("printer on fire")

    with pytest.raises(RuntimeError):
        write_output(target, fail, force=False)
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------- from the league
def test_a_game(capsys: pytest.CaptureFixture[str], out: Path, db: str) -> None:
    (text,) = printed(capsys, out, "game", "--db", db, "--game", "1")
    for words in ("Eagles", "Owls", "Club — Spring", "504", "74", "XX"):
        assert words in text


def test_an_unknown_game(capsys: pytest.CaptureFixture[str], out: Path, db: str) -> None:
    assert refused(capsys, out, "game", "--db", db, "--game", "99").startswith(
        "there is no game 99"
    )


def test_standings(capsys: pytest.CaptureFixture[str], out: Path, db: str) -> None:
    (text,) = printed(capsys, out, "standings", "--db", db, "--season", "Spring")
    assert "Club — Spring" in text
    assert text.index("Eagles") < text.index("Owls") < text.index("Crows") < text.index("Hawks")
    assert "Ranked by pct, then head-to-head pct" in text


def test_schedule(capsys: pytest.CaptureFixture[str], out: Path, db: str) -> None:
    (text,) = printed(capsys, out, "schedule", "--db", db, "--season", "Spring")
    for week, night in enumerate(("Thu 06 Mar 2025", "Thu 13 Mar 2025", "Thu 20 Mar 2025"), 1):
        assert f"Week {week} — {night}" in text


def test_season_book(capsys: pytest.CaptureFixture[str], out: Path, db: str) -> None:
    texts = printed(capsys, out, "season", "--db", db, "--season", "Spring", "--paper", "a4")
    assert len(texts) == 6
    assert "Season book" in texts[0]
    assert "Contents" in texts[1]
    assert "Game 4 of 4" in texts[5]


def test_schedule_results(capsys: pytest.CaptureFixture[str], out: Path, db: str) -> None:
    (text,) = printed(capsys, out, "schedule", "--db", db, "--season", "Spring")
    assert "504–74" in text
    assert "Result" in text


# ------------------------------------------------------------ a week's documents
def test_a_week_s_recap(capsys: pytest.CaptureFixture[str], out: Path, db: str) -> None:
    spring = ("--db", db, "--season", "Spring", "--week", "2", "--paper", "a4")
    (text,) = printed(capsys, out, "recap", *spring)
    assert "Week 2 recap — Thu 13 Mar 2025" in text
    assert "Standings after week 2" in text
    assert "Next week: Week 3 — Thu 20 Mar 2025" in text
    assert "506–506" in text


def test_a_week_s_sheets(capsys: pytest.CaptureFixture[str], out: Path, db: str) -> None:
    texts = printed(capsys, out, "blank", "--db", db, "--season", "Spring", "--week", "3")
    assert len(texts) == 2
    assert "Table 1" in texts[0]
    assert "Eagles" in texts[0]
    assert "Crows" in texts[0]
    assert "Thu 20 Mar 2025" in texts[0]
    assert "Club — Spring" in texts[0]


@pytest.mark.parametrize("document", ["recap", "blank"])
def test_a_week_the_season_does_not_have(
    capsys: pytest.CaptureFixture[str], out: Path, db: str, document: str
) -> None:
    message = refused(capsys, out, document, "--db", db, "--season", "Spring", "--week", "7")
    assert message == "Spring has no week 7: its weeks are 1 to 3"


@pytest.mark.parametrize("document", ["recap", "blank"])
def test_a_season_without_a_schedule(
    capsys: pytest.CaptureFixture[str], out: Path, tmp_path: Path, document: str
) -> None:
    path = str(tmp_path / "bare.sqlite3")
    database = Database.open(path)
    create_season(database, league="Club", season="Spring")
    database.close()
    message = refused(capsys, out, document, "--db", path, "--season", "Spring", "--week", "1")
    assert message == "Spring has no schedule yet: make one first"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--season", "Spring"), "--season and --week go together: a week of a season"),
        (("--week", "1"), "--season and --week go together: a week of a season"),
        (
            ("--season", "Spring", "--week", "1", "--rules", "evansville"),
            "--rules is the season's own with --season: leave it out",
        ),
        (
            ("--season", "Spring", "--week", "1", "--pages", "2"),
            "--season prints a sheet per game of the week: leave out --pages",
        ),
    ],
)
def test_a_week_s_sheets_need_the_season_and_the_week(
    capsys: pytest.CaptureFixture[str], out: Path, db: str, argv: tuple[str, ...], message: str
) -> None:
    assert refused(capsys, out, "blank", "--db", db, *argv) == message


@pytest.mark.parametrize("document", ["standings", "schedule", "season"])
def test_an_unknown_season(
    capsys: pytest.CaptureFixture[str], out: Path, db: str, document: str
) -> None:
    message = refused(capsys, out, document, "--db", db, "--season", "Winter")
    assert message == "there is no season called 'Winter'"
