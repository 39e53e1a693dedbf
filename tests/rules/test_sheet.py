"""What the sheet shows for a hand (RULES.md §5–§8): the marks, the notes, the W.

The marks are checked against RULES.md's own words, worked out here from what
was entered (the trick points, melds and bell), not from the engine's scores:
every trick split of the four-handed game, with each meld and bell, both
makers; every renege; and any hand of any preset (hypothesis).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clabber_league.rules import (
    TIE,
    Game,
    HandKind,
    PassedHand,
    PlayedHand,
    RenegeHand,
    WrittenHand,
    rule_set,
    score_hand,
)
from clabber_league.rules.hands import HandResult, Mark, MarkKind
from clabber_league.rules.sheet import (
    ALL_PASSED,
    BELL,
    BOTH_RENEGED,
    RENEGE,
    Note,
    NoteKind,
    Outcome,
    ShownHand,
    final_marks,
    shown_hands,
    side_notes,
)
from clabber_league.rules.written import parse_mark
from tests.rules.strategies import hand_entries, presets

EVANSVILLE = rule_set()


def hand_notes(result: HandResult) -> dict[str, tuple[Note, ...]]:
    """Every side's notes for a hand."""
    return {side: side_notes(result, side) for side in result.scores}


#: Every trick figure a four-handed side can take (RULES.md §2: never 1 or 161).
TRICKS = [points for points in range(163) if points not in (1, 161)]
#: A side's scored melds (one side only scores melds), and who holds the bell.
MELDS = [{}, {"A": 20}, {"A": 50}, {"B": 20}, {"B": 100}]
BELLS = [None, "A", "B"]


def expected_marks(makers: str, points: dict[str, int], zero: str) -> dict[str, Mark]:
    """RULES.md §5 in its own words: makers with strictly more hand points write them,
    else XX; defenders write theirs, or the zero mark for nothing."""
    defenders = "B" if makers == "A" else "A"
    made = points[makers] > points[defenders]
    marks = {defenders: Mark(MarkKind.NUMBER, str(points[defenders]))}
    if not points[defenders]:
        marks[defenders] = Mark(MarkKind.ZERO, zero)
    marks[makers] = Mark(MarkKind.NUMBER, str(points[makers])) if made else Mark(MarkKind.SET, "XX")
    return marks


@pytest.mark.parametrize("zero", ["-", "~"])
def test_every_played_four_handed_hand_marks_as_rules_md_says(zero: str) -> None:
    rules = rule_set("evansville", {"zero_mark": zero})
    for makers, tricks, melds, bell in itertools.product("AB", TRICKS, MELDS, BELLS):
        entry = PlayedHand(makers, {"A": tricks}, melds=melds, bell=bell)
        result = score_hand(entry, rules, number=1)
        points = {
            side: (tricks if side == "A" else 162 - tricks)
            + melds.get(side, 0)
            + (20 if bell == side else 0)
            for side in "AB"
        }
        assert result.sheet_marks == expected_marks(makers, points, zero), entry
        assert result.marks == {side: mark.text for side, mark in result.sheet_marks.items()}


def test_every_renege_marks_as_rules_md_says() -> None:
    # RULES.md §6: the reneging side writes XX as the makers, the zero mark as defenders;
    # the other side 162 and its melds and bell.
    for makers, offender, melds, bell in itertools.product("AB", "AB", [0, 20, 50], BELLS):
        other = "B" if offender == "A" else "A"
        if bell == offender:
            continue  # a reneging side's bell does not count: refused
        entry = RenegeHand(makers, offender, melds={other: melds} if melds else {}, bell=bell)
        result = score_hand(entry, EVANSVILLE, number=1)
        crossed = Mark(MarkKind.SET, "XX") if offender == makers else Mark(MarkKind.ZERO, "-")
        figure = 162 + melds + (20 if bell == other else 0)
        assert result.sheet_marks == {offender: crossed, other: Mark(MarkKind.NUMBER, str(figure))}
        assert hand_notes(result)[offender] == (RENEGE,)
        expected = [Note(NoteKind.MELDS, melds)] if melds else []
        expected += [BELL] if bell == other else []
        assert hand_notes(result)[other] == tuple(expected)


