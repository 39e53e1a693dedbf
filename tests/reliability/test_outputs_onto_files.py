"""Outputs onto files that exist: an ordinary file only with --force, and never a device,
a FIFO, a folder, a link to a device, or the database itself — in a process of its own,
so that a write that blocked on a FIFO would show as a hang, not pass."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.reliability.helpers import cli, files_in, side_by_side
from tests.test_outputs import special_files

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples"


@pytest.fixture
def db(tmp_path: Path, data: Path) -> Path:
    path = tmp_path / "league.sqlite3"
    game = sorted(EXAMPLE.glob("*.json"))[0]
    assert cli(data, "import", str(game), "--db", str(path)).code == 0
    return path


COMMANDS = {
    "print": ["print", "game", "--game", "1"],
    "export": ["export", "--game", "1"],
    "backup": ["backup"],
}


def specials(tmp_path: Path, db: Path) -> dict[str, tuple[Path, str]]:
    """Every kind of file an output must never replace, and how the refusal names it."""
    made = special_files(tmp_path)
    made["the-database"] = (db, "the database in use")
    return made


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_special_files_are_never_replaced_even_with_force(
    tmp_path: Path, data: Path, db: Path, command: str
) -> None:
    before_db = db.read_bytes()
    targets = specials(tmp_path, db)
    modes = {kind: os.lstat(path).st_mode for kind, (path, _) in targets.items()}
    outcomes = side_by_side(
        data,
        [
            ["cli", *COMMANDS[command], "--db", str(db), "--out", str(path), "--force"]
            for path, _ in targets.values()
        ],
    )
    for (kind, (path, words)), outcome in zip(targets.items(), outcomes, strict=True):
        assert outcome.code == 2, (kind, outcome)
        assert outcome.err.startswith(f"{path} is {words}: it is never replaced"), (kind, outcome)
        assert os.lstat(path).st_mode == modes[kind], kind
    assert db.read_bytes() == before_db
    assert files_in(tmp_path) == ["folder", "league.sqlite3", "null-link", "pipe"]


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_an_existing_file_only_with_force(
    tmp_path: Path, data: Path, db: Path, command: str
) -> None:
    out = tmp_path / "out.file"
    out.write_bytes(b"keep me")
    refused = cli(data, *COMMANDS[command], "--db", str(db), "--out", str(out))
    assert refused.code == 2
    assert refused.err == (
        f"{out} already exists: choose another name, or give --force to replace it\n"
    )
    assert out.read_bytes() == b"keep me"
    forced = cli(data, *COMMANDS[command], "--db", str(db), "--out", str(out), "--force")
    assert forced.code == 0, forced
    assert out.read_bytes() != b"keep me"
