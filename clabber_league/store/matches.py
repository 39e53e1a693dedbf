"""A match's games: keying one in, and starting the next game.

Every station that opens or adds a game of a match (the window's Key in,
the import, the league night phones) does it under the match's lock
(``league.lock_match``), and every game of a match has its number under a
unique constraint (match, game number). So two stations keying in the same
match at the same moment open the same game, and a match never holds more
games than its season plays.

``version`` here is the match's change counter (``models``): it moves with
every change to any of its games and to the match itself. The league night
service hands it to each phone and takes it back with each hand (a recorder's
``expected_match_version``); the desktop window works by the game's version
(``games.DatabaseRecorder``), which counts the same changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlmodel import Session, col, func, select

from clabber_league.gamesheet import game_header
from clabber_league.rules import Game, GameError
from clabber_league.rules.messages import problem
from clabber_league.store.database import Database
from clabber_league.store.errors import StaleGameError, StoreError
from clabber_league.store.games import (
    DatabaseRecorder,
    InTransaction,
    NewGame,
    load_recorder,
    open_game,
    store_games,
)
from clabber_league.store.league import (
    SCHEDULED,
    get_team,
    lock_match,
    match_week,
    season_rules,
)
from clabber_league.store.models import Fixture, StoredGame
from clabber_league.store.substitutes import match_seats


@dataclass(frozen=True)
class MatchGames:
    """A match's games in order (game 1 first)."""

    game_ids: tuple[int, ...]
    finished: tuple[bool, ...]
    games_per_match: int

    @property
    def current(self) -> int | None:
        """The game being played: the first unfinished one (``None`` if there is none)."""
        return next(
            (game for game, done in zip(self.game_ids, self.finished, strict=True) if not done),
            None,
        )

    @property
    def complete(self) -> bool:
        return len(self.game_ids) >= self.games_per_match and self.current is None


def open_match_game(
    database: Database,
    match_id: int,
    players: Mapping[str, str] | None = None,
    *,
    first_dealer: str | None = None,
) -> DatabaseRecorder:
    """Key in: the match's game under way, else its next game while it has games to play,
    else its last game (finished: the window shows it locked until reopened).

    ``players`` and ``first_dealer`` are for a game started here (a game under way
    keeps its own). Raises ``StoreError`` for a bye, a postponed or a forfeited match.
    """
    with database.session(write=True) as session:
        fixture = _playable(session, match_id)
        games = _games(session, fixture)
        chosen = games.current
        if chosen is None and games.complete and games.game_ids:
            chosen = games.game_ids[-1]
        if chosen is not None:
            return load_recorder(session, database, chosen)
        game_id = _add_game(session, fixture, players, first_dealer)
        session.commit()
    return open_game(database, game_id)


def start_match_game(
    database: Database,
    match_id: int,
    players: Mapping[str, str] | None = None,
    *,
    expected_version: int | None = None,
    also: InTransaction | None = None,
) -> DatabaseRecorder:
    """The match's next game, new and empty: the season's rules, the two teams as sides
    (home as A), and in the seats ``players`` (seat → name), or else the teams' current
    rosters, with the match's substitutes over either. Refused once the match has all
    its games, and (``StaleGameError``) when ``expected_version`` is given and the match moved on.
    ``also`` runs in the same transaction, after the game is added."""
    with database.session(write=True) as session:
        fixture = _playable(session, match_id)
        games = _games(session, fixture)
        _check_version(session, fixture, expected_version)
        if len(games.game_ids) >= games.games_per_match:
            count = games.games_per_match
            raise StoreError(
                problem("this match already has its {count} game; nothing was started", count=count)
                if count == 1
                else problem(
                    "this match already has its {count} games; nothing was started", count=count
                )
            )
        game_id = _add_game(session, fixture, players)
        if also is not None:
            also(session)
        session.commit()
    return open_game(database, game_id)


def _check_version(session: Session, fixture: Fixture, expected: int | None) -> None:
    if expected is None or fixture.version == expected:
        return
    home = get_team(session, fixture.home_team_id).name
    away = get_team(session, fixture.away_team_id).name if fixture.away_team_id else "bye"
    raise StaleGameError(
        problem(
            "Another station changed the sheet at table {table_no} ({home} v "
            "{away}) a moment ago — the sheet has been reloaded",
            table_no=fixture.table_no,
            home=home,
            away=away,
        ),
        version=None,
        match_version=fixture.version,
    )


def _playable(session: Session, match_id: int) -> Fixture:
    fixture = lock_match(session, match_id)
    if fixture.away_team_id is None:
        raise StoreError(problem("a bye has no game to enter"))
    if fixture.status != SCHEDULED:
        raise StoreError(
            problem("this match is {status}: put it back on to enter a game", status=fixture.status)
        )
    return fixture


def _games(session: Session, fixture: Fixture) -> MatchGames:
    _, season = match_week(session, fixture)
    rows = session.exec(
        select(StoredGame.id, StoredGame.winner)
        .where(StoredGame.fixture_id == fixture.id)
        .order_by(col(StoredGame.game_no), col(StoredGame.id))
    ).all()
    return MatchGames(
        tuple(game_id for game_id, _ in rows if game_id is not None),
        tuple(winner is not None for game_id, winner in rows if game_id is not None),
        season.games_per_match,
    )


def _add_game(
    session: Session,
    fixture: Fixture,
    players: Mapping[str, str] | None,
    first_dealer: str | None = None,
) -> int:
    """The match's next game (its number one above the last), in the caller's transaction."""
    _, season = match_week(session, fixture)
    last = session.exec(
        select(func.max(StoredGame.game_no)).where(StoredGame.fixture_id == fixture.id)
    ).one()
    assert fixture.away_team_id is not None
    home, away = get_team(session, fixture.home_team_id), get_team(session, fixture.away_team_id)
    rules = season_rules(season)
    try:
        game = Game(rules, [home.name, away.name], first_dealer)
    except GameError as exc:
        raise StoreError("; ".join(exc.messages)) from None
    players = match_seats(session, fixture, rules, players)
    header = game_header(rules, game.sides, game.first_dealer)
    teams = [home.id, away.id]
    new = NewGame(header, game, [], teams, season.id, fixture.id, (last or 0) + 1, players)
    (game_id,) = store_games(session, [new])
    return game_id
