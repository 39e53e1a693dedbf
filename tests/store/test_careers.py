"""A season's careers as the store reads them: a played season's records and awards,
its best player the player of the season."""

from __future__ import annotations

from clabber_league.league.records import HIGH_GAME, PLAYER_OF_SEASON
from clabber_league.store.careers import career
from clabber_league.store.database import Database
from clabber_league.store.seasons import find_season
from tests.night.helpers import SEASON, played_season


def test_the_awards_of_a_played_season(database: Database) -> None:
    played_season(database)
    with database.session() as session:
        season = find_season(session, SEASON)
        found = career(session, season_id=season.id)
    given = {award.title: award for award in found.awards()}
    best = {found.names[p] for p in given[PLAYER_OF_SEASON].players}
    assert best == {"Team 01 North", "Team 01 South"}
    assert given[PLAYER_OF_SEASON].value == found.rating_rows()[0].rating
    assert given[HIGH_GAME].value == max(seat.points for seat in found.seats)
    records = found.records()
    top = next(p for p, name in found.names.items() if name == "Team 01 North")
    assert (records[top].games, records[top].won, records[top].longest_streak) == (5, 5, 5)
    assert found.teams[top] == "Team 01"
