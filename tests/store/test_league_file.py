"""The whole league in one file (``clabber-league/1``): export, import into an empty
database, and the same standings, schedule and file again — byte for byte."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import col, select

from clabber_league.escaping import json_text
from clabber_league.rules import WrittenHand
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import open_game
from clabber_league.store.imports import import_games
from clabber_league.store.knockout import create_knockout, knockout_bracket
from clabber_league.store.league import (
    FORFEIT,
    POSTPONED,
    add_player,
    add_team,
    create_season,
    edit_match,
    list_teams,
    remove_player,
    retire_team,
    schedule,
    set_match_status,
)
from clabber_league.store.league_file import export_league
from clabber_league.store.league_file_import import LeagueFileError, import_league
from clabber_league.store.models import (
    Fixture,
    League,
    Playoff,
    PlayoffSeed,
    Season,
    StoredGame,
    Team,
)
from clabber_league.store.playoffs import playoff_bracket
from clabber_league.store.seasons import find_season
from clabber_league.store.substitutes import set_substitute
from clabber_league.store.tournaments import (
    create_tournament,
    list_tournaments,
    tournament_info,
    tournament_standings,
)
from tests.store.helpers import SERVER, count, server_database
from tests.store.test_knockout import entries, play
from tests.store.test_league import match, spring, spring_games, table
from tests.store.test_tournaments import PLAYERS, play_round


def _add_player(database: Database, team: str, name: str) -> None:
    team_id = next(info.id for info in list_teams(database, "Spring") if info.name == team)
    add_player(database, team_id, name)


def _season_around_the_games(database: Database) -> None:
    """A substitute (by the store), and divisions, halves and a playoff, written through a
    session: their store functions are other branches' work."""
    set_substitute(database, match(database, "Eagles", "Owls").id, "A2", "Zoë")
    with database.session(write=True) as session:
        season = find_season(session, "Spring")
        season.first_half_weeks = 2
        session.add(season)
        teams = session.exec(select(Team).where(Team.season_id == season.id)).all()
        for team in teams:
            team.division = "North" if team.name in ("Eagles", "Owls") else "South"
            session.add(team)
        assert season.id is not None
        playoff = Playoff(season_id=season.id, team_count=2, games_per_match=3, reseed=True)
        session.add(playoff)
        session.flush()
        assert playoff.id is not None
        by_name = {team.name: team.id for team in teams}
        for seed, name in enumerate(("Eagles", "Owls"), 1):
            team_id = by_name[name]
            assert team_id is not None
            session.add(PlayoffSeed(playoff_id=playoff.id, seed=seed, team_id=team_id))
        last = session.exec(select(Fixture).order_by(col(Fixture.id).desc())).first()
        assert last is not None
        final = Fixture(
            week_id=last.week_id,
            table_no=9,
            home_team_id=by_name["Eagles"] or 0,
            away_team_id=by_name["Owls"],
            games_per_match=3,
            playoff_round=1,
            playoff_slot=1,
        )
        session.add(final)
        session.commit()


def full_league(database: Database) -> None:
    """A season with every kind of thing a league file carries."""
    spring(database)
    for team, player in (("Eagles", "Ann"), ("Eagles", "Bob"), ("Owls", "Cy"), ("Owls", "Di")):
        _add_player(database, team, player)
    remove_player(
        database, next(t.id for t in list_teams(database, "Spring") if t.name == "Owls"), "Di"
    )
    report = import_games(database, spring_games(), "Spring")
    recorder = open_game(database, report.ids[0])
    recorder.reopen()  # the log carries a reopening too
    recorder.replace(2, WrittenHand("B", {"A": "12", "B": "150"}))
    hawks_owls = match(database, "Hawks", "Owls")
    set_match_status(database, hawks_owls.id, FORFEIT, forfeited_by="Hawks")
    set_match_status(database, match(database, "Eagles", "Crows").id, POSTPONED)
    made_up = match(database, "Hawks", "Crows").id
    set_match_status(database, made_up, POSTPONED)
    edit_match(database, made_up, played_on=date(2026, 4, 30))
    retire_team(database, next(t.id for t in list_teams(database, "Spring") if t.name == "Crows"))
    _season_around_the_games(database)


def exported(database: Database, league: str = "Club") -> str:
    return json_text(export_league(database, league)) + "\n"


@pytest.fixture
def other(tmp_path: Path) -> Any:
    opened = Database.open(str(tmp_path / "other.sqlite3"))
    yield opened
    opened.close()


def test_export_import_export_is_byte_for_byte(database: Database, other: Database) -> None:
    full_league(database)
    first = exported(database)
    document = json.loads(first)
    assert document["format"] == "clabber-league/1"
    result = import_league(other, document)
    assert (result.league, result.seasons, result.games) == ("Club", 1, 4)
    assert exported(other) == first
    assert table(other) == table(database)
    assert _schedule(other) == _schedule(database)


