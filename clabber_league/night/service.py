"""The league night's work, apart from HTTP: read a table, record a hand, undo it, start
the next game, show the board — each through the same recorder as the window.

Every write names the match's ``version`` it was based on and a request id
of the phone's own. The rules engine judges the hand first, in the very words
of ``clabber-league score``; then one transaction stores the change, counts up
the version and keeps the answer under the request id. So a phone that lost
the answer and sends the request again gets the same answer, and nothing is
stored twice; a phone that was behind gets 409 and the version now.

The errors are ``NightError``s carrying their HTTP status and JSON body; the
app turns them into answers in one place. Listeners hear of each change
(``TableChange``) from the thread that made it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from clabber_league.gamesheet import GameSpec, game_spec, sheet_document
from clabber_league.gamesheet.schema import schema_problems
from clabber_league.i18n import said
from clabber_league.night.rounds import board_round, table_round
from clabber_league.rules import ClabberError, Game, HandEntry
from clabber_league.rules.limits import NIGHT_REQUEST_ID, RECORD_ID
from clabber_league.rules.meld_totals import possible_meld_totals
from clabber_league.rules.messages import N_, Problem, one_line, problem, tidy
from clabber_league.seating import Seating
from clabber_league.store.changes import ChangeWatcher
from clabber_league.store.database import Database
from clabber_league.store.errors import StaleGameError, StoreError
from clabber_league.store.games import (
    DatabaseRecorder,
    game_documents,
    load_recorder,
    scored,
)
from clabber_league.store.league import BYE, FORFEIT, POSTPONED, SCHEDULED, get_team
from clabber_league.store.matches import start_match_game
from clabber_league.store.models import Fixture, League, Season, StoredGame
from clabber_league.store.night import (
    Answer,
    NightWeek,
    TokenHolder,
    given_answer,
    keep_answer,
    night_week,
    request_hash,
    token_holder,
)
from clabber_league.store.playoffs import bracket_document, week_bracket
from clabber_league.store.seasons import match_game_count
from clabber_league.store.standings import standings as season_standings

LOG = logging.getLogger(__name__)
#: A night quiet this long (seconds) has its write-ahead log folded in (``checkpoint``).
IDLE_S = 30.0
TABLE_FORMAT = "clabber-table/1"
BOARD_FORMAT = "clabber-board/1"
NOT_FOUND = "not found"
_PASSED = {"passed": True}


class NightError(Exception):
    """An answer other than success: its HTTP status and JSON document."""

    def __init__(self, status: int, document: dict[str, Any]) -> None:
        super().__init__(status, document)
        self.status = status
        self.document = document


def not_found() -> NightError:
    """The one answer for every token that opens nothing (it never says which kind)."""
    return NightError(404, {"error": NOT_FOUND})


def failure(status: int, line: str) -> NightError:
    """An answer of ``status`` whose sentence is ``line`` in the service's language."""
    return NightError(status, {"error": said(line)})


def bad_request(message: str) -> NightError:
    """400: what is wrong with the request, in the service's language."""
    return NightError(400, {"error": one_line(said(message))})


def refused(lines: list[str]) -> NightError:
    """422: the rule's lines as ``score`` says them in the service's language."""
    return NightError(422, {"errors": tidy([said(line) for line in lines])})


@dataclass(frozen=True)
class TableChange:
    """A match of the night changed: its version is now ``version``."""

    match: int
    version: int


Listener = Callable[[TableChange], None]


@dataclass(frozen=True)
class _Request:
    """A write as the phone sent it: its match, its id, the version it saw, and the hash of
    what it asks (the same id must always ask the same)."""

    match: int
    id: str
    version: int
    digest: str
    body: dict[str, Any]


@dataclass(frozen=True)
class _Table:
    """A match as one read session saw it: its games, in order, open for recording."""

    fixture: Fixture
    sides: tuple[str, str]
    games: tuple[DatabaseRecorder, ...]
    documents: tuple[dict[str, Any], ...]
    games_per_match: int

    @property
    def current(self) -> int | None:
        """The index of the game under way (``None``: none is)."""
        return next(
            (index for index, game in enumerate(self.games) if not game.game.finished), None
        )

    @property
    def shown(self) -> int | None:
        """The game a board shows: the one under way, else the last one."""
        current = self.current
        return current if current is not None else (len(self.games) - 1 if self.games else None)


