"""Leagues in the database: seasons, teams and rosters, the schedule, standings and
season exports. A match's games are ``store.matches``; imports ``store.imports``.

The pure league logic (round robin, standings order) lives in
``clabber_league.league``; this module feeds it rows and stores its answers.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from itertools import groupby
from operator import itemgetter
from typing import Any

from sqlalchemy import case, func
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from clabber_league.gamesheet import game_header
from clabber_league.league import (
    FORFEIT_SCORE,
    TIE_BREAK_KEYS,
    ScheduleError,
    StandingsError,
    WeekResult,
    check_order,
    round_robin,
)
from clabber_league.league.double_bracket import bracket_round_name
from clabber_league.rules import TIE, RuleSet, rule_set
from clabber_league.rules.limits import (
    DAYS_BETWEEN,
    FORFEIT_POINTS,
    GAMES_PER_MATCH,
    PLAYERS,
    ROUNDS,
    SCHEDULE_DATES,
    TABLE,
    TEAMS,
    WEEKS,
    LimitError,
)
from clabber_league.rules.messages import Problem, problem
from clabber_league.rules.names import InvalidNameError, clean_name, name_key
from clabber_league.store.database import Database
from clabber_league.store.divisions import divided_weeks, division_named
from clabber_league.store.errors import StoreError, known_id, refusal, within
from clabber_league.store.games import game_documents, no_game, player_named
from clabber_league.store.models import (
    Fixture,
    FixtureSubstitute,
    League,
    Player,
    Playoff,
    Season,
    StoredGame,
    Team,
    TeamMember,
    Week,
    utc_now,
)
from clabber_league.store.playoffs import advance_match
from clabber_league.store.recap import GameResult, home_side_results
from clabber_league.store.seasons import find_season, match_game_count_column, season_row
from clabber_league.store.tournament_guard import (
    refuse_new_sides,
    refuse_partnership_change,
    refuse_schedule,
)

SCHEDULED, POSTPONED, FORFEIT, BYE = "scheduled", "postponed", "forfeit", "bye"
#: What the schedule shows for a match: to play, entered, postponed, forfeit or bye.
TO_PLAY, ENTERED = "to play", "entered"


@dataclass(frozen=True)
class SeasonInfo:
    id: int
    league: str
    name: str
    rules: RuleSet
    games_per_match: int
    tie_break: tuple[str, ...]
    first_half_weeks: int | None = None


@dataclass(frozen=True)
class TeamInfo:
    id: int
    name: str
    players: tuple[str, ...]
    retired: bool
    division: str | None = None


@dataclass(frozen=True)
class MatchInfo:
    """A line of the schedule."""

    id: int
    week: int
    played_on: date | None
    table: int
    home: str
    away: str | None
    state: str
    games_entered: int
    """Finished games of the match."""
    game_ids: tuple[int, ...] = ()
    """Every game of the match, finished or not, in the order they were started."""
    substitutes: Mapping[str, str] = field(default_factory=dict)
    """Seat → who sits there instead of the roster's player (``store.substitutes``)."""
    results: tuple[GameResult, ...] = ()
    """The same games' totals and winners, from the home team's side."""
    forfeited_by: str | None = None
    """The team that forfeited the match."""
    games_per_match: int = 1
    """The match's games (a playoff's own, else the season's)."""
    playoff: Problem | None = None
    """A playoff match's round ("Final", "Semi-final"…); ``None`` in the regular season."""
    makeup_on: date | None = None
    """A postponed match's make-up date (``edit_match``); ``None``: ``played_on``, its
    week's night."""


