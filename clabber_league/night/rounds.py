"""A tournament's round on league night: what the board and the phones add to a night
that is a progressive tournament's round (docs/league-night.md, "Tournaments").

A round is played as a league night (``store.tournaments``: round R is week R, a
table a match, a partnership a team), so the tables, the hands and the versions need
nothing of their own. What a tournament adds is read here, from the store, on every
read: the players' standings (``tournament_standings``, recounted from the games, so
the board moves the moment a table's game has its W), who sits the round out, and,
for a table's phone, where its four players sit next round.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from clabber_league.league.movement import Movement, Round
from clabber_league.store.models import Tournament
from clabber_league.store.tournaments import (
    PROGRESSIVE,
    tournament_movement,
    tournament_of_season,
    tournament_standings,
)


def board_round(session: Session, season_id: int, week: int) -> dict[str, Any] | None:
    """The board's ``tournament`` object (``None``: the night is no tournament's round):
    its name, the round and how many, the round's sit-outs, whether every round's every
    game is over, and the players' standings."""
    row = tournament_of_season(session, season_id, kind=PROGRESSIVE)
    if row is None:
        return None
    assert row.id is not None
    movement = tournament_movement(session=session, tournament_id=row.id)
    standings = tournament_standings(session=session, tournament_id=row.id)
    found = _round(movement, week)
    seats = sum(4 * len(planned.tables) for planned in movement.rounds)
    return {
        **_heading(row, movement, week),
        "byes": list(found.byes) if found else [],
        # Every table of every round has its W: each finished game is four seats played.
        "over": seats > 0 and sum(line.played for line in standings) == seats,
        "standings": [
            {"player": line.player, "points": line.points, "wins": line.wins, "rank": line.rank}
            for line in standings
        ],
    }


def table_round(
    session: Session, season_id: int, week: int, table_no: int
) -> dict[str, Any] | None:
    """A table's ``tournament`` object (``None``: no tournament's round): its name, the
    round and how many, and where each of the table's players sits next round, North
    first (``next`` is ``None`` after the last round)."""
    row = tournament_of_season(session, season_id, kind=PROGRESSIVE)
    if row is None:
        return None
    assert row.id is not None
    movement = tournament_movement(session=session, tournament_id=row.id)
    found = _round(movement, week)
    tables = found.tables if found else ()
    table = next((table for table in tables if table.table == table_no), None)
    players = [player for _, player in table.seated()] if table else []
    coming = _round(movement, week + 1)
    return {
        **_heading(row, movement, week),
        "next": [_place(coming, player) for player in players] if coming else None,
    }


def _heading(row: Tournament, movement: Movement, week: int) -> dict[str, Any]:
    return {"name": row.name, "round": week, "rounds": len(movement.rounds)}


def _round(movement: Movement, number: int) -> Round | None:
    return next((found for found in movement.rounds if found.round == number), None)


def _place(found: Round, player: str) -> dict[str, Any]:
    """Where ``player`` sits in round ``found``: the table, the seat (North, South, East
    or West), the partner and the two against; or a sit-out."""
    for table in found.tables:
        for index, side in enumerate(table.sides):
            if player in side:
                seat = next(seat for seat, seated in table.seated() if seated == player)
                partner = next((other for other in side if other != player), "")
                return {
                    "player": player,
                    "round": found.round,
                    "table": table.table,
                    "seat": seat,
                    "partner": partner,
                    "against": list(table.sides[1 - index]),
                }
    return {"player": player, "round": found.round, "bye": True}
