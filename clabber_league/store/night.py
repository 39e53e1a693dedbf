"""League night in the database: the links of a night's tables and board, and the
answers already given to the phones.

A link's token is 32 random-looking bytes: 16 from ``secrets`` (the salt,
kept in the row) and 16 of an HMAC of the salt under the data folder's night
key (``night.key``, made from ``secrets`` when a night's first links are made,
and readable by its owner only). The database keeps only the token's SHA-256,
so a copy of the database (a backup, a file sent for help) opens no table; the
computer that made the links can show them again, because it holds the key. A
token is found by its hash (an indexed look-up) and the hashes are then
compared in constant time.

A night's links stay the same from ``night tables`` to ``night close``; after
the close, listing the night again makes new ones (the old ones stay dead).
Only the matches a table can play get a link: byes, postponed and forfeited
matches have nothing to enter.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlmodel import Session, col, delete, select

from clabber_league.rules.messages import problem
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.league import SCHEDULED, get_team
from clabber_league.store.models import (
    Fixture,
    League,
    NightRequest,
    NightToken,
    Week,
    utc_now,
)
from clabber_league.store.paths import data_dir
from clabber_league.store.seasons import find_season
from clabber_league.store.tournaments import tournament_of_season

KEY_FILE = "night.key"
_KEY_BYTES = 32
_SALT_BYTES = 16  # 128 bits from secrets in every token
_MAC_BYTES = 16
_ANOTHER_KEY = (
    "this night's links were made on another computer (or the night key was "
    "replaced): run night close, then list the night's tables again"
)


@dataclass(frozen=True)
class NightWeek:
    """The week a league night plays: its season and number, as stored."""

    season_id: int
    season: str
    league_id: int
    week_id: int
    week: int


@dataclass(frozen=True)
class TableToken:
    """A table's link: its match, who plays, and the token (the board's has no match)."""

    table: int
    match: int
    sides: tuple[str, str]
    token: str


@dataclass(frozen=True)
class NightTokens:
    """Every link of a night: the tables in table order, and the board; and the name of
    the league that plays it (the cards and the board print it), and of the tournament
    when the night is one of its rounds (the cards name it and the round instead)."""

    tables: tuple[TableToken, ...]
    board: str
    league: str
    tournament: str | None = None


@dataclass(frozen=True)
class TokenHolder:
    """What a live token opens: its week, and its match (``None`` for the board)."""

    week_id: int
    match: int | None


def night_week(session: Session, season: str, week: int, league: str | None = None) -> NightWeek:
    """The season's week ``week``, or ``StoreError`` in words."""
    found = find_season(session, season, league)
    assert found.id is not None
    row = session.exec(select(Week).where(Week.season_id == found.id, Week.number == week)).first()
    if row is None or row.id is None:
        if tournament_of_season(session, found.id) is not None:  # its rounds are all made
            rounds = len(session.exec(select(Week.id).where(Week.season_id == found.id)).all())
            raise StoreError(
                problem(
                    "{name} has no round {round}: its rounds are 1 to {rounds}",
                    name=found.name,
                    rounds=rounds,
                    round=week,
                )
            )
        raise StoreError(f"{found.name} has no week {week}: generate its schedule first")
    return NightWeek(found.id, found.name, found.league_id, row.id, week)


def night_tokens(
    database: Database, season: str, week: int, league: str | None = None
) -> NightTokens:
    """The night's links, made the first time (and again after ``close_night``).

    The night key is made only once the week is found and links are to be made: a
    refused command leaves nothing behind in the data folder.
    """
    with database.session(write=True) as session:
        night = night_week(session, season, week, league)
        rows = _open_tokens(session, night.week_id)
        if rows:
            key = _stored_key()
            if key is None:
                raise StoreError(_ANOTHER_KEY)
        else:
            key = _stored_key() or _new_key(data_dir() / KEY_FILE)
            rows = _make_tokens(session, night.week_id, key)
            session.commit()
        tokens = {row.fixture_id: _token_of(row, key) for row in rows}
        tables = []
        for fixture in _playable_matches(session, night.week_id):
            assert fixture.id is not None
            assert fixture.away_team_id is not None
            token = tokens.get(fixture.id)
            if token is None:
                continue  # put back on after the links were made: close the night, list again
            sides = (
                get_team(session, fixture.home_team_id).name,
                get_team(session, fixture.away_team_id).name,
            )
            tables.append(TableToken(fixture.table_no, fixture.id, sides, token))
        home = session.get(League, night.league_id)
        assert home is not None  # a season's league is never deleted before it
        played_as = tournament_of_season(session, night.season_id)
        return NightTokens(
            tuple(tables), tokens[None], home.name, played_as.name if played_as else None
        )


