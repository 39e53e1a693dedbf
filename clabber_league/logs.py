"""Where errors go to be seen: a rotating log file in the user's log folder, for the
window and the command line alike, and, for the window, ``faulthandler`` beside it.

The Windows build has no console and a user cannot read a traceback anyway: what went
wrong is kept in ``clabber-league.log`` (a few files of about 1 MB each, the oldest
dropped), and a crash of the interpreter itself (a segfault in Qt, a deadlock dumped)
in ``faults.log``. Nothing is sent anywhere. The command line's own one-line messages
stay on standard error as they are (SHEET_JSON.md and TABLE_API.md describe them); the
file adds the traceback of what was not expected.

Only ``start`` touches the logging configuration, once per process (and
``keep_faults`` faulthandler's); every module just asks ``logging.getLogger(__name__)``.
"""

from __future__ import annotations

import faulthandler
import io
import logging
import logging.handlers
import os
from pathlib import Path
from typing import IO

from platformdirs import user_log_path

from clabber_league import APP_ID
from clabber_league.store.paths import DATA_ENV, user_path

LOG_FILE = f"{APP_ID}.log"
FAULT_FILE = "faults.log"
#: A file's size before it is rotated, and how many old ones are kept.
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"

_handler: logging.handlers.RotatingFileHandler | None = None
"""The log file's handler, once ``start`` has made it."""
#: ``faulthandler`` writes to this file descriptor when the process dies: it must stay
#: open as long as the process lives, so it is kept here and never closed.
_faults: IO[str] | None = None


def log_dir() -> Path:
    """The log folder: the platform's (``platformdirs.user_log_path``), or a ``logs``
    folder in ``$CLABBER_LEAGUE_DATA`` when that moves the data (tests, portable
    installs), so that a moved app writes nothing into the user's home."""
    override = os.environ.get(DATA_ENV)
    if override:
        return user_path(override) / "logs"
    return user_log_path(APP_ID, appauthor=False)


def log_file() -> Path:
    return log_dir() / LOG_FILE


def started() -> Path | None:
    """The log file ``start`` writes to (``None`` before it was called)."""
    return Path(_handler.baseFilename) if _handler is not None else None


def start() -> Path:
    """Send every record at WARNING and above to the log file; its path.

    Nothing is made until the first record is written: a command that logs nothing
    leaves no folder behind (a refused command leaves nothing at all). Called again
    (a test runs ``main`` twice, or moves the data folder), it writes to the folder
    named now, without a second handler.
    """
    global _handler  # noqa: PLW0603 -- one configuration per process
    path = log_file()
    if started() == path:
        return path
    handler = _InItsFolder(
        path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8", delay=True
    )
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
        _handler.close()
    root.addHandler(handler)  # at the root's own level, WARNING: libraries' chatter
    # (Alembic's INFO line per migration) would bury the errors and make a folder for
    # every command that opens a new database.
    _handler = handler
    return path


class _InItsFolder(logging.handlers.RotatingFileHandler):
    """Makes the log folder when the file is first opened, not before."""

    def _open(self) -> io.TextIOWrapper:
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()


def keep_faults() -> None:
    """A hard crash's Python stack (a segfault in Qt, a deadlock) into the fault file,
    for the window, which has no console on Windows; left alone when something else
    (``python -X faulthandler``, pytest) already asked for it, to its own stream."""
    global _faults  # noqa: PLW0603 -- kept open for the process's life (see ``_faults``)
    if faulthandler.is_enabled():
        return
    folder = log_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _faults = (folder / FAULT_FILE).open("a", encoding="utf-8")
    except OSError as exc:
        logging.getLogger(__name__).warning("cannot keep a fault log in %s: %s", folder, exc)
        return
    faulthandler.enable(_faults)
