"""Importing game sheets: friendlies, and a season's games into its matches — each game
stored once, however often its file is imported.

A game already in the database is not stored again. It is the same game
when it has the same sides (a season game: the same teams, in the same match
when a week is named; a friendly: the same header) and the same hands as the
sheet shows them (``games.hand_marks``: the marks, not how they were typed).
Such a game is skipped and reported ("already stored as game 12"); every
other game of the file is stored. So a secretary can import a whole
season's file again after adding a night to it, and only the new night is
stored; importing the same file twice changes nothing the second time.

Everything else is all or nothing: a game the rules refuse, a side that is
not one of the season's teams, a match that already has all its games —
and nothing of the file is stored. Imports never run two at a time on one
database (SQLite's write lock, a PostgreSQL advisory lock), so two stations
importing the same file at once store it once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, func, select

from clabber_league.gamesheet import GameSpec, game_header, read_game
from clabber_league.kill_points import kill_point
from clabber_league.rules import Game, GameError, RuleSet
from clabber_league.rules.limits import WEEKS
from clabber_league.rules.messages import problem
from clabber_league.store.database import Database, take_server_lock
from clabber_league.store.errors import StoreError, within
from clabber_league.store.games import hand_marks, store_game, stored_hand_marks
from clabber_league.store.league import (
    FORFEIT,
    find_season,
    lock_match,
    season_rules,
    team_by_name,
)
from clabber_league.store.models import Fixture, Season, StoredGame, Week


class ImportCancelledError(StoreError):
    """The user cancelled a long import; its transaction was rolled back."""


class AlreadyStoredError(StoreError):
    """The one game imported is already stored (as ``game_id``): nothing was stored."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"already stored as game {game_id}; nothing was stored")
        self.game_id = game_id


@dataclass(frozen=True)
class AlreadyStored:
    """Game ``number`` of the file, not stored because it is game ``game_id``."""

    number: int
    game_id: int
    same_as: int | None = None
    """When the file holds the game twice: the number of its first copy in the file."""


@dataclass(frozen=True)
class ImportReport:
    ids: tuple[int, ...]
    """The games stored, in the file's order."""
    already_stored: tuple[AlreadyStored, ...] = ()
    several: bool = False
    """Whether the file held several games (messages then say which)."""

    def messages(self) -> list[str]:
        """One line per game not stored, saying which stored game it is."""
        lines = []
        for skipped in self.already_stored:
            where = f"game {skipped.number}: " if self.several else ""
            if skipped.same_as is not None:
                lines.append(f"{where}the same game as game {skipped.same_as} of this file")
            else:
                lines.append(f"{where}already stored as game {skipped.game_id}")
        return lines


def import_game(database: Database, document: Any) -> int:
    """Store one friendly game after the rules accepted all of it; returns its id.

    ``AlreadyStoredError`` if it is already stored.
    """
    report = import_games(database, [document])
    if report.already_stored:
        raise AlreadyStoredError(report.already_stored[0].game_id)
    return report.ids[0]


def import_games(
    database: Database,
    documents: Sequence[Any],
    season: str | None = None,
    *,
    week: int | None = None,
    league: str | None = None,
    progress: Callable[[int, int], bool] | None = None,
) -> ImportReport:
    """Store the games not stored yet (see the module's doc), all of them or none.

    ``progress(done, total)`` is called after each game; returning False
    cancels the import, and nothing is stored (``ImportCancelledError``).

    A season game's sides must be the season's teams and its rules the
    season's; it is linked to the first match between the two teams that
    still has games to play (in ``week``, when given). Without a season,
    games are friendlies.
    """
    if week is not None:
        within(WEEKS, week)
    several = len(documents) > 1
    specs = _read(documents, several)
    ids: list[int] = []
    already: list[AlreadyStored] = []
    stored_as: dict[int, int] = {}
    """Each game stored by this import, and its number in the file."""
    with database.session(write=True) as session:
        take_server_lock(session.connection(), "import")
        found = find_season(session, season, league) if season is not None else None
        for number, ((spec, game), document) in enumerate(zip(specs, documents, strict=True), 1):
            where = f"game {number}: " if several else ""
            header = {key: value for key, value in document.items() if key != "hands"}
            hands = list(document["hands"])
            if found is None:
                stored = _stored_friendly(session, header, game)
                place: dict[str, Any] = {}
            else:
                teams = _season_teams(session, found, spec, game, where)
                fixtures = _fixtures_between(session, found, teams, week)
                stored = _stored_season_game(
                    session, found, teams=teams, game=game, fixtures=fixtures, week=week
                )
                if stored is None:
                    fixture_id, game_no = _open_slot(session, found, fixtures, week, where)
                    place = {
                        "teams": teams,
                        "season_id": found.id,
                        "fixture_id": fixture_id,
                        "game_no": game_no,
                    }
            if stored is not None:
                already.append(AlreadyStored(number, stored, stored_as.get(stored)))
            else:
                game_id = store_game(session, header, game, hands, **place)
                ids.append(game_id)
                stored_as[game_id] = number
                session.flush()
                kill_point("import:stored")
            if progress is not None and not progress(number, len(specs)):
                raise ImportCancelledError(problem("the import was cancelled; nothing was stored"))
        session.commit()
    kill_point("import:committed")
    return ImportReport(tuple(ids), tuple(already), several)


