"""Reading a ``clabber-league/1`` document (``league_file``) into a database: the whole
league in one write transaction, or nothing.

The file is judged whole before anything is written: its shape by the JSON Schema
(``resources/schemas/clabber-league-1.schema.json``), every name it refers to against
the names it defines (teams, weeks, matches), every season's rules by the rules
engine, and every game by the rules as any imported game sheet is — the figures of a
game (totals, hands made, set, the winner) are never read from the file but derived
again by the rules, and written by the store's one writer of new games
(``games.store_games``). The first problem found is the one line said, naming its place
in the file (``seasons[0].games[3].sheet: hand 2: …``).

A league is imported into a database that has no league of that name (by its name's
key: ``rules.names``): a league already there is refused, never merged into.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import bindparam, update
from sqlmodel import Session, select

from clabber_league.gamesheet import read_game
from clabber_league.gamesheet.codec import read_hand
from clabber_league.gamesheet.schema import json_path, located_problems, schema_problems
from clabber_league.league import StandingsError, check_order
from clabber_league.rules import ClabberError, Game, GameError, RuleSet, rule_set
from clabber_league.rules.messages import Problem, problem
from clabber_league.rules.names import InvalidNameError, clean_name, name_key
from clabber_league.store.connections import take_server_lock
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import NewGame, player_named, store_games
from clabber_league.store.league_file import LEAGUE_FORMAT, LEAGUE_SCHEMA
from clabber_league.store.models import (
    CorrectionEntry,
    Fixture,
    FixtureSubstitute,
    League,
    Playoff,
    PlayoffSeed,
    Season,
    StoredGame,
    Team,
    TeamMember,
    Tournament,
    Week,
)
from clabber_league.store.tournaments import keep_players

Path = tuple[str | int, ...]


class LeagueFileError(StoreError):
    """A league file the import refuses: nothing of it was stored."""


@dataclass(frozen=True)
class LeagueImport:
    """What an import stored."""

    league: str
    seasons: int
    games: int


def is_league_document(document: Any) -> bool:
    """Whether a parsed file says it is a league file (its ``format``)."""
    return isinstance(document, dict) and document.get("format") == LEAGUE_FORMAT


def league_document(documents: Iterable[Any]) -> Any | None:
    """The league file among a file's documents, when the file is one (its ``format``
    says so); ``None`` for game sheets, which the game import reads."""
    for document in documents:
        return document if is_league_document(document) else None
    return None


def _refused(where: Path, what: str | Problem) -> LeagueFileError:
    return LeagueFileError(
        problem("{where}: {what}; nothing was stored", where=json_path(where), what=what)
    )


def _clean(text: str, what: str, where: Path) -> str:
    """A name of the file as names are kept everywhere (``rules.names``), or the refusal."""
    try:
        return clean_name(text, what)
    except InvalidNameError as exc:
        raise _refused(where, exc.lines[0]) from None


def _moment(text: str, where: Path) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise _refused(where, problem("{text!r} is not a date and time", text=text)) from None
    if moment.utcoffset() is None:
        raise _refused(where, problem("{text!r} does not say its time zone", text=text))
    return moment.astimezone(UTC)


def _maybe_moment(text: str | None, where: Path) -> datetime | None:
    return _moment(text, where) if text is not None else None


def _day(text: str | None, where: Path) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise _refused(where, problem("{text!r} is not a date", text=text)) from None


@dataclass
class _Season:
    """A season of the file as judged: its rules and its teams by name key."""

    document: Mapping[str, Any]
    where: Path
    rules: RuleSet
    teams: dict[str, int] = field(default_factory=dict)
    """Team name key → position in the season's ``teams``."""
    matches: dict[tuple[int, int], tuple[str, str | None]] = field(default_factory=dict)
    """(week, position) → the match's teams' name keys."""
    games: list[Game] = field(default_factory=list)


