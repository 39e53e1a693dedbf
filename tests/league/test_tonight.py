"""The running W: games won tonight between the same sides, the open game as it stands."""

from datetime import UTC, datetime, timedelta

from clabber_league.league.tonight import Played, local_day, wins_tonight

NOW = datetime.now(UTC).replace(tzinfo=None)
TODAY = local_day(NOW)
SIDES = {"Eagles": "A", "Owls": "B"}


def test_games_won_today_count_for_the_winning_side_in_either_seat() -> None:
    games = [
        Played(1, "A", ("Eagles", "Owls"), NOW),
        Played(2, "A", ("Owls", "Eagles"), NOW),  # the Owls won, in seat A
        Played(3, "tie", ("Eagles", "Owls"), NOW),
        Played(4, None, ("Eagles", "Owls"), NOW),
        Played(5, "B", ("Eagles", "Owls"), NOW - timedelta(days=2)),  # another night
    ]
    assert wins_tonight(games, SIDES, TODAY) == {"A": 1, "B": 1}


def test_the_open_game_counts_as_it_now_stands() -> None:
    games = [Played(7, None, ("Eagles", "Owls"), NOW)]
    assert wins_tonight(games, SIDES, TODAY, open_game=7, open_winner="B") == {"B": 1}
    assert wins_tonight(games, SIDES, TODAY, open_game=8, open_winner="B") == {}
