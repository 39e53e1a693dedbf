"""Games in the database: create, import, open for recording, list, export.

Every change is judged by the rules engine first and then written in one
transaction; the caller sees the change only after the commit returned. If
the commit fails, the in-memory game is put back as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from clabber_league.gamesheet import (
    game_header,
    game_spec,
    hand_document,
    read_hand,
)
from clabber_league.recording import Correction
from clabber_league.rules import (
    RENEGE_BOTH,
    Game,
    GameError,
    HandEntry,
    HandKind,
    RuleSet,
    SheetRow,
)
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.models import (
    CorrectionEntry,
    GameSeat,
    Player,
    StoredGame,
    StoredHand,
    utc_now,
)

_SIDE_COLUMNS = ("a", "b", "c")


@dataclass(frozen=True)
class GameSummary:
    """A line of the list of past games."""

    id: int
    sides: tuple[str, ...]
    totals: tuple[int, ...]
    hand_count: int
    winner: str | None
    started_at: datetime
    finished_at: datetime | None


def _dumps(document: Mapping[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False)


class DatabaseRecorder:
    """A stored game open for recording (a ``GameRecorder``)."""

    def __init__(
        self, database: Database, game_id: int, game: Game, documents: list[dict[str, Any]]
    ) -> None:
        self.database = database
        self.id = game_id
        self._game = game
        self._documents = documents
        """Each hand as stored: the document it was imported as, or the canonical form."""

    @property
    def game(self) -> Game:
        return self._game

    def record(self, entry: HandEntry) -> None:
        self._change(
            lambda: self._game.push(entry),
            self._game.pop,
            lambda docs: docs.append(hand_document(entry)),
            None,
        )

    def replace(self, n: int, entry: HandEntry) -> HandEntry:
        old = self._game.entries[n - 1] if 1 <= n <= len(self._game.entries) else None
        self._change(
            lambda: self._game.replace(n, entry),
            lambda: self._game.replace(n, old) if old is not None else None,
            lambda docs: docs.__setitem__(n - 1, hand_document(entry)),
            (n, old, entry),
        )
        assert old is not None
        return old

    def delete(self, n: int) -> HandEntry:
        old = self._game.entries[n - 1] if 1 <= n <= len(self._game.entries) else None
        self._change(
            lambda: self._game.delete(n),
            lambda: self._game.insert(n, old) if old is not None else None,
            lambda docs: docs.pop(n - 1),
            (n, old, None),
        )
        assert old is not None
        return old

    def insert(self, n: int, entry: HandEntry) -> None:
        self._change(
            lambda: self._game.insert(n, entry),
            lambda: self._game.delete(n),
            lambda docs: docs.insert(n - 1, hand_document(entry)),
            (n, None, entry),
        )

    def corrections(self) -> list[Correction]:
        with self.database.session() as session:
            rows = session.exec(
                select(CorrectionEntry)
                .where(CorrectionEntry.game_id == self.id)
                .order_by(col(CorrectionEntry.id))
            ).all()
        return [
            Correction(
                row.n,
                read_hand(json.loads(row.old_json)) if row.old_json else None,
                read_hand(json.loads(row.new_json)) if row.new_json else None,
                row.at,
            )
            for row in rows
        ]

    def _change(
        self,
        apply: Callable[[], object],
        undo: Callable[[], object],
        edit_documents: Callable[[list[dict[str, Any]]], object],
        correction: tuple[int, HandEntry | None, HandEntry | None] | None,
    ) -> None:
        """Judge in memory (raises ``GameError`` untouched), then commit, else put it back."""
        apply()
        documents = list(self._documents)
        edit_documents(documents)
        try:
            with self.database.session() as session:
                stored = session.get(StoredGame, self.id)
                if stored is None:
                    raise StoreError(f"game {self.id} is no longer in the database")
                write_hands(session, stored, self._game, documents)
                if correction is not None:
                    n, old, new = correction
                    session.add(
                        CorrectionEntry(
                            game_id=self.id,
                            n=n,
                            old_json=_dumps(hand_document(old)) if old else None,
                            new_json=_dumps(hand_document(new)) if new else None,
                        )
                    )
                session.commit()
        except BaseException:
            undo()
            raise
        self._documents = documents


def write_hands(
    session: Session, stored: StoredGame, game: Game, documents: Sequence[Mapping[str, Any]]
) -> None:
    """Bring the game's hand rows and result up to date with ``game``, slot by slot."""
    assert stored.id is not None
    existing = session.exec(
        select(StoredHand).where(StoredHand.game_id == stored.id).order_by(col(StoredHand.n))
    ).all()
    for row, document in zip(game.rows, documents, strict=True):
        values = _hand_values(row, document, game.rules.sides)
        if row.n <= len(existing):
            current = existing[row.n - 1]
            if any(getattr(current, key) != value for key, value in values.items()):
                current.sqlmodel_update({**values, "recorded_at": utc_now()})
                session.add(current)
        else:
            session.add(StoredHand(game_id=stored.id, n=row.n, **values))
    for surplus in existing[len(game.rows) :]:
        session.delete(surplus)
    totals = game.totals
    for letter, column in zip(game.rules.sides, _SIDE_COLUMNS, strict=False):
        setattr(stored, f"total_{column}", totals[letter])
        made, sets, reneges = hand_tallies(game, letter)
        setattr(stored, f"made_{column}", made)
        setattr(stored, f"sets_{column}", sets)
        setattr(stored, f"reneges_{column}", reneges)
    stored.hand_count = len(game.rows)
    stored.winner = game.winner
    stored.finished_at = (stored.finished_at or utc_now()) if game.finished else None
    session.add(stored)


