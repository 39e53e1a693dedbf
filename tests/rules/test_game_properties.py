"""Properties of any valid game under any preset (hypothesis)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clabber_league.rules import (
    Game,
    GameError,
    HandKind,
    WrittenHand,
    rule_set,
    score_hand,
)
from clabber_league.rules.game import standing
from clabber_league.rules.trick_totals import possible_trick_points
from tests.rules.strategies import hand_entries, presets


def play(draw: st.DrawFn, preset: str, target: int) -> Game:
    rules = rule_set(preset, {"target": target})
    names = ["North", "South", "West"][: len(rules.sides)]
    game = Game(rules, names)
    for _ in range(draw(st.integers(0, 14))):
        if game.finished:
            break
        game.push(draw(hand_entries(rules)))
    return game


@st.composite
def games(draw: st.DrawFn) -> Game:
    return play(draw, draw(presets), draw(st.sampled_from([100, 300, 500, 1000])))


@settings(max_examples=150, deadline=None)
@given(games())
def test_running_check_is_always_the_sum_of_the_totals(game: Game) -> None:
    running = 0
    for row in game.rows:
        running += row.hand_check
        assert row.running_check == running == sum(row.totals.values())


@settings(max_examples=150, deadline=None)
@given(games())
def test_totals_never_decrease(game: Game) -> None:
    previous = dict.fromkeys(game.rules.sides, 0)
    for row in game.rows:
        assert all(row.totals[side] >= previous[side] for side in previous)
        previous = dict(row.totals)


@settings(max_examples=150, deadline=None)
@given(games())
def test_played_hands_take_trick_points_some_deal_gives(game: Game) -> None:
    possible = possible_trick_points(game.rules)
    for row in game.rows:
        if row.result.kind is HandKind.PLAYED:
            tricks = row.result.tricks
            assert tricks is not None
            assert possible.allows(tricks)
            # RULES.md §2: 162 shared wherever every card is played, less in the
            # two-player games.
            if game.rules.layout.every_card_played:
                assert sum(tricks.values()) == 162
            else:
                assert sum(tricks.values()) < 162


@settings(max_examples=150, deadline=None)
@given(games())
def test_only_the_last_hand_can_finish_the_game(game: Game) -> None:
    target = game.rules.options.target
    for row in game.rows[:-1]:
        assert not standing(game.rules, row.totals, row.n).finished
    if game.finished:
        assert max(game.totals.values()) >= target
        assert game.winner is not None


@settings(max_examples=150, deadline=None)
@given(games())
def test_marks_match_scores(game: Game) -> None:
    zero = game.rules.options.zero_mark.value
    for row in game.rows:
        result = row.result
        for side, mark in result.marks.items():
            score = result.scores[side]
            if result.kind in (HandKind.PASSED, HandKind.VOID):
                assert mark == ""
            elif mark == "XX":
                assert side == result.makers
                assert score == 0
            else:
                assert mark == (str(score) if score else zero)


@settings(max_examples=100, deadline=None)
@given(games())
def test_a_finished_game_takes_no_more_hands(game: Game) -> None:
    if game.finished:
        with pytest.raises(GameError, match="the game ended after hand"):
            game.push(WrittenHand(game.rules.sides[0], {}))


@settings(max_examples=100, deadline=None)
@given(games())
def test_every_played_hand_copied_as_written_marks_is_accepted(game: Game) -> None:
    for row in game.rows:
        result = row.result
        if result.kind is not HandKind.PLAYED or result.makers is None:
            continue
        copied = score_hand(
            WrittenHand(result.makers, dict(result.marks)), game.rules, number=row.n
        )
        assert copied.scores == result.scores
        assert copied.set == result.set
