"""Database trouble in the user's words: what happened to their teams and games, never
the driver's own text (which names indexes, columns and constraints); and the rules'
refusals of what was asked of the store (a name, a limit, a date) as its own errors,
their lines still ``Problem``s to be said in the user's language (``refusal``)."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from clabber_league.rules.limits import RECORD_ID, Limit, LimitError
from clabber_league.rules.messages import N_, Problem, ProblemError, one_line, problem

if TYPE_CHECKING:
    from pathlib import Path


class StoreError(Exception):
    """A database problem a user can act on; the message says what and what to do.

    ``damaged`` marks a file SQLite cannot read as a database any more: its
    message then says which backup restores it (``connections.with_restore_advice``),
    and ``command`` is the command that does it, kept whole on a line of its own
    (a problem line is shortened; a command to copy must not be).
    """

    def __init__(self, message: str, *, damaged: bool = False, command: str = "") -> None:
        self.message = one_line(message)
        self.command = command
        super().__init__(self.message + (f"\n{command}" if command else ""))
        self.damaged = damaged


class StaleGameError(StoreError):
    """Another station changed the game (or its match) since this one last saw it.

    Nothing was written. ``version`` is the game's version now and
    ``match_version`` its match's (``None`` for a friendly); the recorder
    that raised it has already reloaded the game as stored.
    """

    def __init__(self, message: str, *, version: int | None, match_version: int | None) -> None:
        super().__init__(message)
        self.version = version
        """The game's version now (``None`` when the write was refused by its match's)."""
        self.match_version = match_version


#: What a PostgreSQL error class (the first two characters of SQLSTATE) or code means.
_SERVER_WORDS = {
    "22003": "a number is too large for the database",
    "22001": "a name or value is too long for the database",
    "54000": "a name or value is too long for the database",
    "25006": "the database was opened read-only",
    "42703": "the database does not have the tables this version of Clabber League expects",
    "42P01": "the database does not have the tables this version of Clabber League expects",
    "42501": "the database user may not do this: ask whoever runs the server for access",
    "40001": "another station changed the same thing at the same moment",
    "40P01": "another station changed the same thing at the same moment",
    "53": "the database server is out of disk space or memory",
    "57": "the database server is shutting down or starting up: try again in a moment",
    "28": "the server refused the user name or password",
    "3D": "the server has no database of that name",
}
#: How a failed connection to a server is said (the driver's words are only looked at).
_CONNECTION_WORDS = (
    ("refused", "nothing is listening at that address and port"),
    ("timeout", "the server did not answer in time"),
    ("timed out", "the server did not answer in time"),
    ("translate host name", "the host name is unknown"),
    ("name or service not known", "the host name is unknown"),
    ("password", "the server refused the user name or password"),
    ("authentication", "the server refused the user name or password"),
    ("does not exist", "the server has no database or user of that name"),
    ("no such file or directory", "there is no server socket at that path"),
)


def explain_server(error: BaseException, where: str) -> StoreError:
    """A database server's error (PostgreSQL through psycopg) in table words."""
    code = str(getattr(error, "sqlstate", None) or "")
    text = str(error).lower()
    if code.startswith("08") or (not code and "connect" in text):
        reason = next(
            (said for clue, said in _CONNECTION_WORDS if clue in text),
            "check that the server is running and that the address is right",
        )
        return StoreError(
            problem("cannot reach the database {where}: {reason}", where=where, reason=reason)
        )
    words = _SERVER_WORDS.get(code) or _SERVER_WORDS.get(code[:2])
    if words is None:
        shown = f" (SQLSTATE {code})" if code else ""
        words = f"the database server refused the change{shown}"
    return StoreError(problem("{where}: {words}; nothing was saved", where=where, words=words))