def check_league(document: Any) -> list[_Season]:
    """Judge the whole document (see the module's doc); ``LeagueFileError`` at the first
    problem."""
    if not is_league_document(document):
        found = document.get("format") if isinstance(document, dict) else None
        if found is None:
            raise LeagueFileError(
                problem(
                    "this is not a Clabber league file: its format must be {wanted!r}; "
                    "nothing was stored",
                    wanted=LEAGUE_FORMAT,
                )
            )
        raise LeagueFileError(
            problem(
                "this is not a Clabber league file: its format must be {wanted!r}, not "
                "{found!r}; nothing was stored",
                wanted=LEAGUE_FORMAT,
                found=found,
            )
        )
    problems = located_problems(document, LEAGUE_SCHEMA)
    if len(problems) == 1:
        raise LeagueFileError(problem("{first}; nothing was stored", first=problems[0]))
    if problems:
        raise LeagueFileError(
            problem(
                "{first} (and {more} more); nothing was stored",
                first=problems[0],
                more=len(problems) - 1,
            )
        )
    _clean(document["league"]["name"], "league", ("league", "name"))
    _moment(document["league"]["created_at"], ("league", "created_at"))
    seasons: list[_Season] = []
    season_names: set[str] = set()
    for index, season in enumerate(document["seasons"]):
        where: Path = ("seasons", index)
        _clean(season["name"], "season", (*where, "name"))
        _unique(season_names, season["name"], (*where, "name"))
        seasons.append(_check_season(season, where))
    return seasons


def _unique(seen: set[str], name: str, where: Path) -> str:
    key = name_key(name)
    if key in seen:
        raise _refused(where, problem("{name!r} is named twice", name=name))
    seen.add(key)
    return key


def _check_season(season: Mapping[str, Any], where: Path) -> _Season:
    _moment(season["created_at"], (*where, "created_at"))
    try:
        rules = rule_set(season["rules"], season["options"])
    except ClabberError as exc:
        raise _refused((*where, "rules"), exc.lines[0]) from None
    try:
        check_order(season["tie_break"])
    except StandingsError as exc:
        raise _refused((*where, "tie_break"), exc.lines[0]) from None
    winner, loser = season["forfeit_score"]
    if winner <= loser:
        raise _refused((*where, "forfeit_score"), problem("a forfeit's winner must score more"))
    judged = _Season(season, where, rules)
    seen: set[str] = set()
    for index, team in enumerate(season["teams"]):
        at: Path = (*where, "teams", index)
        _clean(team["name"], "team", (*at, "name"))
        judged.teams[_unique(seen, team["name"], (*at, "name"))] = index
        _moment(team["created_at"], (*at, "created_at"))
        for number, member in enumerate(team["roster"]):
            _clean(member["player"], "player", (*at, "roster", number, "player"))
            _moment(member["joined_at"], (*at, "roster", number, "joined_at"))
            _maybe_moment(member["left_at"], (*at, "roster", number, "left_at"))
    _check_weeks(judged)
    playoff = season["playoff"]
    if playoff is not None:
        _moment(playoff["created_at"], (*where, "playoff", "created_at"))
        seeds: set[str] = set()
        for index, seed in enumerate(playoff["seeds"]):
            at = (*where, "playoff", "seeds", index)
            _team(judged, seed["team"], (*at, "team"))
            _unique(seeds, str(seed["seed"]), (*at, "seed"))
    tournament = season.get("tournament")
    if tournament is not None:
        at = (*where, "tournament")
        _clean(tournament["name"], "tournament", (*at, "name"))
        _moment(tournament["created_at"], (*at, "created_at"))
        players: set[str] = set()
        for index, player in enumerate(tournament["players"]):
            _unique(
                players, _clean(player, "player", (*at, "players", index)), (*at, "players", index)
            )
    played: set[tuple[int, int, int]] = set()
    for index, game in enumerate(season["games"]):
        judged.games.append(_check_game(judged, game, (*where, "games", index), played))
    return judged


