"""A game between two teams: their match still to play, its home team at side A, the
dealer's seat moving with the team; else a friendly in the order chosen."""

from clabber_league.league.pairing import GamePlan, Playable, plan_game

MATCHES = [Playable(3, "Hawks", "Wrens"), Playable(7, "Owls", "Eagles")]


def test_their_match_is_played_with_its_home_team_at_side_a_and_the_dealer_moved() -> None:
    assert plan_game(MATCHES, "Eagles", "Owls", "A1") == GamePlan(7, ("Owls", "Eagles"), "B1")
    assert plan_game(MATCHES, "Owls", "Eagles", "B2") == GamePlan(7, ("Owls", "Eagles"), "B2")


def test_teams_with_no_match_to_play_make_a_friendly_in_the_order_chosen() -> None:
    assert plan_game(MATCHES, "Eagles", "Hawks", "A1") == GamePlan(None, ("Eagles", "Hawks"), "A1")
