"""Several stations writing to one database at the same moment, each a process of its own,
on SQLite and on PostgreSQL: one team of a name, one copy of a game, one game per Key in,
and every hand a station was told is saved is there exactly once."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

from sqlmodel import col, select

from clabber_league.rules import rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import create_game
from clabber_league.store.league import list_teams, schedule
from clabber_league.store.models import StoredGame
from tests.reliability.helpers import ROUNDS, json_file, together
from tests.store.helpers import match_line, season_standings, stored_hands
from tests.store.test_league import (
    CROWS,
    EAGLES,
    HAWKS,
    OWLS,
    g1,
    ranked,
    spring,
    spring_games,
    table,
)

STATIONS = 4


def fresh_season(location: str, games_per_match: int = 1) -> None:
    with closing(Database.open(location)) as database:
        spring(database, games_per_match=games_per_match)


def opened(location: str) -> Database:
    return Database.open(location, read_only=True)


def test_a_team_added_at_four_stations_at_once_is_one_team(
    location: str, data: Path, tmp_path: Path
) -> None:
    fresh_season(location)
    spellings = ["Latecomers{n}", "LATECOMERS{n}", "Late\u200bcomers{n}", " latecomers{n}  "]
    for round_no in range(ROUNDS):
        gate = tmp_path / f"gate-{round_no}"
        names = [spelling.format(n=round_no or "") for spelling in spellings]
        outcomes = together(
            data,
            gate,
            [
                ["cli", "team", "add", "--db", location, "--season", "Spring", "--name", name]
                for name in names
            ],
        )
        assert sorted(outcome.code for outcome in outcomes) == [0, 2, 2, 2], outcomes
        for outcome in outcomes:
            if outcome.code == 2:
                assert outcome.err.startswith("Spring already has a team called "), outcome
                assert outcome.err.count("\n") == 1
        with closing(opened(location)) as database:
            teams = [team.name for team in list_teams(database, "Spring")]
        assert len(teams) == 4 + round_no + 1


def test_one_game_imported_at_four_stations_at_once_is_stored_once(
    location: str, data: Path, tmp_path: Path
) -> None:
    fresh_season(location)
    game = json_file(tmp_path / "g1.json", g1())
    outcomes = together(
        data,
        tmp_path / "gate",
        [
            ["cli", "import", str(game), "--db", location, "--season", "Spring", "--week", "1"]
            for _ in range(STATIONS)
        ],
    )
    stored = [outcome for outcome in outcomes if outcome.code == 0]
    assert len(stored) == 1, outcomes
    game_id = int(stored[0].out)
    for outcome in outcomes:
        if outcome.code != 0:
            assert outcome.err == f"already stored as game {game_id}; nothing was stored\n"
    with closing(opened(location)) as database, database.session() as session:
        assert session.exec(select(StoredGame.id)).all() == [game_id]


def test_a_season_file_imported_at_three_stations_at_once_counts_once(
    location: str, data: Path, tmp_path: Path
) -> None:
    fresh_season(location)
    season_file = json_file(tmp_path / "spring.json", spring_games())
    for round_no in range(ROUNDS):
        outcomes = together(
            data,
            tmp_path / f"gate-{round_no}",
            [["cli", "import", str(season_file), "--db", location, "--season", "Spring"]] * 3,
        )
        assert sum(outcome.code == 0 for outcome in outcomes) == (1 if round_no == 0 else 0)
        with closing(opened(location)) as database:
            assert table(database) == ranked(EAGLES, OWLS, CROWS, HAWKS)
            assert len(season_standings(database, "Spring")) == 4


def test_key_in_at_four_stations_at_once_opens_one_game(
    location: str, data: Path, tmp_path: Path
) -> None:
    fresh_season(location, games_per_match=2)
    with closing(opened(location)) as database:
        match_id = next(m.id for m in schedule(database, "Spring") if m.away is not None)
    outcomes = together(data, tmp_path / "gate", [["key-in", location, str(match_id)]] * STATIONS)
    assert [outcome.code for outcome in outcomes] == [0] * STATIONS, outcomes
    assert len({outcome.out for outcome in outcomes}) == 1
    with closing(opened(location)) as database:
        assert match_line(database, match_id).game_ids == (int(outcomes[0].out),)


def test_three_stations_recording_into_one_game_lose_no_hand_and_double_none(
    location: str, data: Path, tmp_path: Path
) -> None:
    """Each station records five hands of its own (92, 100 or 110 trick points), reloading
    whenever another got there first: every hand it was told is saved is there, once, at
    the number it was told."""
    hands_each = 5
    tricks = [92, 100, 110]
    for round_no in range(ROUNDS):
        with closing(Database.open(location)) as database:
            game = create_game(database, rule_set("evansville", {"target": 10_000}), ["A", "B"])
        outcomes = together(
            data,
            tmp_path / f"gate-{round_no}",
            [["record", location, str(game.id), str(points), str(hands_each)] for points in tricks],
        )
        assert [outcome.code for outcome in outcomes] == [0] * len(tricks), outcomes
        told = {
            int(n): points
            for outcome, points in zip(outcomes, tricks, strict=True)
            for n in outcome.out.split()
        }
        assert len(told) == hands_each * len(tricks)  # no number told to two stations
        with closing(opened(location)) as database:
            stored = {hand.n: hand.score_a for hand in stored_hands(database, game.id)}
            with database.session() as session:
                version = session.exec(
                    select(StoredGame.version).where(col(StoredGame.id) == game.id)
                ).one()
        assert stored == told
        assert version == hands_each * len(tricks)