def hand_tallies(game: Game, side: str) -> tuple[int, int, int]:
    """A side's hands made and set as makers, and reneged in (a double renege counts)."""
    made = sets = reneges = 0
    for row in game.rows:
        result = row.result
        if result.makers == side and result.kind is HandKind.PLAYED:
            sets += result.set
            made += not result.set
        reneges += result.reneged in (side, RENEGE_BOTH)
    return made, sets, reneges


def _hand_values(
    row: SheetRow, document: Mapping[str, Any], sides: Sequence[str]
) -> dict[str, Any]:
    result = row.result
    values: dict[str, Any] = {
        "entry_json": _dumps(document),
        "kind": result.kind.value,
        "makers": result.makers,
        "trump": result.trump.value if result.trump else None,
        "reneged": result.reneged,
        "bell": result.bell,
        "dealer": row.dealer,
        "is_set": result.set,
    }
    for letter, column in zip(sides, _SIDE_COLUMNS, strict=False):
        values[f"score_{column}"] = result.scores[letter]
    return values


def create_game(
    database: Database,
    rules: RuleSet,
    sides: Sequence[str],
    first_dealer: str | None = None,
    *,
    players: Mapping[str, str] | None = None,
) -> DatabaseRecorder:
    """Start a new game (no hands yet); ``players`` maps seats to names of who sat."""
    game = Game(rules, sides, first_dealer)
    header = game_header(rules, game.sides, game.first_dealer)
    return _store(database, header, game, [], players or {})


def _store(
    database: Database,
    header: Mapping[str, Any],
    game: Game,
    documents: list[dict[str, Any]],
    players: Mapping[str, str],
) -> DatabaseRecorder:
    with database.session() as session:
        game_id = store_game(session, header, game, documents, players=players)
        session.commit()
    return DatabaseRecorder(database, game_id, game, documents)


def store_game(
    session: Session,
    header: Mapping[str, Any],
    game: Game,
    documents: Sequence[Mapping[str, Any]],
    *,
    players: Mapping[str, str] | None = None,
    teams: Sequence[int | None] = (),
    season_id: int | None = None,
    fixture_id: int | None = None,
) -> int:
    """Add a scored game and its hands in the caller's transaction; returns its id."""
    names = dict(zip(_SIDE_COLUMNS, game.sides, strict=False))
    team_ids = dict(zip(_SIDE_COLUMNS, teams, strict=False))
    stored = StoredGame(
        header_json=_dumps(header),
        rules_preset=game.rules.preset,
        side_a=names["a"],
        side_b=names["b"],
        side_c=names.get("c"),
        team_a_id=team_ids.get("a"),
        team_b_id=team_ids.get("b"),
        team_c_id=team_ids.get("c"),
        season_id=season_id,
        fixture_id=fixture_id,
        first_dealer=game.first_dealer,
        total_c=0 if "c" in names else None,
    )
    session.add(stored)
    session.flush()
    assert stored.id is not None
    for seat, name in (players or {}).items():
        if name.strip():
            player = _player(session, name.strip())
            assert player.id is not None
            session.add(GameSeat(game_id=stored.id, seat=seat, player_id=player.id))
    write_hands(session, stored, game, documents)
    return stored.id


