"""Playoffs in the store (``store.playoffs``): seeded from the standings, a winner moving
on by itself in the write that decides a match, and every refusal."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from clabber_league.rules import WrittenHand
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import DatabaseRecorder
from clabber_league.store.league import (
    FORFEIT,
    add_team,
    create_season,
    edit_match,
    generate_schedule,
    schedule,
    set_match_status,
)
from clabber_league.store.matches import open_match_game, start_match_game
from clabber_league.store.playoffs import Bracket, create_playoffs, playoff_bracket
from tests.store.helpers import SERVER, season_standings, server_database

TEAMS = ("Eagles", "Owls", "Hawks", "Crows", "Larks", "Doves")
HOME_WINS = WrittenHand("A", {"A": "150", "B": "12"})
AWAY_WINS = WrittenHand("B", {"A": "12", "B": "150"})


def play(database: Database, match_id: int, hand: WrittenHand) -> None:
    """The match's next game played to its end, the same hand over and over."""
    recorder = open_match_game(database, match_id)
    while not recorder.game.finished:
        recorder.record(hand)


def season(database: Database, teams: int = 6, *, played: bool = True) -> None:
    create_season(database, league="Club", season="Spring")
    for number, name in enumerate(TEAMS[:teams]):
        add_team(database, "Spring", name, [f"P{number}a", f"P{number}b"])
    generate_schedule(database, "Spring")
    if played:
        for match in schedule(database, "Spring"):
            if match.away:
                play(database, match.id, HOME_WINS)


def all_matches(bracket: Bracket) -> list[int]:
    return [match.match_id for matches in bracket.rounds for match in matches]


def test_six_teams_seed_from_the_standings_with_byes_to_the_top_two(database: Database) -> None:
    season(database)
    before = season_standings(database, "Spring")
    bracket = create_playoffs(database, season="Spring", teams=6, games_per_match=2)
    assert [side.team for side in bracket.seeds] == [row.name for row in before]
    first = bracket.rounds[0]
    assert [(m.home.seed, m.away.seed if m.away else None) for m in first] == [
        (1, None),
        (4, 5),
        (2, None),
        (3, 6),
    ]
    assert first[0].winner == bracket.seeds[0]  # a bye goes on at once
    assert bracket.rounds[1] == ()  # no semi-final known until 4v5 or 3v6 is decided
    weeks = {line.week for line in schedule(database, "Spring") if line.id in all_matches(bracket)}
    assert weeks == {max(line.week for line in schedule(database, "Spring"))}


def test_divisions_seed_from_the_whole_season_s_order(database: Database) -> None:
    """Division standings rank each division apart; the bracket seeds the season's best
    teams whichever division they play in (docs/playoffs.md)."""
    create_season(database, league="Club", season="Spring")
    for number, name in enumerate(TEAMS[:4]):
        add_team(
            database, "Spring", name, [f"P{number}a", f"P{number}b"], division="NS"[number % 2]
        )
    generate_schedule(database, "Spring", across_rounds=1)
    better = TEAMS[:4].index  # Eagles beat everyone, Owls all but the Eagles…
    for match in schedule(database, "Spring"):
        if match.away:
            home_wins = better(match.home) < better(match.away)
            play(database, match.id, HOME_WINS if home_wins else AWAY_WINS)
    overall = season_standings(database, "Spring", by_division=False)
    bracket = create_playoffs(database, season="Spring", teams=2)
    assert [side.team for side in bracket.seeds] == [row.name for row in overall[:2]]
    assert {side.team for side in bracket.seeds} == {"Eagles", "Owls"}


def test_a_winner_moves_on_by_itself_to_the_champion(database: Database) -> None:
    season(database, 4)
    bracket = create_playoffs(database, season="Spring", teams=4, games_per_match=2)
    for match in bracket.rounds[0]:
        play(database, match.match_id, HOME_WINS)
        play(database, match.match_id, AWAY_WINS if match.slot == 2 else HOME_WINS)
    semis = playoff_bracket(database, "Spring")
    assert semis.rounds[0][0].winner == semis.seeds[0]
    # 1 game each in slot 2: level on games and points, so the better seed goes on
    assert semis.rounds[0][1].winner == semis.seeds[1]
    (final,) = semis.rounds[1]
    assert (final.home, final.away) == (semis.seeds[0], semis.seeds[1])
    assert semis.champion is None
    set_match_status(database, final.match_id, FORFEIT, forfeited_by=final.home.team)
    done = playoff_bracket(database, "Spring")
    assert done.champion == semis.seeds[1]
    assert len(all_matches(done)) == 3  # asked again, nothing is made twice


def test_playoff_games_never_count_in_the_standings(database: Database) -> None:
    season(database, 4)
    before = season_standings(database, "Spring")
    bracket = create_playoffs(database, season="Spring", teams=4)
    for match in bracket.rounds[0]:
        play(database, match.match_id, AWAY_WINS)
    final = playoff_bracket(database, "Spring").rounds[1][0]
    set_match_status(database, final.match_id, FORFEIT, forfeited_by=final.home.team)
    assert season_standings(database, "Spring") == before


def test_a_correction_re_points_the_next_match_while_it_has_no_game(database: Database) -> None:
    season(database, 4)
    bracket = create_playoffs(database, season="Spring", teams=4)
    for match in bracket.rounds[0]:
        play(database, match.match_id, HOME_WINS)
    recorder = open_match_game(database, bracket.rounds[0][0].match_id)
    recorder.reopen()
    for n in range(1, len(recorder.game.entries) + 1):
        recorder.replace(n, AWAY_WINS)
    after = playoff_bracket(database, "Spring")
    assert after.rounds[1][0].home == bracket.seeds[1]
    assert after.rounds[1][0].away == bracket.seeds[3]
    assert not after.rounds[1][0].disputed