def _team(season: _Season, name: str | None, where: Path) -> str | None:
    """The name key of a team the file refers to, which the season must have."""
    if name is None:
        return None
    key = name_key(name)
    if key not in season.teams:
        raise _refused(where, problem("the season has no team called {name!r}", name=name))
    return key


def _check_weeks(season: _Season) -> None:
    numbers: set[str] = set()
    for index, week in enumerate(season.document["weeks"]):
        at: Path = (*season.where, "weeks", index)
        _unique(numbers, str(week["number"]), (*at, "number"))
        _day(week["played_on"], (*at, "played_on"))
        for position, match in enumerate(week["matches"], 1):
            spot: Path = (*at, "matches", position - 1)
            home = _team(season, match["home"], (*spot, "home"))
            assert home is not None
            away = _team(season, match["away"], (*spot, "away"))
            _day(match.get("makeup_on"), (*spot, "makeup_on"))
            forfeit = _team(season, match["forfeited_by"], (*spot, "forfeited_by"))
            if forfeit is not None and forfeit not in (home, away):
                raise _refused(
                    (*spot, "forfeited_by"), problem("a forfeit is by one of the match's teams")
                )
            for seat, name in match["substitutes"].items():
                _clean(name, "player", (*spot, "substitutes", seat))
                if seat not in season.rules.seats:
                    raise _refused(
                        (*spot, "substitutes"), problem("{seat} is not a seat", seat=seat)
                    )
            season.matches[week["number"], position] = (home, away)


def _check_game(
    season: _Season, game: Mapping[str, Any], where: Path, played: set[tuple[int, int, int]]
) -> Game:
    """The game scored by the rules, its place and teams checked against the season's."""
    try:
        scored = read_game(game["sheet"]).game()
    except GameError as exc:
        raise _refused((*where, "sheet"), exc.messages[0]) from None
    place = game["match"]
    teams = [_team(season, name, (*where, "teams", n)) for n, name in enumerate(game["teams"])]
    if len(teams) != len(scored.sides):
        raise _refused(
            (*where, "teams"), problem("name a team (or null) for each side of the sheet")
        )
    if place is not None:
        match = season.matches.get((place["week"], place["match"]))
        if match is None:
            raise _refused(
                (*where, "match"),
                problem(
                    "week {week} has no match {match}", week=place["week"], match=place["match"]
                ),
            )
        if game["game_no"] is None:
            raise _refused((*where, "game_no"), problem("a match's game needs its number"))
        slot = (place["week"], place["match"], game["game_no"])
        if slot in played:
            raise _refused((*where, "game_no"), problem("the match already has this game"))
        played.add(slot)
    for seat, name in game["seats"].items():
        _clean(name, "player", (*where, "seats", seat))
        if seat not in scored.rules.seats:
            raise _refused((*where, "seats"), problem("{seat} is not a seat", seat=seat))
    _moment(game["started_at"], (*where, "started_at"))
    _maybe_moment(game["finished_at"], (*where, "finished_at"))
    header = {key: value for key, value in game["sheet"].items() if key != "hands"}
    for index, entry in enumerate(game["corrections"]):
        at: Path = (*where, "corrections", index)
        for key in ("old", "new"):
            if entry[key] is not None:
                _check_hand(header, entry[key], (*at, key))
        _moment(entry["at"], (*at, "at"))
    return scored


def _check_hand(header: Mapping[str, Any], hand: Any, where: Path) -> None:
    """A correction's hand as any hand of the game is checked: the game sheet's schema
    (under the game's own rules and sides), then which kind of hand its fields make."""
    problems = schema_problems({**header, "hands": [hand]})
    if problems:
        raise _refused(where, problems[0].removeprefix("hand 1: "))
    try:
        read_hand(hand)
    except ClabberError as exc:
        raise _refused(where, exc.lines[0]) from None