def _schedule(database: Database) -> list[dict[str, Any]]:
    """The season's schedule without the database's own ids."""
    return [
        {**dataclasses.asdict(line), "id": None, "game_ids": len(line.game_ids)}
        for line in schedule(database, "Spring")
    ]


def test_the_file_carries_what_the_season_holds(database: Database) -> None:
    full_league(database)
    season = export_league(database, "club")["seasons"][0]
    assert season["first_half_weeks"] == 2
    teams = {team["name"]: team for team in season["teams"]}
    assert teams["Crows"]["retired"] is True
    assert teams["Eagles"]["division"] == "North"
    owls = [member for member in teams["Owls"]["roster"] if member["player"] == "Di"]
    assert owls[0]["left_at"] is not None
    matches = [m for week in season["weeks"] for m in week["matches"]]
    assert {m["status"] for m in matches} >= {"forfeit", "postponed", "scheduled"}
    assert any(m["substitutes"] == {"A2": "Zoë"} for m in matches)
    assert any(m["makeup_on"] == "2026-04-30" for m in matches)
    assert any(m["playoff_round"] == 1 for m in matches)
    assert season["playoff"]["seeds"] == [
        {"seed": 1, "team": "Eagles"},
        {"seed": 2, "team": "Owls"},
    ]
    assert len(season["games"][0]["corrections"]) == 2  # the reopening, the correction
    assert all("id" not in game for game in season["games"])


def _results(database: Database) -> list[tuple[Any, ...]]:
    with database.session() as session:
        return [
            (game.total_a, game.total_b, game.winner, game.made_a, game.sets_b, game.reneges_a)
            for game in session.exec(select(StoredGame).order_by(col(StoredGame.id))).all()
        ]


def test_the_rules_recount_every_game_of_the_file(database: Database, other: Database) -> None:
    """A file carries no figures: the rules derive every game's again from its hands."""
    full_league(database)
    import_league(other, export_league(database, "Club"))
    assert _results(other) == _results(database)
    assert all(total > 0 for total, *_ in _results(other))


