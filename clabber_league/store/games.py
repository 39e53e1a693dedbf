"""Games in the database: create, open for recording, list, export.

Every change is judged by the rules engine first and then written in one
transaction; the caller sees the change only after the commit returned. If
the commit fails, the in-memory game is put back as it was.

Several stations may keep the same game (two windows, the phones of league
night). Each change names the version of the game it was based on — by
default the one the recorder last saw — and the write starts with a
conditional ``UPDATE … SET version = version + 1 WHERE id = ? AND version
= ?``: one statement, atomic on SQLite and PostgreSQL alike. If another
station changed the game meanwhile, nothing is written, the recorder reloads
the game as stored, and ``StaleGameError`` says in table words what the other
station did. A game of a match also counts up its match's version, locked
first (match, then game, always in that order, so two writers never wait on
each other in a circle).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Table, bindparam, insert, update
from sqlmodel import Session, SQLModel, col, select

from clabber_league.gamesheet import (
    game_header,
    game_spec,
    hand_document,
    read_hand,
)
from clabber_league.kill_points import kill_point
from clabber_league.recording import (
    REOPENED,
    AtTheTable,
    Correction,
    named_seats,
    refuse_if_closed,
    refuse_reopening,
    still_reopened,
)
from clabber_league.rules import (
    RENEGE_BOTH,
    Game,
    GameError,
    HandEntry,
    HandKind,
    RuleSet,
    SheetRow,
)
from clabber_league.rules.messages import problem
from clabber_league.rules.sheet import ShownHand
from clabber_league.store.database import Database
from clabber_league.store.errors import StaleGameError, StoreError, known_id
from clabber_league.store.models import (
    CorrectionEntry,
    Fixture,
    GameSeat,
    Player,
    StoredGame,
    StoredHand,
    utc_now,
)
from clabber_league.store.playoffs import advance_match

_SIDE_COLUMNS = ("a", "b", "c")


def _table(model: type[SQLModel]) -> Table:
    table = model.__table__  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


#: The tables new games are written to in bulk, by Core statements (``store_games``).
_GAMES, _HANDS, _SEATS = _table(StoredGame), _table(StoredHand), _table(GameSeat)
_FIXTURES = _table(Fixture)


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


_ENCODER = json.JSONEncoder(ensure_ascii=False)


def _dumps(document: Mapping[str, Any]) -> str:
    return _ENCODER.encode(document)


#: Work done inside a change's transaction, just before it commits (``DatabaseRecorder``).
InTransaction = Callable[[Session], None]


class _StaleWriteError(Exception):
    """Inside a write: a version check failed, so the transaction is rolled back."""


@dataclass(frozen=True)
class Versions:
    """A game's change counter and its match's (``None`` for a friendly), as stored."""

    game: int
    match: int | None


def stored_versions(session: Session, game_id: int) -> Versions:
    row = session.exec(
        select(StoredGame.version, Fixture.version)
        .select_from(StoredGame)
        .outerjoin(Fixture, col(StoredGame.fixture_id) == col(Fixture.id))
        .where(StoredGame.id == game_id)
    ).first()
    if row is None:
        raise StoreError(problem("game {game_id} is no longer in the database", game_id=game_id))
    return Versions(row[0], row[1])


class DatabaseRecorder(AtTheTable):
    """A stored game open for recording (a ``GameRecorder``), checked against its version.

    ``version`` and ``match_version`` are the versions as this recorder last
    saw them; each change is refused (``StaleGameError``) if the store has
    moved on since. ``expected_match_version``, when given, also requires the
    match to be at that version (the league night service works by the match's).
    """

    def __init__(
        self,
        database: Database,
        game_id: int,
        game: Game,
        documents: list[dict[str, Any]],
        *,
        versions: Versions = Versions(0, None),
        match_id: int | None = None,
        players: Mapping[str, str] | None = None,
        paper_copy: bool = False,
        reopened: bool = False,
    ) -> None:
        super().__init__(players, paper_copy)
        self._reopened = reopened
        """A finished game reopened for corrections, as this recorder last saw it."""
        self.database = database
        self.id = game_id
        self.match_id = match_id
        """The match (fixture) the game belongs to, or ``None`` for a friendly."""
        self._game = game
        self._documents = documents
        """Each hand as stored: the document it was imported as, or the canonical form."""
        self._versions = versions

    @property
    def game(self) -> Game:
        return self._game

    @property
    def closed(self) -> bool:
        return self._game.finished and not self._reopened

    def set_paper_copy(self, on: bool) -> None:
        """Keep the game's entry mode with the game.

        The mode changes no figure on the sheet, so it does not count as a
        change another station must reload for (the version stays)."""
        with self.database.session(write=True) as session:
            session.connection().execute(
                update(StoredGame).where(col(StoredGame.id) == self.id).values(paper_copy=on)
            )
            session.commit()
        self._paper_copy = on

    @property
    def version(self) -> int:
        """The game's version as this recorder last saw it."""
        return self._versions.game

    @property
    def match_version(self) -> int | None:
        """The match's version as this recorder last saw it (``None`` for a friendly)."""
        return self._versions.match

    def record(
        self,
        entry: HandEntry,
        *,
        expected_match_version: int | None = None,
        also: InTransaction | None = None,
    ) -> None:
        self._change(
            lambda: self._game.push(entry),
            self._game.pop,
            lambda docs: docs.append(hand_document(entry)),
            None,
            match_version=expected_match_version,
            also=also,
        )

    def replace(
        self,
        n: int,
        entry: HandEntry,
        *,
        expected_match_version: int | None = None,
        also: InTransaction | None = None,
    ) -> HandEntry:
        refuse_if_closed(self._game, self._reopened)
        old = self._game.entries[n - 1] if 1 <= n <= len(self._game.entries) else None
        self._change(
            lambda: self._game.replace(n, entry),
            lambda: self._game.replace(n, old) if old is not None else None,
            lambda docs: docs.__setitem__(n - 1, hand_document(entry)),
            (n, old, entry),
            match_version=expected_match_version,
            also=also,
        )
        assert old is not None
        return old

    def delete(
        self,
        n: int,
        *,
        expected_match_version: int | None = None,
        also: InTransaction | None = None,
    ) -> HandEntry:
        refuse_if_closed(self._game, self._reopened)
        old = self._game.entries[n - 1] if 1 <= n <= len(self._game.entries) else None
        self._change(
            lambda: self._game.delete(n),
            lambda: self._game.insert(n, old) if old is not None else None,
            lambda docs: docs.pop(n - 1),
            (n, old, None),
            match_version=expected_match_version,
            also=also,
        )
        assert old is not None
        return old

    def insert(self, n: int, entry: HandEntry) -> None:
        refuse_if_closed(self._game, self._reopened)
        self._change(
            lambda: self._game.insert(n, entry),
            lambda: self._game.delete(n),
            lambda docs: docs.insert(n - 1, hand_document(entry)),
            (n, None, entry),
        )

    def reopen(
        self, *, expected_match_version: int | None = None, also: InTransaction | None = None
    ) -> None:
        """Open the finished game for corrections: a change of the game like any other
        (its version counts up, so every station shows it), logged as a correction."""
        refuse_reopening(self._game, self._reopened)

        def reopen() -> None:
            self._reopened = True

        self._change(
            reopen,
            lambda: None,
            lambda _documents: None,
            (REOPENED, None, None),
            match_version=expected_match_version,
            also=also,
        )

    def seat(self, players: Mapping[str, str]) -> None:
        """Record who actually sat (a substitute takes the seat for this game only): a
        change of the game like any other, with no hand changed."""
        _check_seats(self._game.rules, players)
        self._change(
            lambda: None,
            lambda: None,
            lambda _documents: None,
            None,
            also=lambda session: _seat(session, self.id, players),
        )
        self._players = named_seats(players)

    def reload(self) -> None:
        """Read the game again as stored (another station may have changed it)."""
        fresh = open_game(self.database, self.id)
        self._game, self._documents = fresh.game, fresh._documents
        self._versions, self.match_id = fresh._versions, fresh.match_id
        self._players, self._paper_copy = fresh._players, fresh._paper_copy
        self._reopened = fresh._reopened

    def corrections(self) -> list[Correction]:
        with self.database.session() as session:
            return correction_logs(session, [self.id])[self.id]

    def _claim(self, session: Session, match_version: int | None) -> Versions:
        """Count up the versions of the game (and of its match) in the caller's transaction.

        The game must be at the version this recorder last saw, and the match at
        ``match_version`` when given. Raises ``_StaleWriteError`` when either has moved
        on; the caller's transaction must then be rolled back.
        """
        connection = session.connection()
        if self.match_id is not None:
            match_row = update(Fixture).where(col(Fixture.id) == self.match_id)
            if match_version is not None:
                match_row = match_row.where(col(Fixture.version) == match_version)
            bumped = connection.execute(match_row.values(version=col(Fixture.version) + 1))
            if bumped.rowcount != 1:
                raise _StaleWriteError
        bumped = connection.execute(
            update(StoredGame)
            .where(
                col(StoredGame.id) == self.id,
                col(StoredGame.version) == self.version,
            )
            .values(version=col(StoredGame.version) + 1)
        )
        if bumped.rowcount != 1:
            raise _StaleWriteError
        return stored_versions(session, self.id)

    def _change(
        self,
        apply: Callable[[], object],
        undo: Callable[[], object],
        edit_documents: Callable[[list[dict[str, Any]]], object],
        correction: tuple[int, HandEntry | None, HandEntry | None] | None,
        *,
        match_version: int | None = None,
        also: InTransaction | None = None,
    ) -> None:
        """Judge in memory (raises ``GameError`` untouched), then commit, else put it back.

        ``also`` writes whatever must be durable together with the change (who sat; the
        league night's answer to the phone), in the same transaction, after the change.
        The game's reopening goes with it: kept, or ended by a change that gives the
        game its W again (``recording.still_reopened``)."""
        was_finished, was_reopened = self._game.finished, self._reopened
        apply()
        self._reopened = still_reopened(was_finished, self._game, self._reopened)
        documents = list(self._documents)
        edit_documents(documents)
        try:
            with self.database.session(write=True) as session:
                versions = self._claim(session, match_version)
                stored = session.get(StoredGame, self.id)
                assert stored is not None  # the claim just counted up its version
                write_hands(session, stored, self._game, documents)
                stored.reopened = self._reopened
                advance_match(session, stored.fixture_id)  # a playoff winner moves on
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
                if also is not None:
                    also(session)
                kill_point("recorder:before-commit")
                session.commit()
        except _StaleWriteError:
            undo()
            self._reopened = was_reopened
            raise self._stale() from None
        except BaseException:
            undo()
            self._reopened = was_reopened
            raise
        self._documents = documents
        self._versions = versions

    def _stale(self) -> StaleGameError:
        """Reload, and say in table words what the other station did."""
        mine = self._documents
        self.reload()
        where = _where_played(self.database, self.match_id)
        what = what_changed(mine, self._documents)
        matchup = " v ".join(self._game.sides)
        place = f"at table {where} ({matchup})" if where is not None else f"to {matchup}"
        return StaleGameError(
            problem(
                "Another station {what} {place} a moment ago — the sheet has been reloaded",
                what=what,
                place=place,
            ),
            version=self.version,
            match_version=self.match_version,
        )


def what_changed(before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]]) -> str:
    """What turned one list of hands into the other, as a scorekeeper would say it."""
    same = 0
    while same < min(len(before), len(after)) and before[same] == after[same]:
        same += 1
    n = same + 1
    if len(after) > len(before) == same:
        return f"recorded hand {n}" if len(after) == n else f"recorded hands {n}–{len(after)}"
    if len(after) == len(before) - 1 and list(after) == [*before[:same], *before[n:]]:
        return f"deleted hand {n}"
    if len(after) == len(before) + 1 and list(before) == [*after[:same], *after[n:]]:
        return f"put hand {n} back in"
    if len(after) == len(before) == same:
        return "changed the game (its seats or its match)"
    if len(after) == len(before) and after[n:] == before[n:]:
        return f"corrected hand {n}"
    return f"changed the hands from hand {n} on"


