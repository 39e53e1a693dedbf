"""Rosters from a spreadsheet into a season: the plan (``league.roster_sheet``) worked
out against the rosters as they stand and, unless only shown, written in the same
transaction, so that what was shown is what is added. All or nothing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlmodel import col, select

from clabber_league.league.roster_sheet import RosterPlan, roster_plan
from clabber_league.rules.messages import problem
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.league import join_roster, rosters, team_by_name
from clabber_league.store.models import Team
from clabber_league.store.seasons import find_season


class RosterImportError(StoreError):
    """The rows have problems (``lines``, a row number each): nothing was added."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = tuple(lines)
        super().__init__("\n".join(self.lines))


def import_rosters(
    database: Database,
    season: str,
    rows: Sequence[Sequence[str]],
    *,
    league: str | None = None,
    words: Mapping[str, str] | None = None,
    dry_run: bool = False,
) -> RosterPlan:
    """Plan the rows (the header first) on the season and, unless ``dry_run``, add the
    new teams and the players; ``RosterImportError`` with every problem otherwise."""
    with database.session(write=not dry_run) as session:
        found = find_season(session, season, league)
        teams = session.exec(
            select(Team).where(Team.season_id == found.id).order_by(col(Team.id))
        ).all()
        players = rosters(session=session, team_ids=[team.id for team in teams if team.id])
        plan = roster_plan(rows, {team.name: players.get(team.id or 0, ()) for team in teams},
                           words)  # fmt: skip
        retired = {team.name for team in teams if team.retired}
        problems = list(plan.problems) + [
            problem("{name} is retired: its roster takes no one new", name=name)
            for name in dict.fromkeys(team for team, _ in plan.added if team in retired)
        ]
        if problems:
            raise RosterImportError(problems)
        if dry_run:
            return plan
        for name in plan.new_teams:
            session.add(Team(name=name, season_id=found.id))
        session.flush()
        for team_name, player in plan.added:
            team = team_by_name(session, found, team_name)
            assert team is not None
            join_roster(session, team, player)
        session.commit()
        return plan
