"""Finding a season by the name a person typed (the command line, a dialog): the edges
resolve names here, and hand the store's functions the season's id."""

from __future__ import annotations

from sqlalchemy import ColumnElement, func
from sqlmodel import Session, col, select

from clabber_league.rules.messages import problem
from clabber_league.rules.names import name_key
from clabber_league.store.errors import StoreError, known_id
from clabber_league.store.models import Fixture, League, Season


def find_season(session: Session, name: str, league: str | None = None) -> Season:
    """The season called ``name`` (in ``league``, when several leagues have one)."""
    query = select(Season, League).join(League).where(Season.name_key == name_key(name))
    if league:
        query = query.where(League.name_key == name_key(league))
    found = session.exec(query).all()
    if not found:
        raise StoreError(
            f"there is no season called {name!r}" + (f" in {league}" if league else "")
        )
    if len(found) > 1:
        raise StoreError(
            problem(
                "several leagues have a season called {name!r} ({leagues}): name the league",
                name=name,
                leagues=", ".join(sorted(found_league.name for _, found_league in found)),
            )
        )
    return found[0][0]


def season_row(session: Session, season_id: int) -> Season:
    """The season, or ``StoreError`` for an id the database does not hold."""
    season = session.get(Season, known_id(season_id, "season"))
    if season is None:
        raise StoreError(problem("there is no season {season_id}", season_id=season_id))
    return season


def match_game_count(fixture: Fixture, season: Season) -> int:
    """How many games the match plays: its own number (a playoff match's), else the
    season's. Every reader of a match's number of games asks here (or, in SQL,
    ``match_game_count_column``), so the two can never disagree."""
    return fixture.games_per_match or season.games_per_match


def match_game_count_column(season: Season) -> ColumnElement[int]:
    """``match_game_count`` as a column of a query over the season's fixtures."""
    return func.coalesce(col(Fixture.games_per_match), season.games_per_match)
