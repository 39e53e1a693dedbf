"""Backups you can trust: checked before and after, written atomically, kept in a rotation
that never throws away the last good copy.

- A copy is made with SQLite's online backup API (safe while other
  programs use the file) into a temporary file beside the target, checked
  with ``PRAGMA quick_check``, and only then renamed into place
  (``clabber_league.outputs``). A damaged database is refused before a
  byte is copied: a backup of a damaged file would push good copies out.
- The app keeps copies of each database in the data folder: before every
  upgrade, before a restore, and while the window is open or when it closes
  — then only if the database changed since the last copy
  (``backup_if_changed``). A large database is copied off the GUI thread
  while the window is open, never at quit (``ui.backups``); a copy under way
  can be stopped from another thread (``Stop``) and then keeps nothing.
- The rotation keeps the newest ``KEEP_LATEST`` copies, the newest of each
  of the last ``KEEP_DAYS`` days and of each of the last ``KEEP_WEEKS``
  weeks, and never the newest good copy, whatever its age.
- PostgreSQL databases are backed up with ``pg_dump`` (see the README).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shlex
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from clabber_league.inputs import os_words, plain_file_problem
from clabber_league.kill_points import kill_point
from clabber_league.outputs import OutputError, replace_atomically
from clabber_league.rules.messages import problem
from clabber_league.store.errors import StoreError, explain_sqlite, refusal, sqlite_code
from clabber_league.store.identity import (
    SCHEMA_HEAD,
    SCHEMA_MAJOR,
    open_read_only,
    read_identity,
)
from clabber_league.store.paths import backups_dir

KEEP_LATEST = 5
KEEP_DAYS = 7
KEEP_WEEKS = 5
STAMP = "%Y%m%d-%H%M%S-%f"
MARKER = "last-backup.json"
"""Beside the copies: which copy was made last, and what the database file looked like."""
#: Why a copy was kept, in its name: before an upgrade; and, when that upgrade then
#: failed, renamed so — a copy of a file that cannot be upgraded is never offered.
BEFORE_UPGRADE, FAILED_UPGRADE = "before-upgrade", "failed-upgrade"
#: Copies kept when the window closes, and while it is open (``ui.backups``).
ON_QUIT, WHILE_OPEN = "on-quit", "while-open"
PAGES_PER_STEP = 64
"""The online backup copies this many pages at a time, letting writers in between."""


class DamagedDatabaseError(StoreError):
    """``PRAGMA quick_check`` found the database damaged: nothing was copied."""


class BackupStoppedError(StoreError):
    """The copy was stopped before it was done (the app is quitting): nothing was kept."""


def _stopped() -> BackupStoppedError:
    return BackupStoppedError(problem("the backup was stopped; nothing was kept"))


class Stop:
    """Stops a copy under way from another thread: whatever SQLite is doing for it (the
    check of the database, the copy of its pages) is interrupted at once."""

    def __init__(self) -> None:
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._working: set[sqlite3.Connection] = set()

    def stop(self) -> None:
        with self._lock:
            self._stopped.set()
            for connection in self._working:
                connection.interrupt()

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    @contextlib.contextmanager
    def watching(self, connection: sqlite3.Connection) -> Iterator[None]:
        """``connection``'s work is interrupted by ``stop``; an interruption comes out as
        ``BackupStoppedError``."""
        with self._lock:
            if self.stopped:
                raise _stopped()
            self._working.add(connection)
        try:
            yield
        except sqlite3.Error:
            if self.stopped:
                raise _stopped() from None
            raise
        finally:
            with self._lock:
                self._working.discard(connection)


#: Nobody ever stops it: copies made where nothing can stop them.
NEVER = Stop()


@dataclass(frozen=True)
class KeptCopy:
    """A copy in a database's backups folder."""

    path: Path
    made: datetime
    reason: str


def damage_of(path: Path, stop: Stop = NEVER) -> str | None:
    """What ``PRAGMA quick_check`` finds wrong with the file (its first line), or ``None``."""
    try:
        connection = open_read_only(path)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        with stop.watching(connection):
            rows = connection.execute("PRAGMA quick_check(5)").fetchall()
    except sqlite3.Error as exc:
        return str(exc)
    finally:
        connection.close()
    findings = [str(row[0]) for row in rows]
    return None if findings == ["ok"] else findings[0]


