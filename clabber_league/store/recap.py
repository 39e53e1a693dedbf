"""A week's results and records, counted from its matches' stored games.

What the secretary's weekly sheet (``print recap``) and the schedule's result column
read: each match's games as home and away totals, and the week's records (the highest
game, the biggest hand, the hands set). Counted in SQL from the games and hands on
every read, never kept (``docs/architecture.md``: one truth).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Select, Subquery, case, func, union_all
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from clabber_league.league.results import AWAY, HOME, TIE
from clabber_league.store.models import (
    Fixture,
    StoredGame,
    StoredHand,
    Team,
    Week,
)
from clabber_league.store.seasons import season_row


@dataclass(frozen=True)
class GameResult:
    """One game of a match, from the home team's side of the table."""

    number: int
    home_total: int
    away_total: int
    winner: str
    """``HOME``, ``AWAY``, ``TIE``, or "" while the game goes on."""


@dataclass(frozen=True)
class Record:
    """A record of the week: the team that holds it and its figure."""

    team: str
    figure: int


@dataclass(frozen=True)
class WeekRecords:
    """The week's records; ``None`` where no game of the week has any."""

    high_game: Record | None
    """The highest total a team finished a game with."""
    big_hand: Record | None
    """The most points a team scored in one hand."""
    hands_set: int
    """Hands whose makers went set."""
    most_set: Record | None
    """The team that went set most often as makers."""


def home_side_results(game: Any) -> tuple[ColumnElement[Any], ...]:
    """A match's game (``game``, joined to its ``Fixture``) as the home team sees it:
    its home total, away total and winner (``GameResult``'s last three fields)."""
    home = col(game.team_a_id) == col(Fixture.home_team_id)
    winner = case(
        (col(game.winner).is_(None), ""),
        (col(game.winner) == "tie", TIE),
        (col(game.winner) == case((home, "A"), else_="B"), HOME),
        else_=AWAY,
    )
    return (
        case((home, col(game.total_a)), else_=col(game.total_b)),
        case((home, col(game.total_b)), else_=col(game.total_a)),
        winner,
    )


def _week_games(season_id: int, week: int) -> Select[Any]:
    """The ids of the finished games of the week's matches."""
    return (
        sa_select(col(StoredGame.id))
        .join(Fixture, col(Fixture.id) == col(StoredGame.fixture_id))
        .join(Week, col(Week.id) == col(Fixture.week_id))
        .where(
            col(Week.season_id) == season_id,
            col(Week.number) == week,
            col(StoredGame.winner).is_not(None),
        )
    )


def _best(session: Session, lines: Subquery) -> Record | None:
    """The highest (team, figure) line; the first team by name on a tie."""
    best = session.execute(
        sa_select(col(Team.name), lines.c.figure)
        .join(Team, col(Team.id) == lines.c.team)
        .order_by(lines.c.figure.desc(), col(Team.name))
        .limit(1)
    ).first()
    return None if best is None or not best[1] else Record(best[0], int(best[1]))


def _per_side(games: Select[Any], figure: str, *, hands: bool = False) -> Subquery:
    """(team, figure) lines of the games, one per side: the game's ``{figure}_a`` and
    ``_b`` columns, or, given ``hands``, each hand's."""
    game = StoredGame
    lines: list[Select[Any]] = []
    for side in "ab":
        source = StoredHand if hands else game
        team: Any = col(getattr(game, f"team_{side}_id")).label("team")
        line: Select[Any] = sa_select(
            team, col(getattr(source, f"{figure}_{side}")).label("figure")
        )
        if hands:
            line = line.select_from(StoredHand).join(game, col(game.id) == col(StoredHand.game_id))
        lines.append(line.where(col(game.id).in_(games)))
    return union_all(*lines).subquery()


def week_records(*, session: Session, season_id: int, week: int) -> WeekRecords:
    """The week's highest game, biggest hand and sets, over its finished games."""
    hand = StoredHand
    games = _week_games(season_id, week)
    high = _best(session, _per_side(games, "total"))
    big = _best(session, _per_side(games, "score", hands=True))
    sets = _per_side(games, "sets")
    most = _best(
        session,
        sa_select(sets.c.team, func.sum(sets.c.figure).label("figure"))
        .group_by(sets.c.team)
        .subquery(),
    )
    hands_set = session.execute(
        sa_select(func.count()).where(col(hand.game_id).in_(games), col(hand.is_set))
    ).scalar_one()
    return WeekRecords(high, big, hands_set, most)


def week_lineups(*, session: Session, season_id: int, week: int) -> dict[int, dict[str, str]]:
    """Who sits where at each match of the week by the rosters (match id → seat → name):
    the home team's in the A seats, the away team's in the B seats (``roster_seats``).
    The match's substitutes sit over them (``MatchInfo.substitutes``, as ``match_seats``
    puts them)."""
    # store.league reads this module's columns for the schedule: imported when called.
    from clabber_league.store.league import roster_seats, rosters, season_rules  # noqa: PLC0415

    rules = season_rules(season_row(session, season_id))
    matches = session.execute(
        sa_select(col(Fixture.id), col(Fixture.home_team_id), col(Fixture.away_team_id))
        .join(Week, col(Week.id) == col(Fixture.week_id))
        .where(
            col(Week.season_id) == season_id,
            col(Week.number) == week,
            col(Fixture.away_team_id).is_not(None),
        )
    ).all()
    teams = [team for _match, *pair in matches for team in pair]
    names = rosters(session=session, team_ids=teams)
    return {
        match: roster_seats(rules, [names.get(home, ()), names.get(away, ())])
        for match, home, away in matches
    }
