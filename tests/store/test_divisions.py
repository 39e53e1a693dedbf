"""A team's division and a season's halves in the store (``store.divisions``): kept as
the season spells them, and refusals that change nothing."""

from __future__ import annotations

import pytest

from clabber_league.store.database import Database
from clabber_league.store.divisions import set_team_division, split_season
from clabber_league.store.errors import StoreError
from clabber_league.store.league import add_team, create_season, list_teams, season_info
from clabber_league.store.seasons import find_season
from clabber_league.store.standings import standings


def _season(database: Database) -> None:
    create_season(database, league="Club", season="Spring")
    add_team(database, "Spring", "Eagles", division="North")
    add_team(database, "Spring", "Owls", division=" north ")


def test_a_division_keeps_the_first_spelling_and_a_lone_team_its_own(database: Database) -> None:
    _season(database)
    assert [team.division for team in list_teams(database, "Spring")] == ["North", "North"]
    owls = list_teams(database, "Spring")[1]
    assert set_team_division(database, owls.id, "SOUTH") == "SOUTH"
    assert set_team_division(database, owls.id, "north") == "North"
    assert set_team_division(database, owls.id, None) is None


def test_a_bad_division_name_changes_nothing(database: Database) -> None:
    _season(database)
    owls = list_teams(database, "Spring")[1]
    with pytest.raises(StoreError):
        set_team_division(database, owls.id, "\x07")
    with pytest.raises(StoreError):
        add_team(database, "Spring", "Hawks", division="   ")
    assert [team.name for team in list_teams(database, "Spring")] == ["Eagles", "Owls"]
    assert list_teams(database, "Spring")[1].division == "North"


def test_a_split_needs_a_first_week(database: Database) -> None:
    _season(database)
    with pytest.raises(StoreError, match="at least 1 week, not 0"):
        split_season(database, "Spring", 0)
    assert season_info(database, "Spring").first_half_weeks is None
    assert split_season(database, "Spring", 5) == 5  # no schedule yet: any week will do
    assert season_info(database, "Spring").first_half_weeks == 5


@pytest.mark.parametrize("half", [0, 3])
def test_a_season_has_two_halves(database: Database, half: int) -> None:
    _season(database)
    split_season(database, "Spring", 1)
    with database.session() as session:
        season = find_season(session, "Spring")
        assert season.id is not None
        with pytest.raises(StoreError, match="halves 1 and 2"):
            standings(session=session, season_id=season.id, half=half)
