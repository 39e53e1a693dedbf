"""Finding a season by the name a person typed (the command line, a dialog): the edges
resolve names here, and hand the store's functions the season's id."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, select

from clabber_league.rules.messages import problem
from clabber_league.rules.names import name_key
from clabber_league.store.errors import StoreError
from clabber_league.store.models import League, Season


def find_season(session: Session, name: str, league: str | None = None) -> Season:
    """The season called ``name`` (in ``league``, when several leagues have one)."""
    query = select(Season, League).join(League).where(Season.name_key == name_key(name))
    if league:
        query = query.where(League.name_key == name_key(league))
    found = session.exec(query).all()
    if len(found) != 1:
        raise not_one_season(name, league, [found_league.name for _, found_league in found])
    return found[0][0]


def not_one_season(season: str, league: str | None, leagues: Sequence[str]) -> StoreError:
    """Why ``season`` names no single season: there is none (in ``league``), or each of
    ``leagues`` has one."""
    if not leagues:
        return StoreError(
            f"there is no season called {season!r}" + (f" in {league}" if league else "")
        )
    return StoreError(
        problem(
            "several leagues have a season called {name!r} ({leagues}): name the league",
            name=season,
            leagues=", ".join(sorted(leagues)),
        )
    )