def close_night(database: Database, season: str, week: int, league: str | None = None) -> int:
    """Kill every link of the night and forget the answers it gave (no link is left to
    send a request again); returns how many links were still open."""
    with database.session(write=True) as session:
        night = night_week(session, season, week, league)
        rows = _open_tokens(session, night.week_id)
        now = utc_now()
        for row in rows:
            row.closed_at = now
            session.add(row)
        matches = select(Fixture.id).where(Fixture.week_id == night.week_id)
        session.execute(delete(NightRequest).where(col(NightRequest.fixture_id).in_(matches)))
        session.commit()
        return len(rows)


def token_holder(session: Session, token: str) -> TokenHolder | None:
    """What a token opens while its night is open; ``None`` for any other string (never
    saying whether it ever existed)."""
    digest = token_hash(token)
    row = session.exec(select(NightToken).where(NightToken.token_hash == digest)).first()
    if row is None or not hmac.compare_digest(row.token_hash, digest) or row.closed_at is not None:
        return None
    return TokenHolder(row.week_id, row.fixture_id)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _stored_key() -> bytes | None:
    """The data folder's night key as kept, or ``None`` if there is none yet."""
    path = data_dir() / KEY_FILE
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError(f"cannot read the league night key {path}: {exc.strerror}") from None
    if len(key) != _KEY_BYTES:
        raise StoreError(
            f"the league night key {path} is damaged: close the night, delete the file, "
            "and list the night's tables again"
        )
    return key


def _new_key(path: Path) -> bytes:
    key = secrets.token_bytes(_KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_bytes()  # another program made it a moment ago
    except OSError as exc:
        raise StoreError(f"cannot create the league night key {path}: {exc.strerror}") from None
    with os.fdopen(descriptor, "wb") as stream:
        stream.write(key)
        stream.flush()
        os.fsync(stream.fileno())
    return key


def _token_from(salt: bytes, key: bytes) -> str:
    mac = hmac.new(key, salt, hashlib.sha256).digest()[:_MAC_BYTES]
    return base64.urlsafe_b64encode(salt + mac).decode("ascii").rstrip("=")


def _token_of(row: NightToken, key: bytes) -> str:
    token = _token_from(bytes.fromhex(row.salt), key)
    if not hmac.compare_digest(token_hash(token), row.token_hash):
        raise StoreError(_ANOTHER_KEY)
    return token


def _make_tokens(session: Session, week_id: int, key: bytes) -> list[NightToken]:
    rows = []
    matches: list[int | None] = [fixture.id for fixture in _playable_matches(session, week_id)]
    for match in [*matches, None]:
        salt = secrets.token_bytes(_SALT_BYTES)
        token = _token_from(salt, key)
        row = NightToken(
            week_id=week_id, fixture_id=match, token_hash=token_hash(token), salt=salt.hex()
        )
        session.add(row)
        rows.append(row)
    session.flush()
    return rows


def _open_tokens(session: Session, week_id: int) -> Sequence[NightToken]:
    return session.exec(
        select(NightToken)
        .where(NightToken.week_id == week_id, col(NightToken.closed_at).is_(None))
        .order_by(col(NightToken.id))
    ).all()


def _playable_matches(session: Session, week_id: int) -> Sequence[Fixture]:
    return session.exec(
        select(Fixture)
        .where(
            Fixture.week_id == week_id,
            Fixture.status == SCHEDULED,
            col(Fixture.away_team_id).is_not(None),
        )
        .order_by(col(Fixture.table_no), col(Fixture.id))
    ).all()


# ------------------------------------------------------------------ answers given
@dataclass(frozen=True)
class Answer:
    """A write's answer as the phone got it: the HTTP status and the JSON document."""

    status: int
    document: dict[str, Any]


def given_answer(session: Session, match: int, request_id: str) -> tuple[str, Answer] | None:
    """The answer already given to request ``request_id`` of a match, with the hash of
    the request it answered (``None`` if there was none)."""
    row = session.exec(
        select(NightRequest).where(
            NightRequest.fixture_id == match, NightRequest.request_id == request_id
        )
    ).first()
    if row is None:
        return None
    return row.body_hash, Answer(row.status, json.loads(row.answer_json))


def keep_answer(
    session: Session, match: int, request_id: str, body_hash: str, answer: Answer
) -> None:
    """Store an answer in the caller's transaction (the one that made the change)."""
    session.add(
        NightRequest(
            fixture_id=match,
            request_id=request_id,
            body_hash=body_hash,
            status=answer.status,
            answer_json=json.dumps(answer.document, ensure_ascii=False),
        )
    )


def request_hash(request: Mapping[str, Any]) -> str:
    """A request as understood (its JSON, keys sorted): the same id must mean the same."""
    text = json.dumps(request, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
