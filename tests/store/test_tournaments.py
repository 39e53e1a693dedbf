"""Progressive tournaments kept as a season: the movement read back as planned, and the
individual standings against a recount the long way, over the games' own rows."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from sqlmodel import select

from clabber_league.league.movement import plan_movement
from clabber_league.rules import PlayedHand
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import open_game
from clabber_league.store.league import (
    add_player,
    edit_match,
    generate_schedule,
    list_teams,
    remove_player,
    schedule,
)
from clabber_league.store.matches import open_match_game
from clabber_league.store.models import GameSeat, Player, Season, StoredGame, Team, Tournament
from clabber_league.store.team_removal import remove_team
from clabber_league.store.tournaments import (
    create_tournament,
    list_tournaments,
    tournament_info,
    tournament_movement,
    tournament_standings,
)

PLAYERS = [f"Player {n:02d}" for n in range(1, 18)]  # 17: one sits out each round


def play_round(database: Database, season: str, week: int, rng: random.Random) -> None:
    """Every table of the week plays its game out with random made hands."""
    for match in schedule(database, season):
        if match.week != week:
            continue
        recorder = open_match_game(database, match.id)
        while not recorder.game.finished:
            makers = rng.choice("AB")
            recorder.record(PlayedHand(makers, {makers: rng.choice([62, 82, 92, 120, 150, 162])}))


def test_the_stored_movement_is_the_planned_one(database: Database) -> None:
    info = create_tournament(database, name="Card Party", players=PLAYERS, rounds=5, seed=3)
    assert (info.league, info.season, info.kind, info.rounds) == (
        "Card Party",
        "Card Party",
        "progressive",
        5,
    )
    assert info.players == tuple(PLAYERS)
    with database.session() as session:
        stored = tournament_movement(session=session, tournament_id=info.id)
    assert stored == plan_movement(PLAYERS, 5, seed=3)
    assert [found.name for found in list_tournaments(database)] == ["Card Party"]


def test_a_round_of_so_many_hands_or_to_a_target(database: Database) -> None:
    create_tournament(database, name="Eight", players=PLAYERS[:8], rounds=2, hands_per_round=8)
    with database.session() as session:
        season = session.exec(select(Season).where(Season.name == "Eight")).one()
    assert '"hands_per_game": 8' in season.options_json
    info = create_tournament(database, name="Three", players=PLAYERS[:8], rounds=2, to_points=300)
    assert (info.target, info.hands_per_round) == (300, None)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": PLAYERS[:6]}, "8"),
        ({"rounds": 40}, "rounds"),
        ({"hands_per_round": 0}, "hands"),
        ({"to_points": 0}, "target"),
        ({"players": ["Ann", "ann", *PLAYERS[:6]]}, "Ann"),
    ],
)
def test_what_cannot_be_a_tournament_is_refused_and_nothing_is_kept(
    database: Database, changes: dict[str, object], words: str
) -> None:
    arguments: dict[str, object] = {"name": "Party", "players": PLAYERS, "rounds": 3}
    arguments.update(changes)
    with pytest.raises(StoreError, match=words):
        create_tournament(database, **arguments)  # type: ignore[arg-type]
    with database.session() as session:
        assert session.exec(select(Tournament)).all() == []
        assert session.exec(select(Season)).all() == []
        assert session.exec(select(Team)).all() == []


def test_a_second_tournament_of_the_same_name_is_refused(database: Database) -> None:
    create_tournament(database, name="Party", players=PLAYERS, rounds=2)
    with pytest.raises(StoreError, match="already a tournament called Party"):
        create_tournament(database, name="PARTY ", players=PLAYERS, rounds=2, league="Other")


def long_way(database: Database) -> dict[str, tuple[int, int]]:
    """Each player's points and wins, from the seats and every hand of every game, and
    each round's sit-outs scoring the mean of the round's side totals."""
    points: dict[str, int] = dict.fromkeys(PLAYERS, 0)
    wins: dict[str, int] = dict.fromkeys(PLAYERS, 0)
    with database.session() as session:
        names = {p.id: p.name for p in session.exec(select(Player)).all()}
        games = session.exec(select(StoredGame)).all()
        seats = session.exec(select(GameSeat)).all()
    by_round: dict[int, list[int]] = {}
    movement = plan_movement(PLAYERS, 4, seed=1)
    for game in games:
        assert game.id is not None
        recorder = open_game(database, game.id)
        totals = recorder.game.totals
        week = next(m.week for m in schedule(database, "Spring Party") if m.id == game.fixture_id)
        for seat in (s for s in seats if s.game_id == game.id):
            side = seat.seat[0]
            points[names[seat.player_id]] += totals[side]
            wins[names[seat.player_id]] += recorder.game.winner == side
            by_round.setdefault(week, []).append(totals[side])
    for found in movement.rounds:
        round_totals = by_round.get(found.round, [])
        for player in found.byes:
            if round_totals:
                points[player] += round(sum(round_totals) / len(round_totals) + 1e-9)
    return {player: (points[player], wins[player]) for player in PLAYERS}


def test_the_standings_are_a_recount_the_long_way(database: Database) -> None:
    info = create_tournament(database, name="Spring Party", players=PLAYERS, rounds=4, seed=1)
    rng = random.Random(7)
    for week in (1, 2, 3):
        play_round(database, "Spring Party", week, rng)
    with database.session() as session:
        rows = tournament_standings(session=session, tournament_id=info.id)
    assert {row.player: (row.points, row.wins) for row in rows} == long_way(database)
    assert next(row.rank for row in rows) == 1
    ordered = [(-row.points, -row.wins, -row.best) for row in rows]
    assert ordered == sorted(ordered)
    assert sum(row.byes for row in rows) == 3  # one sit-out a round, three rounds played
    assert all(row.played + row.byes == 3 for row in rows)


def test_a_tournament_is_its_own_season_of_the_league_named(database: Database) -> None:
    info = create_tournament(
        database, name="Winter Party", players=PLAYERS[:8], rounds=1, league="Evansville"
    )
    assert tournament_info(database, "winter party").league == "Evansville"
    with pytest.raises(StoreError, match="no tournament called 'Summer'"):
        tournament_info(database, "Summer")
    assert info.season == "Winter Party"


def test_the_movement_cannot_be_edited_away(database: Database) -> None:
    create_tournament(database, name="Party", players=PLAYERS[:8], rounds=2)
    team = list_teams(database, "Party")[0]
    first = schedule(database, "Party")[0]
    refusals: list[tuple[Callable[[], object], str]] = [
        (lambda: generate_schedule(database, "Party", replace=True), "not a schedule"),
        (lambda: add_player(database, team.id, "Zed"), "partnership of the tournament"),
        (lambda: remove_player(database, team.id, team.players[0]), "come from the movement"),
        (lambda: remove_team(database, team.id), "partnership of the tournament"),
        (lambda: edit_match(database, first.id, home=team.name), "partnerships come from"),
    ]
    for refused, words in refusals:
        with pytest.raises(StoreError, match=words):
            refused()
    with database.session() as session:
        info = tournament_info(database, "Party")
        assert tournament_movement(session=session, tournament_id=info.id) == plan_movement(
            PLAYERS[:8], 2
        )
    edit_match(database, first.id, table=9)  # a table's number is the secretary's
