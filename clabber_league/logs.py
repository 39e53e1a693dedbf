"""Where errors go to be seen: a rotating log file in the user's log folder, and
``faulthandler`` beside it, for the window and the command line alike.

The Windows build has no console and a user cannot read a traceback anyway: what went
wrong is kept in ``clabber-league.log`` (a few files of about 1 MB each, the oldest
dropped), and a crash of the interpreter itself (a segfault in Qt, a deadlock dumped)
in ``faults.log``. Nothing is sent anywhere. The command line's own one-line messages
stay on standard error as they are (SHEET_JSON.md and TABLE_API.md describe them); the
file adds the traceback of what was not expected.

Only ``start`` touches the logging configuration, once per process; every module just
asks ``logging.getLogger(__name__)``.
"""

from __future__ import annotations

import faulthandler
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
    """The log file ``start`` writes to (``None`` before, or when it could not)."""
    return Path(_handler.baseFilename) if _handler is not None else None


def start() -> Path | None:
    """Send every record at INFO and above to the log file, and enable ``faulthandler``
    into the fault file; the log file's path, or ``None`` when the folder cannot be
    written (the app still runs: a log is never a reason to stop).

    Called again (a test runs ``main`` twice, or moves the data folder), it writes to
    the folder named now, without a second handler.
    """
    global _handler  # noqa: PLW0603 -- one configuration per process
    folder = log_dir()
    path = folder / LOG_FILE
    if started() == path:
        return path
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8", delay=True
        )
    except OSError as exc:
        logging.getLogger(__name__).warning("cannot keep a log in %s: %s", folder, exc)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
        _handler.close()
    root.addHandler(handler)
    if root.getEffectiveLevel() > logging.INFO:
        root.setLevel(logging.INFO)
    _handler = handler
    _enable_faulthandler(folder)
    return path


def _enable_faulthandler(folder: Path) -> None:
    """A hard crash's Python stack into the fault file; left alone when something else
    (``python -X faulthandler``, pytest) already asked for it, to its own stream."""
    global _faults  # noqa: PLW0603 -- kept open for the process's life (see ``_faults``)
    if faulthandler.is_enabled():
        return
    try:
        _faults = (folder / FAULT_FILE).open("a", encoding="utf-8")
    except OSError as exc:
        logging.getLogger(__name__).warning("cannot keep a fault log in %s: %s", folder, exc)
        return
    faulthandler.enable(_faults)