def _where_played(database: Database, match_id: int | None) -> int | None:
    """The table number of a match, for messages (``None`` for a friendly)."""
    if match_id is None:
        return None
    with database.session() as session:
        fixture = session.get(Fixture, match_id)
        return fixture.table_no if fixture is not None else None


def write_hands(
    session: Session, stored: StoredGame, game: Game, documents: Sequence[Mapping[str, Any]]
) -> None:
    """Bring the game's hand rows and result up to date with ``game``, slot by slot."""
    assert stored.id is not None
    existing = session.exec(
        select(StoredHand).where(StoredHand.game_id == stored.id).order_by(col(StoredHand.n))
    ).all()
    for row, document in zip(game.rows, documents, strict=True):
        values = _hand_values(row, document)
        if row.n <= len(existing):
            current = existing[row.n - 1]
            if any(getattr(current, key) != value for key, value in values.items()):
                current.sqlmodel_update({**values, "recorded_at": utc_now()})
                session.add(current)
        else:
            session.add(StoredHand(game_id=stored.id, n=row.n, **values))
    for surplus in existing[len(game.rows) :]:
        session.delete(surplus)
    stored.sqlmodel_update(_result_values(game))
    stored.finished_at = (stored.finished_at or utc_now()) if game.finished else None
    session.add(stored)


