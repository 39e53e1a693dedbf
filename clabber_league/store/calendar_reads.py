"""What a season's calendars and its results feed read: the schedule, and for each match
its teams' ids and when its last game finished.

The published site's calendar and feed (``clabber_league.site``) must give the same
bytes for the same database, so every time they write is one the database holds:
the season's creation, a game's finish. Nothing here is kept beside the games; it is
read again on every publish (``docs/architecture.md``: one truth).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from clabber_league.store.database import Database
from clabber_league.store.league import MatchInfo, season_schedule
from clabber_league.store.models import Fixture, League, StoredGame, Team, Week
from clabber_league.store.seasons import find_season


@dataclass(frozen=True)
class MatchStamp:
    """What the schedule's line does not say about a match: whose it is, and when."""

    home_team_id: int
    away_team_id: int | None
    """``None`` for a bye."""
    last_finished: datetime | None
    """When the match's last finished game finished (UTC); ``None`` before any has."""


@dataclass(frozen=True)
class SeasonDates:
    """A season's schedule with each match's stamp, read in one session."""

    season_id: int
    league: str
    season: str
    created_at: datetime
    """When the season was made (UTC): the time of anything with no game to date it."""
    teams: dict[int, str]
    """Team id → name, every team of the season (a retired one too), in the order made."""
    matches: tuple[MatchInfo, ...]
    stamps: dict[int, MatchStamp]
    """Match id → its stamp, for every match of ``matches``."""


def season_dates(database: Database, season: str, league: str | None = None) -> SeasonDates:
    """The season called ``season`` (in ``league`` when several leagues have one): its
    schedule (``store.league.season_schedule``) and its matches' stamps."""
    with database.session() as session:
        found = find_season(session, season, league)
        assert found.id is not None
        owner = session.get(League, found.league_id)
        assert owner is not None
        return SeasonDates(
            season_id=found.id,
            league=owner.name,
            season=found.name,
            created_at=as_utc(found.created_at),
            teams=season_teams(session=session, season_id=found.id),
            matches=tuple(season_schedule(session=session, season_id=found.id)),
            stamps=match_stamps(session=session, season_id=found.id),
        )


def season_teams(*, session: Session, season_id: int) -> dict[int, str]:
    """Team id → name for every team of the season, a retired one too, in the order made."""
    rows = session.execute(
        sa_select(col(Team.id), col(Team.name))
        .where(col(Team.season_id) == season_id)
        .order_by(col(Team.id))
    ).all()
    return {row[0]: row[1] for row in rows}


def match_stamps(*, session: Session, season_id: int) -> dict[int, MatchStamp]:
    """Each match of the season: its teams' ids and its last game's finish,
    in one GROUP BY over the season's fixtures and their games."""
    rows = session.execute(
        sa_select(
            col(Fixture.id),
            col(Fixture.home_team_id),
            col(Fixture.away_team_id),
            func.max(col(StoredGame.finished_at)),
        )
        .select_from(Fixture)
        .join(Week, col(Week.id) == col(Fixture.week_id))
        .outerjoin(StoredGame, col(StoredGame.fixture_id) == col(Fixture.id))
        .where(col(Week.season_id) == season_id)
        .group_by(
            col(Fixture.id),
            col(Fixture.home_team_id),
            col(Fixture.away_team_id),
        )
    ).all()
    return {
        match_id: MatchStamp(home, away, None if last is None else as_utc(last))
        for match_id, home, away, last in rows
    }


def as_utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC time to the second: SQLite gives back the UTC it was
    written in without a zone, PostgreSQL may give it with one; a calendar or a feed
    wants neither the microseconds nor a difference between the two."""
    aware = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return aware.replace(microsecond=0)
