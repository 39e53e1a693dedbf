"""The individual standings' arithmetic: points, then wins, then the best round; byes
at the round's average; equal lines share a rank."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from clabber_league.league.progressive import (
    SeatResult,
    progressive_standings,
    round_average,
)


def test_points_then_wins_then_the_best_round() -> None:
    results = [
        SeatResult(1, "Ann", 500, True),
        SeatResult(2, "Ann", 300, False),
        SeatResult(1, "Bob", 400, False),
        SeatResult(2, "Bob", 400, True),
        SeatResult(1, "Cal", 420, True),
        SeatResult(2, "Cal", 380, True),
        SeatResult(1, "Dee", 380, True),
        SeatResult(2, "Dee", 420, True),
    ]
    rows = progressive_standings(["Dee", "Cal", "Bob", "Ann"], results, [])
    # All have 800; Cal and Dee won twice; Dee and Cal share the best round 420.
    assert [(row.rank, row.player) for row in rows] == [
        (1, "Cal"),
        (1, "Dee"),
        (3, "Ann"),
        (4, "Bob"),
    ]


def test_a_bye_scores_the_rounds_average_and_wins_nothing() -> None:
    results = [
        SeatResult(1, name, points, won)
        for name, points, won in (
            ("Ann", 501, True),
            ("Bob", 501, True),
            ("Cal", 300, False),
            ("Dee", 300, False),
        )
    ]
    rows = {
        row.player: row
        for row in progressive_standings(
            ["Ann", "Bob", "Cal", "Dee", "Eve"], results, [(1, "Eve"), (2, "Eve")]
        )
    }
    assert (rows["Eve"].points, rows["Eve"].wins, rows["Eve"].byes) == (401, 0, 1)
    assert rows["Eve"].best == 0
    assert rows["Eve"].played == 0


@given(st.lists(st.integers(0, 2000), max_size=20))
def test_the_average_is_the_nearest_point_halves_up(totals: list[int]) -> None:
    average = round_average(totals)
    if not totals:
        assert average == 0
    else:
        exact = sum(totals) / len(totals)
        assert exact - 0.5 <= average < exact + 0.5 or average == exact + 0.5


@given(
    st.dictionaries(
        st.sampled_from(["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]),
        st.tuples(st.integers(0, 900), st.booleans()),
        min_size=1,
    )
)
def test_ranks_follow_the_order_and_ties_share(lines: dict[str, tuple[int, bool]]) -> None:
    results = [SeatResult(1, name, points, won) for name, (points, won) in lines.items()]
    rows = progressive_standings(list(lines), results, [])
    assert [row.player for row in rows] != []
    assert rows[0].rank == 1
    for before, after in itertools.pairwise(rows):
        key_before = (before.points, before.wins, before.best)
        key_after = (after.points, after.wins, after.best)
        assert key_before >= key_after
        assert (after.rank == before.rank) == (key_before == key_after)