def test_a_correction_after_the_next_match_is_played_shows_it_disputed(
    database: Database,
) -> None:
    season(database, 4)
    bracket = create_playoffs(database, season="Spring", teams=4)
    for match in bracket.rounds[0]:
        play(database, match.match_id, HOME_WINS)
    final = playoff_bracket(database, "Spring").rounds[1][0]
    open_match_game(database, final.match_id).record(HOME_WINS)
    recorder = open_match_game(database, bracket.rounds[0][0].match_id)
    recorder.reopen()
    for n in range(1, len(recorder.game.entries) + 1):
        recorder.replace(n, AWAY_WINS)
    after = playoff_bracket(database, "Spring").rounds[1][0]
    assert (after.home, after.disputed) == (final.home, True)


def test_refused_with_regular_matches_to_play_unless_forced(database: Database) -> None:
    season(database, 4, played=False)
    with pytest.raises(StoreError, match="still has 6 regular-season matches to play"):
        create_playoffs(database, season="Spring", teams=4)
    assert create_playoffs(database, season="Spring", teams=4, force=True).teams == 4


def test_refused_twice(database: Database) -> None:
    season(database, 4)
    create_playoffs(database, season="Spring", teams=2)
    with pytest.raises(StoreError, match="already has its playoffs"):
        create_playoffs(database, season="Spring", teams=2)


def test_refused_with_fewer_ranked_teams_than_asked(database: Database) -> None:
    season(database, 4)
    with pytest.raises(StoreError, match="has 4 ranked teams; a playoff of 8"):
        create_playoffs(database, season="Spring", teams=8)


@pytest.mark.parametrize(("teams", "games"), [(1, None), (17, None), (4, 0), (4, 11)])
def test_refused_outside_the_limits(database: Database, teams: int, games: int | None) -> None:
    season(database, 4)
    with pytest.raises(StoreError, match="from"):
        create_playoffs(database, season="Spring", teams=teams, games_per_match=games)


def test_refused_without_playoffs(database: Database) -> None:
    season(database, 4, played=False)
    with pytest.raises(StoreError, match="has no playoffs yet"):
        playoff_bracket(database, "Spring")


def test_a_playoff_match_keeps_the_bracket_s_teams(database: Database) -> None:
    season(database, 4)
    bracket = create_playoffs(database, season="Spring", teams=4)
    with pytest.raises(StoreError, match="teams come from the bracket"):
        edit_match(database, bracket.rounds[0][0].match_id, home="Owls")


def test_a_playoff_match_plays_its_own_number_of_games(database: Database) -> None:
    season(database, 4)
    bracket = create_playoffs(database, season="Spring", teams=4, games_per_match=3)
    match = bracket.rounds[0][0].match_id
    for _ in range(3):
        play(database, match, HOME_WINS)
    line = next(line for line in schedule(database, "Spring") if line.id == match)
    assert (line.state, line.games_entered) == ("entered", 3)
    with pytest.raises(StoreError, match="already has its 3 games"):
        start_match_game(database, match)


@pytest.mark.skipif(SERVER is None, reason="no PostgreSQL test server")
def test_a_bracket_played_out_on_postgresql() -> None:
    with server_database() as url:
        database = Database.open(url)
        try:
            season(database, 4)
            bracket = create_playoffs(database, season="Spring", teams=4)
            assert season_standings(database, "Spring")  # the standings still read
            for match in bracket.rounds[0]:
                play(database, match.match_id, HOME_WINS)
            (final,) = playoff_bracket(database, "Spring").rounds[1]
            play(database, final.match_id, AWAY_WINS)
            assert playoff_bracket(database, "Spring").champion == bracket.seeds[1]
        finally:
            database.close()


def test_the_schedule_is_not_made_again_under_the_playoffs(database: Database) -> None:
    season(database, 4, played=False)
    create_playoffs(database, season="Spring", teams=4, force=True)
    with pytest.raises(StoreError, match="has its playoffs: a new schedule would drop"):
        generate_schedule(database, "Spring", replace=True)


def test_two_semi_finals_finished_at_once_make_one_final(database_path: Path) -> None:
    """Two stations (two engines, as two processes) finish the two semi-finals' last hands
    together: the writes take turns, and the second one makes the final, once."""
    stations = [Database.open(str(database_path)) for _station in range(2)]
    try:
        season(stations[0], 4)
        bracket = create_playoffs(stations[0], season="Spring", teams=4)
        recorders = [
            open_match_game(station, match.match_id)
            for station, match in zip(stations, bracket.rounds[0], strict=True)
        ]
        for recorder in recorders:  # each a hand short of 500
            while recorder.game.totals["A"] + 150 < 500:
                recorder.record(HOME_WINS)
        start = threading.Barrier(2)

        def finish(recorder: DatabaseRecorder) -> None:
            start.wait()
            recorder.record(HOME_WINS)

        workers = [threading.Thread(target=finish, args=(r,)) for r in recorders]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert all(recorder.game.finished for recorder in recorders)
        done = playoff_bracket(stations[1], "Spring")
        (final,) = done.rounds[1]
        assert (final.home, final.away) == (done.seeds[0], done.seeds[1])
        assert len(all_matches(done)) == 3
    finally:
        for station in stations:
            station.close()
