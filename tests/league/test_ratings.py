"""The ratings (``league.ratings``): winners rise, mirrored games mirror them, and the
fold from scratch equals the ratings kept up game by game, whatever the storage order."""

from __future__ import annotations

import random
from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from clabber_league.league.ratings import (
    FIRST,
    RANKED_AFTER,
    RatedGame,
    Ratings,
    rating_rows,
    ratings,
)

START = date(2026, 9, 1)


@st.composite
def seasons(draw: st.DrawFn) -> list[RatedGame]:
    """Random games among eight players: some nights with two tables at once (one
    order), partners changing, ties now and then."""
    games: list[RatedGame] = []
    for night in range(draw(st.integers(1, 8))):
        players = draw(st.permutations(range(8)))
        for table in range(draw(st.integers(1, 2))):
            four = players[4 * table : 4 * table + 4]
            winner = draw(st.sampled_from([0, 1, 0, 1, None]))
            order = (START + timedelta(days=7 * night), night + 1, 1)
            games.append(RatedGame(order, (tuple(four[:2]), tuple(four[2:])), winner))
    return games


def test_a_player_who_wins_every_game_rises_above_one_who_loses_every_game() -> None:
    chance = random.Random(7)
    games: list[RatedGame] = []
    for night in range(12):
        others = chance.sample(range(2, 10), 2)
        # Player 0 wins every game, player 1 loses every game, partners drawn.
        games.append(
            RatedGame(
                (START + timedelta(days=night), night, 1), ((0, others[0]), (1, others[1])), 0
            )
        )
    found = ratings(games)
    assert found.of(0).shown > FIRST.shown > found.of(1).shown
    assert found.of(0).mu > FIRST.mu > found.of(1).mu
    rows = rating_rows(found, {p: f"P{p}" for p in range(10)})
    assert rows[0].player == 0
    assert rows[0].rank == 1
    ranked = [row for row in rows if row.rank is not None]
    assert ranked[-1].player == 1


@given(seasons())
def test_swapping_the_sides_of_every_game_changes_nothing(games: list[RatedGame]) -> None:
    """The sides are only places on the sheet: the same game written the other way round
    is the same game."""
    swapped = [
        RatedGame(
            game.order,
            game.sides[::-1],
            None if game.winner is None else 1 - game.winner,
        )
        for game in games
    ]
    assert _rounded(ratings(swapped)) == _rounded(ratings(games))


@given(seasons())
def test_flipping_every_result_mirrors_the_ratings(games: list[RatedGame]) -> None:
    """Every winner a loser and every loser a winner: each player's strength is mirrored
    round the starting 25, their uncertainty the same."""
    flipped = [
        RatedGame(game.order, game.sides, None if game.winner is None else 1 - game.winner)
        for game in games
    ]
    found, mirrored = ratings(games), ratings(flipped)
    assert found.current.keys() == mirrored.current.keys()
    for player, rating in found.current.items():
        other = mirrored.of(player)
        assert abs((rating.mu - FIRST.mu) + (other.mu - FIRST.mu)) < 1e-9
        assert abs(rating.sigma - other.sigma) < 1e-9
        assert rating.games == other.games


@given(seasons(), st.randoms(use_true_random=False))
def test_ratings_from_scratch_equal_the_ratings_kept_up_game_by_game(
    games: list[RatedGame], chance: random.Random
) -> None:
    """Each round rated onto the ratings before it, as games are stored, ends where the
    fold from scratch over every game ends — and the storage order does not matter."""
    kept = Ratings()
    orders = sorted({game.order for game in games})
    for order in orders:
        kept = ratings_after(kept, [game for game in games if game.order == order])
    shuffled = list(games)
    chance.shuffle(shuffled)
    assert ratings(shuffled) == kept


def ratings_after(before: Ratings, round_games: list[RatedGame]) -> Ratings:
    """One round's games, as ``ratings`` takes them (its players' order within the round)."""
    return before.played(
        sorted(round_games, key=lambda g: (g.sides, -1 if g.winner is None else g.winner))
    )


def test_a_player_is_ranked_only_after_enough_games() -> None:
    games = [
        RatedGame((START + timedelta(days=n), n, 1), ((0, 1), (2, 3)), 0)
        for n in range(RANKED_AFTER - 1)
    ]
    games.append(RatedGame((START + timedelta(days=99), 99, 1), ((0, 1), (4, 5)), 0))
    rows = rating_rows(ratings(games), {p: f"P{p}" for p in range(6)})
    ranked = {row.player: row.rank for row in rows}
    assert ranked[0] == ranked[1] == 1  # level partners share the rank
    assert ranked[2] is ranked[3] is ranked[4] is None
    assert [row.player for row in rows][:2] == [0, 1]


def test_the_history_has_a_point_a_night_per_player() -> None:
    games = [
        RatedGame((START + timedelta(days=n), n, 1), ((0, 1), (2, 3)), n % 2) for n in range(3)
    ]
    history = ratings(games).history
    assert [day for day, _rating in history[0]] == [START + timedelta(days=n) for n in range(3)]
    assert history[0][-1][1] == ratings(games).of(0).shown


def _rounded(found: Ratings) -> dict[int, tuple[float, float, int]]:
    return {p: (round(r.mu, 9), round(r.sigma, 9), r.games) for p, r in found.current.items()}
