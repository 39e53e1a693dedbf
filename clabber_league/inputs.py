"""Files the user names for input (game sheets, logos, databases): what kind of file
they are, read only when they are plain files, and never more than their limit.

A pipe (FIFO) or a device is refused by its ``stat`` before anything is read:
reading ``/dev/zero`` never ends and a pipe nobody writes to hangs. A plain
file is opened without blocking (should it be swapped for a pipe meanwhile)
and read up to its limit plus one byte, so a file of gigabytes costs no more
than one of the limit. Standard input (``-``) is read the same way, up to
the limit.

OS errors are told in a user's words (``os_words``), never as "File exists".
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from clabber_league.rules.limits import Limit
from clabber_league.rules.messages import ProblemError, problem

_OS_WORDS = {
    errno.ENOENT: "it does not exist",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EISDIR: "it is a folder",
    errno.ENOTDIR: "a part of its path is not a folder",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ELOOP: "its links go round in a loop",
    errno.EEXIST: "a file of that name appeared meanwhile",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EFBIG: "the file would be too large",
    errno.EROFS: "the disk is read-only",
    errno.EIO: "the disk reported an error",
    errno.EMFILE: "too many files are open",
    errno.ENFILE: "too many files are open",
    errno.EBUSY: "it is in use",
    errno.ENXIO: "nothing is on the other end",
    errno.EAGAIN: "it is not ready to be read",
    errno.EINVAL: "it cannot be used that way",
}


class InputError(ProblemError):
    """An input the program will not read; the message says why, in a user's words."""


def os_words(error: OSError) -> str:
    """What went wrong with a file, as a person would say it."""
    if error.errno in _OS_WORDS:
        return _OS_WORDS[error.errno]
    words = error.strerror or str(error) or "it cannot be used"
    return words[:1].lower() + words[1:]


def file_kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in a user's words (``None``: a plain file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not an ordinary file"


def size_words(size: int) -> str:
    """A size as people say it: 512 bytes, 340 KiB, 16 MiB."""
    if size < 1024:
        return f"{size:,} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:,.0f} KiB"
    return f"{size / (1024 * 1024):,.1f} MiB".replace(".0 MiB", " MiB")


def read_capped(path: str, limit: Limit, what: str, name: str | None = None) -> bytes:
    """The bytes of ``path`` (``-``: standard input), or ``InputError`` when it is not a
    plain file or is longer than ``limit``. ``what`` says what it should be ("a game
    file"); ``name`` is how messages name it (its path unless given)."""
    with open_capped(path, limit, what, name) as stream:
        return stream.read(limit.high + 1)


class CappedStream:
    """A file being read, refused (``InputError``) as soon as it runs past its limit."""

    def __init__(self, stream: IO[bytes], name: str, limit: Limit, what: str) -> None:
        self._stream = stream
        self._name = name
        self._limit = limit
        self._what = what
        self._read = 0

    def read(self, size: int) -> bytes:
        try:
            data = self._stream.read(size)
        except OSError as exc:
            raise InputError(_cannot_read(self._name, exc)) from None
        self._read += len(data)
        if self._read > self._limit.high:
            raise InputError(_too_long(self._name, None, self._limit, self._what))
        return data


@contextmanager
def open_capped(
    path: str, limit: Limit, what: str, name: str | None = None
) -> Iterator[CappedStream]:
    """``path`` (``-``: standard input) open for reading, as ``read_capped`` reads it: only
    a plain file, opened without blocking, and no further than ``limit``."""
    if path == "-":
        yield CappedStream(sys.stdin.buffer, name or "standard input", limit, what)
        return
    name = name or path
    try:
        status = os.stat(path)
    except (OSError, ValueError) as exc:
        raise InputError(
            problem("cannot read {name}: {words}", name=name, words=_words(exc))
        ) from None
    _check_plain(name, status, limit, what)
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputError(_cannot_read(name, exc)) from None
    with os.fdopen(descriptor, "rb") as stream:
        _check_plain(name, os.fstat(descriptor), limit, what)  # the file opened is the one checked
        yield CappedStream(stream, name, limit, what)


def plain_file_problem(path: str, what: str) -> str | None:
    """Why ``path``, which exists, cannot be ``what`` (a folder, a pipe, a device…); ``None``
    for a plain file or a path that does not exist. Nothing is opened."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        return f"cannot open {path}: {_words(exc)}"
    kind = file_kind(mode)
    return f"{path} is {kind}, not {what}" if kind is not None else None


def _words(error: OSError | ValueError) -> str:
    return os_words(error) if isinstance(error, OSError) else "the name cannot be a file's"


def _cannot_read(name: str, error: OSError) -> str:
    return problem("cannot read {name}: {os_words}", name=name, os_words=os_words(error))


def _check_plain(path: str, status: os.stat_result, limit: Limit, what: str) -> None:
    kind = file_kind(status.st_mode)
    if kind is not None:
        raise InputError(
            problem(
                "{path} is {kind}, not {what}: nothing was read from it",
                path=path,
                kind=kind,
                what=what,
            )
        )
    if status.st_size > limit.high:
        raise InputError(_too_long(path, status.st_size, limit, what))


def _too_long(name: str, size: int | None, limit: Limit, what: str) -> str:
    measured = f" ({size_words(size)})" if size is not None else ""
    return f"{name} is too long{measured}: {what} is at most {size_words(limit.high)}"
