"""SIGKILL, SIGTERM and Ctrl+C while a season book is printed: the PDF named is the old one
or the whole new one, never half; no temporary file stays (after a SIGKILL, the next
print into the folder clears it)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader

from clabber_league.store.database import Database
from clabber_league.store.imports import import_games
from clabber_league.store.league import add_team, create_season, generate_schedule
from tests.reliability.helpers import (
    KILLED,
    all_killed_at,
    cli,
    files_in,
    finish,
    launch,
    side_by_side,
)
from tests.store.test_league import TEAMS, spring_games

POINTS = ["print:rendering", "output:written", "output:before-rename"]
OLD = b"%PDF-1.4 the book printed last week\n"


@pytest.fixture
def db(tmp_path: Path, data: Path) -> Path:
    path = tmp_path / "league.sqlite3"
    database = Database.open(str(path))
    try:
        create_season(database, league="Club", season="Spring")
        for name in TEAMS:
            add_team(database, "Spring", name)
        generate_schedule(database, "Spring", start=date(2025, 3, 6))
        import_games(database, spring_games(), "Spring")
    finally:
        database.close()
    return path


def book(db: Path, out: Path) -> list[str]:
    return ["print", "season", "--db", str(db), "--season", "Spring", "--out", str(out), "--force"]


def test_a_killed_print_leaves_the_old_book_and_its_leftovers_go_next_time(
    tmp_path: Path, data: Path, db: Path
) -> None:
    folders = {point: tmp_path / f"prints-{n}" for n, point in enumerate(POINTS)}
    for folder in folders.values():
        folder.mkdir()
        (folder / "book.pdf").write_bytes(OLD)
    outcomes = all_killed_at(
        data,
        [(point, ["cli", *book(db, folder / "book.pdf")]) for point, folder in folders.items()],
    )
    for (point, folder), outcome in zip(folders.items(), outcomes, strict=True):
        assert outcome.code == KILLED, (point, outcome)
        assert (folder / "book.pdf").read_bytes() == OLD, point
    # The next print into each folder — another document — clears what the kill left.
    again = side_by_side(
        data,
        [
            ["cli", "print", "blank", "--out", str(folder / "pad.pdf")]
            for folder in folders.values()
        ],
    )
    for (point, folder), outcome in zip(folders.items(), again, strict=True):
        assert outcome.code == 0, outcome
        assert files_in(folder) == ["book.pdf", "pad.pdf"], point


@pytest.mark.parametrize(("signal_name", "code"), [("TERM", 143), ("INT", 130)])
def test_a_stopped_print_cleans_up_at_once(
    tmp_path: Path, data: Path, db: Path, signal_name: str, code: int
) -> None:
    points = ["print:rendering", "output:before-rename"]
    folders = {point: tmp_path / f"prints-{n}" for n, point in enumerate(points)}
    processes = []
    for point, folder in folders.items():
        folder.mkdir()
        (folder / "book.pdf").write_bytes(OLD)
        processes.append(
            launch(
                data, "cli", *book(db, folder / "book.pdf"), kill_at=point, kill_with=signal_name
            )
        )
    for (point, folder), process in zip(folders.items(), processes, strict=True):
        outcome = finish(process)
        assert outcome.code == code, (point, outcome)
        assert "Traceback" not in outcome.err
        assert files_in(folder) == ["book.pdf"], point
        assert (folder / "book.pdf").read_bytes() == OLD


def test_an_uninterrupted_book_is_whole(tmp_path: Path, data: Path, db: Path) -> None:
    out = tmp_path / "book.pdf"
    done = cli(data, *book(db, out))
    assert done.code == 0, done
    assert len(PdfReader(out).pages) == 6
    assert files_in(tmp_path) == ["book.pdf", "data", "league.sqlite3"] or files_in(tmp_path) == [
        "book.pdf",
        "league.sqlite3",
    ]