def _read(documents: Sequence[Any], several: bool) -> list[tuple[GameSpec, Game]]:
    """Every document judged by the rules first; every problem of every game reported."""
    specs: list[tuple[GameSpec, Game]] = []
    problems: list[str] = []
    for number, document in enumerate(documents, start=1):
        try:
            spec = read_game(document)
            specs.append((spec, spec.game()))
        except GameError as exc:
            problems.extend(f"game {number}: {line}" if several else line for line in exc.messages)
    if problems:
        raise GameError(problems)
    return specs


def _same_hands(session: Session, candidates: Sequence[int], game: Game) -> int | None:
    """The first of ``candidates`` whose hands are ``game``'s, as the sheet shows them."""
    if not candidates:
        return None
    wanted = hand_marks(game)
    stored = stored_hand_marks(session, candidates)
    return next((game_id for game_id in candidates if stored[game_id] == wanted), None)


def _stored_friendly(session: Session, header: Mapping[str, Any], game: Game) -> int | None:
    names = [*game.sides, None][:3]
    rows = session.exec(
        select(StoredGame.id, StoredGame.header_json)
        .where(
            col(StoredGame.season_id).is_(None),
            StoredGame.side_a == names[0],
            StoredGame.side_b == names[1],
            StoredGame.side_c == names[2],
            StoredGame.hand_count == len(game.rows),
            StoredGame.rules_preset == game.rules.preset,
        )
        .order_by(col(StoredGame.id))
    ).all()
    candidates = [
        game_id
        for game_id, stored_header in rows
        if game_id is not None and json.loads(stored_header) == dict(header)
    ]
    return _same_hands(session, candidates, game)


def _stored_season_game(
    session: Session,
    season: Season,
    *,
    teams: Sequence[int],
    game: Game,
    fixtures: Sequence[Fixture],
    week: int | None,
) -> int | None:
    query = (
        select(StoredGame.id)
        .where(
            StoredGame.season_id == season.id,
            StoredGame.team_a_id == teams[0],
            StoredGame.team_b_id == teams[1],
            StoredGame.hand_count == len(game.rows),
        )
        .order_by(col(StoredGame.id))
    )
    if week is not None:
        query = query.where(col(StoredGame.fixture_id).in_([fixture.id for fixture in fixtures]))
    candidates = [game_id for game_id in session.exec(query).all() if game_id is not None]
    return _same_hands(session, candidates, game)


def _season_teams(
    session: Session, season: Season, spec: GameSpec, game: Game, where: str
) -> list[int]:
    """The season's teams playing a game (its rules must be the season's)."""
    rules = season_rules(season)
    if spec.rules != rules:
        raise StoreError(
            problem(
                "{where}the game is played under {name} {options_text}, but {name2} "
                "plays {name3} {options_text2}; nothing was stored",
                where=where,
                name=spec.rules.name,
                options_text=_options_text(spec.rules),
                name2=season.name,
                name3=rules.name,
                options_text2=_options_text(rules),
            )
        )
    teams: list[int] = []
    for name in game.sides:
        team = team_by_name(session, season, name)
        if team is None or team.id is None:
            raise StoreError(
                problem(
                    "{where}{name} has no team called {name2!r}; nothing was stored",
                    where=where,
                    name=season.name,
                    name2=name,
                )
            )
        teams.append(team.id)
    if len(set(teams)) < len(teams):
        raise StoreError(
            problem("{where}a team cannot play itself; nothing was stored", where=where)
        )
    return teams


def _options_text(rules: RuleSet) -> str:
    plain = game_header(rules, rules.sides, rules.seats[0]).get("options")
    return f"({json.dumps(plain)})" if plain else "(standard options)"


def _fixtures_between(
    session: Session, season: Season, teams: Sequence[int], week: int | None
) -> list[Fixture]:
    """The season's matches between these teams (in ``week``), earliest first, locked."""
    query = (
        select(Fixture.id)
        .join(Week)
        .where(
            Week.season_id == season.id,
            col(Fixture.home_team_id).in_(teams),
            col(Fixture.away_team_id).in_(teams),
        )
        .order_by(col(Week.number), col(Fixture.id))
    )
    if week is not None:
        query = query.where(Week.number == week)
    return [lock_match(session, match_id) for match_id in session.exec(query).all() if match_id]


def _open_slot(
    session: Session, season: Season, fixtures: Sequence[Fixture], week: int | None, where: str
) -> tuple[int | None, int | None]:
    """The first match between the teams with a game still to play, and that game's
    number; ``(None, None)`` for a season without a schedule between them."""
    for fixture in fixtures:
        if fixture.status == FORFEIT:
            continue
        played, last = session.exec(
            select(func.count(), func.max(StoredGame.game_no)).where(
                StoredGame.fixture_id == fixture.id
            )
        ).one()
        if played < season.games_per_match:
            return fixture.id, (last or 0) + 1
    if week is not None:
        raise StoreError(
            problem(
                "{where}week {week} of {name} has no open match between these teams; "
                "nothing was stored",
                where=where,
                week=week,
                name=season.name,
            )
        )
    if fixtures:
        raise StoreError(
            problem(
                "{where}every match between these teams in {name} already has its "
                "games; nothing was stored",
                where=where,
                name=season.name,
            )
        )
    return None, None