# ------------------------------------------------------------------ seasons
def create_season(
    database: Database,
    *,
    league: str,
    season: str,
    preset: str = "evansville",
    options: Mapping[str, object] | None = None,
    games_per_match: int = 1,
    tie_break: Sequence[str] = TIE_BREAK_KEYS,
    forfeit_score: tuple[int, int] = FORFEIT_SCORE,
    copy_teams_from: str | None = None,
) -> SeasonInfo:
    """A new season (and its league, the first time the league is named); with
    ``copy_teams_from``, the teams of that season of the same league that still play (not
    retired), each with its roster as it stands, all in the one transaction."""
    rules = rule_set(preset, options or {})
    try:
        order = check_order(tie_break)
    except StandingsError as exc:
        raise StoreError(str(exc)) from None
    if games_per_match < 1:
        raise StoreError(problem("a match needs at least one game"))
    within(GAMES_PER_MATCH, games_per_match)
    for points in forfeit_score:
        within(FORFEIT_POINTS, points)
    if forfeit_score[0] <= forfeit_score[1]:
        raise StoreError(
            problem(
                "a forfeit is a win: its score must favour the winner, not {forfeit_score!r}",
                forfeit_score=forfeit_score,
            )
        )
    with database.session(write=True) as session:
        row = new_season(
            session,
            league=league,
            season=season,
            rules=rules,
            games_per_match=games_per_match,
            tie_break=order,
            forfeit_score=forfeit_score,
        )
        if copy_teams_from:
            _copy_teams(session, find_season(session, copy_teams_from, league), row)
        with unique_or(season_taken(session, row)):
            session.commit()
        session.refresh(row)
        return season_info_of(session, row)


def new_season(
    session: Session,
    *,
    league: str,
    season: str,
    rules: RuleSet,
    games_per_match: int = 1,
    tie_break: Sequence[str] = TIE_BREAK_KEYS,
    forfeit_score: tuple[int, int] = FORFEIT_SCORE,
) -> Season:
    """A season row of ``league`` (made the first time it is named), flushed in the
    caller's transaction: ``create_season``'s and a tournament's (``store.tournaments``)
    one way to begin a season. Refused: a name the league already has."""
    league_name, season_name = _name(league, "league"), _name(season, "season")
    home = _league_named(session, league_name)
    assert home.id is not None
    clash = session.exec(
        select(Season).where(Season.league_id == home.id, Season.name_key == name_key(season_name))
    ).first()
    if clash is not None:
        raise StoreError(
            problem(
                "{league} already has a season called {season}", league=home.name, season=clash.name
            )
        )
    header = game_header(rules, rules.sides, rules.seats[0])
    row = Season(
        league_id=home.id,
        name=season_name,
        rules_preset=rules.preset,
        options_json=json.dumps(header.get("options", {})),
        games_per_match=games_per_match,
        tie_break_json=json.dumps(list(tie_break)),
        forfeit_winner_score=forfeit_score[0],
        forfeit_loser_score=forfeit_score[1],
    )
    session.add(row)
    with unique_or(season_taken(session, row)):
        session.flush()
    return row


def season_taken(session: Session, season: Season) -> str:
    """What a second station's season of the same name at the same moment is said as."""
    home = session.get(League, season.league_id)
    assert home is not None
    return problem(
        "{league} already has a season called {season}", league=home.name, season=season.name
    )


def season_info_of(session: Session, season: Season) -> SeasonInfo:
    home = session.get(League, season.league_id)
    assert home is not None
    return _season_info(season, home.name)


def _copy_teams(session: Session, source: Season, season: Season) -> None:
    """``source``'s teams that still play, in their divisions, with the players on their
    rosters now."""
    teams = session.exec(
        select(Team)
        .where(Team.season_id == source.id, col(Team.retired).is_(False))
        .order_by(col(Team.id))
    ).all()
    players = rosters(session=session, team_ids=[team.id for team in teams if team.id])
    for team in teams:
        copy = Team(name=team.name, season_id=season.id, division=team.division)
        session.add(copy)
        session.flush()
        for name in players.get(team.id or 0, ()):
            join_roster(session, copy, name)


def _league_named(session: Session, name: str) -> League:
    """The league of that name (by ``name_key``), made the first time it is named; when
    two stations name a new league at once, both get the one that was made."""
    query = select(League).where(League.name_key == name_key(name))
    found = session.exec(query).first()
    if found is not None:
        return found
    try:
        with session.begin_nested():
            made = League(name=name)
            session.add(made)
            session.flush()
            return made
    except IntegrityError:
        found = session.exec(query).first()
        if found is None:
            raise
        return found


@contextmanager
def unique_or(message: str) -> Iterator[None]:
    """A unique name broken by another station at the same moment, said in table words
    (never the driver's words, which name indexes and columns)."""
    try:
        yield
    except IntegrityError:
        raise StoreError(message) from None


