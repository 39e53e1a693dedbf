"""Opening the database: where it lives, checking it is ours, durability settings,
transactions that really are transactions, migrations with a backup first, and
trouble told in plain words.

An SQLite file is inspected read-only before anything is written to it, so a
file that is not a Clabber League database, or one from a newer version of
the app, is refused untouched. A database opened ``read_only`` (standings,
exports, printing, backups) is never created, never written, and works on a
file the user may only read. A command that may write opens a missing file
``provisional``: the new database is made under a temporary name beside it and
put in its place only once something is committed, so a command whose input is
refused leaves no file behind.

SQLite transactions are begun by us, not by the driver: Python's ``sqlite3``
only opens a transaction before INSERT, UPDATE or DELETE, so a schema change
(CREATE, ALTER, DROP) would otherwise commit itself statement by statement,
and a crash half way through an upgrade would leave half a schema. Every
transaction here starts with an explicit ``BEGIN``, so an upgrade or an
import is all or nothing. Sessions that write start with ``BEGIN IMMEDIATE``:
they take SQLite's write lock first and wait their turn for it (up to
``BUSY_TIMEOUT_S``), instead of reading, finding that another station wrote
meanwhile, and failing.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, create_engine, event, make_url
from sqlalchemy.exc import NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import QueuePool
from sqlmodel import Session

from clabber_league.inputs import plain_file_problem
from clabber_league.outputs import (
    OutputError,
    clean_leftovers,
    forget_protected,
    protect,
    sync_folder,
    temporary_beside,
)
from clabber_league.rules.messages import problem
from clabber_league.store.connections import (
    WRITE_LOCK,
    explain,
    revision_of,
    with_restore_advice,
)
from clabber_league.store.errors import StoreError, explain_sqlite, refusal
from clabber_league.store.identity import (
    SCHEMA_HEAD,
    SCHEMA_MAJOR,
    FileIdentity,
    open_read_only,
    read_identity,
)
from clabber_league.store.paths import database_location, to_url

T = TypeVar("T")

BUSY_TIMEOUT_S = 5.0


def same_database(first: str, second: str) -> bool:
    """Whether two ``--db`` values name the same database (``a.sqlite3`` is ``./a.sqlite3``)."""
    return to_url(first) == to_url(second)


class Database:
    """An open, checked and migrated database."""

    def __init__(self, engine: Engine, path: Path | None, *, read_only: bool = False) -> None:
        self.engine = engine
        self.path = path
        """The SQLite file, or ``None`` for a server database."""
        self.read_only = read_only
        self._writer = engine.execution_options(**{WRITE_LOCK: True})
        self._new: _NewFile | None = None
        self._commit_listeners: list[Callable[[], None]] = []
        self._in_use: set[Any] = set()
        """The driver connections a session holds now (``interrupt`` stops their work)."""
        event.listen(engine, "checkout", lambda driver, _record, _proxy: self._in_use.add(driver))
        event.listen(engine, "checkin", lambda driver, _record: self._in_use.discard(driver))
        if path is not None:
            protect(path)

    def interrupt(self) -> None:
        """Stop what this database's sessions are doing now, from any thread: each fails
        with a ``StoreError`` (a closing window does not wait for a long read)."""
        for driver in list(self._in_use):
            stop = getattr(driver, "interrupt", None) or getattr(driver, "cancel", None)
            if stop is not None:
                stop()

    def add_commit_listener(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after each session of this database commits, on the thread that
        committed (a worker's too): the window looks for what changed at once, instead of
        at its next look for other processes' changes (``store.changes``)."""
        self._commit_listeners.append(listener)

    def remove_commit_listener(self, listener: Callable[[], None]) -> None:
        self._commit_listeners.remove(listener)

    def _committed(self) -> None:
        for listener in list(self._commit_listeners):
            listener()

    @classmethod
    def open(
        cls,
        location: str | None = None,
        *,
        backup_before_migrating: bool = True,
        read_only: bool = False,
        provisional: bool = False,
    ) -> Database:
        """Open and migrate to the current schema, or raise ``StoreError``.

        A writable open creates a missing SQLite file; a ``read_only`` open
        refuses it, and opens an existing file without writing to it (a file
        from an older version is upgraded first if the user may write to it).
        A ``provisional`` open (a command's: one process, one short run) makes
        a missing file only if something is committed before ``close``.
        """
        url = to_url(database_location(location))
        path = Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None
        if path is not None:
            _refuse_special_file(path)
        if read_only:
            return cls._open_read_only(url, path, backup_before_migrating)
        new = None
        if path is not None:
            folders = _inspect_sqlite_file(path)
            new = _NewFile(path, folders) if provisional and not path.exists() else None
        if new is not None:
            engine = _sqlite_engine(new.temporary)
        else:
            engine = _server_engine(url) if path is None else _sqlite_engine(path)
        database = cls(engine, path)
        database._new = new
        try:
            database._migrate(backup_before_migrating)
        except SQLAlchemyError as exc:
            database.close()
            raise explain(exc, path, database.describe()) from None
        except StoreError:
            database.close()
            raise
        if new is not None:
            event.listen(engine, "commit", new.written)
        return database

    @classmethod
    def _open_read_only(cls, url: str, path: Path | None, backup_first: bool) -> Database:
        if path is not None:
            _inspect_existing_file(path)
        if _schema_revision(url, path) != SCHEMA_HEAD:
            # An older database: upgraded once (with its backup), as any command would.
            if path is not None and not _writable(path):
                raise StoreError(
                    problem(
                        "{path} was made by an older version of Clabber League and is "
                        "read-only: make it writable once so that it can be upgraded",
                        path=path,
                    )
                )
            cls.open(url, backup_before_migrating=backup_first).close()
        engine = _server_engine(url, read_only=True) if path is None else _read_only_engine(path)
        return cls(engine, path, read_only=True)

    @contextmanager
    def session(self, *, write: bool = False) -> Iterator[Session]:
        """A session whose database errors arrive as ``StoreError``.

        ``write=True`` for a session that will change something: on SQLite it
        waits for the write lock before its first read, so what it reads is
        still true when it writes.
        """
        if write and self.read_only:
            raise StoreError(
                problem(
                    "{describe} was opened read-only: nothing was saved", describe=self.describe()
                )
            )
        try:
            with Session(self._writer if write else self.engine, info={_DATABASE: self}) as session:
                try:
                    yield session
                except BaseException:
                    session.rollback()  # never leave a failed commit's work pending
                    raise
        except SQLAlchemyError as exc:
            raise explain(exc, self.path, self.describe()) from None
        except OverflowError:
            # A number no column holds: the limits (rules.limits) keep every door from
            # sending one, so this is the last guard, not the usual answer.
            raise StoreError(
                problem(
                    "{describe}: a number is too large for the database; nothing was saved",
                    describe=self.describe(),
                )
            ) from None

    def read(self, query: Callable[..., T], /, **arguments: object) -> T:
        """``query(session=…, **arguments)`` in a read session of its own: how an edge (a
        command, a dialog, a worker) asks one repository function that takes ids."""
        with self.session() as session:
            return query(session=session, **arguments)

    def close(self) -> None:
        try:
            if self._new is not None:
                self._new.settle(self.engine)
            self.engine.dispose()
        finally:
            self._new = None
            if self.path is not None:
                forget_protected(self.path)

    def checkpoint(self) -> None:
        """Fold SQLite's write-ahead log into the file and cut it back to nothing (a quiet
        moment of a busy night: the log had grown to 40 MB). Nothing to do on a server;
        a reader still at an older snapshot only leaves the log for the next time."""
        if self.path is None or self.read_only:
            return
        try:
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        except SQLAlchemyError as exc:
            raise explain(exc, self.path, self.describe()) from None

    def _migrate(self, backup_first: bool) -> None:
        """Bring the schema to ``SCHEMA_HEAD``; Alembic is only loaded when it must run."""
        with self.engine.connect() as connection:
            current = revision_of(connection)
        if current == SCHEMA_HEAD:
            return
        from clabber_league.store import migrate  # noqa: PLC0415 -- Alembic is slow to import

        migrate.upgrade(self, current, backup_first=backup_first)

    def describe(self) -> str:
        return str(self.path) if self.path is not None else _safe(str(self.engine.url))


