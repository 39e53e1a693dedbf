"""Files the user names for output (PDFs, exports, backups): never the wrong file, never
half a file.

- A path that exists is refused unless the user said ``--force`` (or a save
  dialog asked); even then only a regular file is replaced: a device, a
  FIFO, a folder, a socket — or a link to one — never, and never a database
  this process has open (``protect``), whatever its name.
- The content goes to a temporary file in the target's own folder, is
  flushed to the disk, and is renamed over the target in one step; the
  folder is synced so the rename survives a power cut. Whoever reads the
  target sees the old file or the whole new one.
- A failure, Ctrl+C, SIGTERM (the command line turns it into an exception)
  or a full disk removes the temporary file at once. A SIGKILL cannot be
  caught, so temporary files carry the writer's process id
  (``.NAME.PID-XXXXXXXX.clabber-part``): the next output into the same folder
  removes those whose process is gone.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from clabber_league.inputs import file_kind, os_words
from clabber_league.kill_points import kill_point
from clabber_league.rules.messages import ProblemError, problem

TEMP_SUFFIX = ".clabber-part"
_SQLITE_COMPANIONS = ("", "-wal", "-shm", "-journal")

_protected: dict[Path, int] = {}
#: The Windows API's numbers for ``_alive_on_windows``.
_QUERY_LIMITED_INFORMATION = 0x1000
_ACCESS_DENIED = 5
_STILL_ACTIVE = 259


class OutputError(ProblemError):
    """An output the program will not write; the message says why, in a user's words."""


def protect(database: Path) -> None:
    """Never write an output over ``database`` (or its journal files) while it is open."""
    key = Path(os.path.realpath(database))
    _protected[key] = _protected.get(key, 0) + 1


def forget_protected(database: Path) -> None:
    key = Path(os.path.realpath(database))
    if _protected.get(key, 0) > 1:
        _protected[key] -= 1
    else:
        _protected.pop(key, None)


def _is_protected(target: Path) -> bool:
    for database in _protected:
        for companion in _SQLITE_COMPANIONS:
            guarded = database.with_name(database.name + companion)
            if target == guarded:
                return True
            with contextlib.suppress(OSError):
                if target.exists() and guarded.exists() and os.path.samefile(target, guarded):
                    return True
    return False


def check_output(path: Path, *, force: bool) -> Path:
    """The file to write for ``path`` (a link followed to its target), or ``OutputError``.

    Called before any work is done, so a refused output costs nothing.
    """
    target = Path(os.path.realpath(path))
    try:
        mode: int | None = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise OutputError(
            problem("cannot write {path}: {os_words}", path=path, os_words=os_words(exc))
        ) from None
    if mode is not None and (kind := file_kind(mode)) is not None:
        raise OutputError(
            problem(
                "{path} is {kind}: it is never replaced; give a file name", path=path, kind=kind
            )
        )
    if _is_protected(target):
        raise OutputError(
            problem(
                "{path} is the database in use: it is never replaced; choose another file",
                path=path,
            )
        )
    if mode is not None and not force:
        raise OutputError(
            problem(
                "{path} already exists: choose another name, or give --force to replace it",
                path=path,
            )
        )
    if not target.parent.is_dir():
        raise OutputError(
            problem(
                "cannot write {path}: the folder {parent} does not exist",
                path=path,
                parent=target.parent,
            )
        )
    return target


def write_output(path: Path, write: Callable[[IO[bytes]], None], *, force: bool) -> Path:
    """Check ``path``, then write it atomically with ``write(stream)``; returns the file written."""

    def fill(temporary: Path) -> None:
        with open(temporary, "wb") as stream:
            write(stream)
            kill_point("output:written")
            stream.flush()
            os.fsync(stream.fileno())

    return replace_atomically(path, fill, force=force)


def replace_atomically(path: Path, make: Callable[[Path], None], *, force: bool) -> Path:
    """Check ``path``; ``make(temporary)`` fills a new empty file beside it, which is then
    renamed into place. ``make`` flushes its own writes (an SQLite copy does)."""
    target = check_output(path, force=force)
    clean_leftovers(target.parent)
    with temporary_beside(target) as temporary:
        try:
            make(temporary)
        except OSError as exc:
            raise OutputError(_write_problem(path, exc)) from None
        _keep_mode(target, temporary)
        kill_point("output:before-rename")
        try:
            os.replace(temporary, target)
        except OSError as exc:
            raise OutputError(_replace_problem(path, exc)) from None
        sync_folder(target.parent)
    kill_point("output:renamed")
    return target


@contextlib.contextmanager
def temporary_beside(target: Path) -> Iterator[Path]:
    """A new, empty file in ``target``'s folder with a name the clean-up recognises; it is
    removed (with any SQLite journal of it) unless it has been renamed away."""
    name = f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}"
    temporary = target.with_name(name)
    try:
        os.close(os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    except OSError as exc:
        raise OutputError(_write_problem(target, exc)) from None
    try:
        yield temporary
    finally:
        for companion in _SQLITE_COMPANIONS:
            with contextlib.suppress(FileNotFoundError):
                temporary.with_name(temporary.name + companion).unlink()


def clean_leftovers(folder: Path) -> list[Path]:
    """Remove temporary files that a killed writer left in ``folder``; returns them."""
    removed: list[Path] = []
    try:
        candidates = list(folder.glob(f".*{TEMP_SUFFIX}*"))
    except OSError:
        return removed
    for leftover in candidates:
        pid = _writer_of(leftover.name)
        if pid is None or _alive(pid):
            continue
        with contextlib.suppress(OSError):
            leftover.unlink()
            removed.append(leftover)
    return removed


def _writer_of(name: str) -> int | None:
    """The process id in a temporary file's name, or ``None`` if it is not one of ours."""
    stem, tag, _companion = name.partition(TEMP_SUFFIX)
    if not tag:
        return None
    number = stem.rsplit(".", 1)[-1].partition("-")[0]
    return int(number) if number.isdigit() else None


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        return _alive_on_windows(pid)
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process is there
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: alive, and not ours to judge
    return True


def _alive_on_windows(pid: int) -> bool:
    """Windows has no signal 0: ``os.kill(pid, 0)`` would send that process Ctrl+C. Its
    handle says instead whether it still runs (denied: someone else's, so alive)."""
    if sys.platform != "win32":  # for mypy: the Windows API exists only there
        raise NotImplementedError
    import ctypes  # noqa: PLC0415 (Windows only)

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    handle = kernel32.OpenProcess(_QUERY_LIMITED_INFORMATION, False, pid)
    if not handle:
        return ctypes.get_last_error() == _ACCESS_DENIED
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == _STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def _keep_mode(target: Path, temporary: Path) -> None:
    """A replaced file keeps its permissions; a new one gets the ordinary ones."""
    with contextlib.suppress(FileNotFoundError):
        os.chmod(temporary, stat.S_IMODE(target.stat().st_mode))


def sync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _replace_problem(path: Path, error: OSError) -> str:
    """Why the new file could not take the old one's place. Windows will not replace a
    file another program holds open (a PDF viewer, a spreadsheet): that in a line, the old
    file left as it was."""
    if sys.platform == "win32" and isinstance(error, PermissionError):
        return problem(
            "cannot replace {path}: another program may have it open (close it and try "
            "again); nothing was written",
            path=path,
        )
    return _write_problem(path, error)


def _write_problem(path: Path, error: OSError) -> str:
    return f"cannot write {path}: {os_words(error)}; nothing was written"
