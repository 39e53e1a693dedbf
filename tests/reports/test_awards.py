"""The season's awards page: the awards, the ratings and every record, as the store's
careers count them; a season with no finished game says so."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from clabber_league.league.records import PLAYER_OF_SEASON
from clabber_league.reports.awards import AwardsRenderer
from clabber_league.reports.gather import awards_from_store
from clabber_league.store.careers import career
from clabber_league.store.database import Database
from clabber_league.store.seasons import find_season
from tests.night.helpers import SEASON, league_with_teams, played_season
from tests.reports.conftest import page_texts, pdf_bytes

STAMP = date(2026, 12, 3)


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    opened = Database.open(str(tmp_path / "league.sqlite3"))
    yield opened
    opened.close()


def test_the_awards_page_of_a_played_season(database: Database) -> None:
    played_season(database)
    data = awards_from_store(database, SEASON, stamp=STAMP)
    with database.session() as session:
        found = career(session, season_id=find_season(session, SEASON).id)
    titles = [award[0] for award in data.awards]
    assert titles[-1] == "Player of the season"
    best = next(award for award in found.awards() if award.title == PLAYER_OF_SEASON)
    assert data.awards[-1][1] == "Team 01 North, Team 01 South"
    assert data.awards[-1][2] == f"rating {best.value:.2f}"
    assert [row[1] for row in data.ratings] == [
        found.names[row.player] for row in found.rating_rows()
    ]
    assert [row[0] for row in data.records] == [row[1] for row in data.ratings]
    text = " ".join(page_texts(pdf_bytes(AwardsRenderer(data))))
    for words in ("Thursday Club — Fall 2026", "Player of the season", "Ratings", "Records"):
        assert words in text
    assert "Team 06 South" in text


def test_a_season_with_no_finished_game_has_no_awards(database: Database) -> None:
    league_with_teams(database, teams=4)
    data = awards_from_store(database, SEASON, stamp=STAMP)
    assert (data.awards, data.ratings, data.records) == ((), (), ())
    text = " ".join(page_texts(pdf_bytes(AwardsRenderer(data))))
    assert "No finished game this season: no awards yet." in text