def import_league(database: Database, document: Any) -> LeagueImport:
    """Store the league of a ``clabber-league/1`` document, all of it or nothing."""
    seasons = check_league(document)
    league = document["league"]
    with database.session(write=True) as session:
        take_server_lock(session.connection(), "import")
        if session.exec(select(League).where(League.name_key == name_key(league["name"]))).first():
            raise _refused(
                ("league", "name"),
                problem("the database already holds a league called {name!r}", name=league["name"]),
            )
        row = League(name=clean_name(league["name"]), created_at=_moment(league["created_at"], ()))
        session.add(row)
        session.flush()
        assert row.id is not None
        games = sum(_write_season(session, row.id, season) for season in seasons)
        session.commit()
    return LeagueImport(league["name"], len(seasons), games)


def _write_season(session: Session, league_id: int, judged: _Season) -> int:
    """Write one judged season; returns the number of its games."""
    document = judged.document
    season = Season(
        league_id=league_id,
        name=clean_name(document["name"]),
        created_at=_moment(document["created_at"], ()),
        rules_preset=document["rules"],
        options_json=json.dumps(document["options"]),
        games_per_match=document["games_per_match"],
        tie_break_json=json.dumps(document["tie_break"]),
        forfeit_winner_score=document["forfeit_score"][0],
        forfeit_loser_score=document["forfeit_score"][1],
        first_half_weeks=document["first_half_weeks"],
    )
    session.add(season)
    session.flush()
    assert season.id is not None
    teams = _write_teams(session, season.id, document["teams"])
    matches = _write_weeks(session, season.id, document["weeks"], teams)
    playoff = document["playoff"]
    if playoff is not None:
        _write_playoff(session, season.id, playoff, teams)
    tournament = document.get("tournament")
    if tournament is not None:
        _write_tournament(session, season.id, tournament)
    _write_games(session, season.id, judged, teams, matches)
    return len(judged.games)


def _write_teams(
    session: Session, season_id: int, documents: Sequence[Mapping[str, Any]]
) -> dict[str, int]:
    """The season's teams and rosters; returns team name key → id."""
    teams: dict[str, int] = {}
    for document in documents:
        team = Team(
            name=clean_name(document["name"]),
            season_id=season_id,
            retired=document["retired"],
            division=document["division"],
            created_at=_moment(document["created_at"], ()),
        )
        session.add(team)
        session.flush()
        assert team.id is not None
        teams[name_key(team.name)] = team.id
        for member in document["roster"]:
            player = player_named(session, clean_name(member["player"]))
            assert player.id is not None
            session.add(
                TeamMember(
                    team_id=team.id,
                    player_id=player.id,
                    joined_at=_moment(member["joined_at"], ()),
                    left_at=_maybe_moment(member["left_at"], ()),
                )
            )
    return teams


def _team_id(teams: Mapping[str, int], name: str | None) -> int | None:
    return teams[name_key(name)] if name is not None else None


def _write_weeks(
    session: Session,
    season_id: int,
    documents: Sequence[Mapping[str, Any]],
    teams: Mapping[str, int],
) -> dict[tuple[int, int], int]:
    """The schedule; returns (week, position) → match id."""
    matches: dict[tuple[int, int], int] = {}
    for document in documents:
        week = Week(
            season_id=season_id,
            number=document["number"],
            played_on=_day(document["played_on"], ()),
        )
        session.add(week)
        session.flush()
        assert week.id is not None
        for position, match in enumerate(document["matches"], 1):
            fixture = Fixture(
                week_id=week.id,
                table_no=match["table"],
                home_team_id=teams[name_key(match["home"])],
                away_team_id=_team_id(teams, match["away"]),
                status=match["status"],
                forfeited_by=_team_id(teams, match["forfeited_by"]),
                games_per_match=match["games_per_match"],
                playoff_round=match["playoff_round"],
                playoff_slot=match["playoff_slot"],
                makeup_on=_day(match.get("makeup_on"), ()),
                playoff_bracket=match.get("playoff_bracket"),
            )
            session.add(fixture)
            session.flush()
            assert fixture.id is not None
            matches[document["number"], position] = fixture.id
            for seat, name in match["substitutes"].items():
                player = player_named(session, clean_name(name))
                assert player.id is not None
                session.add(
                    FixtureSubstitute(fixture_id=fixture.id, seat=seat, player_id=player.id)
                )
    return matches