def list_seasons(database: Database) -> list[SeasonInfo]:
    with database.session() as session:
        rows = session.exec(
            select(Season, League).join(League).order_by(col(League.name), col(Season.id))
        ).all()
        return [_season_info(season, league.name) for season, league in rows]


def season_info(database: Database, name: str, league: str | None = None) -> SeasonInfo:
    with database.session() as session:
        return season_info_of(session, find_season(session, name, league))


def _season_info(season: Season, league: str) -> SeasonInfo:
    assert season.id is not None
    return SeasonInfo(
        season.id,
        league,
        season.name,
        season_rules(season),
        season.games_per_match,
        tuple(json.loads(season.tie_break_json)),
        season.first_half_weeks,
    )


def season_rules(season: Season) -> RuleSet:
    return rule_set(season.rules_preset, json.loads(season.options_json))


def clean_player_name(text: str) -> str:
    """A player's name as kept, or ``StoreError`` saying why it cannot be (``rules.names``)."""
    return _name(text, "player")


def _name(text: str, what: str) -> str:
    try:
        return clean_name(text, what)
    except InvalidNameError as exc:
        raise refusal(exc) from None


# -------------------------------------------------------------------- teams
def add_team(
    database: Database,
    season: str,
    name: str,
    players: Sequence[str] = (),
    *,
    league: str | None = None,
    division: str | None = None,
) -> TeamInfo:
    """A team of a season with its fixed players (names by the one rule: ``rules.names``),
    in ``division`` if given (``store.divisions``)."""
    with database.session(write=True) as session:
        found = find_season(session, season, league)
        team = add_team_row(session, found, name, players, division)
        with unique_or(_team_taken(team.name, found)):
            session.commit()
        return team_info(session, team)


def add_team_row(
    session: Session,
    season: Season,
    name: str,
    players: Sequence[str] = (),
    division: str | None = None,
) -> Team:
    """``add_team`` in the caller's transaction: the team and its roster, flushed."""
    team_name = _name(name, "team")
    roster = list(dict.fromkeys(_name(player, "player") for player in players if player.strip()))
    if len(roster) > PLAYERS.high:
        raise StoreError(
            problem(
                "a team's roster holds at most {high} players, not {count}",
                high=PLAYERS.high,
                count=len(roster),
            )
        )
    clash = team_by_name(session, season, team_name)
    if clash is not None:
        raise StoreError(_team_taken(clash.name, season))
    teams = session.exec(select(func.count()).where(Team.season_id == season.id)).one()
    if teams >= TEAMS.high:
        raise StoreError(
            problem(
                "{name} already has {teams} teams, as many as a season holds",
                name=season.name,
                teams=teams,
            )
        )
    team = Team(
        name=team_name, season_id=season.id, division=division_named(session, season.id, division)
    )
    session.add(team)
    with unique_or(_team_taken(team_name, season)):
        session.flush()
    for player_name in roster:
        join_roster(session, team, player_name)
    return team


def _team_taken(team: str, season: Season) -> str:
    return problem("{season} already has a team called {team}", season=season.name, team=team)


def rename_team(database: Database, team_id: int, name: str) -> None:
    with database.session(write=True) as session:
        team = get_team(session, team_id)
        season = session.get(Season, team.season_id) if team.season_id else None
        new_name = _name(name, "team")
        clash = team_by_name(session, season, new_name) if season is not None else None
        taken = problem(
            "{season} already has a team called {team}",
            season=season.name if season else problem("the season"),
            team=new_name,
        )
        if clash not in (None, team):
            raise StoreError(taken)
        team.name = new_name
        session.add(team)
        with unique_or(taken):
            session.commit()


def retire_team(database: Database, team_id: int) -> None:
    with database.session(write=True) as session:
        team = get_team(session, team_id)
        team.retired = True
        session.add(team)
        session.commit()