def verify_backup(path: Path) -> str:
    """Check that ``path`` is a whole, readable Clabber League database; returns a line
    describing it, or raises ``StoreError`` saying what is wrong."""
    try:
        plain = path.is_file()
    except OSError as exc:  # a name too long, a folder on the way one may not enter…
        raise StoreError(
            problem("cannot open {path}: {words}", path=path, words=os_words(exc))
        ) from None
    if not plain:
        raise StoreError(problem("{path} is not a file", path=path))
    try:
        identity = read_identity(path)
    except sqlite3.Error as exc:
        code = sqlite_code(exc)
        if code == sqlite3.SQLITE_NOTADB:
            raise StoreError(problem("{path} is not a Clabber League backup", path=path)) from None
        if code == sqlite3.SQLITE_CORRUPT:
            raise StoreError(
                problem("{path} is damaged ({exc})", path=path, exc=exc), damaged=True
            ) from None
        raise explain_sqlite(exc, path) from None
    if not identity.ours:
        raise StoreError(problem("{path} is not a Clabber League backup", path=path))
    if identity.user_version > SCHEMA_MAJOR:
        raise StoreError(problem("{path} was made by a newer version of Clabber League", path=path))
    damage = damage_of(path)
    if damage is not None:
        raise DamagedDatabaseError(
            problem("{path} is damaged ({problem})", path=path, problem=damage), damaged=True
        )
    connection = open_read_only(path)
    revision = None
    try:
        revision = _revision(connection)
        games = connection.execute("SELECT count(*) FROM game").fetchone()[0]
    except sqlite3.Error:
        games = 0
    finally:
        connection.close()
    # A newer minor version's schema (revisions are numbered, "0010" after "0009"): this
    # version would restore it and then refuse to open it at every command.
    if revision is not None and revision > SCHEMA_HEAD:
        raise StoreError(problem("{path} was made by a newer version of Clabber League", path=path))
    return f"{path} is a good backup ({games} game{'s' if games != 1 else ''})"


def _revision(connection: sqlite3.Connection) -> str | None:
    """The schema revision a file is at (Alembic's), or ``None`` before the first."""
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.OperationalError:  # no such table: a file from before migrations
        return None
    return None if row is None else str(row[0])


def refuse_damaged(database: Path, stop: Stop = NEVER) -> None:
    """``DamagedDatabaseError`` naming the newest good backup, if ``database`` is damaged."""
    damage = damage_of(database, stop)
    if damage is not None:
        advice = restore_advice(database)
        raise DamagedDatabaseError(
            f"{database} is damaged ({damage}): no backup was made, so the good ones are kept."
            + (f" {advice.sentence}" if advice else ""),
            damaged=True,
            command=advice.command if advice else "",
        )


def copy_database(source: Path, target: Path, *, force: bool = False, stop: Stop = NEVER) -> Path:
    """Copy a live, undamaged SQLite database to ``target``: checked, then renamed into place.

    ``target`` must be new unless ``force`` (and even then a regular file,
    never the database itself: ``outputs.check_output``).
    """
    refuse_damaged(source, stop)

    def make(temporary: Path) -> None:
        _copy_pages(source, temporary, stop)
        damage = damage_of(temporary, stop)
        if damage is not None:
            raise StoreError(
                problem(
                    "the copy of {source} did not check out ({problem}); nothing was kept",
                    source=source,
                    problem=damage,
                )
            )
        with open(temporary, "rb+") as stream:
            os.fsync(stream.fileno())

    try:
        return replace_atomically(target, make, force=force)
    except OutputError as exc:
        raise refusal(exc) from None


def _copy_pages(source: Path, target: Path, stop: Stop) -> None:
    try:
        with (
            contextlib.closing(open_read_only(source)) as src,
            contextlib.closing(sqlite3.connect(target)) as destination,
            stop.watching(src),
        ):
            src.backup(
                destination,
                pages=PAGES_PER_STEP,
                progress=lambda _status, _left, _total: _step(stop),
            )
    except sqlite3.Error as exc:
        raise explain_sqlite(exc, source) from None


