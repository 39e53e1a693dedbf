"""A first look at the database: the last game, read with plain ``sqlite3``.

Loading SQLAlchemy and SQLModel takes longer than showing the window, so the
window paints the last game from this light, read-only look first and loads
the store just after (``ui.opening``). The look writes nothing, creates
nothing, and gives up at the first surprise — a file that is not a database,
not ours, from a newer version, damaged, locked, or of a schema without the
columns read here: the store's own opening then runs first and says what is
wrong in its usual words.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from clabber_league.gamesheet import game_spec
from clabber_league.recording import AtTheTable, Correction
from clabber_league.rules import ClabberError, Game, HandEntry
from clabber_league.rules.limits import RECORD_ID
from clabber_league.rules.messages import problem
from clabber_league.store.errors import StoreError
from clabber_league.store.identity import SCHEMA_MAJOR, open_read_only, read_identity
from clabber_league.store.paths import sqlite_file

#: How long the look waits for a database another program holds (then the store tries).
WAIT_S = 0.5
STILL_OPENING = problem(
    "the database is still being checked: try again in a moment; nothing was changed"
)


class GlancedGame(AtTheTable):
    """A stored game as the look found it: shown, not yet open for recording.

    Every change is refused (``StoreError``) until the store has opened the
    game for recording, a moment after the window first shows it.
    """

    def __init__(
        self, game_id: int, game: Game, players: Mapping[str, str], paper_copy: bool
    ) -> None:
        super().__init__(players, paper_copy)
        self.id = game_id
        self._game = game

    @property
    def game(self) -> Game:
        return self._game

    def set_paper_copy(self, on: bool) -> None:
        raise StoreError(STILL_OPENING)

    def record(self, entry: HandEntry) -> None:
        raise StoreError(STILL_OPENING)

    def replace(self, n: int, entry: HandEntry) -> HandEntry:
        raise StoreError(STILL_OPENING)

    def delete(self, n: int) -> HandEntry:
        raise StoreError(STILL_OPENING)

    def insert(self, n: int, entry: HandEntry) -> None:
        raise StoreError(STILL_OPENING)

    def corrections(self) -> list[Correction]:
        raise StoreError(STILL_OPENING)


@dataclass(frozen=True)
class Glance:
    """What the window can show before the store is loaded."""

    game: GlancedGame | None
    """The last game; ``None`` when there is none to show (no last game, it is gone,
    the database is not made yet or is on a server)."""


def take_glance(location: str | None, game_id: int | None) -> Glance | None:
    """A look at game ``game_id`` of the database at ``location`` (``--db``);
    ``None`` when the store must open the database first, to say what is wrong."""
    path = sqlite_file(location)
    if path is None or not path.exists():
        return Glance(None)  # a server, or a file the store will make
    if not path.is_file():
        return None  # a folder, pipe or device: the store refuses it in words
    try:
        identity = read_identity(path, WAIT_S)
        if identity.empty:
            return Glance(None)
        if not identity.ours or identity.user_version > SCHEMA_MAJOR:
            return None
        if game_id is None or not RECORD_ID.allows(game_id):
            return Glance(None)
        connection = open_read_only(path, WAIT_S)
        try:
            return Glance(_last_game(connection, game_id))
        finally:
            connection.close()
    except (sqlite3.Error, StoreError, ValueError, TypeError, KeyError):
        return None


def _last_game(connection: sqlite3.Connection, game_id: int) -> GlancedGame | None:
    """The game as ``store.games.load_recorder`` reads it, or ``None`` if it is gone or no
    longer passes the rules (the store then says nothing, as it does for a gone game)."""
    row = connection.execute(
        "SELECT header_json, paper_copy FROM game WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return None
    header: dict[str, Any] = json.loads(row[0])
    hands = [
        json.loads(entry)
        for (entry,) in connection.execute(
            "SELECT entry_json FROM hand WHERE game_id = ? ORDER BY n", (game_id,)
        )
    ]
    players = dict(
        connection.execute(
            "SELECT game_seat.seat, player.name FROM game_seat "
            "JOIN player ON player.id = game_seat.player_id "
            "WHERE game_seat.game_id = ? ORDER BY game_seat.seat",
            (game_id,),
        ).fetchall()
    )
    try:
        game = game_spec({**header, "hands": hands}).game()
    except ClabberError:
        return None
    return GlancedGame(game_id, game, players, bool(row[1]))