def add_player(database: Database, team_id: int, name: str) -> None:
    """Put a player on a team's roster from now on."""
    player_name = _name(name, "player")
    with database.session(write=True) as session:
        team = get_team(session, team_id)
        refuse_partnership_change(session, team)
        if team.retired:
            raise StoreError(
                problem("{name} is retired: its roster takes no one new", name=team.name)
            )
        if len(team_info(session, team).players) >= PLAYERS.high:
            raise StoreError(
                problem(
                    "{name}'s roster already holds {high} players",
                    name=team.name,
                    high=PLAYERS.high,
                )
            )
        join_roster(session, team, player_name)
        session.commit()


def remove_player(database: Database, team_id: int, name: str) -> None:
    """Take a player off the roster from now on (past games keep who sat)."""
    with database.session(write=True) as session:
        member = session.exec(
            select(TeamMember)
            .join(Player)
            .where(
                TeamMember.team_id == team_id,
                Player.name == name.strip(),
                col(TeamMember.left_at).is_(None),
            )
        ).first()
        if member is None:
            raise StoreError(problem("{name} is not on that team's roster", name=name))
        refuse_partnership_change(session, get_team(session, team_id))
        member.left_at = utc_now()
        session.add(member)
        session.commit()


def list_teams(database: Database, season: str, league: str | None = None) -> list[TeamInfo]:
    with database.session() as session:
        found = find_season(session, season, league)
        teams = session.exec(
            select(Team).where(Team.season_id == found.id).order_by(col(Team.name))
        ).all()
        return [team_info(session, team) for team in teams]


def season_team(database: Database, season: str, name: str, league: str | None = None) -> TeamInfo:
    """The season's team called ``name`` (compared by ``name_key``), or ``StoreError``."""
    with database.session() as session:
        found = find_season(session, season, league)
        team = team_by_name(session, found, name)
        if team is None:
            raise StoreError(
                problem("{season} has no team called {team}", season=found.name, team=name.strip())
            )
        return team_info(session, team)


def get_team(session: Session, team_id: int) -> Team:
    team = session.get(Team, known_id(team_id, "team"))
    if team is None:
        raise StoreError(problem("there is no team {team_id}", team_id=team_id))
    return team


def team_by_name(session: Session, season: Season, name: str) -> Team | None:
    """The season's team of that name, compared by ``name_key`` (case, width and
    invisible characters aside)."""
    return session.exec(
        select(Team).where(Team.season_id == season.id, Team.name_key == name_key(name))
    ).first()


def join_roster(session: Session, team: Team, name: str) -> None:
    """Put the player called ``name`` (made the first time) on the team's roster."""
    player = player_named(session, name)
    assert team.id is not None
    assert player.id is not None
    session.add(TeamMember(team_id=team.id, player_id=player.id))


def team_info(session: Session, team: Team) -> TeamInfo:
    assert team.id is not None
    names = rosters(session=session, team_ids=[team.id]).get(team.id, ())
    return TeamInfo(team.id, team.name, names, team.retired, team.division)


def rosters(*, session: Session, team_ids: Sequence[int]) -> dict[int, tuple[str, ...]]:
    """Each team's players now on its roster, in the order they joined (a team with
    nobody on it is left out)."""
    found: dict[int, list[str]] = {}
    for team_id, name in session.exec(
        select(TeamMember.team_id, Player.name)
        .join(Player, col(TeamMember.player_id) == col(Player.id))
        .where(col(TeamMember.team_id).in_(team_ids), col(TeamMember.left_at).is_(None))
        .order_by(col(TeamMember.id))
    ).all():
        found.setdefault(team_id, []).append(name)
    return {team_id: tuple(names) for team_id, names in found.items()}


def roster_seats(rules: RuleSet, side_rosters: Sequence[Sequence[str]]) -> dict[str, str]:
    """Who sits where when nobody said: each side's seats (A, then B…) taken by its
    team's roster in order (seats beyond the roster stay empty)."""
    seats: dict[str, str] = {}
    for side, names in zip("ABC", side_rosters, strict=False):
        seats.update(zip(rules.layout.seats_of(side), names, strict=False))
    return seats


# ----------------------------------------------------------------- schedule
class ScheduleExistsError(StoreError):
    """The season has a schedule, and replacing it was not asked for (``generate_schedule``)."""


