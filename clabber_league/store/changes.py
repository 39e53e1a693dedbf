"""What changed in the database since a watcher last looked, whichever process wrote.

The database counts its own changes: triggers (migration 0009) bump a counter
per kind of stored thing on every insert, update and delete, so no write
path can forget to say what it changed. A ``ChangeWatcher`` reads the five
counters (one small query) and says which kinds moved since its last look;
the window (``ui.changes``) and the night service poll one after their own
commits (``Database.add_commit_listener``) and every moment for the others'.

The same migration gives each database an id of its own (``database_id``),
which the window keeps its settings for that database under.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from sqlmodel import Session, select

from clabber_league.store.database import Database
from clabber_league.store.models import ChangeCounter, DatabaseIdentity

#: The kinds counted, as the migration names them.
KINDS = ("games", "results", "matches", "teams", "seasons")


@dataclass(frozen=True)
class Changes:
    """Which kinds of stored thing moved: each view refreshes only what it shows."""

    games: bool = False
    """A game, its hands or its seats (the sheet, the scoreboard)."""
    results: bool = False
    """What counts in the standings: a game added or removed, finished, or moved."""
    matches: bool = False
    """The schedule: its weeks and matches (a forfeit, a postponement, an edit)."""
    teams: bool = False
    """Teams, rosters and players."""
    seasons: bool = False
    """Leagues and seasons."""

    @classmethod
    def of(cls, kinds: set[str] | frozenset[str]) -> Changes:
        unknown = kinds - set(KINDS)
        if unknown:
            raise ValueError(f"no such kind of change: {sorted(unknown)!r}")
        return cls(**dict.fromkeys(kinds, True))

    @classmethod
    def everything(cls) -> Changes:
        """All of it: a view shown afresh (another database, a restored backup)."""
        return cls.of(set(KINDS))

    def kinds(self) -> frozenset[str]:
        return frozenset(field.name for field in fields(self) if getattr(self, field.name))

    def __or__(self, other: Changes) -> Changes:
        return Changes.of(self.kinds() | other.kinds())

    def __bool__(self) -> bool:
        return bool(self.kinds())


def read_counters(*, session: Session) -> dict[str, int]:
    """Every kind's counter now."""
    rows = session.exec(select(ChangeCounter.kind, ChangeCounter.n)).all()
    return dict(rows)


def database_id(*, session: Session) -> str:
    """The database's own id: the same in every copy of it, whatever its file is called and
    wherever it is (a server database included); what the window keeps its settings for
    this database under."""
    return session.exec(select(DatabaseIdentity.id)).one()


class ChangeWatcher:
    """Says what moved in ``database`` since its last ``poll`` (since it was made, at
    first). Not shared between threads: each watcher belongs to its one poller."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._seen = database.read(read_counters)

    def poll(self) -> Changes:
        """What moved since the last poll (``StoreError`` if the database cannot be read;
        the next poll then still sees the change)."""
        now = self.database.read(read_counters)
        moved = {kind for kind, n in now.items() if self._seen.get(kind) != n}
        self._seen = now
        return Changes.of(moved)
