"""The secretary's roster fixes in the store: removing a team entered by mistake,
a substitute for one match, and rosters from a spreadsheet (all or nothing)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.imports import import_games
from clabber_league.store.league import (
    BYE,
    FORFEIT,
    add_team,
    create_season,
    generate_schedule,
    list_teams,
    retire_team,
    schedule,
    season_team,
    set_match_status,
)
from clabber_league.store.matches import open_match_game, start_match_game
from clabber_league.store.models import FixtureSubstitute, Team, TeamMember
from clabber_league.store.roster_import import RosterImportError, import_rosters
from clabber_league.store.substitutes import set_substitute
from clabber_league.store.team_removal import remove_team
from tests.store.helpers import count, season_standings
from tests.store.test_league import match, record, seats, sheet, w


def four_teams(database: Database, *, games_per_match: int = 1) -> None:
    create_season(database, league="Club", season="Spring", games_per_match=games_per_match)
    for name, players in (
        ("Eagles", ["Ann", "Bob"]),
        ("Owls", ["Cat", "Dan"]),
        ("Hawks", ["Eve", "Fay"]),
        ("Crows", ["Gus", "Hal"]),
    ):
        add_team(database, "Spring", name, players)
    generate_schedule(database, "Spring")


def team_id(database: Database, name: str) -> int:
    return season_team(database, "Spring", name).id


# ------------------------------------------------------------ team removal
def test_a_team_without_games_goes_and_its_opponents_get_byes(database: Database) -> None:
    four_teams(database)
    done = remove_team(database, team_id(database, "Crows"))
    assert (done.team, done.byes, done.removed) == ("Crows", 3, 0)
    assert [team.name for team in list_teams(database, "Spring")] == ["Eagles", "Hawks", "Owls"]
    matches = schedule(database, "Spring")
    assert all("Crows" not in (m.home, m.away) for m in matches)
    by_week: dict[int, list[str]] = {}
    for m in matches:
        by_week.setdefault(m.week, []).extend(n for n in (m.home, m.away) if n)
    assert all(sorted(names) == ["Eagles", "Hawks", "Owls"] for names in by_week.values())
    assert sum(m.state == BYE for m in matches) == 3
    assert count(database, TeamMember) == 6


def test_the_removed_teams_own_byes_go(database: Database) -> None:
    create_season(database, league="Club", season="Spring")
    for name in ("Eagles", "Owls", "Hawks"):
        add_team(database, "Spring", name)
    generate_schedule(database, "Spring")
    done = remove_team(database, team_id(database, "Hawks"))
    # Three weeks: Hawks' bye goes, its two matches become the others' byes.
    assert (done.byes, done.removed) == (2, 0)
    matches = schedule(database, "Spring")
    assert len(matches) == 5
    assert [(m.home, m.away) for m in matches if m.away] == [("Eagles", "Owls")]


def test_a_team_with_a_game_begun_is_not_removed(database: Database) -> None:
    four_teams(database)
    start_match_game(database, match(database, "Eagles", "Owls").id)
    before = schedule(database, "Spring")
    with pytest.raises(StoreError, match="retire it instead"):
        remove_team(database, team_id(database, "Owls"))
    assert schedule(database, "Spring") == before
    assert count(database, Team) == 4


def test_a_team_with_a_forfeit_is_not_removed(database: Database) -> None:
    four_teams(database)
    set_match_status(database, match(database, "Eagles", "Owls").id, FORFEIT, forfeited_by="Owls")
    with pytest.raises(StoreError, match="retire it instead"):
        remove_team(database, team_id(database, "Eagles"))
    assert count(database, Team) == 4


def test_a_team_with_a_friendly_game_is_not_removed(database: Database) -> None:
    four_teams(database)
    import_games(database, [sheet("Eagles", "Owls", [w("A", "150", "12")] * 4)], "Spring", week=1)
    with pytest.raises(StoreError, match="retire it instead"):
        remove_team(database, team_id(database, "Owls"))


def test_no_such_team_is_refused(database: Database) -> None:
    four_teams(database)
    with pytest.raises(StoreError, match="no team 999"):
        remove_team(database, 999)


def test_removing_a_team_leaves_the_other_teams_standings_as_they_were(
    database: Database,
) -> None:
    create_season(database, league="Club", season="Spring")
    for name in ("Eagles", "Owls", "Hawks", "Crows", "Doves"):
        add_team(database, "Spring", name)
    generate_schedule(database, "Spring")
    games = [
        sheet(home, away, [w("A", "150", "12")] * 4)
        for home, away in (("Eagles", "Owls"), ("Hawks", "Crows"), ("Owls", "Crows"))
    ]
    import_games(database, games, "Spring")
    before = {row.name: row[3:] for row in season_standings(database, "Spring")}
    remove_team(database, team_id(database, "Doves"))
    after = {row.name: row[3:] for row in season_standings(database, "Spring")}
    del before["Doves"]
    assert after == before


# ------------------------------------------------------------- substitutes
def test_a_substitute_sits_in_the_games_begun_from_then_on(database: Database) -> None:
    four_teams(database, games_per_match=2)
    fixture = match(database, "Eagles", "Owls")
    first = start_match_game(database, fixture.id)
    seat, sat = "A2", {"Eagles": "Bob", "Owls": "Dan"}[fixture.home]  # home is A
    set_substitute(database, fixture.id, seat, "Sue")
    assert seats(database, first.id)[seat] == sat  # begun before: who sat stays
    shown = next(m for m in schedule(database, "Spring") if m.id == fixture.id)
    assert shown.substitutes == {seat: "Sue"}
    record(first, [("A", "150", "12")] * 4)
    second = open_match_game(database, fixture.id)
    assert seats(database, second.id)[seat] == "Sue"
    set_substitute(database, fixture.id, seat, None)
    assert count(database, FixtureSubstitute) == 0


@pytest.mark.parametrize(
    ("seat", "name", "words"),
    [
        ("C1", "Sue", "not a seat under these rules"),
        ("A2", "   ", "player"),
        ("A2", "Sue\x01", "player"),
        ("A2", "Cat", "already sits in"),
        ("B1", "Ann", "already sits in"),
    ],
)
def test_a_bad_substitute_is_refused(database: Database, seat: str, name: str, words: str) -> None:
    four_teams(database)
    fixture = match(database, "Eagles", "Owls")
    if fixture.home != "Eagles":  # seats as the match has them: home is A
        name = {"Cat": "Ann", "Ann": "Cat"}.get(name, name)
    with pytest.raises(StoreError, match=words):
        set_substitute(database, fixture.id, seat, name)
    assert count(database, FixtureSubstitute) == 0


def test_clearing_a_seat_without_a_substitute_is_refused(database: Database) -> None:
    four_teams(database)
    with pytest.raises(StoreError, match="has no substitute in A2"):
        set_substitute(database, match(database, "Eagles", "Owls").id, "A2", None)


def test_a_bye_takes_no_substitute(database: Database) -> None:
    create_season(database, league="Club", season="Spring")
    for name in ("Eagles", "Owls", "Hawks"):
        add_team(database, "Spring", name)
    generate_schedule(database, "Spring")
    bye = next(m for m in schedule(database, "Spring") if m.away is None)
    with pytest.raises(StoreError, match="a bye"):
        set_substitute(database, bye.id, "A1", "Sue")


def test_no_such_match_takes_no_substitute(database: Database) -> None:
    four_teams(database)
    with pytest.raises(StoreError, match="no match 999"):
        set_substitute(database, 999, "A1", "Sue")


# ------------------------------------------------------- rosters from a sheet
def test_rosters_are_added_all_at_once(database: Database) -> None:
    four_teams(database)
    rows = [["Player", "TEAM"], ["Zed", "Eagles"], ["Ann", "Eagles"], ["Ivy", "Doves"]]
    shown = import_rosters(database, "Spring", rows, dry_run=True)
    assert count(database, Team) == 4
    done = import_rosters(database, "Spring", rows)
    assert done == shown
    assert (done.new_teams, done.added, done.already) == (
        ("Doves",),
        (("Eagles", "Zed"), ("Doves", "Ivy")),
        (("Eagles", "Ann"),),
    )
    rosters = {team.name: team.players for team in list_teams(database, "Spring")}
    assert rosters["Eagles"] == ("Ann", "Bob", "Zed")
    assert rosters["Doves"] == ("Ivy",)


def test_a_sheet_with_a_problem_adds_nothing(database: Database) -> None:
    four_teams(database)
    rows = [["team", "player"], ["Doves", "Ivy"], ["Owls", "Ann"], ["Doves", "ivy"]]
    with pytest.raises(RosterImportError) as raised:
        import_rosters(database, "Spring", rows)
    assert raised.value.lines == (
        "row 3: Ann is already on Eagles's roster",
        "row 4: ivy is already on row 2",
    )
    assert count(database, Team) == 4


def test_a_retired_team_takes_no_one_from_a_sheet(database: Database) -> None:
    four_teams(database)
    retire_team(database, team_id(database, "Crows"))
    with pytest.raises(RosterImportError, match="Crows is retired"):
        import_rosters(database, "Spring", [["team", "player"], ["Crows", "Ivy"]])
    assert count(database, TeamMember) == 8


def test_the_season_must_exist(database: Database) -> None:
    with pytest.raises(StoreError, match="Autumn"):
        import_rosters(database, "Autumn", [["team", "player"]])
    with database.session() as session:
        assert session.exec(select(Team)).all() == []


def test_a_substitute_sits_over_the_names_a_station_gives(database: Database) -> None:
    """A game started with its seats named (the window's new league game) seats the
    match's substitute all the same: the secretary said so for that match."""
    four_teams(database)
    fixture = match(database, "Eagles", "Owls")
    set_substitute(database, fixture.id, "B1", "Sue")
    given = {"A1": "Ann", "A2": "Bob", "B1": "Cat", "B2": "Dan"}
    recorder = open_match_game(database, fixture.id, given)
    assert seats(database, recorder.id) == {**given, "B1": "Sue"}