def generate_schedule(
    database: Database,
    season: str,
    *,
    rounds: int = 1,
    start: date | None = None,
    days_between: int = 7,
    league: str | None = None,
    replace: bool = False,
    within_rounds: int | None = None,
    across_rounds: int | None = None,
) -> int:
    """Make the round-robin schedule; returns the number of weeks.

    A season with divisions plays ``within_rounds`` inside each division and
    ``across_rounds`` against the other divisions' teams (``divided_weeks``) instead.

    Refused once a season game is entered: regenerating would orphan it. A
    schedule already made is replaced only when ``replace`` says so (the
    secretary was asked): its matches' dates, tables, postponements and
    forfeits go with it; otherwise ``ScheduleExistsError``. The rounds, the
    weeks they take and the nights' dates are within their limits
    (``rules.limits``), checked before anything is written.
    """
    for count in (rounds, within_rounds or 1, across_rounds or 1):
        within(ROUNDS, count)
    within(DAYS_BETWEEN, days_between)
    if start is not None:
        _within_calendar(start, problem("the first night"))
    with database.session(write=True) as session:
        found = find_season(session, season, league)
        refuse_schedule(session, found.id)
        if session.exec(select(StoredGame.id).where(StoredGame.season_id == found.id)).first():
            raise StoreError(
                problem(
                    "{name} already has games entered: edit the schedule by hand instead",
                    name=found.name,
                )
            )
        if session.exec(select(Playoff.id).where(Playoff.season_id == found.id)).first():
            raise StoreError(
                problem(
                    "{name} has its playoffs: a new schedule would drop their matches",
                    name=found.name,
                )
            )
        made = session.exec(select(Week.id).where(Week.season_id == found.id)).first()
        if made is not None and not replace:
            raise ScheduleExistsError(
                problem(
                    "{name} already has a schedule: a new one replaces every match and its date",
                    name=found.name,
                )
            )
        teams = session.exec(
            select(Team.id, Team.name, Team.division).where(
                Team.season_id == found.id, col(Team.retired).is_(False)
            )
        ).all()
        try:
            weeks = (
                divided_weeks(found, teams, within_rounds, across_rounds)
                if any(division for _team, _name, division in teams)
                or within_rounds is not None
                or across_rounds is not None
                else round_robin([team for team, *_ in teams if team is not None], rounds)
            )
        except ScheduleError as exc:
            raise StoreError(str(exc)) from None
        weeks_needed = len(weeks)
        if weeks_needed > WEEKS.high:
            raise StoreError(
                problem(
                    "{rounds} rounds of {count} teams take {weeks_needed} weeks; a "
                    "schedule has at most {high}",
                    rounds=rounds,
                    count=len(teams),
                    weeks_needed=weeks_needed,
                    high=WEEKS.high,
                )
            )
        if start is not None and weeks_needed > 1:
            last = start.toordinal() + days_between * (weeks_needed - 1)
            last_night = date.fromordinal(min(last, date.max.toordinal()))
            _within_calendar(last_night, problem("the last night"))
        for old_week in session.exec(select(Week).where(Week.season_id == found.id)).all():
            for fixture in session.exec(select(Fixture).where(Fixture.week_id == old_week.id)):
                session.delete(fixture)
            session.delete(old_week)
        session.flush()
        assert found.id is not None
        for number, pairings in enumerate(weeks, start=1):
            played_on = start + timedelta(days=days_between * (number - 1)) if start else None
            week = Week(season_id=found.id, number=number, played_on=played_on)
            session.add(week)
            session.flush()
            assert week.id is not None
            for pairing in pairings:
                session.add(
                    Fixture(
                        week_id=week.id,
                        table_no=pairing.table,
                        home_team_id=pairing.home,
                        away_team_id=pairing.away,
                        status=BYE if pairing.away is None else SCHEDULED,
                    )
                )
        session.commit()
        return len(weeks)


def schedule(database: Database, season: str, league: str | None = None) -> list[MatchInfo]:
    """The season's matches, week by week, with each match's state (by its name)."""
    with database.session() as session:
        found = find_season(session, season, league)
        assert found.id is not None
        return season_schedule(session=session, season_id=found.id)


