"""Progressive tournaments: kept as a season of their own, read back as a movement and
ranked player by player from their games.

A tournament's season holds everything the league night already plays: each round
is a week (round 1 is week 1), each table a match of that week, and each
partnership a team of two (named "Ann & Bob"; partners never repeat, so neither do
the names), whose roster order seats them (North then South, East then West). So
the recorder, the night service's table links, the phones and the board play a
round as they play a league night, with no path of their own. What only a
tournament has is its row (``Tournament``: name, kind, seed, hands a round) and its
players in sign-up order (``TournamentPlayer``); a round's sit-outs are read as the
players seated at none of its tables.

The individual standings are counted from the finished games on every read
(``league.progressive``): nothing is kept beside the games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from clabber_league.league.movement import Movement, MovementError, Round, Table, plan_movement
from clabber_league.league.progressive import PlayerScore, SeatResult, progressive_standings
from clabber_league.rules.errors import RuleSetError
from clabber_league.rules.limits import ROUND_HANDS, TARGET
from clabber_league.rules.messages import problem
from clabber_league.rules.names import name_key
from clabber_league.rules.rulesets import rule_set
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError, within
from clabber_league.store.games import player_named
from clabber_league.store.league import (
    join_roster,
    new_season,
    rosters,
    season_rules,
    season_taken,
    unique_or,
)
from clabber_league.store.models import (
    Fixture,
    League,
    Player,
    Season,
    StoredGame,
    Team,
    Tournament,
    TournamentPlayer,
    Week,
)

PROGRESSIVE, KNOCKOUT = "progressive", "knockout"


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament and the season it is played as."""

    id: int
    name: str
    kind: str
    league: str
    season: str
    season_id: int
    seed: int
    hands_per_round: int | None
    """Null: a round is a game to ``target``."""
    target: int
    players: tuple[str, ...]
    """A progressive tournament's players in sign-up order (empty for a knockout)."""
    rounds: int


# ------------------------------------------------------------------ making it
def create_tournament(
    database: Database,
    *,
    name: str,
    players: Sequence[str],
    rounds: int,
    seed: int = 0,
    hands_per_round: int | None = None,
    to_points: int | None = None,
    preset: str = "evansville",
    league: str | None = None,
) -> TournamentInfo:
    """Plan the movement and keep it: the season (of ``league``, else a league named
    after the tournament), a week a round, a match a table, a team a partnership, all in
    one transaction. A round is ``hands_per_round`` hands, else one game to ``to_points``
    (else the preset's target). Refused, changing nothing: a movement that cannot be
    planned (``league.movement``), a name another tournament has, a season of that name
    in the league, and hands or points outside their limits."""
    options: dict[str, object] = {}
    if hands_per_round is not None:
        options["hands_per_game"] = within(ROUND_HANDS, hands_per_round)
    if to_points is not None:
        options["target"] = within(TARGET, to_points)
    try:
        rules = rule_set(preset, options)
        movement = plan_movement(players, rounds, seed=seed)
    except (RuleSetError, MovementError) as exc:
        raise StoreError(str(exc)) from None
    with database.session(write=True) as session:
        refuse_taken_name(session, name)
        season = new_season(session, league=league or name, season=name, rules=rules)
        assert season.id is not None
        row = Tournament(
            name=season.name,
            season_id=season.id,
            kind=PROGRESSIVE,
            seed=seed,
            hands_per_round=hands_per_round,
        )
        session.add(row)
        session.flush()
        assert row.id is not None
        keep_players(session, row.id, movement.players)
        for planned in movement.rounds:
            _keep_round(session, season, planned)
        with unique_or(season_taken(session, season)):
            session.commit()
        return _info(session, row)


def _keep_round(session: Session, season: Season, planned: Round) -> None:
    assert season.id is not None
    week = Week(season_id=season.id, number=planned.round)
    session.add(week)
    session.flush()
    assert week.id is not None
    for table in planned.tables:
        teams = [_partnership(session, season, side) for side in table.sides]
        session.add(
            Fixture(
                week_id=week.id,
                table_no=table.table,
                home_team_id=teams[0],
                away_team_id=teams[1],
            )
        )


def _partnership(session: Session, season: Season, side: tuple[str, str]) -> int:
    team = Team(name=partnership_name(side), season_id=season.id)
    session.add(team)
    session.flush()
    for player in side:
        join_roster(session, team, player)
    session.flush()
    assert team.id is not None
    return team.id


def partnership_name(side: Sequence[str]) -> str:
    """A partnership's team name, the North (or East) player first: "Ann & Bob"."""
    return " & ".join(side)


def refuse_taken_name(session: Session, name: str) -> None:
    """``StoreError`` when another tournament (of either kind) has the name: names are
    unique in a database, as the commands find a tournament by its name alone."""
    clash = session.exec(
        select(Tournament.name).where(Tournament.name_key == name_key(name))
    ).first()
    if clash is not None:
        raise StoreError(problem("there is already a tournament called {name}", name=clash))


# ------------------------------------------------------------------ reading it
def find_tournament(session: Session, name: str, *, kind: str | None = None) -> Tournament:
    """The tournament called ``name`` (by ``name_key``), of ``kind`` when one is asked
    for, or ``StoreError`` naming the tournaments there are, or saying what it is."""
    found = session.exec(select(Tournament).where(Tournament.name_key == name_key(name))).first()
    if found is not None and kind is not None and found.kind != kind:
        if found.kind == KNOCKOUT:
            raise StoreError(
                problem(
                    "{name} is a knockout, not a progressive tournament: "
                    "`tournament bracket` shows it",
                    name=found.name,
                )
            )
        raise StoreError(
            problem("{name} is a progressive tournament, not a knockout", name=found.name)
        )
    if found is not None:
        return found
    names = session.exec(select(Tournament.name).order_by(col(Tournament.name))).all()
    if names:
        raise StoreError(
            problem(
                "there is no tournament called {name!r}; there are {names}",
                name=name,
                names=", ".join(names),
            )
        )
    raise StoreError(problem("there is no tournament called {name!r}", name=name))