def _step(stop: Stop) -> None:
    """Between two steps of the copy: a kill point for the tests, and the place to stop."""
    kill_point("backup:copying")
    if stop.stopped:
        raise _stopped()


def backups_of(database: Path) -> Path:
    """The folder for one database's copies: its name plus a hash of its full path, so
    that two databases of the same name never prune each other's copies."""
    digest = hashlib.sha256(str(database.resolve()).encode("utf-8")).hexdigest()[:10]
    return backups_dir() / f"{database.stem}-{digest}"


def kept_copies(database: Path) -> list[KeptCopy]:
    """The copies kept of ``database``, newest first (files not named by us are left out)."""
    copies: list[KeptCopy] = []
    folder = backups_of(database)
    if not folder.is_dir():
        return copies
    for path in folder.glob("*.sqlite3"):
        parts = path.stem.split("-", 3)
        if len(parts) != 4:
            continue
        try:
            made = datetime.strptime("-".join(parts[:3]), STAMP)
        except ValueError:
            continue
        copies.append(KeptCopy(path, made, parts[3]))
    return sorted(copies, key=lambda copy: copy.made, reverse=True)


def keep_backup(database: Path, reason: str, stop: Stop = NEVER) -> Path:
    """Copy ``database`` into its backups folder, then prune by the rotation."""
    now = datetime.now()
    folder = backups_of(database)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            problem(
                "cannot make the backups folder {folder}: {strerror}",
                folder=folder,
                strerror=exc.strerror,
            )
        ) from None
    state = _file_state(database)
    target = copy_database(database, folder / f"{now.strftime(STAMP)}-{reason}.sqlite3", stop=stop)
    kill_point("backup:kept")
    _write_marker(folder, target, state)
    prune(kept_copies(database), now, newest_good=target)
    return target


def backup_if_changed(database: Path, reason: str = ON_QUIT, stop: Stop = NEVER) -> Path | None:
    """A copy, if ``database`` changed since the last copy was made; else ``None``.

    What changed is judged by the file, not its contents, so it costs a
    stat, not a read: the write-ahead log is merged into the file first
    (as SQLite does anyway when the last connection closes), and then
    the file's size and modification time are compared with what they were
    when the last copy was made. A false "changed" costs one extra copy;
    nothing the app writes can leave both the same.
    """
    folder = backups_of(database)
    marker = _read_marker(folder)
    if marker is not None:
        copy, state = marker
        if (folder / copy).exists() and state == _file_state(database):
            return None
    return keep_backup(database, reason, stop)


def _file_state(database: Path) -> list[int]:
    """The file's size and modification time once its write-ahead log is merged in, plus
    the log's own when it could not be merged (another program is reading)."""
    complete = False
    with contextlib.suppress(sqlite3.Error):
        connection = sqlite3.connect(database, timeout=0.2)
        try:
            busy, log, merged = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            complete = busy == 0 and log == merged
        finally:
            connection.close()
    state = database.stat()
    figures = [state.st_size, state.st_mtime_ns]
    wal = database.with_name(database.name + "-wal")
    if not complete and wal.exists():
        log_state = wal.stat()
        figures += [log_state.st_size, log_state.st_mtime_ns]
    return figures