def season_schedule(*, session: Session, season_id: int) -> list[MatchInfo]:
    """The season's matches, week by week, with each match's state, in one query: a line
    per match and game of the match, the games found by their match
    (``ux_game_fixture_id_game_no``), so the read grows with the schedule, never with
    the season's other games."""
    season = season_row(session, season_id)
    home, away = aliased(Team, name="home"), aliased(Team, name="away")
    game = StoredGame
    rows = session.execute(
        sa_select(
            col(Fixture.id),
            col(Week.number),
            col(Week.played_on),
            col(Fixture.table_no),
            col(home.name),
            col(away.name),
            col(Fixture.status),
            col(game.id),
            col(game.winner),
            *home_side_results(game),
            case(
                (col(Fixture.forfeited_by) == col(Fixture.home_team_id), col(home.name)),
                (col(Fixture.forfeited_by) == col(Fixture.away_team_id), col(away.name)),
            ),
            match_game_count_column(season),
            col(Fixture.playoff_round),
            col(Fixture.makeup_on),
            col(Fixture.playoff_bracket),
        )
        .select_from(Fixture)
        .join(Week, col(Week.id) == col(Fixture.week_id))
        .join(home, col(home.id) == col(Fixture.home_team_id))
        .outerjoin(away, col(away.id) == col(Fixture.away_team_id))
        .outerjoin(game, col(game.fixture_id) == col(Fixture.id))
        .where(col(Week.season_id) == season_id)
        .order_by(
            col(Week.number),
            col(Fixture.table_no),
            col(Fixture.id),
            col(game.game_no),
            col(game.id),
        )
    ).all()
    bracket = session.exec(
        select(Playoff.team_count, Playoff.double_elimination).where(Playoff.season_id == season_id)
    ).first()
    matches: list[MatchInfo] = []
    substitutes = match_substitutes(session=session, match_ids=[line[0] for line in rows])
    for _, group in groupby(rows, key=itemgetter(0)):
        lines = list(group)  # the match's games, one a line (one line of nulls for none)
        match_id, week, night, table, home_name, away_name, state, *_ = lines[0]
        forfeiter, count, stage, makeup_on, part = lines[0][-5:]
        played = [line for line in lines if line[7] is not None]
        games = tuple([line[7] for line in played])
        finished = len([line for line in lines if line[8] is not None])
        if state == SCHEDULED:
            state = ENTERED if finished >= count else TO_PLAY
        results = tuple(
            GameResult(number, *line[9:12]) for number, line in enumerate(played, start=1)
        )
        info = MatchInfo(
            match_id, week, night, table, home_name, away_name, state, finished, games,
            substitutes.get(match_id, {}), results, forfeiter, count,
            bracket_round_name(*bracket, part, stage) if bracket and stage else None, makeup_on,
        )  # fmt: skip
        matches.append(info)
    return matches


def match_substitutes(*, session: Session, match_ids: Sequence[int]) -> dict[int, dict[str, str]]:
    """Each match's substitutes, seat → name (a match with none is left out)."""
    found: dict[int, dict[str, str]] = {}
    for match_id, seat, name in session.exec(
        select(FixtureSubstitute.fixture_id, FixtureSubstitute.seat, Player.name)
        .join(Player, col(FixtureSubstitute.player_id) == col(Player.id))
        .where(col(FixtureSubstitute.fixture_id).in_(match_ids))
        .order_by(col(FixtureSubstitute.seat))
    ).all():
        found.setdefault(match_id, {})[seat] = name
    return found