def tournament_of_season(
    session: Session, season_id: int, *, kind: str | None = None
) -> Tournament | None:
    """The tournament a season is played as, if it is one (of ``kind``, when asked: the
    board, the window and the site show a progressive one's standings player by
    player)."""
    query = select(Tournament).where(Tournament.season_id == season_id)
    if kind is not None:
        query = query.where(Tournament.kind == kind)
    return session.exec(query).first()


def tournament_info(database: Database, name: str, *, kind: str | None = None) -> TournamentInfo:
    with database.session() as session:
        return _info(session, find_tournament(session, name, kind=kind))


def list_tournaments(database: Database) -> list[TournamentInfo]:
    with database.session() as session:
        rows = session.exec(select(Tournament).order_by(col(Tournament.name))).all()
        return [_info(session, row) for row in rows]


def _info(session: Session, row: Tournament) -> TournamentInfo:
    assert row.id is not None
    season = session.get(Season, row.season_id)
    assert season is not None
    home = session.get(League, season.league_id)
    assert home is not None
    rounds = session.exec(select(Week.id).where(Week.season_id == row.season_id)).all()
    return TournamentInfo(
        row.id,
        row.name,
        row.kind,
        home.name,
        season.name,
        row.season_id,
        row.seed,
        row.hands_per_round,
        season_rules(season).options.target,
        tuple(tournament_players(session, row.id)),
        len(rounds),
    )


def keep_players(session: Session, tournament_id: int, players: Sequence[str]) -> None:
    """The tournament's players in sign-up order (a new tournament's, or an imported
    one's), each found or made by name."""
    for position, player in enumerate(players, start=1):
        person = player_named(session, player)
        assert person.id is not None
        session.add(
            TournamentPlayer(tournament_id=tournament_id, position=position, player_id=person.id)
        )


def tournament_players(session: Session, tournament_id: int) -> list[str]:
    """The tournament's players in sign-up order."""
    return list(
        session.exec(
            select(Player.name)
            .join(TournamentPlayer, col(TournamentPlayer.player_id) == col(Player.id))
            .where(TournamentPlayer.tournament_id == tournament_id)
            .order_by(col(TournamentPlayer.position))
        ).all()
    )


def tournament_movement(*, session: Session, tournament_id: int) -> Movement:
    """The movement as stored: each round's tables (from its matches and their teams'
    rosters) and its sit-outs, the players at none of them, in sign-up order."""
    row = session.get(Tournament, tournament_id)
    assert row is not None
    players = tournament_players(session, tournament_id)
    fixtures = session.exec(
        select(Week.number, Fixture)
        .join(Fixture, col(Fixture.week_id) == col(Week.id))
        .where(Week.season_id == row.season_id)
        .order_by(col(Week.number), col(Fixture.table_no))
    ).all()
    team_ids = [
        team for _, fixture in fixtures for team in (fixture.home_team_id, fixture.away_team_id)
    ]
    partners = rosters(session=session, team_ids=[team for team in team_ids if team])
    tables: dict[int, list[Table]] = {}
    for number, fixture in fixtures:
        sides = tuple(
            _side(partners.get(team or 0, ()))
            for team in (fixture.home_team_id, fixture.away_team_id)
        )
        tables.setdefault(number, []).append(Table(fixture.table_no, (sides[0], sides[1])))
    weeks = session.exec(
        select(Week.number).where(Week.season_id == row.season_id).order_by(col(Week.number))
    ).all()
    rounds = []
    for number in weeks:
        seated = {player for table in tables.get(number, []) for _, player in table.seated()}
        byes = tuple(player for player in players if player not in seated)
        rounds.append(Round(number, tuple(tables.get(number, [])), byes))
    return Movement(tuple(players), tuple(rounds))


def _side(names: Sequence[str]) -> tuple[str, str]:
    """A partnership's two players (a roster emptied by hand shows as blanks)."""
    first, second = (*names, "", "")[:2]
    return first, second


def tournament_standings(*, session: Session, tournament_id: int) -> list[PlayerScore]:
    """Every player's points, games won and rank, counted from the finished games of the
    tournament's rounds, with each sit-out scoring its round's average
    (``league.progressive``)."""
    row = session.get(Tournament, tournament_id)
    assert row is not None
    movement = tournament_movement(session=session, tournament_id=tournament_id)
    games = session.execute(
        sa_select(
            col(Week.number),
            col(StoredGame.team_a_id),
            col(StoredGame.team_b_id),
            col(StoredGame.total_a),
            col(StoredGame.total_b),
            col(StoredGame.winner),
        )
        .join(Fixture, col(StoredGame.fixture_id) == col(Fixture.id))
        .join(Week, col(Fixture.week_id) == col(Week.id))
        .where(
            col(StoredGame.season_id) == row.season_id,
            col(StoredGame.winner).is_not(None),
        )
    ).all()
    teams = {team for game in games for team in game[1:3] if team is not None}
    partners = rosters(session=session, team_ids=sorted(teams))
    results: list[SeatResult] = []
    for number, team_a, team_b, total_a, total_b, winner in games:
        for team, total, letter in ((team_a, total_a, "A"), (team_b, total_b, "B")):
            results.extend(
                SeatResult(number, player, total, winner == letter)
                for player in partners.get(team or 0, ())
            )
    byes = [(found.round, player) for found in movement.rounds for player in found.byes]
    return progressive_standings(movement.players, results, byes)
