"""No duplicates by construction: names unique by their key, one game per match number, and
a game imported twice stored once."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

import clabber_league.store.league as league_module
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import export_game
from clabber_league.store.imports import (
    AlreadyStored,
    AlreadyStoredError,
    import_game,
    import_games,
)
from clabber_league.store.league import (
    add_team,
    create_season,
    list_seasons,
    list_teams,
    rename_team,
)
from clabber_league.store.models import League, StoredGame, Team
from tests.store.helpers import EXAMPLE_FILES, count, load, season_standings
from tests.store.test_league import g1, g1_again, g2, g3, g4, sheet, spring

ZWSP = "\u200b"


# ------------------------------------------------------------------- names
@pytest.mark.parametrize("twin", ["EAGLES", f"Ea{ZWSP}gles", "Ｅａｇｌｅｓ", " eagles  "])
def test_a_team_name_is_taken_whatever_its_case_width_or_invisible_characters(
    database: Database, twin: str
) -> None:
    create_season(database, league="Club", season="Fall")
    add_team(database, "Fall", "Eagles")
    with pytest.raises(StoreError, match=r"^Fall already has a team called Eagles$"):
        add_team(database, "Fall", twin)
    assert [team.name for team in list_teams(database, "Fall")] == ["Eagles"]


def test_the_same_team_name_in_another_season_is_another_team(database: Database) -> None:
    create_season(database, league="Club", season="Fall")
    create_season(database, league="Club", season="Spring")
    add_team(database, "Fall", "Eagles")
    add_team(database, "Spring", "EAGLES")
    assert count(database, Team) == 2


def test_a_rename_onto_a_taken_name_is_refused(database: Database) -> None:
    create_season(database, league="Club", season="Fall")
    add_team(database, "Fall", "Eagles")
    owls = add_team(database, "Fall", "Owls")
    with pytest.raises(StoreError, match="Fall already has a team called eagles"):
        rename_team(database, owls.id, "eagles")
    rename_team(database, owls.id, "OWLS")  # its own name in other letters is fine
    assert [team.name for team in list_teams(database, "Fall")] == ["Eagles", "OWLS"]


def test_league_and_season_names_are_compared_by_key(database: Database) -> None:
    create_season(database, league="Evansville Clabber", season="Fall 2026")
    create_season(database, league="EVANSVILLE clabber", season="Spring 2027")
    assert count(database, League) == 1
    assert [season.league for season in list_seasons(database)] == ["Evansville Clabber"] * 2
    with pytest.raises(
        StoreError, match=r"^Evansville Clabber already has a season called Fall 2026$"
    ):
        create_season(database, league="Evansville Clabber", season=f"fall{ZWSP} 2026")


def test_names_are_kept_clean(database: Database) -> None:
    create_season(database, league="  Club\u200f ", season="Fall\u00a0 2026")
    team = add_team(database, "Fall 2026", f"Night{ZWSP}  Owls")
    assert (list_seasons(database)[0].league, list_seasons(database)[0].name) == (
        "Club",
        "Fall 2026",
    )
    assert team.name == "Night Owls"
    with pytest.raises(StoreError, match="the team name holds a character that cannot be shown"):
        add_team(database, "Fall 2026", "Owls\x07")


def test_two_stations_adding_one_name_at_once_make_one_team(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other station's team arrives between the check and the insert: the unique index
    refuses the second, and the refusal is told in table words."""
    create_season(database, league="Club", season="Fall")
    add_team(database, "Fall", "Latecomers")
    monkeypatch.setattr(league_module, "team_by_name", lambda *_args: None)
    with pytest.raises(StoreError) as refused:
        add_team(database, "Fall", "LATECOMERS")
    assert str(refused.value) == "Fall already has a team called LATECOMERS"
    assert count(database, Team) == 1


