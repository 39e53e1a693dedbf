"""A season's standings and player figures, counted from its stored games.

The one place the league's figures are read: one GROUP BY over the season's
finished games between two teams (each game once per side) and its forfeited
matches, and head-to-head read only among the teams still level when "h2h"
comes. Nothing is kept beside the games, so no write path can leave the
standings behind them (``docs/architecture.md``: one truth).

A forfeited match counts every one of its games, won by the team that showed
up and written as the season's forfeit score, with no hands. A retired team
keeps its line (its games count for its opponents too) but is never ranked.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import ColumnElement, CompoundSelect, Select, and_, case, func, literal, union_all
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from clabber_league.league.players import PlayerRow, PlayerTotals, player_standings_from_totals
from clabber_league.league.ranking import HandCounts, StandingRow, TeamRecord
from clabber_league.league.ranking import standings_from_records as rank_records
from clabber_league.rules.messages import problem
from clabber_league.store.errors import StoreError
from clabber_league.store.models import (
    Fixture,
    GameSeat,
    Player,
    Season,
    StoredGame,
    Team,
    Week,
)

#: The columns of a side's line (``_sides``), summed per team.
FIGURES = (
    "games",
    "wins",
    "losses",
    "ties",
    "points_for",
    "points_against",
    "made",
    "sets",
    "reneges",
    "unknown_makers",
)
_TIE = "tie"
"""``rules.TIE``, as the ``winner`` column holds it (the rules package is not loaded here)."""


def season_row(session: Session, season_id: int) -> Season:
    """The season, or ``StoreError`` for an id the database does not hold."""
    season = session.get(Season, season_id)
    if season is None:
        raise StoreError(problem("there is no season {season_id}", season_id=season_id))
    return season


def standings(*, session: Session, season_id: int) -> list[StandingRow]:
    """Every team of the season, best first, in the season's tie-break order; retired
    teams after the ranked ones, with no rank."""
    season = season_row(session, season_id)
    names: dict[int, str] = {}
    retired: set[int] = set()
    for team_id, name, is_retired in session.execute(
        sa_select(col(Team.id), col(Team.name), col(Team.retired)).where(
            col(Team.season_id) == season_id
        )
    ).all():
        names[team_id] = name
        if is_retired:
            retired.add(team_id)
    sides = _sides(season).subquery()
    records: dict[int, TeamRecord] = {}
    hands: dict[int, HandCounts] = {}
    for team, _games, wins, losses, ties, pf, pa, made, sets, reneges, unknown in session.execute(
        sa_select(sides.c.team, *(func.sum(sides.c[name]) for name in FIGURES)).group_by(
            sides.c.team
        )
    ).all():
        records[team] = TeamRecord(wins, losses, ties, pf, pa)
        hands[team] = HandCounts(made, sets, reneges, unknown)

    def head_to_head(groups: list[list[int]]) -> dict[int, TeamRecord]:
        """Each level team's record over its games against the rest of its own group."""
        group_of = {team: number for number, group in enumerate(groups) for team in group}
        level = list(group_of)
        among: dict[int, TeamRecord] = {}
        for team, opponent, wins, losses, ties in session.execute(
            sa_select(
                sides.c.team,
                sides.c.opponent,
                func.sum(sides.c.wins),
                func.sum(sides.c.losses),
                func.sum(sides.c.ties),
            )
            .where(sides.c.team.in_(level), sides.c.opponent.in_(level))
            .group_by(sides.c.team, sides.c.opponent)
        ).all():
            if group_of[team] == group_of[opponent]:
                was = among.get(team, TeamRecord())
                among[team] = TeamRecord(was.w + wins, was.l + losses, was.t + ties)
        return among

    order = tuple(json.loads(season.tie_break_json))
    return rank_records(names, records, head_to_head, hands, order, retired=retired)