def edit_match(
    database: Database,
    match_id: int,
    *,
    table: int | None = None,
    home: str | None = None,
    away: str | None = None,
    played_on: date | None = None,
) -> None:
    """Change a match's table, teams or date by hand. A retired team keeps the matches it
    has (either side) but is never put in another.

    The date of a postponed match (or of one already given a make-up date) is its
    make-up date: the match is back on for that day, and stays in its week (the
    standings after a week, a half). Any other match's date is its night's, for every
    match of the week."""
    if table is not None:
        within(TABLE, table)
    if played_on is not None:
        _within_calendar(played_on, problem("the night's date"))
    with database.session(write=True) as session:
        fixture = lock_match(session, match_id)
        week, season = match_week(session, fixture)
        if table is not None:
            fixture.table_no = table
        playing = (fixture.home_team_id, fixture.away_team_id)
        if fixture.playoff_round is not None and (home is not None or away is not None):
            raise StoreError(problem("a playoff match's teams come from the bracket"))
        if home is not None or away is not None:
            refuse_new_sides(session, season.id)
        if fixture.status == FORFEIT and (home is not None or away is not None):
            # The forfeit names a team of the match: other teams would take its result.
            raise StoreError(
                problem("this match is forfeit: put it back on before changing its teams")
            )
        for attribute, name in (("home_team_id", home), ("away_team_id", away)):
            if name is not None:
                team = team_by_name(session, season, name.strip())
                if team is None:
                    raise StoreError(
                        problem("{name} has no team called {name2}", name=season.name, name2=name)
                    )
                if team.retired and team.id not in playing:
                    raise StoreError(
                        problem(
                            "{name} is retired: it is never put in another match", name=team.name
                        )
                    )
                setattr(fixture, attribute, team.id)
        if fixture.away_team_id == fixture.home_team_id:
            raise StoreError(problem("a team cannot play itself"))
        making_up = fixture.status == POSTPONED or (
            fixture.makeup_on is not None and fixture.status == SCHEDULED
        )
        if played_on is not None and making_up:
            fixture.makeup_on = None if played_on == week.played_on else played_on
            fixture.status = SCHEDULED
        elif played_on is not None:
            week.played_on = played_on
            session.add(week)
        fixture.version += 1
        session.add(fixture)
        session.commit()


def set_match_status(
    database: Database, match_id: int, status: str, *, forfeited_by: str | None = None
) -> None:
    """Postpone a match, record a forfeit (by the named team), or put it back on."""
    if status not in (SCHEDULED, POSTPONED, FORFEIT):
        raise StoreError(
            problem(
                "a match can be {scheduled}, {postponed} or {forfeit}, not {status!r}",
                scheduled=SCHEDULED,
                postponed=POSTPONED,
                forfeit=FORFEIT,
                status=status,
            )
        )
    with database.session(write=True) as session:
        fixture = lock_match(session, match_id)
        if fixture.away_team_id is None:
            raise StoreError(problem("a bye has no opponent to play, postpone or forfeit"))
        fixture.forfeited_by = None
        if status == FORFEIT:
            if session.exec(
                select(StoredGame.id).where(StoredGame.fixture_id == fixture.id)
            ).first():
                raise StoreError(
                    problem(
                        "match {match_id} already has a game stored: a match that was "
                        "played cannot be forfeited (delete its game first)",
                        match_id=match_id,
                    )
                )
            names = {
                fixture.home_team_id: get_team(session, fixture.home_team_id).name,
                fixture.away_team_id: get_team(session, fixture.away_team_id).name,
            }
            loser = [
                team
                for team, name in names.items()
                if forfeited_by and name_key(name) == name_key(forfeited_by)
            ]
            if not loser:
                raise StoreError(
                    problem(
                        "name the team that forfeited: {join}", join=" or ".join(names.values())
                    )
                )
            fixture.forfeited_by = loser[0]
        if status == POSTPONED:
            fixture.makeup_on = None  # postponed again: its make-up is off
        fixture.status = status
        fixture.version += 1
        session.add(fixture)
        advance_match(session, fixture.id)  # a forfeit decides a playoff match
        session.commit()


def lock_match(session: Session, match_id: int) -> Fixture:
    """A match, locked for this transaction: on PostgreSQL its row (``FOR UPDATE``); on
    SQLite a write session already holds the whole file. Everything that adds a game to
    a match or changes it takes this lock first (see ``store.games``)."""
    fixture = session.exec(
        select(Fixture).where(Fixture.id == known_id(match_id, "match")).with_for_update()
    ).first()
    if fixture is None:
        raise StoreError(problem("there is no match {match_id}", match_id=match_id))
    return fixture


def match_week(session: Session, fixture: Fixture) -> tuple[Week, Season]:
    """A match's week, and its season."""
    week = session.get(Week, fixture.week_id)
    assert week is not None
    season = session.get(Season, week.season_id)
    assert season is not None
    return week, season