def test_the_unique_index_holds_even_behind_the_apps_back(database: Database) -> None:
    create_season(database, league="Club", season="Fall")
    add_team(database, "Fall", "Eagles")
    with database.session() as session:
        season_id = session.exec(select(Team.season_id)).one()
        session.add(Team(name="EAGLES", season_id=season_id))
        with pytest.raises(IntegrityError):
            session.commit()


# --------------------------------------------------------------- imports
def test_a_friendly_imported_twice_is_stored_once(database: Database) -> None:
    document = load(EXAMPLE_FILES[0])
    game_id = import_game(database, document)
    with pytest.raises(AlreadyStoredError) as again:
        import_game(database, document)
    assert again.value.game_id == game_id
    assert str(again.value) == f"already stored as game {game_id}; nothing was stored"
    assert count(database, StoredGame) == 1
    assert export_game(database, game_id) == document


def test_a_friendly_with_other_hands_or_sides_is_another_game(database: Database) -> None:
    document: dict[str, Any] = load(EXAMPLE_FILES[0])
    import_game(database, document)
    import_game(database, {**document, "hands": document["hands"][:-1]})
    import_game(database, {**document, "sides": ["Hawks", "Crows"]})
    assert count(database, StoredGame) == 3


def test_importing_a_season_file_twice_changes_nothing(database: Database) -> None:
    spring(database)
    first = import_games(database, [g1(), g2(), g3(), g4()], "Spring")
    standings = season_standings(database, "Spring")
    again = import_games(database, [g1(), g2(), g3(), g4()], "Spring")
    assert again.ids == ()
    assert again.already_stored == tuple(
        AlreadyStored(number, game_id) for number, game_id in enumerate(first.ids, 1)
    )
    assert again.messages() == [
        f"game {number}: already stored as game {game_id}"
        for number, game_id in enumerate(first.ids, 1)
    ]
    assert season_standings(database, "Spring") == standings
    assert count(database, StoredGame) == 4


def test_a_longer_season_file_stores_only_its_new_games(database: Database) -> None:
    spring(database)
    import_games(database, [g1(), g2()], "Spring")
    report = import_games(database, [g1(), g2(), g3(), g4()], "Spring")
    assert len(report.ids) == 2
    assert [skipped.number for skipped in report.already_stored] == [1, 2]
    assert count(database, StoredGame) == 4


def test_the_same_game_typed_another_way_is_the_same_game(database: Database) -> None:
    """The marks on the sheet decide, not how they were typed: 150/12 written or as tricks."""
    spring(database)
    import_games(database, [g1()], "Spring")
    typed = [
        {"makers": "A", "tricks": {"A": 150}},
        {"makers": "B", "tricks": {"B": 70}},  # set: "92" / "XX"
        *g1()["hands"][2:],
    ]
    report = import_games(database, [sheet("Eagles", "Owls", typed)], "Spring")
    assert report.ids == ()
    assert len(report.already_stored) == 1


def test_a_file_holding_one_game_twice_stores_it_once(database: Database) -> None:
    spring(database, games_per_match=2)
    report = import_games(database, [g1(), g1()], "Spring")
    assert len(report.ids) == 1
    assert report.messages() == ["game 2: the same game as game 1 of this file"]


def test_a_full_match_takes_no_other_game(database: Database) -> None:
    spring(database)
    import_games(database, [g1()], "Spring")
    with pytest.raises(StoreError) as refused:
        import_games(database, [g1_again()], "Spring")
    assert str(refused.value) == (
        "every match between these teams in Spring already has its games; nothing was stored"
    )
    assert count(database, StoredGame) == 1


def test_games_of_a_match_are_numbered(database: Database) -> None:
    spring(database, games_per_match=2)
    import_games(database, [g1(), g1_again()], "Spring", week=1)
    with database.session() as session:
        numbers = session.exec(
            select(StoredGame.fixture_id, StoredGame.game_no).order_by(col(StoredGame.id))
        ).all()
    assert [number for _, number in numbers] == [1, 2]
    assert len({match for match, _ in numbers}) == 1
