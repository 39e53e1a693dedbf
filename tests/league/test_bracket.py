"""The bracket's arithmetic (``league.bracket``): every team once a round until it is
out, byes only to the top seeds, and a champion that won every match it played."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clabber_league.league.bracket import (
    MatchGame,
    Pairing,
    bracket_size,
    first_round,
    match_winner,
    next_round,
    round_count,
    round_name,
    slots_in_round,
)
from clabber_league.rules.limits import LimitError


def test_eight_teams_open_in_the_standard_order() -> None:
    pairs = [(p.high, p.low) for p in first_round(8, reseed=False)]
    assert pairs == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert [(p.high, p.low) for p in first_round(4, reseed=False)] == [(1, 4), (2, 3)]


def test_six_teams_give_the_top_two_a_bye() -> None:
    pairs = [(p.high, p.low) for p in first_round(6, reseed=False)]
    assert pairs == [(1, None), (4, 5), (2, None), (3, 6)]


@pytest.mark.parametrize("teams", [0, 1, 17])
def test_a_bracket_has_2_to_16_teams(teams: int) -> None:
    with pytest.raises(LimitError):
        bracket_size(teams)


def test_round_names() -> None:
    assert [str(round_name(8, r)) for r in (1, 2, 3)] == ["Quarter-final", "Semi-final", "Final"]
    assert str(round_name(16, 1)) == "Playoff round 1"


@given(st.integers(2, 16), st.booleans(), st.data())
def test_a_whole_bracket_played_out(teams: int, reseed: bool, data: st.DataObject) -> None:
    size = bracket_size(teams)
    pairings = first_round(teams, reseed=reseed)
    byes = [p.high for p in pairings if p.low is None]
    assert sorted(byes) == list(range(1, size - teams + 1))  # byes only to the top seeds
    left = set(range(1, teams + 1))
    played: dict[int, list[int]] = {}  # seed → the seeds it beat
    for round_no in range(1, round_count(teams) + 1):
        assert len(pairings) == slots_in_round(teams, round_no)
        seated = [seed for p in pairings for seed in (p.high, p.low) if seed is not None]
        assert sorted(seated) == sorted(left)  # every team still in, once
        winners: dict[int, int] = {}
        for pairing in pairings:
            assert pairing.low is None or pairing.high < pairing.low
            games = data.draw(
                st.lists(
                    st.builds(
                        MatchGame,
                        st.sampled_from(["home", "away", "tie"]),
                        st.integers(0, 300),
                        st.integers(0, 300),
                    ),
                    min_size=2,
                    max_size=2,
                )
            )
            won = match_winner(pairing, games, 2)
            assert won in (pairing.high, pairing.low)
            assert won is not None
            if pairing.low is not None:
                beaten = pairing.low if won == pairing.high else pairing.high
                left.discard(beaten)
                played.setdefault(won, []).append(beaten)
            winners[pairing.slot] = won
        pairings = next_round(winners, len(pairings), reseed=reseed)
    assert pairings == []
    assert len(left) == 1  # the champion, who lost nothing
    (champion,) = left
    assert all(champion not in beaten for beaten in played.values())


def test_without_reseeding_a_slot_is_known_once_its_two_feeders_are() -> None:
    assert next_round({1: 1, 2: 5}, 4, reseed=False) == [Pairing(1, 1, 5)]
    assert next_round({1: 1, 2: 5}, 4, reseed=True) == []
    assert next_round({1: 1, 2: 5, 3: 7, 4: 3}, 4, reseed=True) == [
        Pairing(1, 1, 7),
        Pairing(2, 3, 5),
    ]


def test_a_match_is_won_on_games_then_points_then_seed() -> None:
    pairing = Pairing(1, 2, 7)
    home, away, tie = (MatchGame(w, 100, 50) for w in ("home", "away", "tie"))
    assert match_winner(pairing, [home], 2) is None  # a game still to play
    assert match_winner(pairing, [away, away, home], 3) == 7
    assert match_winner(pairing, [home, MatchGame("away", 40, 200)], 2) == 7  # on points
    assert match_winner(pairing, [tie], 1) == 2  # level on all: the better seed
    assert match_winner(pairing, [], 2, forfeited_by=2) == 7
    assert match_winner(Pairing(1, 1, None), [], 2) == 1