def _read_marker(folder: Path) -> tuple[str, list[int]] | None:
    try:
        document = json.loads((folder / MARKER).read_text(encoding="utf-8"))
        return str(document["copy"]), [int(figure) for figure in document["state"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write_marker(folder: Path, copy: Path, state: list[int]) -> None:
    text = json.dumps({"copy": copy.name, "state": state})

    def write(temporary: Path) -> None:
        temporary.write_text(text, encoding="utf-8")

    with contextlib.suppress(OutputError, OSError):
        replace_atomically(folder / MARKER, write, force=True)


def prune(copies: Iterable[KeptCopy], now: datetime, *, newest_good: Path) -> list[Path]:
    """Delete the copies the rotation does not keep; returns them."""
    ordered = sorted(copies, key=lambda copy: copy.made, reverse=True)
    keep = {newest_good, *(copy.path for copy in ordered[:KEEP_LATEST])}
    days: set[object] = set()
    weeks: set[object] = set()
    for copy in ordered:  # newest first: the first copy seen of a day or week is its newest
        age = now - copy.made
        day, week = copy.made.date(), copy.made.isocalendar()[:2]
        if age < timedelta(days=KEEP_DAYS) and day not in days:
            days.add(day)
            keep.add(copy.path)
        if age < timedelta(weeks=KEEP_WEEKS) and week not in weeks:
            weeks.add(week)
            keep.add(copy.path)
    removed = [copy.path for copy in ordered if copy.path not in keep]
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


def newest_good_backup(database: Path) -> KeptCopy | None:
    """The newest kept copy of ``database`` that still checks out (and was not taken just
    before an upgrade that then failed)."""
    for copy in kept_copies(database):
        if copy.reason == FAILED_UPGRADE:
            continue
        with contextlib.suppress(StoreError, sqlite3.Error):
            verify_backup(copy.path)
            return copy
    return None


@dataclass(frozen=True)
class RestoreAdvice:
    """ "The newest good backup is …; restore it with:", and the command that does it."""

    sentence: str
    command: str


def restore_advice(database: Path) -> RestoreAdvice | None:
    """Which backup restores ``database`` and how, or ``None`` when there is none."""
    copy = newest_good_backup(database)
    if copy is None:
        return None
    return RestoreAdvice(
        f"The newest good backup is from {copy.made:%Y-%m-%d %H:%M}; restore it with:",
        f"clabber-league restore {shlex.quote(str(copy.path))} --db {shlex.quote(str(database))}",
    )


def restore(backup: Path, database: Path) -> Path | None:
    """Replace ``database`` with ``backup``; returns where the replaced database was kept.

    A healthy database is kept as a backup first and then overwritten page
    by page through SQLite (programs that have it open see the switch as
    one transaction). A damaged one is moved aside as
    ``NAME.damaged-STAMP`` (with its write-ahead log), never deleted, and
    the backup copied into its place.
    """
    try:
        verify_backup(backup)
    except StoreError as exc:
        raise StoreError(problem("{exc}; nothing was restored", exc=exc)) from None
    special = plain_file_problem(str(database), "a database file")
    if special is not None:  # a folder, a pipe, a device: never moved aside or replaced
        raise StoreError(problem("{special}; nothing was restored", special=special))
    if database.exists() and os.path.samefile(backup, database):
        raise StoreError(
            problem("{backup} is the database itself; nothing was restored", backup=backup)
        )
    if not database.exists():
        copy_database(backup, database)
        return None
    if damage_of(database) is None:
        _refuse_stranger(database)
        kept = keep_backup(database, "before-restore")
        _copy_into(backup, database)
        return kept
    aside = database.with_name(f"{database.name}.damaged-{datetime.now().strftime(STAMP)}")
    try:
        wal = database.with_name(database.name + "-wal")
        if wal.exists():
            wal.rename(aside.with_name(aside.name + "-wal"))
        database.with_name(database.name + "-shm").unlink(missing_ok=True)
        database.rename(aside)
    except OSError as exc:
        raise StoreError(
            problem(
                "cannot move the damaged {database} aside: {strerror}",
                database=database,
                strerror=exc.strerror,
            )
        ) from None
    copy_database(backup, database)
    return aside


def _refuse_stranger(database: Path) -> None:
    """A sound SQLite file that is another program's is no database of ours to replace."""
    try:
        identity = read_identity(database)
    except sqlite3.Error as exc:
        raise explain_sqlite(exc, database) from None
    if not identity.ours and not identity.empty:
        raise StoreError(
            problem(
                "{database} is not a Clabber League database; it was left untouched and "
                "nothing was restored",
                database=database,
            )
        )


def _copy_into(backup: Path, database: Path) -> None:
    try:
        with (
            contextlib.closing(open_read_only(backup)) as src,
            contextlib.closing(sqlite3.connect(database, timeout=5.0)) as destination,
        ):
            src.backup(destination)
    except sqlite3.Error as exc:
        raise explain_sqlite(exc, database) from None