def test_a_passed_hand_and_a_double_renege_write_nothing_and_say_why() -> None:
    passed = score_hand(PassedHand(), EVANSVILLE, number=1)
    void = score_hand(RenegeHand("A", "both"), EVANSVILLE, number=1)
    blank = Mark(MarkKind.BLANK, "")
    assert passed.sheet_marks == void.sheet_marks == {"A": blank, "B": blank}
    assert hand_notes(passed) == {"A": (ALL_PASSED,), "B": (ALL_PASSED,)}
    assert hand_notes(void) == {"A": (BOTH_RENEGED,), "B": (BOTH_RENEGED,)}


def test_melds_and_bell_are_noted_only_where_they_scored() -> None:
    # A 70 + bell 20 = 90 against 92: the makers are set, so their bell is not written.
    set_with_bell = score_hand(PlayedHand("A", {"A": 70}, bell="A"), EVANSVILLE, number=1)
    assert hand_notes(set_with_bell) == {"A": (), "B": ()}
    made = score_hand(PlayedHand("A", {"A": 100}, melds={"A": 50}, bell="A"), EVANSVILLE, number=1)
    assert hand_notes(made) == {"A": (Note(NoteKind.MELDS, 50), BELL), "B": ()}


def test_three_handed_opponents_with_nothing_get_the_zero_mark() -> None:
    rules = rule_set("three-handed")
    result = score_hand(WrittenHand("A", {"A": "XX", "B": "-", "C": "152"}), rules, number=1)
    assert [mark.kind for mark in result.sheet_marks.values()] == [
        MarkKind.SET,
        MarkKind.ZERO,
        MarkKind.NUMBER,
    ]


@pytest.mark.parametrize(
    ("winner", "outcomes"),
    [
        (None, None),
        ("A", {"A": Outcome.WON, "B": Outcome.LOST}),
        ("B", {"A": Outcome.LOST, "B": Outcome.WON}),
        (TIE, {"A": Outcome.TIED, "B": Outcome.TIED}),
    ],
)
def test_the_line_under_the_last_hand(winner: str | None, outcomes: object) -> None:
    assert final_marks(("A", "B"), winner) == outcomes


def test_a_three_sided_win_leaves_both_others_blank() -> None:
    assert final_marks(("A", "B", "C"), "C") == {
        "A": Outcome.LOST,
        "B": Outcome.LOST,
        "C": Outcome.WON,
    }


def test_hands_typed_two_ways_show_the_same() -> None:
    played = Game(EVANSVILLE, ["Eagles", "Owls"], entries=[PlayedHand("A", {"A": 92})])
    copied = Game(
        EVANSVILLE, ["Eagles", "Owls"], entries=[WrittenHand("A", {"A": "92", "B": "70"})]
    )
    assert shown_hands(played.rows) == shown_hands(copied.rows)
    assert shown_hands(played.rows) == (ShownHand("played", "A", False, None, (92, 70, None)),)


def check_marks(result: HandResult) -> None:
    """The one rule of the marks, for any hand of any rule set."""
    blank = result.kind in (HandKind.PASSED, HandKind.VOID)
    crossed = result.makers is not None and (
        result.set or (result.kind is HandKind.RENEGE and result.reneged == result.makers)
    )
    for side, mark in result.sheet_marks.items():
        score = result.scores[side]
        if blank:
            assert mark == Mark(MarkKind.BLANK, "")
        elif crossed and side == result.makers:
            assert mark == Mark(MarkKind.SET, "XX")
            assert score == 0
        elif score:
            assert mark == Mark(MarkKind.NUMBER, str(score))
        else:
            assert mark.kind is MarkKind.ZERO
        if not blank:
            assert parse_mark(mark.text) == score  # the paper reads back as the figure


@settings(max_examples=200, deadline=None)
@given(data=st.data(), preset=presets)
def test_any_hand_of_any_preset_marks_by_the_one_rule(data: st.DataObject, preset: str) -> None:
    rules = rule_set(preset, {"zero_mark": data.draw(st.sampled_from(["-", "~"]))})
    result = score_hand(data.draw(hand_entries(rules)), rules, number=1)
    check_marks(result)
    notes = hand_notes(result)
    for side, noted in notes.items():
        if result.scores[side] == 0:
            assert all(note.kind not in (NoteKind.MELDS, NoteKind.BELL) for note in noted)
        assert (RENEGE in noted) == (result.kind is HandKind.RENEGE and result.reneged == side)
    # A written copy of the hand's marks is the same hand on the sheet.
    if result.kind is not HandKind.PASSED and result.kind is not HandKind.VOID and result.makers:
        copied = score_hand(WrittenHand(result.makers, result.marks), rules, number=1)
        assert copied.sheet_marks == result.sheet_marks
