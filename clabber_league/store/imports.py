"""Importing game sheets: friendlies, and a season's games into its matches — each game
stored once, however often its file is imported.

A game already in the database is not stored again. It is the same game
when it has the same sides (a season game: the same teams, in the same match
when a week is named; a friendly: the same header) and the same hands as the
sheet shows them (``rules.sheet.ShownHand``: the marks, not how they were typed).
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

import itertools
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Executable
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, func, select

from clabber_league.gamesheet import GameSpec, game_header, read_game
from clabber_league.gamesheet.season_games import PlayedIn, unwrapped
from clabber_league.kill_points import kill_point
from clabber_league.rules import Game, GameError, RuleSet
from clabber_league.rules.limits import WEEKS
from clabber_league.rules.messages import problem
from clabber_league.rules.names import name_key
from clabber_league.rules.sheet import ShownHand, shown_hands
from clabber_league.store.connections import take_server_lock
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError, within
from clabber_league.store.games import NewGame, game_headers, store_games, stored_hand_marks
from clabber_league.store.league import FORFEIT, roster_seats, rosters, season_rules
from clabber_league.store.models import Fixture, League, Season, StoredGame, Team, Week
from clabber_league.store.seasons import find_season, match_game_count_column


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


class Documents(Protocol):
    """The game documents of a file: a list, or a file read one game at a time."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Any]: ...


#: Games written at a time (``store_games``): few enough that the rows waiting in memory
#: stay small whatever the file's length, many enough that each INSERT carries hundreds.
BATCH = 200


def import_games(
    database: Database,
    documents: Documents,
    season: str | None = None,
    *,
    week: int | None = None,
    league: str | None = None,
    season_from_file: bool = False,
    progress: Callable[[int, int], bool] | None = None,
) -> ImportReport:
    """Store the games not stored yet (see the module's doc), all of them or none.

    ``progress(done, total)`` is called after each game; returning False
    cancels the import, and nothing is stored (``ImportCancelledError``).

    A season game's sides must be the season's teams and its rules the
    season's; it is linked to the first match between the two teams that
    still has games to play (in ``week``, when given). Without a season,
    games are friendlies. A season export's game names its season and week
    (``gamesheet.season_games``): it goes only into that season (the one
    named, or with ``season_from_file`` the file's own), in its week.

    The games are read, judged and written one batch at a time, in one
    transaction: a file of any length costs the memory of a batch. Every game
    is judged by the rules even after one was refused, so that every problem
    of every game is reported; the rules' problems come before the store's.
    """
    if week is not None:
        within(WEEKS, week)
    total = len(documents)
    several = total > 1
    problems: list[str] = []
    refused: StoreError | None = None
    """The first game the store refused: reported if the rules accept every game."""
    with database.session(write=True) as session:
        take_server_lock(session.connection(), "import")
        importer: _Importer | None = None
        found: Season | None = None
        try:
            if season_from_file:
                season, league = _the_files_season(documents)
            found = find_season(session, season, league) if season is not None else None
            importer = _Importer(session, found)
        except StoreError as exc:
            refused = exc
        for number, document in enumerate(documents, 1):
            where = f"game {number}: " if several else ""
            try:
                game_document, played_in = unwrapped(document)
                spec = read_game(game_document)
                game = spec.game()
            except GameError as exc:
                problems.extend(where + line for line in exc.messages)
            else:
                if importer is not None and not problems and refused is None:
                    try:
                        game_week = _week_of(session, found, week, played_in, where)
                        if not importer.scheduled:
                            game_week = week  # no match to put it in, whatever its week
                        importer.add(number, game_document, spec, game, where, week=game_week)
                    except StoreError as exc:
                        refused = exc
            if progress is not None and not progress(number, total):
                raise ImportCancelledError(problem("the import was cancelled; nothing was stored"))
        if problems:
            raise GameError(problems)
        if refused is not None:
            raise refused
        assert importer is not None
        importer.write()
        session.commit()
    kill_point("import:committed")
    return ImportReport(tuple(importer.ids), tuple(importer.already), several)


