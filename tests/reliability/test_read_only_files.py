"""A database the user may only read — a read-only file, a read-only folder, a shared
drive — is read by standings, export, print and backup, and nothing is created or changed
beside it. Tried as an ordinary user (``nobody`` when the suite runs as root)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from tests.reliability.helpers import Finished, files_in, run, side_by_side, spring_league

USER = "nobody"


@pytest.fixture
def shared(data: Path) -> Iterator[Path]:
    """A folder any user can reach (the test's own temporary folder is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="clabber-read-only-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for path in [folder, *folder.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        shutil.rmtree(folder)


def league_in(folder: Path) -> Path:
    return spring_league(folder / "league" / "league.sqlite3")


def as_user(data: Path, *argv: str) -> Finished:
    return run(data, "as", USER, *argv)


def writable_out(shared: Path) -> Path:
    out = shared / "out"
    out.mkdir(exist_ok=True)
    out.chmod(0o777)
    return out


READING = [
    ("standings", ["standings", "--season", "Spring", "--format", "csv"]),
    ("export", ["export", "--season", "Spring"]),
    ("schedule", ["schedule", "show", "--season", "Spring"]),
    ("print", ["print", "standings", "--season", "Spring", "--out", "{out}/standings.pdf"]),
    ("backup", ["backup", "--out", "{out}/copy.sqlite3"]),
]


@pytest.mark.parametrize("folder_mode", [0o555, 0o777], ids=["read-only-folder", "open-folder"])
def test_a_read_only_database_is_read_and_left_exactly_as_it_was(
    data: Path, shared: Path, folder_mode: int
) -> None:
    db = league_in(shared)
    db.chmod(0o444)
    db.parent.chmod(folder_mode)
    before, listing = db.read_bytes(), files_in(db.parent)
    out = writable_out(shared)
    outcomes = side_by_side(
        data,
        [
            ["as", USER, *[part.replace("{out}", str(out)) for part in argv], "--db", str(db)]
            for _, argv in READING
        ],
    )
    for (name, _), outcome in zip(READING, outcomes, strict=True):
        assert (outcome.code, outcome.err) == (0, ""), (name, outcome)
    assert files_in(db.parent) == listing  # no -wal, no -shm, no journal
    assert db.read_bytes() == before
    assert "Eagles" in outcomes[0].out
    assert files_in(out) == ["copy.sqlite3", "standings.pdf"]


def test_a_change_to_a_read_only_database_is_refused_in_a_line(data: Path, shared: Path) -> None:
    db = league_in(shared)
    db.chmod(0o444)
    before = db.read_bytes()
    outcome = as_user(data, "team", "add", "--db", str(db), "--season", "Spring", "--name", "X")
    assert outcome.code == 2
    assert outcome.err.startswith(f"{db} is read-only: Clabber League needs to write to it")
    assert outcome.err.count("\n") == 1
    assert db.read_bytes() == before


def test_unmerged_changes_in_a_read_only_folder_are_refused_not_skipped(
    data: Path, shared: Path
) -> None:
    """A copy taken while the app was writing: the file and its write-ahead log. Where
    SQLite may not keep its index, the log cannot be read, and skipping it would show
    old standings as if they were current."""
    db = league_in(shared)
    with closing(sqlite3.connect(db)) as writer:
        writer.execute("PRAGMA wal_autocheckpoint=0")
        writer.execute("UPDATE team SET name = 'Renamed' WHERE name = 'Eagles'")
        writer.commit()
        copy = shared / "copy"
        copy.mkdir()
        for suffix in ("", "-wal"):
            shutil.copy(db.with_name(db.name + suffix), copy / (db.name + suffix))
    copied = copy / db.name
    for path in copy.iterdir():
        path.chmod(0o444)
    copy.chmod(0o555)
    outcome = as_user(data, "standings", "--db", str(copied), "--season", "Spring")
    assert outcome.code == 2, outcome
    assert outcome.err == (
        f"{copied} has changes not yet merged into it ({copied.name}-wal) and may not be "
        "written here: open it once where it may be written\n"
    )
    assert files_in(copy) == [copied.name, f"{copied.name}-wal"]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can become another user")
def test_the_ordinary_user_really_cannot_write_there(data: Path, shared: Path) -> None:
    """The premise of the tests above: as USER, the read-only folder refuses a new file."""
    db = league_in(shared)
    db.parent.chmod(0o555)
    new = db.parent / "new.sqlite3"
    outcome = as_user(data, "season", "create", "--league", "L", "--season", "S", "--db", str(new))
    assert (outcome.code, outcome.err) == (2, f"cannot create {new}: its folder is read-only\n")