def _result_values(game: Game) -> dict[str, Any]:
    """A game's result as its row keeps it: totals, tallies, hands, winner (side c is null
    in a two-sided game)."""
    values: dict[str, Any] = {}
    totals = game.totals
    for letter, column in zip(("A", "B", "C"), _SIDE_COLUMNS, strict=True):
        played = letter in totals
        made, sets, reneges = hand_tallies(game, letter) if played else (None, None, None)
        values[f"total_{column}"] = totals[letter] if played else None
        values[f"made_{column}"] = made
        values[f"sets_{column}"] = sets
        values[f"reneges_{column}"] = reneges
    values["unknown_makers"] = sum(
        row.result.kind is HandKind.PLAYED and row.result.makers is None for row in game.rows
    )
    values["hand_count"] = len(game.rows)
    values["winner"] = game.winner
    return values


def hand_tallies(game: Game, side: str) -> tuple[int, int, int]:
    """A side's hands made and set as makers, and reneged in (a double renege counts).

    A hand copied from paper without its makers is made by neither side."""
    made = sets = reneges = 0
    for row in game.rows:
        result = row.result
        if result.makers == side and result.kind is HandKind.PLAYED:
            sets += result.set
            made += not result.set
        reneges += result.reneged in (side, RENEGE_BOTH)
    return made, sets, reneges


