"""Outputs the user names: never the wrong file, never half a file, no temporary left."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

from clabber_league import outputs
from clabber_league.outputs import (
    TEMP_SUFFIX,
    OutputError,
    check_output,
    clean_leftovers,
    forget_protected,
    protect,
    write_output,
)


def text(content: bytes) -> Callable[[IO[bytes]], None]:
    def write(stream: IO[bytes]) -> None:
        stream.write(content)

    return write


def test_a_new_file_is_written_whole(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert write_output(out, text(b"hello"), force=False) == out
    assert out.read_bytes() == b"hello"
    assert sorted(tmp_path.iterdir()) == [out]


def test_an_existing_file_is_replaced_only_with_force(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_bytes(b"old")
    out.chmod(0o640)
    with pytest.raises(OutputError) as refused:
        write_output(out, text(b"new"), force=False)
    assert str(refused.value) == (
        f"{out} already exists: choose another name, or give --force to replace it"
    )
    assert out.read_bytes() == b"old"
    write_output(out, text(b"new"), force=True)
    assert out.read_bytes() == b"new"
    assert stat.S_IMODE(out.stat().st_mode) == 0o640  # a replaced file keeps its permissions


def special_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link_to_device = tmp_path / "null-link"
    link_to_device.symlink_to(os.devnull)
    folder = tmp_path / "folder"
    folder.mkdir()
    return {
        "fifo": (fifo, "a pipe (FIFO)"),
        "device": (Path(os.devnull), "a device"),
        "link-to-device": (link_to_device, "a device"),
        "folder": (folder, "a folder"),
    }


@pytest.mark.parametrize("kind", ["fifo", "device", "link-to-device", "folder"])
def test_only_a_regular_file_is_ever_replaced(tmp_path: Path, kind: str) -> None:
    path, words = special_files(tmp_path)[kind]
    before = os.lstat(path)
    with pytest.raises(OutputError) as refused:
        write_output(path, text(b"PDF"), force=True)
    assert str(refused.value) == f"{path} is {words}: it is never replaced; give a file name"
    after = os.lstat(path)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert not list(tmp_path.glob(f"*{TEMP_SUFFIX}*"))


def test_a_link_to_a_file_replaces_the_file_it_points_to(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_bytes(b"old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_output(link, text(b"new"), force=True)
    assert link.is_symlink()
    assert real.read_bytes() == b"new"


def test_a_protected_database_is_never_replaced(tmp_path: Path) -> None:
    database = tmp_path / "league.sqlite3"
    database.write_bytes(b"SQLite format 3\x00")
    hard_link = tmp_path / "same-file.sqlite3"
    os.link(database, hard_link)
    protect(database)
    try:
        for path in (database, hard_link, tmp_path / "league.sqlite3-wal"):
            with pytest.raises(OutputError, match="is the database in use: it is never replaced"):
                check_output(path, force=True)
    finally:
        forget_protected(database)
    check_output(database, force=True)  # closed, it is a file like any other


def test_a_missing_folder_is_said(tmp_path: Path) -> None:
    out = tmp_path / "nowhere" / "out.txt"
    with pytest.raises(OutputError) as refused:
        write_output(out, text(b"x"), force=False)
    assert str(refused.value) == f"cannot write {out}: the folder {out.parent} does not exist"


def test_a_failure_half_way_leaves_no_file_and_the_old_one_alone(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_bytes(b"old")

    def half(stream: IO[bytes]) -> None:
        stream.write(b"half a")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_output(out, half, force=True)
    assert out.read_bytes() == b"old"
    assert sorted(tmp_path.iterdir()) == [out]


def test_a_full_disk_is_said_and_leaves_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"

    def full(stream: IO[bytes]) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OutputError) as refused:
        write_output(out, full, force=False)
    assert str(refused.value) == (f"cannot write {out}: the disk is full; nothing was written")
    assert list(tmp_path.iterdir()) == []


def test_leftovers_of_a_killed_writer_are_cleaned_and_a_live_ones_kept(tmp_path: Path) -> None:
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead_pid = int(dead.stdout)
    leftovers = [
        tmp_path / f".book.pdf.{dead_pid}-0a1b2c3d{TEMP_SUFFIX}",
        tmp_path / f".copy.sqlite3.{dead_pid}-0a1b2c3d{TEMP_SUFFIX}-journal",
    ]
    alive = tmp_path / f".other.pdf.{os.getpid()}-0a1b2c3d{TEMP_SUFFIX}"
    mine = tmp_path / "notes.part"
    for path in [*leftovers, alive, mine]:
        path.write_bytes(b"x")
    assert sorted(clean_leftovers(tmp_path)) == sorted(leftovers)
    assert sorted(tmp_path.iterdir()) == sorted([alive, mine])
    write_output(tmp_path / "book.pdf", text(b"%PDF"), force=False)
    assert alive.exists()


@pytest.mark.parametrize(
    ("platform", "said"),
    [
        ("win32", "another program may have it open (close it and try again)"),
        ("linux", "permission denied"),
    ],
)
def test_a_target_that_cannot_be_replaced_is_one_line_and_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str, said: str
) -> None:
    """On Windows a file another program holds open cannot be replaced: the rename is
    refused with PermissionError, which must not escape as a traceback."""
    out = tmp_path / "standings.pdf"
    out.write_bytes(b"old")

    def held(_source: object, _target: object) -> None:
        raise PermissionError(errno.EACCES, "Access is denied")

    monkeypatch.setattr(os, "replace", held)
    monkeypatch.setattr(sys, "platform", platform)
    with pytest.raises(OutputError) as refused:
        write_output(out, text(b"new"), force=True)
    assert str(refused.value).startswith(
        f"cannot replace {out}: " if platform == "win32" else f"cannot write {out}: "
    )
    assert said in str(refused.value).lower()
    assert str(refused.value).endswith("; nothing was written")
    assert list(tmp_path.iterdir()) == [out]
    assert out.read_bytes() == b"old"


def test_a_leftover_on_windows_is_judged_without_a_signal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``os.kill(pid, 0)`` on Windows sends the process Ctrl+C: never called there."""
    asked: list[int] = []

    def no_kill(_pid: int, _signal: int) -> None:
        raise AssertionError("os.kill was called")

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "kill", no_kill)

    def gone(pid: int) -> bool:
        asked.append(pid)
        return False

    monkeypatch.setattr(outputs, "_alive_on_windows", gone)
    leftover = tmp_path / f".book.pdf.4242-0a1b2c3d{TEMP_SUFFIX}"
    leftover.write_bytes(b"x")
    assert clean_leftovers(tmp_path) == [leftover]
    assert asked == [4242]
