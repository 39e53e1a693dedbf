"""What a tournament's season refuses: the edits that would take its rounds away from
its movement.

A progressive tournament's matches and partnerships are its movement
(``store.tournaments``): a generated schedule would replace its rounds, another team
in a match or another player on a partnership would seat someone the movement never
put there, and a removed partnership would turn its table into a bye. Each writer
asks here, in its own transaction, before it changes anything; this module reads only
the models, so ``store.league`` and ``store.team_removal`` can ask without a cycle.
"""

from __future__ import annotations

from sqlmodel import Session, select

from clabber_league.rules.messages import problem
from clabber_league.store.errors import StoreError
from clabber_league.store.models import Team, Tournament

PROGRESSIVE = "progressive"


def refuse_schedule(session: Session, season_id: int | None) -> None:
    """A tournament's rounds are never a generated schedule."""
    found = _tournament(session, season_id)
    if found is not None:
        raise StoreError(
            problem(
                "{name} is a tournament: its rounds come from its movement, not a schedule",
                name=found.name,
            )
        )


def refuse_new_sides(session: Session, season_id: int | None) -> None:
    """A progressive tournament's tables keep the partnerships its movement gave them."""
    found = _tournament(session, season_id)
    if found is not None and found.kind == PROGRESSIVE:
        raise StoreError(
            problem(
                "{name} is a tournament: each table's partnerships come from its movement",
                name=found.name,
            )
        )


def refuse_partnership_change(session: Session, team: Team) -> None:
    """A progressive tournament's partnership keeps its two players and its tables; a
    stand-in for one table is a substitute."""
    found = _tournament(session, team.season_id)
    if found is not None and found.kind == PROGRESSIVE:
        raise StoreError(
            problem(
                "{team} is a partnership of the tournament {name}: its players and tables "
                "come from the movement (a stand-in for one table is a substitute)",
                team=team.name,
                name=found.name,
            )
        )


def _tournament(session: Session, season_id: int | None) -> Tournament | None:
    if season_id is None:
        return None
    return session.exec(select(Tournament).where(Tournament.season_id == season_id)).first()