# ------------------------------------------------------------------ refusals
def _broken(change: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def broken(document: dict[str, Any]) -> dict[str, Any]:
        changed = copy.deepcopy(document)
        change(changed)
        return changed

    return broken


REFUSALS: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "wrong format": (lambda d: d.update(format="clabber-game/1"), "not a Clabber league file"),
    "schema": (
        lambda d: d["seasons"][0].update(games_per_match="two"),
        "seasons[0].games_per_match:",
    ),
    "unknown preset": (lambda d: d["seasons"][0].update(rules="poker"), "seasons[0].rules:"),
    "a game the rules refuse": (
        lambda d: d["seasons"][0]["games"][0]["sheet"]["hands"][0].update(written={"A": "7"}),
        "seasons[0].games[0].sheet: hand 1",
    ),
    "an unknown team": (
        lambda d: d["seasons"][0]["weeks"][0]["matches"][0].update(home="Ravens"),
        "seasons[0].weeks[0].matches[0].home: the season has no team called 'Ravens'",
    ),
    "a duplicate team": (
        lambda d: d["seasons"][0]["teams"][1].update(name="EAGLES"),
        "seasons[0].teams[1].name: 'EAGLES' is named twice",
    ),
    "a duplicate season": (
        lambda d: d["seasons"].append(copy.deepcopy(d["seasons"][0])),
        "seasons[1].name: 'Spring' is named twice",
    ),
    "a match that is not there": (
        lambda d: d["seasons"][0]["games"][0].update(match={"week": 99, "match": 1}),
        "seasons[0].games[0].match: week 99 has no match 1",
    ),
    "a team name with a control character": (
        lambda d: d["seasons"][0]["teams"][0].update(name="Eag\u0007les"),
        "seasons[0].teams[0].name:",
    ),
    "a player name too long": (
        lambda d: d["seasons"][0]["teams"][0]["roster"][0].update(player="x" * 150),
        "seasons[0].teams[0].roster[0].player:",
    ),
    "a correction that is no hand": (
        lambda d: d["seasons"][0]["games"][0]["corrections"][-1].update(
            old={"makers": "A", "written": 5}
        ),
        "seasons[0].games[0].corrections[1].old: written: 5 is not of type 'object'",
    ),
    "a bad moment": (
        lambda d: d["seasons"][0]["games"][0].update(started_at="yesterday"),
        "seasons[0].games[0].started_at: 'yesterday' is not a date and time",
    ),
    "a bad correction": (
        lambda d: d["seasons"][0]["games"][0]["corrections"][-1].update(
            new={"makers": "A", "bogus": 1}
        ),
        "seasons[0].games[0].corrections[1].new:",
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_bad_league_file_is_refused_in_one_line_and_stores_nothing(
    case: str, database: Database, other: Database
) -> None:
    full_league(database)
    change, words = REFUSALS[case]
    document = _broken(change)(export_league(database, "Club"))
    with pytest.raises(LeagueFileError) as refused:
        import_league(other, document)
    assert words in refused.value.message
    assert refused.value.message.endswith("nothing was stored")
    assert "\n" not in refused.value.message
    assert count(other, League) == 0
    assert count(other, Season) == 0


def test_a_league_already_in_the_database_is_refused(database: Database) -> None:
    full_league(database)
    games = count(database, StoredGame)
    with pytest.raises(LeagueFileError, match="already holds a league called 'Club'"):
        import_league(database, export_league(database, "Club"))
    assert count(database, StoredGame) == games


def test_an_unknown_league_is_not_exported(database: Database) -> None:
    with pytest.raises(StoreError, match="no league called 'Nowhere'"):
        export_league(database, "Nowhere")


@pytest.mark.skipif(not SERVER, reason="no PostgreSQL server (CLABBER_LEAGUE_TEST_PG)")
def test_a_league_file_moves_between_sqlite_and_postgres(database: Database) -> None:
    full_league(database)
    first = exported(database)
    with server_database() as url:
        server = Database.open(url)
        try:
            import_league(server, json.loads(first))
            assert exported(server) == first
            # The server's sums come back as Decimals: equal figures, another type.
            assert json.loads(json.dumps(table(server), default=float)) == table(database)
        finally:
            server.close()


def test_a_three_handed_season_without_a_schedule_goes_across(
    database: Database, other: Database
) -> None:
    create_season(database, league="Trio", season="Winter", preset="three-handed")
    for name in ("Ann", "Bob", "Cy"):
        add_team(database, "Winter", name)
    hand = {"makers": "A", "written": {"A": "150", "B": "12", "C": "0"}}
    game = {"format": "clabber-game/1", "rules": "three-handed", "sides": ["Ann", "Bob", "Cy"]}
    import_games(database, [{**game, "hands": [hand] * 4}], "Winter")
    first = json_text(export_league(database, "Trio"))
    assert json.loads(first)["seasons"][0]["games"][0]["teams"] == ["Ann", "Bob", "Cy"]
    import_league(other, json.loads(first))
    assert json_text(export_league(other, "Trio")) == first


def test_a_tournament_goes_across_whole(database: Database, other: Database) -> None:
    create_tournament(database, name="Party", players=PLAYERS, rounds=3, seed=2, hands_per_round=4)
    play_round(database, "Party", 1, random.Random(3))
    first = exported(database, "Party")
    season = json.loads(first)["seasons"][0]
    assert season["tournament"]["players"] == PLAYERS
    assert season["tournament"]["hands_per_round"] == 4
    import_league(other, json.loads(first))
    assert exported(other, "Party") == first
    assert tournament_info(other, "Party").players == tuple(PLAYERS)
    with database.session() as session, other.session() as copied:
        here, there = (
            tournament_standings(session=s, tournament_id=tournament_info(d, "Party").id)
            for s, d in ((session, database), (copied, other))
        )
        assert here == there
    document = json.loads(first)
    document["league"]["name"] = "Elsewhere"
    with pytest.raises(LeagueFileError, match="already holds a tournament called 'Party'"):
        import_league(other, document)
    assert [info.name for info in list_tournaments(other)] == ["Party"]


def test_a_double_knockout_goes_across_byte_for_byte(database: Database, other: Database) -> None:
    """A double bracket's matches name their bracket, its playoff says it is double; a
    single bracket's file is as it was (no such keys)."""
    create_knockout(database, name="Club", teams=entries(4), double=True)
    for match_ in knockout_bracket(database, "Club").rounds[0]:
        play(database, match_.match_id, True)
    first = exported(database)
    document = json.loads(first)
    (season,) = document["seasons"]
    assert season["playoff"]["double_elimination"] is True
    brackets = [m.get("playoff_bracket") for w in season["weeks"] for m in w["matches"]]
    assert brackets == ["winners", "winners", "winners", "losers"]
    import_league(other, document)
    assert exported(other) == first
    assert knockout_bracket_of(other) == knockout_bracket_of(database)


def knockout_bracket_of(database: Database) -> list[tuple[str | None, int, int, str]]:
    bracket = playoff_bracket(database, "Club")
    stages = [*bracket.rounds, *bracket.losers, bracket.finals]
    return [(m.bracket, m.round, m.slot, m.home.team) for stage in stages for m in stage]