#: What a write does: its answer with the stored game whose sheet the answer shows, and
#: the change (given the keeping to do inside its transaction).
_Plan = tuple[
    Callable[[Session], tuple[Answer, int]], Callable[[Callable[[Session], None]], object]
]
#: A kept answer's sheet stands for the stored game's first hands (``[game id, hands]``).
_SHEET_OF = "sheet_of"


class NightService:
    """One league night (a season's week) on one database."""

    def __init__(self, database: Database, season: str, week: int, league: str | None) -> None:
        self.database = database
        with database.session() as session:
            self.night: NightWeek = night_week(session, season, week, league)
            home = session.get(League, self.night.league_id)
            assert home is not None
            self.league = home.name
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()
        self._watcher = ChangeWatcher(database)
        """Whether anything moved at all: the matches are read only when something did."""
        self._seen = self.versions()
        """Each match's version as last announced: a change is told once, whoever saw it."""
        self._written_at: float | None = None
        """When the watcher last saw a change not yet folded into the database file."""

    # ------------------------------------------------------------ listeners
    def add_listener(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.append(listener)

    def announce(self, change: TableChange) -> None:
        """Tell every listener of a match's version other than the one last told. Not only
        a newer one: a backup restored during the night takes the versions back, and the
        hands after it must still be heard."""
        with self._lock:
            if change.version == self._seen.get(change.match):
                return
            self._seen[change.match] = change.version
            listeners = list(self._listeners)
        for listener in listeners:
            listener(change)

    def notice_changes(self) -> None:
        """Announce what other programs changed (the window, the command line, another
        service): the watcher calls this every moment; the change counters first, and the
        night's matches only when a game or the schedule moved."""
        moved = self._watcher.poll()
        now = time.monotonic()
        if not (moved.games or moved.matches):
            if self._written_at is not None and now - self._written_at >= IDLE_S:
                self._written_at = None
                try:
                    self.database.checkpoint()
                except StoreError as exc:  # busy a moment: no request was refused
                    LOG.warning("the write-ahead log was not folded in: %s", exc.message)
            return
        self._written_at = now
        for match, version in self.versions().items():
            self.announce(TableChange(match, version))

    def versions(self) -> dict[int, int]:
        """Every match of the night and its version now (one query)."""
        with self.database.session() as session:
            rows = session.exec(
                select(Fixture.id, Fixture.version).where(Fixture.week_id == self.night.week_id)
            ).all()
        return {match: version for match, version in rows if match is not None}

    # ------------------------------------------------------------ tokens
    def holder(self, token: str) -> TokenHolder:
        """What ``token`` opens on this night, or the 404."""
        with self.database.session() as session:
            found = token_holder(session, token)
        if found is None or found.week_id != self.night.week_id:
            raise not_found()
        return found

    def _match_of(self, token: str) -> int:
        match = self.holder(token).match
        if match is None:
            raise not_found()  # the board's token reads; it opens no table
        return match

    # ------------------------------------------------------------ reading
    def table(self, token: str) -> dict[str, Any]:
        """``GET /api/t/{token}``."""
        match = self._match_of(token)
        with self.database.session() as session:
            table = self._read(session, match)
            tournament = table_round(
                session, self.night.season_id, self.night.week, table.fixture.table_no
            )
        current = table.current
        shown = table.shown
        game = table.games[shown] if shown is not None else None
        return {
            "format": TABLE_FORMAT,
            "table": table.fixture.table_no,
            "match": match,
            "sides": list(table.sides),
            "games": [sheet_document(recorder.game) for recorder in table.games],
            "current": current,
            "version": table.fixture.version,
            "season": self.night.season,
            "week": self.night.week,
            "games_per_match": table.games_per_match,
            "game": shown + 1 if shown is not None else None,
            "rules": _header(table.documents[shown]) if shown is not None else None,
            "dealer": game.game.next_dealer if game and current is not None else None,
            "closed": game.closed if game else False,
            "players": game.players if game else {},
            "meld_totals": sorted(possible_meld_totals(game.game.rules).totals) if game else None,
            "tournament": tournament,
        }

    def hand_of(self, token: str, n: str) -> dict[str, Any]:
        """``GET /api/t/{token}/hands/{n}``: hand ``n`` of the game shown, exactly as it
        was entered (clabber-game/1), for the phone's form to correct it."""
        number = _hand_number(n)
        match = self._match_of(token)
        with self.database.session() as session:
            table = self._read(session, match)
        recorder = self._shown(table)
        hands = table.documents[table.games.index(recorder)]["hands"]
        if not 1 <= number <= len(hands):
            raise refused([problem("there is no hand {n} on this sheet", n=number)])
        return {"n": number, "hand": hands[number - 1], "version": table.fixture.version}

    def board(self, token: str) -> dict[str, Any]:
        """``GET /api/board/{token}``: the league's name, every table, and the standings as
        they stand now, the ranked teams only (a retired team is not in the race the
        room is watching); on a playoff night (a week holding playoff matches) the
        bracket too; on a tournament's round its players' standings (``night.rounds``)."""
        if self.holder(token).match is not None:
            raise not_found()
        with self.database.session() as session:
            matches = session.exec(
                select(Fixture.id)
                .where(Fixture.week_id == self.night.week_id, Fixture.status == SCHEDULED)
                .where(col(Fixture.away_team_id).is_not(None))
                .order_by(col(Fixture.table_no), col(Fixture.id))
            ).all()
            tables = [self._board_row(self._read(session, match)) for match in matches if match]
            standings = season_standings(session=session, season_id=self.night.season_id)
            bracket = week_bracket(session, self.night.season_id, self.night.week_id)
            tournament = board_round(session, self.night.season_id, self.night.week)
        return {
            "format": BOARD_FORMAT,
            "league": self.league,
            "season": self.night.season,
            "week": self.night.week,
            "tables": tables,
            "standings": [row.as_dict() for row in standings if row.rank is not None],
            "playoffs": bracket_document(bracket) if bracket is not None else None,
            "tournament": tournament,
        }

    @staticmethod
    def _board_row(table: _Table) -> dict[str, Any]:
        shown = table.shown
        recorder = table.games[shown] if shown is not None else None
        game: Game | None = recorder.game if recorder else None
        dealer = game.next_dealer if game is not None and not game.finished else None
        return {
            "table": table.fixture.table_no,
            "match": table.fixture.id,
            "sides": list(table.sides),
            "totals": game.totals if game is not None else dict.fromkeys("AB", 0),
            "hands": len(game.rows) if game is not None else 0,
            "dealer": dealer,
            "dealer_name": (
                Seating.of(game, recorder.players).full(dealer)
                if recorder and game and dealer
                else None
            ),
            "finished": game.finished if game is not None else False,
            "winner": game.winner if game is not None else None,
            "game": shown + 1 if shown is not None else None,
            "games_per_match": table.games_per_match,
        }

    def _read(self, session: Session, match: int) -> _Table:
        """The match and all its games as this session sees them (version first)."""
        fixture = session.get(Fixture, match)
        if fixture is None or fixture.away_team_id is None:
            raise not_found()
        season = session.get(Season, self.night.season_id)
        assert season is not None
        game_ids = [
            game_id
            for game_id in session.exec(
                select(StoredGame.id)
                .where(StoredGame.fixture_id == match)
                .order_by(col(StoredGame.game_no), col(StoredGame.id))
            ).all()
            if game_id is not None
        ]
        recorders = tuple(load_recorder(session, self.database, game_id) for game_id in game_ids)
        documents = game_documents(session, game_ids)
        sides = (
            get_team(session, fixture.home_team_id).name,
            get_team(session, fixture.away_team_id).name,
        )
        return _Table(
            fixture,
            sides,
            recorders,
            tuple(documents[game_id] for game_id in game_ids),
            match_game_count(fixture, season),
        )

    # ------------------------------------------------------------ writing
    def check(self, token: str, body: Any) -> dict[str, Any]:
        """``POST /api/t/{token}/check``: the rule's words for a hand, storing nothing."""
        match = self._match_of(token)
        request = _fields(body, {"hand"})
        hand = _hand(request)
        with self.database.session() as session:
            table = self._read(session, match)
        try:
            sheet = sheet_document(self._judge(table, hand).game())
        except NightError as exc:  # the 422: ``_judge`` refuses in no other way
            return {"errors": exc.document["errors"], "row": None, "finished": None, "winner": None}
        return {
            "errors": [],
            "row": sheet["hands"][-1],
            "finished": sheet["finished"],
            "winner": sheet["winner"],
        }

    def hand(self, token: str, body: Any) -> Answer:
        """``POST /api/t/{token}/hands``: record the next hand of the game under way."""
        request = self._request(token, body, "hand")
        hand = _hand(request.body)

        def plan(table: _Table) -> _Plan:
            entry = self._judge(table, hand).entries[-1]
            index = table.current
            assert index is not None  # _judge refuses a table with no game under way
            recorder = table.games[index]

            def answer(_session: Session) -> tuple[Answer, int]:
                sheet = sheet_document(recorder.game)
                document = {
                    "n": len(sheet["hands"]),
                    "sheet": sheet,
                    "version": request.version + 1,
                }
                return Answer(201, document), recorder.id

            return answer, lambda also: recorder.record(
                entry, expected_match_version=request.version, also=also
            )

        return self._write(request, plan)

    def undo(self, token: str, body: Any) -> Answer:
        """``POST /api/t/{token}/undo``: take back the last hand of the game shown (the
        correction log records it)."""
        request = self._request(token, body, "undo")

        def plan(table: _Table) -> _Plan:
            shown = table.shown
            recorder = table.games[shown] if shown is not None else None
            if recorder is None or not recorder.game.rows:
                raise refused([problem("there is no hand to take back")])
            n = len(recorder.game.rows)

            def answer(_session: Session) -> tuple[Answer, int]:
                sheet = sheet_document(recorder.game)
                return Answer(200, {"sheet": sheet, "version": request.version + 1}), recorder.id

            return answer, lambda also: recorder.delete(
                n, expected_match_version=request.version, also=also
            )

        return self._write(request, plan)

    def reopen(self, token: str, body: Any) -> Answer:
        """``POST /api/t/{token}/reopen``: open the game shown, which has its W, for
        corrections (the correction log records it)."""
        request = self._request(token, body, "reopen")

        def plan(table: _Table) -> _Plan:
            recorder = self._shown(table)

            def answer(_session: Session) -> tuple[Answer, int]:
                sheet = sheet_document(recorder.game)
                return Answer(200, {"sheet": sheet, "version": request.version + 1}), recorder.id

            return answer, lambda also: recorder.reopen(
                expected_match_version=request.version, also=also
            )

        return self._write(request, plan)

    def correct(self, token: str, n: str, body: Any) -> Answer:
        """``POST /api/t/{token}/hands/{n}``: correct hand ``n`` of the game shown (a game
        with its W only once reopened; the correction log records it)."""
        number = _hand_number(n)
        request = self._request(token, body, f"hands/{number}", {"id", "version", "hand"})
        hand = _hand(request.body)

        def plan(table: _Table) -> _Plan:
            recorder = self._shown(table)
            entry = _judged_correction(table.documents[table.games.index(recorder)], number, hand)

            def answer(_session: Session) -> tuple[Answer, int]:
                sheet = sheet_document(recorder.game)
                document = {"n": number, "sheet": sheet, "version": request.version + 1}
                return Answer(200, document), recorder.id

            return answer, lambda also: recorder.replace(
                number, entry, expected_match_version=request.version, also=also
            )

        return self._write(request, plan)

    @staticmethod
    def _shown(table: _Table) -> DatabaseRecorder:
        """The game the table shows (under way, else the last), or the 422."""
        shown = table.shown
        if shown is None:
            raise refused([problem("no game is under way at this table: start the next game")])
        return table.games[shown]

    def next_game(self, token: str, body: Any) -> Answer:
        """``POST /api/t/{token}/games``: start the match's next game (game 1 as well)."""
        request = self._request(token, body, "games")

        def plan(table: _Table) -> _Plan:
            if table.current is not None:
                raise refused(
                    [problem("game {number} is still under way", number=table.current + 1)]
                )
            if len(table.games) >= table.games_per_match:
                count = table.games_per_match
                raise refused(
                    [
                        problem("this match already has its {count} game", count=count)
                        if count == 1
                        else problem("this match already has its {count} games", count=count)
                    ]
                )
            number = len(table.games) + 1

            def answer(session: Session) -> tuple[Answer, int]:
                """The new game as stored in this transaction (the season's rules, the seats)."""
                newest = session.exec(
                    select(StoredGame.id)
                    .where(StoredGame.fixture_id == request.match)
                    .order_by(col(StoredGame.game_no).desc())
                ).first()
                assert newest is not None
                sheet = sheet_document(load_recorder(session, self.database, newest).game)
                document = {"game": number, "sheet": sheet, "version": request.version + 1}
                return Answer(201, document), newest

            return answer, lambda also: start_match_game(
                self.database, request.match, expected_version=request.version, also=also
            )

        return self._write(request, plan)

    # ------------------------------------------------------------ the steps
    def _replay(self, session: Session, request: _Request) -> Answer | None:
        """The answer already given to this request id, if any: 200 and the very same
        document, its sheet rebuilt from the stored game (``_kept``)."""
        given = given_answer(session, request.match, request.id)
        if given is None:
            return None
        body_hash, answer = given
        if body_hash != request.digest:
            raise refused([problem("this request id was already used for another change")])
        document = dict(answer.document)
        sheet = document.get("sheet")
        if isinstance(sheet, dict) and _SHEET_OF in sheet:
            game_id, hands = sheet[_SHEET_OF]
            stored = game_documents(session, [game_id]).get(game_id)
            # A game deleted since (in the window, by a restore) has no sheet to show: the
            # answer is still 200 and nothing is stored again; the phone then reloads.
            document["sheet"] = (
                None
                if stored is None
                else sheet_document(scored(game_id, {**stored, "hands": stored["hands"][:hands]}))
            )
        return Answer(200, document)

    def _replayed(self, request: _Request) -> Answer | None:
        with self.database.session() as session:
            return self._replay(session, request)

    def _judge(self, table: _Table, hand: dict[str, Any]) -> GameSpec:
        """The game under way with the hand after its hands, as the rules read it, or
        the 422 in ``score``'s words."""
        index = table.current
        if index is None:
            if len(table.games) >= table.games_per_match:
                raise refused([problem("every game of this match is entered")])
            raise refused([problem("no game is under way at this table: start the next game")])
        document = table.documents[index]
        # ``score`` checks the whole document against the schema; the stored hands passed
        # it when they were entered, so only the new one is checked, in its place.
        earlier = [_PASSED] * len(document["hands"])
        problems = schema_problems({**document, "hands": [*earlier, hand]})
        if problems:
            raise refused(problems)
        try:
            spec = game_spec({**document, "hands": [*document["hands"], hand]})
            spec.game()
        except ClabberError as exc:
            raise refused(list(exc.lines)) from None
        return spec

    def _request(
        self, token: str, body: Any, kind: str, fields: set[str] | None = None
    ) -> _Request:
        """A write's token and body read: ``kind`` is ``hand``, ``undo``, ``games``,
        ``reopen`` or ``hands/N`` (its own, so one id never answers two kinds of change);
        ``fields`` what its body holds, when not the kind's own."""
        match = self._match_of(token)
        if fields is None:
            fields = {"id", "version", "hand"} if kind == "hand" else {"id", "version"}
        request = _fields(body, fields)
        version = _version(request)
        understood = {key: value for key, value in request.items() if key != "id"}
        digest = request_hash({"kind": kind, **understood})
        return _Request(match, _request_id(request), version, digest, request)

    def _write(self, request: _Request, plan: Callable[[_Table], _Plan]) -> Answer:
        """The answer already given to this request id; else, at the version the phone
        saw, the change ``plan`` makes of the table, with its answer kept in the change's
        transaction; then the listeners hear of it."""
        match = request.match
        with self.database.session() as session:
            table = self._read(session, match)
            # Looked up after the table: a table that already shows this request's change
            # shows its answer too (one commit), so a retry never meets the version check.
            replay = self._replay(session, request)
        if replay is not None:
            return replay
        seen = table.fixture
        if seen.version != request.version:  # the phone was behind
            raise _stale(seen.table_no, seen.version)
        if seen.status != SCHEDULED:
            raise refused([_closed_match(seen.status)])
        answer, change = plan(table)
        kept: list[Answer] = []

        def keep(session: Session) -> None:
            given, game_id = answer(session)
            keep_answer(session, match, request.id, request.digest, _kept(given, game_id))
            kept.append(given)

        try:
            change(keep)
        except StaleGameError as exc:
            replay = self._replayed(request)  # its twin may have won
            if replay is not None:
                return replay
            with self.database.session() as session:
                fixture = session.get(Fixture, match)
                now = fixture.version if fixture else exc.match_version
                table_no = fixture.table_no if fixture else 0
            raise _stale(table_no, now if now is not None else 0) from None
        except ClabberError as exc:
            raise refused(list(exc.lines)) from None
        except StoreError:
            replay = self._replayed(request)
            if replay is not None:
                return replay
            raise  # 503 with Retry-After, and the outage said once (``app._Outage``)
        given = kept[-1]
        self.announce(TableChange(match, int(given.document["version"])))
        return given


def _kept(answer: Answer, game_id: int) -> Answer:
    """What is kept of an answer to repeat it: everything but its sheet, which stands for
    the stored game's first hands and is rebuilt when asked again. A game of a thousand
    hands keeps a hundred bytes an answer, not the whole sheet each time."""
    sheet = answer.document["sheet"]
    return Answer(
        answer.status,
        {**answer.document, "sheet": {_SHEET_OF: [game_id, len(sheet["hands"])]}},
    )


def _stale(table_no: int, version: int) -> NightError:
    return NightError(
        409,
        {
            "error": said(
                problem(
                    "Another station changed the sheet at table {table_no} a moment ago — "
                    "reload it",
                    table_no=table_no,
                )
            ),
            "version": version,
        },
    )


#: Why nothing can be entered for a match that is not to be played, by its status.
_CLOSED = {
    POSTPONED: N_("this match is postponed: nothing can be entered"),
    FORFEIT: N_("this match is forfeit: nothing can be entered"),
    BYE: N_("this match is bye: nothing can be entered"),
}


def _closed_match(status: str) -> str:
    """422's line for a match whose status is not "scheduled"."""
    if status in _CLOSED:
        return Problem(_CLOSED[status], {})
    return problem("this match is {status}: nothing can be entered", status=status)


def _header(document: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key != "hands"}


def _fields(body: Any, allowed: set[str]) -> dict[str, Any]:
    """The request object with exactly the fields the endpoint takes."""
    if not isinstance(body, dict):
        raise bad_request(problem("the request must be a JSON object"))
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise bad_request(problem("unknown field {field!r}", field=unknown[0]))
    missing = sorted(allowed - set(body))
    if missing:
        raise bad_request(problem("the request needs {field!r}", field=missing[0]))
    return body


def _request_id(request: Mapping[str, Any]) -> str:
    value = request["id"]
    if not isinstance(value, str) or not NIGHT_REQUEST_ID.allows(len(value)):
        raise bad_request(
            problem(
                "'id' must be a string of {range}, made by the phone",
                range=NIGHT_REQUEST_ID.range_words(),
            )
        )
    if not value.isprintable():
        raise bad_request(problem("'id' must be printable text"))
    return value


def _version(request: Mapping[str, Any]) -> int:
    value = request.get("version")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= RECORD_ID.high:
        raise bad_request(problem("'version' must be the whole number the last answer gave"))
    return value


def _hand_number(n: str) -> int:
    """The ``{n}`` of ``/hands/{n}``: a hand's number as the sheet shows it."""
    # Digits and few of them (no sheet has a million hands), so ``int`` never meets
    # thousands of digits, nor "١٢" or "+3".
    if not (n.isascii() and n.isdecimal() and len(n) <= 6) or int(n) < 1:
        raise bad_request(problem("the hand's number must be a whole number from 1"))
    return int(n)


def _judged_correction(document: Mapping[str, Any], n: int, hand: dict[str, Any]) -> HandEntry:
    """Hand ``n`` of the game in ``document`` given as ``hand``, as the rules read it in
    its place, or the 422 in ``score``'s words."""
    hands = list(document["hands"])
    if not 1 <= n <= len(hands):
        raise refused([problem("there is no hand {n} on this sheet", n=n)])
    # As for a new hand: only the corrected one is checked against the schema.
    problems = schema_problems({**document, "hands": [*[_PASSED] * (n - 1), hand]})
    if problems:
        raise refused(problems)
    hands[n - 1] = hand
    try:
        spec = game_spec({**document, "hands": hands})
        spec.game()
    except ClabberError as exc:
        raise refused(list(exc.lines)) from None
    return spec.entries[n - 1]


def _hand(request: Mapping[str, Any]) -> dict[str, Any]:
    hand = request["hand"]
    if not isinstance(hand, dict):
        raise bad_request(problem("'hand' must be one hand as in clabber-game/1 (a JSON object)"))
    return hand