#: The key of a session's ``info`` that names its ``Database``.
_DATABASE = "clabber_database"


@event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    database = session.info.get(_DATABASE)
    if isinstance(database, Database):
        database._committed()


def _schema_revision(url: str, path: Path | None) -> str | None:
    """The revision of an existing database, read without writing a byte."""
    engine = _server_engine(url, read_only=True) if path is None else _read_only_engine(path)
    try:
        with engine.connect() as connection:
            revision = revision_of(connection)
    except SQLAlchemyError as exc:
        raise explain(exc, path, _safe(url)) from None
    finally:
        engine.dispose()
    if revision is None and path is None:
        raise StoreError(problem("{safe} holds no Clabber League data", safe=_safe(url)))
    return revision


def _safe(url: str) -> str:
    """A URL fit for a message: its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (SQLAlchemyError, ValueError):
        return "(not a database URL)"


def _server_engine(url: str, *, read_only: bool = False) -> Engine:
    try:
        engine = create_engine(url, pool_pre_ping=True)
    except ImportError:
        raise StoreError(
            problem(
                "cannot use the database {safe}: its driver is not installed (for "
                "PostgreSQL: pip install 'clabber-league[postgres]')",
                safe=_safe(url),
            )
        ) from None
    except NoSuchModuleError:
        raise StoreError(
            problem(
                "cannot use the database {safe}: Clabber League keeps its games in an "
                "SQLite file or on a PostgreSQL server "
                "(postgresql+psycopg://user@host/name)",
                safe=_safe(url),
            )
        ) from None
    except (SQLAlchemyError, ValueError, TypeError):
        # A URL SQLAlchemy cannot read, such as a port that is not a number.
        raise StoreError(
            problem(
                "{safe} is not a database address: write a file path, or a URL such as postgresql+psycopg://user@host:5432/league",
                safe=_safe(url),
            )
        ) from None
    if read_only and engine.dialect.name == "postgresql":
        return engine.execution_options(postgresql_readonly=True)
    return engine


def _sqlite_engine(path: Path) -> Engine:
    opened: list[tuple[int, int]] = []
    """The file the first connection opened (its device and inode)."""

    def connect() -> sqlite3.Connection:
        # Only the first connection may make the file: a later one (the pool opens more
        # as threads ask) would otherwise make a new, empty file where the user's was.
        if opened:
            _refuse_moved(path, opened[0])
            location, uri = f"{path.absolute().as_uri()}?mode=rw", True
        else:
            location, uri = str(path), False
        connection = sqlite3.connect(
            location, uri=uri, timeout=BUSY_TIMEOUT_S, check_same_thread=False
        )
        connection.isolation_level = None  # we begin transactions: see the module's doc
        # WAL + FULL: a hand is on disk when its commit returns, even on power loss.
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("PRAGMA foreign_keys=ON")
        if not opened:
            opened.append(_file_identity(path))
        return connection

    # The URL stays the file's (migrations and workers open it by ``engine.url``).
    engine = create_engine(f"sqlite:///{path}", creator=connect)

    @event.listens_for(engine, "commit")
    def _still_there(_connection: Connection) -> None:
        # SQLite goes on writing into a file deleted or replaced under it, and every commit
        # succeeds into nothing: checked before each commit, so nothing is said to be saved
        # that is not in the file the user has.
        if opened:
            _refuse_moved(path, opened[0])

    _begin_explicitly(engine)
    return engine


def _refuse_moved(path: Path, identity: tuple[int, int]) -> None:
    """``StoreError`` when ``path`` is no longer the file first opened there."""
    if _file_identity(path) != identity:
        raise StoreError(
            problem(
                "{path} was deleted or replaced while this program had it open: "
                "nothing was saved; open the database again",
                path=path,
            )
        )


def _file_identity(path: Path) -> tuple[int, int]:
    """A file's device and inode, ``(0, 0)`` for no file."""
    try:
        status = path.stat()
    except OSError:
        return (0, 0)
    return (status.st_dev, status.st_ino)


