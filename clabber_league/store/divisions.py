"""A season's divisions and halves: the team's division, and where the first half ends.

A division is only a name on each of its teams (``Team.division``): compared by
``name_key``, so "north" and "North" are one division, spelled as its first team has
it. A split season keeps the last week of its first half (``Season.first_half_weeks``);
the standings count each half from its weeks' matches (``store.standings``).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func
from sqlmodel import Session, col, select

from clabber_league.league.division_schedule import division_schedule
from clabber_league.league.schedule import Pairing, ScheduleError
from clabber_league.rules.messages import Problem, problem
from clabber_league.rules.names import InvalidNameError, clean_name, name_key
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError, refusal
from clabber_league.store.models import Season, Team, Week
from clabber_league.store.seasons import find_season


def division_named(
    session: Session, season_id: int | None, name: str | None, besides: int | None = None
) -> str | None:
    """The division as it is kept: checked as a team name is, and spelled as the season
    already spells it when one of its teams (but ``besides``) is in it (``None``: no
    division)."""
    if name is None:
        return None
    try:
        cleaned = clean_name(name, "name")
    except InvalidNameError as exc:
        raise refusal(exc) from None
    key = name_key(cleaned)
    for spelled in season_divisions(session, season_id, besides):
        if name_key(spelled) == key:
            return spelled
    return cleaned


def season_divisions(
    session: Session, season_id: int | None, besides: int | None = None
) -> list[str]:
    """The season's divisions, each once, by ``name_key``, as its first team spells it
    (none: no divisions); ``besides`` a team that does not count."""
    spellings = session.exec(
        select(Team.division)
        .where(Team.season_id == season_id, col(Team.division).is_not(None), Team.id != besides)
        .order_by(col(Team.id))
    ).all()
    kept: dict[str, str] = {}
    for spelled in spellings:
        if spelled is not None:
            kept.setdefault(name_key(spelled), spelled)
    return sorted(kept.values(), key=name_key)


def set_team_division(database: Database, team_id: int, division: str | None) -> str | None:
    """Put the team in ``division`` (``None``: in none); returns the division as kept."""
    from clabber_league.store.league import get_team  # noqa: PLC0415 - league imports this

    with database.session(write=True) as session:
        team = get_team(session, team_id)
        kept = division_named(session, team.season_id, division, besides=team.id)
        team.division = kept
        session.add(team)
        session.commit()
        return kept


def split_season(
    database: Database, season: str, first_half_weeks: int | None, league: str | None = None
) -> int | None:
    """Split the season after week ``first_half_weeks`` (``None``: not split).

    Refused below week 1, and at or past the schedule's last week when there is a
    schedule: each half needs a week of its own."""
    with database.session(write=True) as session:
        found = find_season(session, season, league)
        if first_half_weeks is not None:
            weeks = session.exec(
                select(func.max(Week.number)).where(Week.season_id == found.id)
            ).one()
            if first_half_weeks < 1 or (weeks is not None and first_half_weeks >= weeks):
                raise StoreError(_half_refusal(found, first_half_weeks, weeks))
        found.first_half_weeks = first_half_weeks
        session.add(found)
        session.commit()
        return first_half_weeks


def _half_refusal(season: Season, weeks: int, scheduled: int | None) -> Problem:
    if scheduled is None or weeks < 1:
        return problem(
            "the first half of {season} needs at least 1 week, not {weeks}",
            season=season.name,
            weeks=weeks,
        )
    return problem(
        "the first half of {season} must end before its schedule's last week, "
        "{scheduled}, not after week {weeks}",
        season=season.name,
        scheduled=scheduled,
        weeks=weeks,
    )


def divided_weeks(
    season: Season,
    teams: Sequence[tuple[int | None, str, str | None]],
    within: int | None,
    across: int | None,
) -> list[list[Pairing]]:
    """The schedule of a season whose teams (id, name, division) play in divisions.

    With neither count given the teams play one round within their divisions. Refused
    when a team is in no division, or the season has no divisions at all (its schedule
    is the round robin of ``--rounds``)."""
    if not any(division for _team, _name, division in teams):
        raise ScheduleError(
            problem(
                "{season} has no divisions: its teams play a round robin of --rounds",
                season=season.name,
            )
        )
    groups: dict[str, list[int]] = {}
    for team, name, division in teams:
        assert team is not None
        if division is None:
            raise ScheduleError(
                problem(
                    "{team} of {season} is in no division: put it in one first",
                    team=name,
                    season=season.name,
                )
            )
        groups.setdefault(name_key(division), []).append(team)
    if within is None and across is None:
        within = 1
    return division_schedule(
        [groups[key] for key in sorted(groups)], within=within or 0, across=across or 0
    )
