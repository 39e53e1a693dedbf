"""The paper's own running totals, copied beside its marks: where its arithmetic slipped."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from clabber_league.rules import Game, PassedHand, WrittenHand, rule_set
from clabber_league.rules.paper import PaperTotal, paper_checks

SIDES = ["Eagles", "Owls"]


def written(a: str, b: str, totals: dict[str, int] | None = None) -> WrittenHand:
    return WrittenHand(None, {"A": a, "B": b}, None, totals)


def test_totals_that_agree_are_not_flagged() -> None:
    game = Game(rule_set(), SIDES, entries=[written("92", "70", {"A": 92, "B": 70})])
    assert paper_checks(game.rows) == {
        1: {"A": PaperTotal("A", 92, 92, 92), "B": PaperTotal("B", 70, 70, 70)}
    }
    assert not any(total.slipped or total.off for total in paper_checks(game.rows)[1].values())


def test_the_slip_is_flagged_at_the_hand_where_the_paper_added_wrong() -> None:
    # 92 + 62 is 154; the paper wrote 164, and carried its 164 on correctly after.
    game = Game(
        rule_set(),
        SIDES,
        entries=[
            written("92", "70", {"A": 92, "B": 70}),
            written("62", "100", {"A": 164, "B": 170}),
            written("150", "12", {"A": 314, "B": 182}),
        ],
    )
    checks = paper_checks(game.rows)
    assert [checks[n]["A"].slipped for n in (1, 2, 3)] == [False, True, False]
    assert checks[2]["A"] == PaperTotal("A", 164, 154, 154)
    assert [checks[n]["A"].off for n in (1, 2, 3)] == [0, 10, 10]
    assert not any(checks[n]["B"].slipped for n in (1, 2, 3))
    # The scores are the marks' sums whatever the paper says (RULES.md §8).
    assert game.totals == {"A": 304, "B": 182}


def test_hands_without_totals_carry_the_papers_line_on() -> None:
    game = Game(
        rule_set(),
        SIDES,
        entries=[
            written("92", "70", {"A": 102}),  # slipped by 10 at once
            PassedHand(),
            written("62", "100"),
            written("150", "12", {"A": 314}),  # its line: 102 + 0 + 62 + 150
        ],
    )
    checks = paper_checks(game.rows)
    assert set(checks) == {1, 4}
    assert checks[1]["A"].slipped
    assert not checks[4]["A"].slipped
    assert checks[4]["A"].off == 10


@given(st.lists(st.integers(min_value=0, max_value=999), min_size=2, max_size=2))
@settings(max_examples=50, deadline=None)
def test_the_papers_totals_never_change_the_score(totals: list[int]) -> None:
    entries = [written("92", "70"), written("62", "100")]
    with_totals = [*entries[:1], written("62", "100", dict(zip("AB", totals, strict=True)))]
    plain, copied = (
        Game(rule_set(), SIDES, entries=entries),
        Game(rule_set(), SIDES, entries=with_totals),
    )
    assert [row.totals for row in plain.rows] == [row.totals for row in copied.rows]
    assert [row.result.scores for row in plain.rows] == [row.result.scores for row in copied.rows]