def _sides(season: Season) -> CompoundSelect[*tuple[Any, ...]]:
    """One line per finished game per side (the side's team against the other's), and
    one per forfeited match per team: team, opponent and ``FIGURES``."""
    game = StoredGame
    finished = and_(
        col(game.season_id) == season.id,
        col(game.winner).is_not(None),
        col(game.team_a_id).is_not(None),
        col(game.team_b_id).is_not(None),
    )
    parts: list[Select[*tuple[Any, ...]]] = []
    for me, them in (("a", "b"), ("b", "a")):
        parts.append(
            sa_select(
                col(getattr(game, f"team_{me}_id")).label("team"),
                col(getattr(game, f"team_{them}_id")).label("opponent"),
                literal(1).label("games"),
                _count(col(game.winner) == me.upper()).label("wins"),
                _count(col(game.winner) == them.upper()).label("losses"),
                _count(col(game.winner) == _TIE).label("ties"),
                col(getattr(game, f"total_{me}")).label("points_for"),
                col(getattr(game, f"total_{them}")).label("points_against"),
                col(getattr(game, f"made_{me}")).label("made"),
                col(getattr(game, f"sets_{me}")).label("sets"),
                col(getattr(game, f"reneges_{me}")).label("reneges"),
                col(game.unknown_makers).label("unknown_makers"),
            ).where(finished)
        )
    games = season.games_per_match
    high, low = season.forfeit_winner_score * games, season.forfeit_loser_score * games
    fixture = Fixture
    loser = col(fixture.forfeited_by)
    winner = case(
        (loser == col(fixture.home_team_id), col(fixture.away_team_id)),
        else_=col(fixture.home_team_id),
    )
    forfeited = and_(
        col(Week.season_id) == season.id,
        col(fixture.status) == "forfeit",
        col(fixture.away_team_id).is_not(None),
        loser.is_not(None),
    )
    for team, opponent, won in ((winner, loser, True), (loser, winner, False)):
        parts.append(
            sa_select(
                team.label("team"),
                opponent.label("opponent"),
                literal(games).label("games"),
                literal(games if won else 0).label("wins"),
                literal(0 if won else games).label("losses"),
                literal(0).label("ties"),
                literal(high if won else low).label("points_for"),
                literal(low if won else high).label("points_against"),
                *(literal(0).label(name) for name in FIGURES[6:]),
            )
            .select_from(fixture)
            .join(Week, col(Week.id) == col(fixture.week_id))
            .where(forfeited)
        )
    return union_all(*parts)


def _count(condition: ColumnElement[bool]) -> ColumnElement[int]:
    return case((condition, 1), else_=0)


def player_standings(*, session: Session, season_id: int) -> list[PlayerRow]:
    """Per player: the season's finished games they sat in, won, and their side's sets as
    makers, per team they sat for (0 for a side with no team)."""
    game, seat = StoredGame, GameSeat
    side = func.substr(col(seat.seat), 1, 1)

    def by_side(column: str, default: int | None = None) -> ColumnElement[int]:
        """The game's ``column`` (``team_{}_id``, ``sets_{}``) of the seat's side."""
        values = {letter: col(getattr(game, column.format(letter.lower()))) for letter in "ABC"}
        return case(
            (side == "A", values["A"]),
            (side == "B", values["B"]),
            else_=func.coalesce(values["C"], default) if default is not None else values["C"],
        )

    team = func.coalesce(by_side("team_{}_id"), 0).label("side_team")
    rows = session.execute(
        sa_select(
            col(seat.player_id),
            col(Player.name),
            team,
            func.count(),
            func.sum(_count(col(game.winner) == side)),
            func.sum(by_side("sets_{}", 0)),
        )
        .select_from(seat)
        .join(game, col(game.id) == col(seat.game_id))
        .join(Player, col(Player.id) == col(seat.player_id))
        .where(col(game.season_id) == season_id, col(game.winner).is_not(None))
        .group_by(col(seat.player_id), col(Player.name), team)
    ).all()
    return player_standings_from_totals(PlayerTotals(*row) for row in rows)