def _write_playoff(
    session: Session, season_id: int, document: Mapping[str, Any], teams: Mapping[str, int]
) -> None:
    playoff = Playoff(
        season_id=season_id,
        team_count=document["team_count"],
        games_per_match=document["games_per_match"],
        reseed=document["reseed"],
        double_elimination=document.get("double_elimination", False),
        created_at=_moment(document["created_at"], ()),
    )
    session.add(playoff)
    session.flush()
    assert playoff.id is not None
    for seed in document["seeds"]:
        session.add(
            PlayoffSeed(
                playoff_id=playoff.id, seed=seed["seed"], team_id=teams[name_key(seed["team"])]
            )
        )


def _write_tournament(session: Session, season_id: int, document: Mapping[str, Any]) -> None:
    """The tournament the season is played as; refused when the database already holds
    one of that name (tournament names are unique across leagues)."""
    name = clean_name(document["name"])
    if session.exec(select(Tournament).where(Tournament.name_key == name_key(name))).first():
        raise _refused(
            ("tournament", "name"),
            problem("the database already holds a tournament called {name!r}", name=name),
        )
    row = Tournament(
        name=name,
        season_id=season_id,
        kind=document["kind"],
        seed=document["seed"],
        hands_per_round=document["hands_per_round"],
        created_at=_moment(document["created_at"], ()),
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    keep_players(session, row.id, [clean_name(player) for player in document["players"]])


def _write_games(
    session: Session,
    season_id: int,
    judged: _Season,
    teams: Mapping[str, int],
    matches: Mapping[tuple[int, int], int],
) -> None:
    """The season's games through the store's writer of new games (figures by the rules),
    then the moments the file gives them and their correction logs."""
    documents, games = judged.document["games"], judged.games
    new = []
    for document, game in zip(documents, games, strict=True):
        sheet = document["sheet"]
        place = document["match"]
        new.append(
            NewGame(
                header={key: value for key, value in sheet.items() if key != "hands"},
                game=game,
                documents=sheet["hands"],
                teams=[_team_id(teams, name) for name in document["teams"]],
                season_id=season_id,
                fixture_id=matches[place["week"], place["match"]] if place else None,
                game_no=document["game_no"],
                players={seat: clean_name(name) for seat, name in document["seats"].items()},
                paper_copy=document["paper_copy"],
            )
        )
    ids = store_games(session, new)
    if not ids:
        return
    table = StoredGame.__table__  # type: ignore[attr-defined]
    session.execute(
        update(table)
        .where(table.c.id == bindparam("game_id"))
        .values(started_at=bindparam("started"), finished_at=bindparam("finished")),
        [
            {
                "game_id": game_id,
                "started": _moment(document["started_at"], ()),
                "finished": _finished(document, game),
            }
            for game_id, document, game in zip(ids, documents, games, strict=True)
        ],
    )
    for game_id, document in zip(ids, documents, strict=True):
        for entry in document["corrections"]:
            session.add(
                CorrectionEntry(
                    game_id=game_id,
                    n=entry["n"],
                    old_json=_hand_text(entry["old"]),
                    new_json=_hand_text(entry["new"]),
                    at=_moment(entry["at"], ()),
                )
            )


def _finished(document: Mapping[str, Any], game: Game) -> datetime | None:
    """When the game ended: the file's moment for a game the rules find finished (its
    start, when the file gives none); none for a game the rules find still going."""
    if not game.finished:
        return None
    return _maybe_moment(document["finished_at"], ()) or _moment(document["started_at"], ())


def _hand_text(hand: Mapping[str, Any] | None) -> str | None:
    return json.dumps(hand, ensure_ascii=False) if hand is not None else None
