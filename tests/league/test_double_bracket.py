"""The double bracket's arithmetic (``league.double_bracket``): out after two losses,
``2n - 2`` or ``2n - 1`` matches, byes for empty lines, and the reset final."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clabber_league.league.bracket import first_round
from clabber_league.league.double_bracket import (
    FINAL,
    FIRST_FINAL,
    LOSERS,
    RESET,
    WINNERS,
    Known,
    MatchKey,
    champion,
    double_round_name,
    known_matches,
    losers_round_count,
    plan,
    void_matches,
)
from clabber_league.rules.limits import LimitError


def played_out(teams: int, pick: st.DataObject | None = None) -> dict[MatchKey, tuple[int, int]]:
    """Every match played, in the order it becomes known, its winner drawn by ``pick``
    (the better seed when ``None``)."""
    results: dict[MatchKey, tuple[int, int]] = {}
    while True:
        waiting = [
            m for m in known_matches(teams, results) if m.low is not None and m.key not in results
        ]
        if not waiting:
            return results
        match = waiting[0]
        assert match.low is not None
        high_wins = True if pick is None else pick.draw(st.booleans())
        results[match.key] = (match.high, match.low) if high_wins else (match.low, match.high)


@given(st.integers(2, 16), st.data())
def test_everyone_but_the_champion_loses_twice(teams: int, data: st.DataObject) -> None:
    results = played_out(teams, data)
    losses = Counter(loser for _winner, loser in results.values())
    won = champion(teams, results)
    assert won is not None
    assert {seed for seed in range(1, teams + 1) if losses[seed] != 2} == {won}
    assert losses[won] in (0, 1)
    assert len(results) == 2 * teams - 2 + losses[won]
    assert (RESET in results) == (losses[won] == 1)
    known = {found.key for found in known_matches(teams, results)}
    assert not known & void_matches(teams)
    assert known | void_matches(teams) | {RESET} == {found.key for found in plan(teams)}


@given(st.integers(2, 16), st.data())
def test_nobody_plays_after_a_second_loss(teams: int, data: st.DataObject) -> None:
    results = played_out(teams, data)
    stages = {found.key: found.stage for found in plan(teams)}
    losses: Counter[int] = Counter()
    for _key, (winner, loser) in sorted(results.items(), key=lambda item: stages[item[0]]):
        assert losses[winner] < 2
        assert losses[loser] < 2
        losses[loser] += 1


@given(st.integers(2, 16), st.data())
def test_a_team_plays_at_most_once_a_stage(teams: int, data: st.DataObject) -> None:
    """A stage is a night of the bracket: nobody is due at two tables of it."""
    results = played_out(teams, data)
    known = known_matches(teams, results)
    for stage in {found.stage for found in known}:
        sides = [s for m in known if m.stage == stage for s in (m.high, m.low) if s is not None]
        assert len(sides) == len(set(sides))


def test_winners_round_1_is_the_single_bracket_s() -> None:
    for teams in range(2, 17):
        opening = [m for m in known_matches(teams, {}) if m.key.bracket == WINNERS]
        assert [(m.key.slot, m.high, m.low) for m in opening if m.key.round == 1] == [
            (p.slot, p.high, p.low) for p in first_round(teams, reseed=False)
        ]


def test_eight_teams_the_top_seeds_winning_all() -> None:
    results = played_out(8)
    rounds = Counter((key.bracket, key.round) for key in results)
    assert rounds == {
        (WINNERS, 1): 4,
        (WINNERS, 2): 2,
        (WINNERS, 3): 1,
        (LOSERS, 1): 2,
        (LOSERS, 2): 2,
        (LOSERS, 3): 1,
        (LOSERS, 4): 1,
        (FINAL, 1): 1,
    }
    assert champion(8, results) == 1
    assert results[FIRST_FINAL] == (1, 2)
    assert len(results) == 14


def test_dropping_in_crosses_over_to_avoid_a_rematch() -> None:
    """8 teams, the better seed winning: losers' round 1 is 8v5 → 5 and 7v6 → 6; the
    winners' round 2 losers 4 and 3 drop in crossed, so 4 (who beat 5) meets 6."""
    results = played_out(8)
    assert results[MatchKey(LOSERS, 1, 1)] == (5, 8)
    assert results[MatchKey(LOSERS, 1, 2)] == (6, 7)
    drop_in = {
        key.slot: pair for key, pair in results.items() if (key.bracket, key.round) == (LOSERS, 2)
    }
    assert sorted(drop_in[1]) == [3, 5]
    assert sorted(drop_in[2]) == [4, 6]
    first_meetings = {frozenset(results[MatchKey(WINNERS, 1, slot)]) for slot in (1, 2, 3, 4)}
    assert not {frozenset(pair) for pair in drop_in.values()} & first_meetings


def test_the_losers_champion_winning_the_final_forces_a_reset() -> None:
    results = played_out(4)
    del results[FIRST_FINAL]
    final = next(m for m in known_matches(4, results) if m.key == FIRST_FINAL)
    assert (final.high, final.low) == (1, 2)
    results[FIRST_FINAL] = (2, 1)
    assert champion(4, results) is None
    reset = next(m for m in known_matches(4, results) if m.key == RESET)
    assert (reset.high, reset.low) == (1, 2)
    results[RESET] = (2, 1)
    assert champion(4, results) == 2


def test_five_teams_give_byes_and_no_match_of_two_empty_lines() -> None:
    opening = known_matches(5, {})
    byes = [(m.key, m.high) for m in opening if m.low is None]
    assert byes == [
        (MatchKey(WINNERS, 1, 1), 1),
        (MatchKey(WINNERS, 1, 3), 2),
        (MatchKey(WINNERS, 1, 4), 3),
    ]
    assert [(m.high, m.low) for m in opening if m.key == MatchKey(WINNERS, 2, 2)] == [(2, 3)]
    assert all(isinstance(m, Known) for m in opening)
    assert len(played_out(5)) == 8


@pytest.mark.parametrize("teams", [1, 17])
def test_a_double_bracket_has_2_to_16_teams(teams: int) -> None:
    with pytest.raises(LimitError):
        plan(teams)


def test_round_names() -> None:
    assert losers_round_count(8) == 4
    names = [str(double_round_name(8, key)) for key in (MatchKey(WINNERS, 1, 1),
             MatchKey(WINNERS, 3, 1), MatchKey(LOSERS, 3, 1), MatchKey(LOSERS, 4, 1),
             FIRST_FINAL, RESET)]  # fmt: skip
    assert names == [
        "Winners' round 1",
        "Winners' final",
        "Losers' round 3",
        "Losers' final",
        "Grand final",
        "Grand final, reset",
    ]