def sqlite_code(error: sqlite3.Error) -> int | None:
    """The SQLite result code of an engine's error, without its extended part
    (``SQLITE_IOERR_SHORT_READ`` is ``SQLITE_IOERR``); ``None`` for an error the
    ``sqlite3`` module raised itself (a closed connection, a wrong parameter)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


#: SQLite's result codes that a user can meet, and what each means for them; each
#: says where (``{where}``). Any other code is a bug of ours (``explain_sqlite``).
_SQLITE_WORDS = {
    sqlite3.SQLITE_NOTADB: N_("{where} is not a Clabber League database; it was left untouched"),
    sqlite3.SQLITE_CORRUPT: N_("{where} is damaged: nothing was changed."),
    sqlite3.SQLITE_BUSY: N_("{where} is in use by another program; close it and try again"),
    sqlite3.SQLITE_LOCKED: N_("{where} is in use by another program; close it and try again"),
    # A lock that could not be taken: a file on a network share, most often.
    sqlite3.SQLITE_PROTOCOL: N_("{where} is in use by another program; close it and try again"),
    sqlite3.SQLITE_READONLY: N_("{where} is read-only: nothing was saved"),
    sqlite3.SQLITE_FULL: N_("the disk holding {where} is full: nothing was saved; free some space"),
    sqlite3.SQLITE_CANTOPEN: N_(
        "cannot open {where}: check that the folder exists and is writable"
    ),
    sqlite3.SQLITE_PERM: N_("cannot open {where}: check that the folder exists and is writable"),
    sqlite3.SQLITE_IOERR: N_(
        "{where} could not be read or written (a disk error): nothing was saved"
    ),
    sqlite3.SQLITE_TOOBIG: N_("{where}: a name or number is too large to keep; nothing was saved"),
    # ``Database.interrupt``: a read stopped because its answer is no longer wanted.
    sqlite3.SQLITE_INTERRUPT: N_("{where}: stopped before it was done; nothing was saved"),
}
_DAMAGED = (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT)
#: SQLITE_ERROR is SQLite's code for any statement it cannot run: a bug of ours, except
#: for tables or columns missing from the file (another program changed the schema).
_MISSING_SCHEMA = ("no such table", "no such column", "has no column")


def explain_sqlite(error: sqlite3.Error, path: Path | None) -> StoreError:
    """The SQLite errors a user can meet, sorted by their result code
    (``sqlite_errorcode``, never the words), each with what it means for them.

    Any other error is a bug of ours (a statement SQLite cannot run, a closed
    connection): it is raised again as it is, for whoever catches what nobody expected
    to log with its traceback and show (the crash dialog, the command line's
    "unexpected error" line, the night service's 500).
    """
    where = str(path) if path else "the database"
    code = sqlite_code(error)
    if code == sqlite3.SQLITE_ERROR and any(words in str(error) for words in _MISSING_SCHEMA):
        return StoreError(
            problem(
                "{where} does not have the tables this version of Clabber League "
                "expects (another program may have changed them): nothing was changed",
                where=where,
            ),
            damaged=True,
        )
    template = _SQLITE_WORDS.get(code) if code is not None else None
    if template is None:
        raise error
    return StoreError(Problem(template, {"where": where}), damaged=code in _DAMAGED)


def within(limit: Limit, value: int, what: str | None = None) -> int:
    """``value`` if ``limit`` allows it (``rules.limits``), else its refusal as a ``StoreError``."""
    try:
        return limit.check(value, what)
    except LimitError as exc:
        raise refusal(exc) from None


def refusal(error: ProblemError) -> StoreError:
    """A refusal of the rules (a name, a limit, a date, an output) as the store's error:
    its line stays a ``Problem``, so that it is said in the user's language where shown."""
    lines = error.lines
    return StoreError(lines[0] if len(lines) == 1 else " ".join(lines))


def known_id(value: int, what: str) -> int:
    """An id that a row could have; any other is simply not there (and is never sent to
    the database, whose integer columns could not hold it)."""
    if not RECORD_ID.allows(value):
        raise StoreError(problem("there is no {what} {value}", what=what, value=value))
    return value