def _the_files_season(documents: Documents) -> tuple[str, str]:
    """The season and league a season export's first game names."""
    for document in documents:
        try:
            _game, played_in = unwrapped(document)
        except GameError:
            continue  # said in its place, with every other problem of the file
        if played_in is not None:
            return played_in.season, played_in.league
        break
    raise StoreError(
        problem(
            "the file names no season (it is not a season export): name the season to "
            "import it into; nothing was stored"
        )
    )


def _week_of(
    session: Session,
    season: Season | None,
    week: int | None,
    played_in: PlayedIn | None,
    where: str,
) -> int | None:
    """The week a game goes into: the one named, else the file's own; a game the file
    says was played in another season (or week) is refused with both names."""
    if played_in is None:
        return week
    if season is None:
        raise StoreError(
            problem(
                "{where}the game is from {season} of {league}: import it into that season "
                "(--season-from-file); nothing was stored",
                where=where,
                season=played_in.season,
                league=played_in.league,
            )
        )
    league = session.get(League, season.league_id)
    assert league is not None
    if (name_key(played_in.season), name_key(played_in.league)) != (
        name_key(season.name),
        name_key(league.name),
    ):
        raise StoreError(
            problem(
                "{where}the game is from {theirs} of {their_league}, not {ours} of "
                "{our_league}; nothing was stored",
                where=where,
                theirs=played_in.season,
                their_league=played_in.league,
                ours=season.name,
                our_league=league.name,
            )
        )
    if played_in.week is None:
        return week
    if week is not None and week != played_in.week:
        raise StoreError(
            problem(
                "{where}the game was played in week {theirs}, not week {ours}; nothing was stored",
                where=where,
                theirs=played_in.week,
                ours=week,
            )
        )
    return played_in.week


@dataclass(frozen=True)
class _Match:
    """A match of the season's schedule, as an import places games in it."""

    id: int
    week: int
    forfeit: bool
    games: int
    """How many games the match plays (``seasons.match_game_count``)."""


#: A game as two copies of it are compared: its hands as the sheet shows them, and for
#: a friendly its header (as JSON with sorted keys: equal exactly when the headers are).
_Sheet = tuple[tuple[ShownHand, ...], str | None]


@dataclass
class _Known:
    """A game stored before this import or by it: enough to tell whether a game of the
    file is the same game, without keeping its hands."""

    id: int | None
    """``None`` while the game waits in the batch."""
    match_id: int | None
    number: int | None = None
    """Its number in the file, when this import stored it."""
    digest: int | None = None
    """``hash`` of its ``_Sheet``; read from the database when first needed."""