def seated_players(database: Database, game_id: int) -> dict[str, str]:
    """Who sat in each seat of a game (seats nobody was recorded for are left out)."""
    with database.session() as session:
        rows = session.exec(
            select(GameSeat.seat, Player.name)
            .join(Player, col(GameSeat.player_id) == col(Player.id))
            .where(GameSeat.game_id == game_id)
            .order_by(col(GameSeat.seat))
        ).all()
    return dict(rows)


def seat_players(database: Database, game_id: int, players: Mapping[str, str]) -> None:
    """Record who actually sat: a substitute takes the seat for this game only."""
    with database.session() as session:
        stored = session.get(StoredGame, game_id)
        if stored is None:
            raise StoreError(f"there is no game {game_id} in {database.describe()}")
        seats = set(read_game_rules(stored).seats)
        strangers = sorted(set(players) - seats)
        if strangers:
            raise StoreError(f"{', '.join(strangers)} is not a seat of this game")
        for sat in session.exec(select(GameSeat).where(GameSeat.game_id == game_id)).all():
            session.delete(sat)
        session.flush()
        for seat, name in players.items():
            if name.strip():
                player = _player(session, name.strip())
                assert player.id is not None
                session.add(GameSeat(game_id=game_id, seat=seat, player_id=player.id))
        session.commit()


def known_players(database: Database) -> list[str]:
    """Every player's name the database knows, for choosing who sat."""
    with database.session() as session:
        return list(session.exec(select(Player.name).order_by(col(Player.name))).all())


def read_game_rules(stored: StoredGame) -> RuleSet:
    """The rule set a stored game was played under, from its frozen header."""
    return game_spec({**json.loads(stored.header_json), "hands": []}).rules


def _player(session: Session, name: str) -> Player:
    found = session.exec(select(Player).where(Player.name == name)).first()
    if found is not None:
        return found
    player = Player(name=name)
    session.add(player)
    session.flush()
    return player


def open_game(database: Database, game_id: int) -> DatabaseRecorder:
    """Load a stored game, re-scored by the current rules engine."""
    with database.session() as session:
        stored = session.get(StoredGame, game_id)
        if stored is None:
            raise StoreError(f"there is no game {game_id} in {database.describe()}")
        hands = session.exec(
            select(StoredHand).where(StoredHand.game_id == game_id).order_by(col(StoredHand.n))
        ).all()
        header = json.loads(stored.header_json)
        documents = [json.loads(hand.entry_json) for hand in hands]
    try:
        game = game_spec({**header, "hands": documents}).game()
    except GameError as exc:
        raise StoreError(
            f"game {game_id} no longer passes the rules: {'; '.join(exc.messages)}"
        ) from None
    return DatabaseRecorder(database, game_id, game, documents)


def export_game(database: Database, game_id: int) -> dict[str, Any]:
    """The game as a ``clabber-game/1`` document, exactly as it was imported or entered."""
    with database.session() as session:
        documents = game_documents(session, [game_id])
    if game_id not in documents:
        raise StoreError(f"there is no game {game_id} in {database.describe()}")
    return documents[game_id]


_IDS_PER_QUERY = 500  # well under SQLite's limit on bound parameters


def game_documents(session: Session, game_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """Games as ``clabber-game/1`` documents: two queries per few hundred games, not per game."""
    documents: dict[int, dict[str, Any]] = {}
    for start in range(0, len(game_ids), _IDS_PER_QUERY):
        batch = list(game_ids[start : start + _IDS_PER_QUERY])
        for game_id, header in session.exec(
            select(StoredGame.id, StoredGame.header_json).where(col(StoredGame.id).in_(batch))
        ).all():
            if game_id is not None:
                documents[game_id] = {**json.loads(header), "hands": []}
        for game_id, entry in session.exec(
            select(StoredHand.game_id, StoredHand.entry_json)
            .where(col(StoredHand.game_id).in_(batch))
            .order_by(col(StoredHand.game_id), col(StoredHand.n))
        ).all():
            documents[game_id]["hands"].append(json.loads(entry))
    return documents


def list_games(database: Database) -> list[GameSummary]:
    """Every stored game, newest first."""
    with database.session() as session:
        rows = session.exec(select(StoredGame).order_by(col(StoredGame.id).desc())).all()
        return [
            GameSummary(
                id=row.id or 0,
                sides=tuple(name for name in (row.side_a, row.side_b, row.side_c) if name),
                totals=tuple(
                    total for total in (row.total_a, row.total_b, row.total_c) if total is not None
                ),
                hand_count=row.hand_count,
                winner=row.winner,
                started_at=row.started_at,
                finished_at=row.finished_at,
            )
            for row in rows
        ]