def _hand_values(row: SheetRow, document: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's row: its entry as given and what the rules derived from it."""
    result = row.result
    scores = result.scores
    return {
        "entry_json": _dumps(document),
        "kind": result.kind.value,
        "makers": result.makers,
        "trump": result.trump.value if result.trump else None,
        "reneged": result.reneged,
        "bell": result.bell,
        "dealer": row.dealer,
        "is_set": result.set,
        "score_a": scores["A"],
        "score_b": scores["B"],
        "score_c": scores.get("C"),
    }


def stored_hand_marks(
    session: Session, game_ids: Sequence[int]
) -> dict[int, tuple[ShownHand, ...]]:
    """Stored games' hands as the sheet shows them (``rules.sheet.ShownHand``), read from
    their hand rows."""
    marks: dict[int, list[ShownHand]] = {game_id: [] for game_id in game_ids}
    for batch in _batches(game_ids):
        for hand in session.exec(
            select(StoredHand)
            .where(col(StoredHand.game_id).in_(batch))
            .order_by(col(StoredHand.game_id), col(StoredHand.n))
        ).all():
            scores = (hand.score_a, hand.score_b, hand.score_c)
            marks[hand.game_id].append(
                ShownHand(hand.kind, hand.makers, hand.is_set, hand.reneged, scores)
            )
    return {game_id: tuple(rows) for game_id, rows in marks.items()}


def create_game(
    database: Database,
    rules: RuleSet,
    sides: Sequence[str],
    first_dealer: str | None = None,
    *,
    players: Mapping[str, str] | None = None,
    paper_copy: bool = False,
) -> DatabaseRecorder:
    """Start a new game (no hands yet); ``players`` maps seats to names of who sat."""
    game = Game(rules, sides, first_dealer)
    header = game_header(rules, game.sides, game.first_dealer)
    with database.session(write=True) as session:
        new = NewGame(header, game, [], players=players or {}, paper_copy=paper_copy)
        (game_id,) = store_games(session, [new])
        session.commit()
        seated = seats_of(session, [game_id])[game_id]
    return DatabaseRecorder(database, game_id, game, [], players=seated, paper_copy=paper_copy)


@dataclass(frozen=True)
class NewGame:
    """A scored game to add, with its hands as given and its place in a season."""

    header: Mapping[str, Any]
    """The ``clabber-game/1`` document without its hands."""
    game: Game
    documents: Sequence[Mapping[str, Any]]
    """Each hand as given (kept as its ``entry_json``)."""
    teams: Sequence[int | None] = ()
    season_id: int | None = None
    fixture_id: int | None = None
    game_no: int | None = None
    players: Mapping[str, str] = field(default_factory=dict)
    paper_copy: bool = False


def store_games(session: Session, games: Sequence[NewGame]) -> list[int]:
    """Add scored games and their hands in the caller's transaction; returns their ids.

    Every new game is written here, a batch at a time (a new game is a batch of
    one): SQLAlchemy Core inserts on the session's transaction — the games
    returning their ids in order, their hands in one ``executemany`` — and one
    UPDATE per match counting its version up by the games it gained, then who sat.
    """
    if not games:
        return []
    for new in games:
        _check_seats(new.game.rules, new.players)
    session.flush()  # the ORM's pending rows first: Core statements do not flush them
    now = utc_now()
    rows = [_game_row(new, now) for new in games]
    ids = list(
        session.scalars(insert(_GAMES).returning(_GAMES.c.id, sort_by_parameter_order=True), rows)
    )
    hands = [
        {"game_id": game_id, "n": row.n, **_hand_values(row, document), "recorded_at": now}
        for game_id, new in zip(ids, games, strict=True)
        for row, document in zip(new.game.rows, new.documents, strict=True)
    ]
    if hands:
        session.execute(insert(_HANDS), hands)
    gained = Counter(new.fixture_id for new in games if new.fixture_id is not None)
    if gained:
        session.execute(
            update(_FIXTURES)
            .where(_FIXTURES.c.id == bindparam("match_id"))
            .values(version=_FIXTURES.c.version + bindparam("games")),
            [{"match_id": match_id, "games": count} for match_id, count in gained.items()],
        )
    _add_seats(session, {game_id: new.players for game_id, new in zip(ids, games, strict=True)})
    for match_id in gained:
        advance_match(session, match_id)  # an imported game can decide a playoff match
    return ids


def _game_row(new: NewGame, now: datetime) -> dict[str, Any]:
    """A new game's row: its frozen header and place, and its result."""
    game = new.game
    names = [*game.sides, None][:3]
    teams = [*new.teams, None, None, None][:3]
    return {
        "header_json": _dumps(new.header),
        "rules_preset": game.rules.preset,
        "side_a": names[0],
        "side_b": names[1],
        "side_c": names[2],
        "team_a_id": teams[0],
        "team_b_id": teams[1],
        "team_c_id": teams[2],
        "season_id": new.season_id,
        "fixture_id": new.fixture_id,
        "game_no": new.game_no,
        "version": 0,
        "first_dealer": game.first_dealer,
        "started_at": now,
        "finished_at": now if game.finished else None,
        "paper_copy": new.paper_copy,
        **_result_values(game),
    }


def _seat(session: Session, game_id: int, players: Mapping[str, str]) -> None:
    """Who sat in each seat of the game (replacing any earlier record)."""
    for sat in session.exec(select(GameSeat).where(GameSeat.game_id == game_id)).all():
        session.delete(sat)
    session.flush()
    _add_seats(session, {game_id: players})


def _check_seats(rules: RuleSet, players: Mapping[str, str]) -> None:
    strangers = sorted(set(players) - set(rules.seats))
    if strangers:
        raise StoreError(problem("{join} is not a seat of this game", join=", ".join(strangers)))


def _add_seats(session: Session, seats: Mapping[int, Mapping[str, str]]) -> None:
    """Seat who sat in each game (game id → seat → name; a blank name is nobody): the
    names looked up in one query (a new one made), the seats written by one Core insert."""
    names = {name.strip() for players in seats.values() for name in players.values()}
    names.discard("")
    if not names:
        return
    ids: dict[str, int] = {}
    for player_id, name in session.exec(
        select(Player.id, Player.name)
        .where(col(Player.name).in_(sorted(names)))
        .order_by(col(Player.id))
    ).all():
        if player_id is not None:
            ids.setdefault(name, player_id)
    for name in sorted(names - set(ids)):
        player = player_named(session, name)
        assert player.id is not None
        ids[name] = player.id
    session.execute(
        insert(_SEATS),
        [
            {"game_id": game_id, "seat": seat, "player_id": ids[name.strip()]}
            for game_id, players in seats.items()
            for seat, name in players.items()
            if name.strip()
        ],
    )


def seated_players(database: Database, game_id: int) -> dict[str, str]:
    """Who sat in each seat of a game (seats nobody was recorded for are left out)."""
    with database.session() as session:
        return seats_of(session, [game_id])[game_id]


def seats_of(session: Session, game_ids: Sequence[int]) -> dict[int, dict[str, str]]:
    """Who sat in each seat of each game (seat → name), a query per few hundred games."""
    seats: dict[int, dict[str, str]] = {game_id: {} for game_id in game_ids}
    for batch in _batches(game_ids):
        for game_id, seat, name in session.exec(
            select(GameSeat.game_id, GameSeat.seat, Player.name)
            .join(Player, col(GameSeat.player_id) == col(Player.id))
            .where(col(GameSeat.game_id).in_(batch))
            .order_by(col(GameSeat.game_id), col(GameSeat.seat))
        ).all():
            seats[game_id][seat] = name
    return seats


def correction_logs(session: Session, game_ids: Sequence[int]) -> dict[int, list[Correction]]:
    """Each game's correction log, oldest first, a query per few hundred games."""
    logs: dict[int, list[Correction]] = {game_id: [] for game_id in game_ids}
    for batch in _batches(game_ids):
        for row in session.exec(
            select(CorrectionEntry)
            .where(col(CorrectionEntry.game_id).in_(batch))
            .order_by(col(CorrectionEntry.id))
        ).all():
            logs[row.game_id].append(
                Correction(
                    row.n,
                    read_hand(json.loads(row.old_json)) if row.old_json else None,
                    read_hand(json.loads(row.new_json)) if row.new_json else None,
                    row.at,
                )
            )
    return logs


def known_players(database: Database) -> list[str]:
    """Every player's name the database knows, for choosing who sat."""
    with database.session() as session:
        return list(session.exec(select(Player.name).order_by(col(Player.name))).all())


def player_named(session: Session, name: str) -> Player:
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
        return load_recorder(session, database, game_id)


def load_recorder(session: Session, database: Database, game_id: int) -> DatabaseRecorder:
    """A stored game, as this session sees it, open for recording.

    The versions are read before the hands, never after: on PostgreSQL each
    statement sees what is committed when it runs, and hands older than the
    version would let the next write pass its check and overwrite a hand it
    never saw. Hands newer than the version only cost a reload.
    """
    stored = session.get(StoredGame, known_id(game_id, "game"))
    if stored is None:
        raise no_game(database, game_id)
    versions = stored_versions(session, game_id)
    hands = session.exec(
        select(StoredHand.entry_json)
        .where(StoredHand.game_id == game_id)
        .order_by(col(StoredHand.n))
    ).all()
    header = json.loads(stored.header_json)
    documents = [json.loads(hand) for hand in hands]
    return DatabaseRecorder(
        database,
        game_id,
        scored(game_id, {**header, "hands": documents}),
        documents,
        versions=versions,
        match_id=stored.fixture_id,
        players=seats_of(session, [game_id])[game_id],
        paper_copy=stored.paper_copy,
        reopened=stored.reopened,
    )


def no_game(database: Database, game_id: int) -> StoreError:
    """A game id the database does not hold, said with the database's name."""
    return StoreError(
        problem(
            "there is no game {game_id} in {describe}",
            game_id=game_id,
            describe=database.describe(),
        )
    )


def scored(game_id: int, document: Mapping[str, Any]) -> Game:
    """A stored game's ``clabber-game/1`` document, scored by the current rules engine."""
    try:
        return game_spec(document).game()
    except GameError as exc:
        raise StoreError(
            problem(
                "game {game_id} no longer passes the rules: {join}",
                game_id=game_id,
                join="; ".join(exc.messages),
            )
        ) from None


@dataclass(frozen=True)
class StoredSheet:
    """A stored game with what its printed sheet shows besides the hands."""

    id: int
    document: dict[str, Any]
    """The game as a ``clabber-game/1`` document."""
    players: dict[str, str]
    corrections: list[Correction]

    def game(self) -> Game:
        """The game scored (``StoreError`` if it no longer passes the rules)."""
        return scored(self.id, self.document)


def stored_sheets(database: Database, game_ids: Sequence[int]) -> dict[int, StoredSheet]:
    """Stored games for printing: a few queries for a whole season, not a few per game."""
    with database.session() as session:
        documents = game_documents(session, game_ids)
        seats = seats_of(session, game_ids)
        logs = correction_logs(session, game_ids)
    gone = [game_id for game_id in game_ids if game_id not in documents]
    if gone:
        raise StoreError(
            problem(
                "game {gone} is no longer in {describe}", gone=gone[0], describe=database.describe()
            )
        )
    return {
        game_id: StoredSheet(game_id, documents[game_id], seats[game_id], logs[game_id])
        for game_id in game_ids
    }


def export_game(database: Database, game_id: int) -> dict[str, Any]:
    """The game as a ``clabber-game/1`` document, exactly as it was imported or entered."""
    known_id(game_id, "game")
    with database.session() as session:
        documents = game_documents(session, [game_id])
    if game_id not in documents:
        raise no_game(database, game_id)
    return documents[game_id]


_IDS_PER_QUERY = 500  # well under SQLite's limit on bound parameters


def _batches(game_ids: Sequence[int]) -> Iterator[list[int]]:
    for start in range(0, len(game_ids), _IDS_PER_QUERY):
        yield list(game_ids[start : start + _IDS_PER_QUERY])


def game_headers(session: Session, game_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """Games' ``clabber-game/1`` headers (the documents without their hands)."""
    headers: dict[int, dict[str, Any]] = {}
    for batch in _batches(game_ids):
        for game_id, header in session.exec(
            select(StoredGame.id, StoredGame.header_json).where(col(StoredGame.id).in_(batch))
        ).all():
            if game_id is not None:
                headers[game_id] = json.loads(header)
    return headers


def game_documents(session: Session, game_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """Games as ``clabber-game/1`` documents: two queries per few hundred games, not per game."""
    documents: dict[int, dict[str, Any]] = {}
    for batch in _batches(game_ids):
        for game_id, header in game_headers(session, batch).items():
            documents[game_id] = {**header, "hands": []}
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
        return [_summary(row) for row in rows]


def games_between(database: Database, sides: Sequence[str]) -> list[GameSummary]:
    """The stored games between exactly ``sides`` (in any seats), newest first: what the
    table's running W counts, read without loading a large league's every game."""
    names = list(sides)
    with database.session() as session:
        rows = session.exec(
            select(StoredGame)
            .where(col(StoredGame.side_a).in_(names), col(StoredGame.side_b).in_(names))
            .order_by(col(StoredGame.id).desc())
        ).all()
        summaries = [_summary(row) for row in rows]
    return [summary for summary in summaries if set(summary.sides) == set(names)]


def _summary(row: StoredGame) -> GameSummary:
    return GameSummary(
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
