"""Files the user gives: plain files only, read within their cap, OS errors in words."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from clabber_league.inputs import InputError, os_words, plain_file_problem, read_capped
from clabber_league.rules.limits import LOGO_BYTES


def test_a_plain_file_within_its_cap_is_read(tmp_path: Path) -> None:
    path = tmp_path / "logo.png"
    path.write_bytes(b"x" * 10)
    assert read_capped(str(path), LOGO_BYTES, "a logo") == b"x" * 10


def test_a_file_over_its_cap_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big"
    with path.open("wb") as stream:
        stream.truncate(LOGO_BYTES.high + 1)
    with pytest.raises(InputError, match=r"is too long \(10 MiB\): a logo is at most 10 MiB"):
        read_capped(str(path), LOGO_BYTES, "a logo")


def test_devices_folders_and_pipes_are_refused_unread(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for path, kind in (
        ("/dev/zero", "a device"),
        (str(tmp_path), "a folder"),
        (str(pipe), "a pipe"),
    ):
        with pytest.raises(InputError, match=f"is {kind}"):
            read_capped(path, LOGO_BYTES, "a logo")
        assert plain_file_problem(path, "a database file") is not None
    assert plain_file_problem(str(tmp_path / "new.sqlite3"), "a database file") is None


def test_os_errors_are_said_in_words() -> None:
    assert os_words(FileExistsError(errno.EEXIST, "File exists")) == (
        "a file of that name appeared meanwhile"
    )
    assert os_words(OSError(errno.ENOSPC, "No space left on device")) == "the disk is full"
