"""Removing a team entered by mistake, while nothing of it has happened yet.

A team with a game begun (league or friendly), a forfeit or a playoff seed has a
history: it is retired instead (``league.retire_team``), never removed. A team
with none goes with its roster rows, and its matches, all in one transaction: a
match against another team becomes that team's bye for the week (so the week
still says what the team does), unless that team already has a bye that week,
when the match goes; the removed team's own byes go.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, or_, select

from clabber_league.rules.messages import problem
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.league import BYE, FORFEIT, get_team
from clabber_league.store.models import (
    Fixture,
    FixtureSubstitute,
    NightRequest,
    NightToken,
    PlayoffSeed,
    StoredGame,
    TeamMember,
)
from clabber_league.store.tournament_guard import refuse_partnership_change


@dataclass(frozen=True)
class TeamRemoved:
    """What a removal changed: the team's name, the matches that became the other
    team's bye, and the matches removed."""

    team: str
    byes: int
    removed: int


def remove_team(database: Database, team_id: int) -> TeamRemoved:
    """Remove a team that has no game begun, no forfeit and no playoff seed (else
    ``StoreError``, pointing to retiring it), with its roster and matches."""
    with database.session(write=True) as session:
        team = get_team(session, team_id)
        refuse_partnership_change(session, team)
        matches = session.exec(
            select(Fixture)
            .where(or_(Fixture.home_team_id == team.id, Fixture.away_team_id == team.id))
            .order_by(col(Fixture.id))
            .with_for_update()
        ).all()
        _refuse_with_history(session, team_id, team.name, matches)
        byes = removed = 0
        for match in matches:
            other = match.away_team_id if match.home_team_id == team_id else match.home_team_id
            _forget_match_rows(session, match)
            if other is not None and not _has_bye(session, match.week_id, other):
                match.home_team_id, match.away_team_id = other, None
                match.status, match.forfeited_by = BYE, None
                match.version += 1
                session.add(match)
                byes += 1
            else:
                session.delete(match)
                removed += 1 if other is not None else 0
        for member in session.exec(select(TeamMember).where(TeamMember.team_id == team_id)):
            session.delete(member)
        session.flush()
        session.delete(team)
        session.commit()
        return TeamRemoved(team.name, byes, removed)


def _refuse_with_history(
    session: Session, team_id: int, name: str, matches: Sequence[Fixture]
) -> None:
    """``StoreError`` when the team has a game begun, a forfeit or a playoff seed."""
    match_ids = [match.id for match in matches]
    begun = session.exec(
        select(StoredGame.id).where(
            or_(
                col(StoredGame.fixture_id).in_(match_ids),
                StoredGame.team_a_id == team_id,
                StoredGame.team_b_id == team_id,
                StoredGame.team_c_id == team_id,
            )
        )
    ).first()
    forfeit = any(match.status == FORFEIT for match in matches)
    seeded = session.exec(select(PlayoffSeed.seed).where(PlayoffSeed.team_id == team_id)).first()
    if begun is not None or forfeit or seeded is not None:
        raise StoreError(
            problem(
                "{name} has games, a forfeit or a playoff place: it cannot be removed; "
                "retire it instead (team retire)",
                name=name,
            )
        )


def _has_bye(session: Session, week_id: int, team_id: int) -> bool:
    return (
        session.exec(
            select(Fixture.id).where(
                Fixture.week_id == week_id,
                Fixture.home_team_id == team_id,
                col(Fixture.away_team_id).is_(None),
            )
        ).first()
        is not None
    )


def _forget_match_rows(session: Session, match: Fixture) -> None:
    """What hangs on a match that is removed or becomes a bye: its substitutes, its
    league night links and their answers (a bye has no table to play at)."""
    for table in (FixtureSubstitute, NightRequest, NightToken):
        for row in session.exec(select(table).where(table.fixture_id == match.id)):
            session.delete(row)
    session.flush()