class _Importer:
    """One import's view of the database, read once and kept up to date as it stores:
    the season's teams and matches, the games of each match, and the games already
    stored by sides and length (their hands are read only when a game of the file has
    the same sides and length). New games wait in a batch and are written together by
    ``store_games``."""

    def __init__(self, session: Session, season: Season | None) -> None:
        self.session = session
        self.season = season
        self.ids: list[int] = []
        self.already: list[AlreadyStored] = []
        self._batch: list[tuple[NewGame, _Known]] = []
        self._known: dict[tuple[object, ...], list[_Known]] = {}
        self._teams: dict[str, int] = {}
        self._rosters: dict[int, tuple[str, ...]] = {}
        """Each team's roster: who sat, for a league game whose file names nobody."""
        self._matches: dict[frozenset[int], list[_Match]] = {}
        self._played: dict[int, tuple[int, int]] = {}
        """Match → (its games so far, the number of its last game)."""
        self._rules = season_rules(season) if season is not None else None
        if season is None:
            self._read_friendlies()
        else:
            self._read_season(season)

    @property
    def scheduled(self) -> bool:
        """Whether the season has matches to put games in."""
        return bool(self._matches)

    def _rows(self, query: Executable) -> Iterator[Any]:
        """The rows of a query of more columns than SQLModel's ``select`` types."""
        return iter(self.session.connection().execute(query))

    def _read_friendlies(self) -> None:
        for game_id, side_a, side_b, side_c, hands, preset in self._rows(
            sql_select(
                col(StoredGame.id),
                col(StoredGame.side_a),
                col(StoredGame.side_b),
                col(StoredGame.side_c),
                col(StoredGame.hand_count),
                col(StoredGame.rules_preset),
            )
            .where(col(StoredGame.season_id).is_(None))
            .order_by(col(StoredGame.id))
        ):
            key = (side_a, side_b, side_c, hands, preset)
            self._known.setdefault(key, []).append(_Known(game_id, None))

    def _read_season(self, season: Season) -> None:
        """The season's teams, its matches (locked, as ``lock_match`` locks one), the games
        each match has, and the games stored."""
        session = self.session
        for team_id, name in session.exec(
            select(Team.id, Team.name).where(Team.season_id == season.id)
        ):
            if team_id is not None:
                self._teams[name_key(name)] = team_id
        self._rosters = rosters(session=session, team_ids=list(self._teams.values()))
        matches = (
            sql_select(
                col(Fixture.id),
                col(Week.number),
                col(Fixture.home_team_id),
                col(Fixture.away_team_id),
                col(Fixture.status),
                match_game_count_column(season),
            )
            .join(Week, col(Fixture.week_id) == col(Week.id))
            .where(col(Week.season_id) == season.id)
            .order_by(col(Week.number), col(Fixture.id))
            .with_for_update(of=Fixture.__table__)  # type: ignore[attr-defined]
        )
        for match_id, week, home, away, status, games in self._rows(matches):
            if match_id is not None and away is not None:
                match = _Match(match_id, week, status == FORFEIT, games)
                self._matches.setdefault(frozenset((home, away)), []).append(match)
        for match_id, played, last in session.exec(
            select(StoredGame.fixture_id, func.count(), func.max(StoredGame.game_no))
            .where(col(StoredGame.fixture_id).is_not(None))
            .where(StoredGame.season_id == season.id)
            .group_by(col(StoredGame.fixture_id))
        ):
            if match_id is not None:
                self._played[match_id] = (played, last or 0)
        for game_id, team_a, team_b, hands, match_id in self._rows(
            sql_select(
                col(StoredGame.id),
                col(StoredGame.team_a_id),
                col(StoredGame.team_b_id),
                col(StoredGame.hand_count),
                col(StoredGame.fixture_id),
            )
            .where(col(StoredGame.season_id) == season.id)
            .order_by(col(StoredGame.id))
        ):
            key = (team_a, team_b, hands)
            self._known.setdefault(key, []).append(_Known(game_id, match_id))

    def add(
        self,
        number: int,
        document: Mapping[str, Any],
        spec: GameSpec,
        game: Game,
        where: str,
        *,
        week: int | None,
    ) -> None:
        """Put a judged game in the batch (in a match of ``week``, when named), or note
        which stored game it is."""
        header = {key: value for key, value in document.items() if key != "hands"}
        hands = document["hands"]
        season = self.season
        teams: list[int] = []
        if season is None:
            key: tuple[object, ...] = (*[*game.sides, None][:3], len(game.rows))
            key += (game.rules.preset,)
            sheet: _Sheet = (shown_hands(game.rows), json.dumps(header, sort_keys=True))
        else:
            teams = self._season_teams(season, spec, game, where)
            key = (teams[0], teams[1], len(game.rows))
            sheet = (shown_hands(game.rows), None)
        matches = self._matches_between(teams, week)
        in_week = {match.id for match in matches} if week is not None else None
        same = self._same(key, sheet, in_week)
        if same is not None:
            assert same.id is not None
            self.already.append(AlreadyStored(number, same.id, same.number))
            return
        if season is None:
            new = NewGame(header, game, hands)
        else:
            match_id, game_no = self._open_slot(season, matches, where, week)
            # The file names nobody at the table: the teams' rosters sat, as at the window.
            players = roster_seats(game.rules, [self._rosters.get(team, ()) for team in teams])
            new = NewGame(header, game, hands, teams, season.id, match_id, game_no, players)
        known = _Known(None, new.fixture_id, number, hash(sheet))
        self._known.setdefault(key, []).append(known)
        self._batch.append((new, known))
        if len(self._batch) >= BATCH:
            self.write()

    def write(self) -> None:
        """Write the games waiting in the batch."""
        if not self._batch:
            return
        ids = store_games(self.session, [new for new, _ in self._batch])
        for game_id, (_, known) in zip(ids, self._batch, strict=True):
            known.id = game_id
            self.ids.append(game_id)
            kill_point("import:stored")
        self._batch.clear()

    def _same(
        self, key: tuple[object, ...], sheet: _Sheet, in_week: set[int] | None
    ) -> _Known | None:
        """The first stored game (of the week's matches, when a week is named) that is
        this game: the same sides and length, and the same sheet."""
        candidates = [
            known
            for known in self._known.get(key, ())
            if in_week is None or known.match_id in in_week
        ]
        if not candidates:
            return None
        unread = [known.id for known in candidates if known.digest is None and known.id]
        sheets = self._stored_sheets(unread) if unread else {}
        for known in candidates:
            if known.id in sheets:
                known.digest = hash(sheets[known.id])
        digest = hash(sheet)
        for known in candidates:
            if known.digest != digest:
                continue
            if known.id is None:
                self.write()  # the game waits in this batch: written, it has its id
            assert known.id is not None
            stored = sheets.get(known.id) or self._stored_sheets([known.id])[known.id]
            if stored == sheet:
                return known
        return None

    def _stored_sheets(self, game_ids: Sequence[int]) -> dict[int, _Sheet]:
        marks = stored_hand_marks(self.session, game_ids)
        headers: dict[int, str | None] = dict.fromkeys(game_ids)
        if self.season is None:
            for game_id, header in game_headers(self.session, game_ids).items():
                headers[game_id] = json.dumps(header, sort_keys=True)
        return {game_id: (marks[game_id], headers[game_id]) for game_id in game_ids}

    def _season_teams(self, season: Season, spec: GameSpec, game: Game, where: str) -> list[int]:
        """The season's teams playing a game (its rules must be the season's)."""
        rules = self._rules
        assert rules is not None
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
            team = self._teams.get(name_key(name))
            if team is None:
                raise StoreError(
                    problem(
                        "{where}{name} has no team called {name2!r}; nothing was stored",
                        where=where,
                        name=season.name,
                        name2=name,
                    )
                )
            teams.append(team)
        if len(set(teams)) < len(teams):
            raise StoreError(
                problem("{where}a team cannot play itself; nothing was stored", where=where)
            )
        return teams

    def _matches_between(self, teams: Sequence[int], week: int | None) -> list[_Match]:
        """The season's matches between these teams (in the week named), earliest first."""
        found = [
            match
            for pair in itertools.combinations(teams, 2)
            for match in self._matches.get(frozenset(pair), ())
            if week is None or match.week == week
        ]
        if len(teams) > 2:
            found.sort(key=lambda match: (match.week, match.id))
        return found

    def _open_slot(
        self, season: Season, matches: Sequence[_Match], where: str, week: int | None
    ) -> tuple[int | None, int | None]:
        """The first match between the teams with a game still to play, and that game's
        number; ``(None, None)`` for a season without a schedule between them."""
        for match in matches:
            if match.forfeit:
                continue
            played, last = self._played.get(match.id, (0, 0))
            if played < match.games:
                self._played[match.id] = (played + 1, last + 1)
                return match.id, last + 1
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
        if matches:
            raise StoreError(
                problem(
                    "{where}every match between these teams in {name} already has its "
                    "games; nothing was stored",
                    where=where,
                    name=season.name,
                )
            )
        return None, None


def _options_text(rules: RuleSet) -> str:
    plain = game_header(rules, rules.sides, rules.seats[0]).get("options")
    return f"({json.dumps(plain)})" if plain else "(standard options)"