def _within_calendar(day: date, what: Problem) -> None:
    try:
        SCHEDULE_DATES.check(day, what)
    except LimitError as exc:
        raise refusal(exc) from None


# ---------------------------------------------------------------- standings
def season_week_results(
    database: Database, season: str, league: str | None = None
) -> list[WeekResult]:
    """The finished, scheduled games of a season: week, the two teams, the winner's name."""
    with database.session() as session:
        found = find_season(session, season, league)
        rows = session.execute(
            sa_select(
                col(Week.number),
                col(StoredGame.side_a),
                col(StoredGame.side_b),
                col(StoredGame.winner),
            )
            .select_from(StoredGame)
            .join(Fixture, col(StoredGame.fixture_id) == col(Fixture.id))
            .join(Week, col(Fixture.week_id) == col(Week.id))
            .where(col(StoredGame.season_id) == found.id, col(StoredGame.winner).is_not(None))
            .order_by(col(Week.number), col(StoredGame.id))
        ).all()
    return [
        WeekResult(
            week, (side_a, side_b), None if winner == TIE else (side_a, side_b)["AB".index(winner)]
        )
        for week, side_a, side_b, winner in rows
    ]


# ------------------------------------------------------------------ exports
@dataclass(frozen=True)
class SeasonGame:
    """A stored game of a season, where it was played, and its game sheet."""

    id: int
    week: int | None
    table: int | None
    document: dict[str, Any]


def season_games(database: Database, season: str, league: str | None = None) -> list[SeasonGame]:
    """Every game of the season as a ``clabber-game/1`` document, in the order entered."""
    with database.session() as session:
        found = find_season(session, season, league)
        places = session.execute(
            sa_select(col(StoredGame.id), col(Week.number), col(Fixture.table_no))
            .select_from(StoredGame)
            .outerjoin(Fixture, col(StoredGame.fixture_id) == col(Fixture.id))
            .outerjoin(Week, col(Fixture.week_id) == col(Week.id))
            .where(col(StoredGame.season_id) == found.id)
            .order_by(col(StoredGame.id))
        ).all()
        documents = game_documents(session, [game_id for game_id, _, _ in places])
    return [SeasonGame(game_id, week, table, documents[game_id]) for game_id, week, table in places]


@dataclass(frozen=True)
class GamePlace:
    """Where and when a stored game was played: what its printed sheet's heading says."""

    id: int
    league: str | None
    season: str | None
    week: int | None
    table: int | None
    played_on: date
    """The night of the game's week when the schedule gives one, else the day it was started."""


def game_places(
    database: Database,
    *,
    season: str | None = None,
    league: str | None = None,
    game_id: int | None = None,
) -> list[GamePlace]:
    """The place of one game (``game_id``) or of every game of a season, in the order entered."""
    with database.session() as session:
        query = (
            sa_select(
                col(StoredGame.id),
                col(StoredGame.started_at),
                col(League.name),
                col(Season.name),
                col(Week.number),
                col(Week.played_on),
                col(Fixture.table_no),
            )
            .select_from(StoredGame)
            .outerjoin(Season, col(StoredGame.season_id) == col(Season.id))
            .outerjoin(League, col(Season.league_id) == col(League.id))
            .outerjoin(Fixture, col(StoredGame.fixture_id) == col(Fixture.id))
            .outerjoin(Week, col(Fixture.week_id) == col(Week.id))
            .order_by(col(StoredGame.id))
        )
        if season is not None:
            found = find_season(session, season, league)
            query = query.where(col(StoredGame.season_id) == found.id)
        if game_id is not None:
            query = query.where(col(StoredGame.id) == known_id(game_id, "game"))
        rows = session.execute(query).all()
    if game_id is not None and not rows:
        raise no_game(database, game_id)
    return [
        GamePlace(
            game,
            league_name,
            season_name,
            week,
            table,
            played_on or _local_day(started),
        )
        for game, started, league_name, season_name, week, played_on, table in rows
    ]


def _local_day(moment: datetime) -> date:
    """The store writes UTC without a zone; the calendar day is the one at the table."""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone().date()
