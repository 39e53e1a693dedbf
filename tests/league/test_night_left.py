"""``league.night_left``: the tables a night has left, and the week to offer."""

from __future__ import annotations

from clabber_league.league.night_left import MatchProgress, NightLeft, left_to_play, week_to_open


def match(week: int, table: int, started: int, finished: int, games: int = 1) -> MatchProgress:
    return MatchProgress(week, table, (f"Home {table}", f"Away {table}"), started, finished, games)


def test_a_night_left_names_its_tables_mid_game_and_never_begun_in_table_order() -> None:
    matches = [
        match(1, 3, 0, 0),
        match(1, 1, 1, 1),  # played out
        match(1, 2, 1, 0),  # its game under way
        match(1, 4, 1, 1, games=2),  # between its two games
        match(2, 1, 0, 0),  # another night
    ]
    left = left_to_play(matches, 1)
    assert [m.table for m in left.under_way] == [2, 4]
    assert [m.table for m in left.unplayed] == [3]
    assert left


def test_a_night_played_out_has_nothing_left() -> None:
    assert left_to_play([match(1, 1, 2, 2, games=2)], 1) == NightLeft()
    assert not left_to_play([match(1, 1, 2, 2, games=2)], 1)
    assert not left_to_play([], 5)


def test_the_week_to_open_is_the_first_with_a_match_to_play_else_the_last() -> None:
    assert week_to_open([match(1, 1, 1, 1), match(2, 1, 0, 0), match(3, 1, 0, 0)]) == 2
    assert week_to_open([match(3, 1, 0, 0), match(1, 1, 1, 1), match(2, 1, 1, 1)]) == 3
    assert week_to_open([match(1, 1, 1, 1), match(2, 1, 1, 1)]) == 2
    assert week_to_open([]) is None
