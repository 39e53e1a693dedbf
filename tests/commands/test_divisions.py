"""Divisions and halves on the command line: ``team add --division``, ``team division``,
``schedule generate --within/--across``, ``season split`` and ``standings --half``."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from clabber_league.store.database import Database
from clabber_league.store.league import FORFEIT, list_teams, schedule, set_match_status
from tests.commands.test_league import ok, refused

SEASON = ("--season", "Spring")
NORTH, SOUTH = ("Eagles", "Owls", "Hawks"), ("Crows", "Doves", "Gulls", "Terns")


def divided(capsys: pytest.CaptureFixture[str], db: str, *schedule_options: str) -> None:
    """Seven teams in "North" (three) and "South" (four), spelled twice each, scheduled."""
    ok(capsys, "season", "create", "--db", db, "--league", "Club", *SEASON)
    for index, team in enumerate((*NORTH, *SOUTH)):
        division = ("North" if team in NORTH else "South") if index % 2 else "north"
        if team in SOUTH and index % 2 == 0:
            division = "SOUTH"
        ok(capsys, "team", "add", "--db", db, *SEASON, "--name", team, "--division", division)
    if schedule_options != ("none",):
        ok(capsys, "schedule", "generate", "--db", db, *SEASON, *schedule_options)


def _met(db: str) -> Counter[frozenset[str]]:
    database = Database.open(db)
    try:
        return Counter(
            frozenset((match.home, match.away))
            for match in schedule(database, "Spring")
            if match.away is not None
        )
    finally:
        database.close()


def test_a_division_is_spelled_as_its_first_team_has_it(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    divided(capsys, db, "none")
    database = Database.open(db)
    try:
        kept = {team.name: team.division for team in list_teams(database, "Spring")}
    finally:
        database.close()
    assert kept == {**dict.fromkeys(NORTH, "north"), **dict.fromkeys(SOUTH, "South")}
    listed = json.loads(ok(capsys, "season", "list", "--db", db, "--format", "json"))
    assert listed[0]["divisions"] == ["north", "South"]
    assert listed[0]["first_half_weeks"] is None


def test_a_team_changes_division_or_leaves_them(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    divided(capsys, db, "none")
    moved = ok(capsys, "team", "division", "--db", db, *SEASON, "--team", "Owls", "--to", "SOUTH")
    assert moved == "Owls plays in South\n"
    out = ok(capsys, "team", "division", "--db", db, *SEASON, "--team", "Owls", "--none")
    assert out == "Owls is in no division\n"
    assert "no division" in refused(capsys, "schedule", "generate", "--db", db, *SEASON)


def test_a_division_name_is_checked_as_a_name(capsys: pytest.CaptureFixture[str], db: str) -> None:
    divided(capsys, db, "none")
    line = refused(capsys, "team", "division", "--db", db, *SEASON, "--team", "Owls", "--to", " ")
    assert line


def test_one_round_within_the_divisions_by_default(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    divided(capsys, db)
    met = _met(db)
    same = [{a, b} for group in (NORTH, SOUTH) for a in group for b in group if a < b]
    assert sorted(map(sorted, met)) == sorted(map(sorted, same))
    assert set(met.values()) == {1}


def test_rounds_within_and_across(capsys: pytest.CaptureFixture[str], db: str) -> None:
    divided(capsys, db, "--within", "2", "--across", "1")
    met = _met(db)
    for one in (*NORTH, *SOUTH):
        for other in (*NORTH, *SOUTH):
            if one < other:
                same = (one in NORTH) == (other in NORTH)
                assert met[frozenset((one, other))] == (2 if same else 1)


def test_within_and_across_need_divisions(capsys: pytest.CaptureFixture[str], db: str) -> None:
    ok(capsys, "season", "create", "--db", db, "--league", "Club", *SEASON)
    for team in NORTH:
        ok(capsys, "team", "add", "--db", db, *SEASON, "--name", team)
    line = refused(capsys, "schedule", "generate", "--db", db, *SEASON, "--across", "1")
    assert "has no divisions" in line


def test_a_split_needs_a_week_in_each_half(capsys: pytest.CaptureFixture[str], db: str) -> None:
    divided(capsys, db)  # South's four teams take 3 weeks, North's three 3 too
    split = ("season", "split", "--db", db, *SEASON, "--first-half-weeks")
    assert "last week, 3, not after week 3" in refused(capsys, *split, "3")
    assert ok(capsys, *split, "1") == "Spring: the first half is weeks 1 to 1\n"
    assert ok(capsys, "season", "split", "--db", db, *SEASON, "--none").endswith("no halves\n")
    assert "not split" in refused(capsys, "standings", "--db", db, *SEASON, "--half", "1")


def test_the_halves_count_their_own_weeks(capsys: pytest.CaptureFixture[str], db: str) -> None:
    divided(capsys, db)
    ok(capsys, "season", "split", "--db", db, *SEASON, "--first-half-weeks", "1")
    database = Database.open(db)
    try:
        first = [m for m in schedule(database, "Spring") if m.away and m.week == 1]
        for match in first:
            set_match_status(database, match.id, FORFEIT, forfeited_by=match.away)
    finally:
        database.close()
    text = ok(capsys, "standings", "--db", db, *SEASON, "--half", "1")
    assert "First half" in text
    # North's one match went to Owls; South's two winners are level, the name decides.
    assert {m.home for m in first} == {"Owls", "Crows", "Gulls"}
    assert "First-half winner: Owls, Crows\n" in text
    assert text.index("north") < text.index("South")
    half = json.loads(
        ok(capsys, "standings", "--db", db, *SEASON, "--half", "2", "--format", "json")
    )
    assert half["half"] == 2
    assert all(row["gp"] == 0 for row in half["rows"])
    whole = json.loads(ok(capsys, "standings", "--db", db, *SEASON, "--format", "json"))
    assert whole["half"] is None
    assert {row["division"] for row in whole["rows"]} == {"north", "South"}
    assert [row["rank"] for row in whole["rows"]] == [1, 2, 3, 1, 2, 3, 4]
    assert sum(row["gp"] for row in whole["rows"]) == 2 * len(first)