def _read_only_engine(path: Path) -> Engine:
    """An engine that cannot write (``identity.open_read_only``)."""

    def connect() -> sqlite3.Connection:
        connection = open_read_only(path, BUSY_TIMEOUT_S)
        connection.isolation_level = None  # we begin transactions: see the module's doc
        connection.execute("PRAGMA query_only=ON")
        return connection

    engine = create_engine("sqlite://", creator=connect, poolclass=QueuePool)
    _begin_explicitly(engine)
    return engine


def _begin_explicitly(engine: Engine) -> None:
    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        lock = connection.get_execution_options().get(WRITE_LOCK)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if lock else "BEGIN")


def _writable(path: Path) -> bool:
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def _refuse_special_file(path: Path) -> None:
    """A folder, a pipe or a device named as the database is refused before SQLite opens
    it: SQLite would wait on a pipe for ever. So is a name that is not UTF-8 (bytes a
    terminal in another encoding typed): SQLite takes its file names as UTF-8 text."""
    if any("\udc80" <= char <= "\udcff" for char in str(path)):
        raise StoreError(
            problem(
                "{path}: the name holds bytes that are not UTF-8 text, which Clabber League "
                "cannot open as a database; rename the file or its folder",
                path=path,
            )
        )
    special = plain_file_problem(str(path), "a database file")
    if special is not None:
        raise StoreError(special)


