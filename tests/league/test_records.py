"""A player's record (``league.records``): sums, bests, streaks, partners and head to
head, and a season's awards from the records."""

from __future__ import annotations

from datetime import date, timedelta

from clabber_league.league.player_games import LOST, TIED, WON
from clabber_league.league.records import (
    BIGGEST_HAND,
    HIGH_GAME,
    LONGEST_STREAK,
    MOST_DEFENDED,
    PLAYER_OF_SEASON,
    SeatGame,
    awards,
    records,
)

START = date(2026, 9, 1)


def seat(
    game: int,
    player: int,
    outcome: str,
    *,
    partner: int = 9,
    points: int = 300,
    best_hand: int = 100,
    made: int = 2,
    sets: int = 1,
    defended: int = 0,
) -> SeatGame:
    return SeatGame(
        game=game,
        season=1,
        order=(START + timedelta(days=game), game, 1),
        player=player,
        side="A",
        partners=(partner,),
        opponents=(7, 8),
        outcome=outcome,
        points=points,
        best_hand=best_hand,
        made=made,
        set=sets,
        defended=defended,
        reneges=game % 2,
    )


def test_a_record_sums_the_games_and_keeps_the_first_best() -> None:
    games = [
        seat(3, 1, WON, points=510, best_hand=162),
        seat(1, 1, WON, points=510, best_hand=90),
        seat(2, 1, LOST, points=220, best_hand=162),
        seat(4, 1, TIED, points=500),
        seat(5, 1, WON),
        seat(6, 1, WON),
        seat(7, 1, WON),
    ]
    record = records(games)[1]
    assert (record.games, record.won, record.made, record.set) == (7, 5, 14, 7)
    assert record.as_maker == 21
    assert record.reneges == 4  # the odd games
    # The first game, by the games' own order, that set the best: not the first stored.
    assert (record.high_game.value, record.high_game.game) == (510, 1)
    assert (record.biggest_hand.value, record.biggest_hand.game) == (162, 2)
    # 1 won, 2 lost, 3 won, 4 tied (a tie ends a run), 5–7 won.
    assert record.longest_streak == 3


def test_the_best_partner_needs_enough_games_and_head_to_head_counts_each_opponent() -> None:
    games = [seat(n, 1, WON, partner=2) for n in range(1, 3)]  # two wins with 2
    games += [seat(n, 1, WON if n < 6 else LOST, partner=3) for n in range(3, 7)]  # 3 of 4
    record = records(games)[1]
    assert [(one.player, one.games, one.won) for one in record.partners] == [(3, 4, 3), (2, 2, 2)]
    best = record.best_partner
    assert best is not None
    assert best.player == 3  # 2 has the better share, over too few games
    assert [(one.player, one.games) for one in record.opponents] == [(7, 6), (8, 6)]
    assert records([seat(1, 1, WON, partner=2)])[1].best_partner is None


def test_the_awards_go_to_every_player_level_on_the_figure() -> None:
    found = records(
        [
            seat(1, 1, WON, points=520, defended=3),
            seat(1, 2, WON, points=520, defended=3, partner=1),
            seat(2, 3, LOST, points=300, best_hand=170, defended=1),
        ]
    )
    given = {award.title: award for award in awards(found, [3], 12.5)}
    assert given[HIGH_GAME].players == (1, 2)
    assert given[HIGH_GAME].value == 520
    assert given[HIGH_GAME].game == 1
    assert given[BIGGEST_HAND].players == (3,)
    assert given[BIGGEST_HAND].game == 2
    assert given[MOST_DEFENDED].players == (1, 2)
    assert given[LONGEST_STREAK].value == 1
    assert given[PLAYER_OF_SEASON].players == (3,)
    assert given[PLAYER_OF_SEASON].value == 12.5
    assert awards({}, [], 0.0) == []
    assert PLAYER_OF_SEASON not in {award.title for award in awards(found, [], 0.0)}