def _inspect_existing_file(path: Path) -> None:
    """A read-only open: the file must be there and be ours; nothing is created."""
    if not path.exists():
        raise StoreError(problem("there is no database {path}; nothing was created", path=path))
    identity = _identity(path)
    if identity.empty:
        raise StoreError(problem("{path} holds no Clabber League data yet", path=path))
    _refuse_foreign(path, identity)


def _refuse_foreign(path: Path, identity: FileIdentity) -> None:
    """A file another program made, or a newer Clabber League, is left untouched."""
    if not identity.ours:
        raise StoreError(
            problem("{path} is not a Clabber League database; it was left untouched", path=path)
        )
    if identity.user_version > SCHEMA_MAJOR:
        raise StoreError(
            problem(
                "{path} was made by a newer version of Clabber League; install that "
                "version to open it",
                path=path,
            )
        )


def _inspect_sqlite_file(path: Path) -> list[Path]:
    """Refuse, without writing a byte, a file that is not ours or that we cannot write;
    for a missing file, make its folders: the ones made, deepest first."""
    if not path.exists():
        made = [folder for folder in path.parents if not folder.exists()]
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                problem(
                    "cannot create the folder for {path}: {strerror}",
                    path=path,
                    strerror=exc.strerror,
                )
            ) from None
        if not os.access(path.parent, os.W_OK):
            raise StoreError(problem("cannot create {path}: its folder is read-only", path=path))
        return made
    identity = _identity(path)
    if not identity.empty or identity.ours:  # an empty file of no one's is a new database
        _refuse_foreign(path, identity)
    if not _writable(path):
        raise StoreError(
            problem(
                "{path} is read-only: Clabber League needs to write to it and to its "
                "folder (standings, export, print and backup can still read it)",
                path=path,
            )
        )
    return []


class _NewFile:
    """A database file not made yet: migrated under a temporary name beside ``path``
    (``outputs.temporary_beside``: a killed command's is cleared by the next), and put
    in its place on ``settle`` only if something was committed; else removed, with the
    folders made for it. Nobody else can open the temporary file, so nothing another
    process writes is ever lost with it."""

    def __init__(self, path: Path, folders: list[Path]) -> None:
        self.path = path
        self.folders = folders
        self.committed = False
        clean_leftovers(path.parent)
        self._stack = ExitStack()
        try:
            self.temporary = self._stack.enter_context(temporary_beside(path))
        except OutputError as exc:  # "cannot write PATH: …; nothing was written"
            self._remove_folders()
            raise refusal(exc) from None

    def written(self, _connection: Connection) -> None:
        self.committed = True

    def settle(self, engine: Engine) -> None:
        """Put the file in its place if something was committed, else remove it."""
        placed = False
        try:
            if self.committed:
                with engine.connect() as connection:
                    # The write-ahead log merged into the file, which then holds everything.
                    log = connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
                    busy = log.scalar()
                engine.dispose()
                if busy:
                    raise StoreError(
                        problem(
                            "{path} could not be written whole; nothing was kept", path=self.path
                        )
                    )
                self._put_in_place()
                placed = True
        finally:
            engine.dispose()
            self._stack.close()
            if not placed:
                self._remove_folders()

    def _put_in_place(self) -> None:
        try:
            # A link, not a rename: it never replaces a file another program made meanwhile.
            os.link(self.temporary, self.path)
        except FileExistsError:
            raise self._made_meanwhile() from None
        except OSError:  # a file system without hard links (FAT): a rename, after a look
            if self.path.exists():
                raise self._made_meanwhile() from None
            try:
                os.replace(self.temporary, self.path)
            except OSError as exc:
                raise StoreError(
                    problem(
                        "cannot create {path}: {strerror}", path=self.path, strerror=exc.strerror
                    )
                ) from None
        sync_folder(self.path.parent)

    def _made_meanwhile(self) -> StoreError:
        return StoreError(
            problem(
                "{path} was made by another program while this command ran; what this "
                "command wrote was not kept: run it again",
                path=self.path,
            )
        )

    def _remove_folders(self) -> None:
        for folder in self.folders:
            with contextlib.suppress(OSError):  # not empty: something else is kept there
                folder.rmdir()


def _identity(path: Path) -> FileIdentity:
    try:
        return read_identity(path, BUSY_TIMEOUT_S)
    except sqlite3.Error as exc:
        raise with_restore_advice(explain_sqlite(exc, path), path) from None
