"""Written hands: marks copied off a paper sheet (SHEET_JSON.md, RULES.md §5, §8).

A written hand is accepted only when some legal hand writes exactly those
marks; each case below says, worked out by hand from RULES.md, which hand
that is, or why none can be.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clabber_league.rules import (
    HandError,
    HandKind,
    HandResult,
    RuleSet,
    Suit,
    WrittenHand,
    rule_set,
    score_hand,
)
from clabber_league.rules.judge import Judge
from clabber_league.rules.trick_totals import possible_trick_points
from clabber_league.rules.written import judge_written, score_written
from tests.rules.strategies import PROPERTY_RULES, played_hands

EVANSVILLE = rule_set("evansville")
TRICKS_82 = rule_set("evansville", {"set_rule": "82_tricks"})
TILDE = rule_set("evansville", {"zero_mark": "~"})
THREE_HANDED = rule_set("three-handed")
KLABERJASS = rule_set("klaberjass")
KLABERJASS_ALL_RUNS = rule_set("klaberjass", {"klaberjass_runs": "all"})
TWO_HANDED = rule_set("two-handed")

VALID_TRICK_POINTS = tuple(points for points in range(163) if points not in (1, 161))

# ---------------------------------------------------------------- helpers


def accept(
    makers: str,
    marks: Mapping[str, str],
    rules: RuleSet = EVANSVILLE,
) -> HandResult:
    return score_hand(WrittenHand(makers=makers, marks=marks), rules, number=1)


def reject(
    makers: str,
    marks: Mapping[str, object],
    rules: RuleSet = EVANSVILLE,
    *,
    number: int = 6,
    names: Mapping[str, str] | None = None,
) -> tuple[str, ...]:
    """The messages a rejected written hand raises, each checked to name its hand."""
    entry = WrittenHand(makers=makers, marks=marks)  # type: ignore[arg-type]
    with pytest.raises(HandError) as caught:
        score_hand(entry, rules, number=number, names=names)
    messages = caught.value.messages
    assert messages
    for message in messages:
        assert message.startswith(f"hand {number}: "), message
    return messages


def assert_problems(messages: Sequence[str], *expected: Sequence[str]) -> None:
    """Exactly one message per expected problem, each containing all its key words."""
    assert len(messages) == len(expected), messages
    unmatched = list(messages)
    for words in expected:
        match = next(
            (message for message in unmatched if all(word in message for word in words)), None
        )
        assert match is not None, f"no message contains {list(words)}: {messages}"
        unmatched.remove(match)


def assert_written(
    result: HandResult, makers: str, scores: Mapping[str, int], *, went_set: bool
) -> None:
    assert result.kind is HandKind.PLAYED
    assert result.makers == makers
    assert dict(result.scores) == dict(scores)
    assert result.set is went_set
    assert result.melds is None
    assert result.meld_winner is None
    assert result.bell is None
    assert result.hand_check == sum(scores.values())


# ------------------------------------------------------ accepted, Evansville


@pytest.mark.parametrize(
    ("makers", "marks", "scores", "went_set"),
    [
        # The worked examples of RULES.md §5.
        ("A", {"A": "92", "B": "70"}, {"A": 92, "B": 70}, False),
        ("A", {"A": "95", "B": "87"}, {"A": 95, "B": 87}, False),  # 75 + dad against 87
        ("A", {"A": "XX", "B": "81"}, {"A": 0, "B": 81}, True),  # tie
        ("A", {"A": "XX", "B": "92"}, {"A": 0, "B": 92}, True),  # 70 + bell against 92
        ("A", {"A": "162", "B": "-"}, {"A": 162, "B": 0}, False),  # all tricks
        ("A", {"A": "XX", "B": "172"}, {"A": 0, "B": 172}, True),  # 40 against 122 + 50
        # SHEET_JSON.md's example: B take everything and show a dad (or A reneged).
        ("B", {"A": "-", "B": "182"}, {"A": 0, "B": 182}, False),
        ("B", {"A": "70", "B": "92"}, {"A": 70, "B": 92}, False),
        # The makers took nothing (or reneged).
        ("A", {"A": "XX", "B": "162"}, {"A": 0, "B": 162}, True),
        # The makers reneged; the defenders had a fifty and the bell: 162 + 50 + 20.
        ("B", {"A": "232", "B": "XX"}, {"A": 232, "B": 0}, True),
        # A set needs no particular sum: B 151 + bell 20 = 171 against A 11.
        ("A", {"A": "XX", "B": "171"}, {"A": 0, "B": 171}, True),
        # A 100 tricks + 220 (four jacks and a dad) against 62.
        ("A", {"A": "320", "B": "62"}, {"A": 320, "B": 62}, False),
        # All tricks, 300 in melds (four jacks, four nines) and the bell.
        ("A", {"A": "482", "B": "-"}, {"A": 482, "B": 0}, False),
        # Made by one point.
        ("A", {"A": "82", "B": "80"}, {"A": 82, "B": 80}, False),
        # The defenders took no trick but hold the bell.
        ("A", {"A": "162", "B": "20"}, {"A": 162, "B": 20}, False),
    ],
)
def test_accepted_marks(
    makers: str, marks: Mapping[str, str], scores: Mapping[str, int], went_set: bool
) -> None:
    result = accept(makers, marks)
    assert_written(result, makers, scores, went_set=went_set)
    assert dict(result.marks) == dict(marks)


def test_marks_are_read_leniently_and_written_back_in_form() -> None:
    result = accept("A", {"A": " xx ", "B": " 92"})
    assert_written(result, "A", {"A": 0, "B": 92}, went_set=True)
    assert dict(result.marks) == {"A": "XX", "B": "92"}
    zero = accept("A", {"A": "162", "B": "0"})
    assert_written(zero, "A", {"A": 162, "B": 0}, went_set=False)
    assert dict(zero.marks) == {"A": "162", "B": "-"}


def test_accepted_under_the_tilde_zero_mark() -> None:
    result = accept("A", {"A": "162", "B": "~"}, TILDE)
    assert_written(result, "A", {"A": 162, "B": 0}, went_set=False)
    assert dict(result.marks) == {"A": "162", "B": "~"}


def test_trump_is_kept() -> None:
    entry = WrittenHand(makers="A", marks={"A": "92", "B": "70"}, trump=Suit.HEARTS)
    result = score_hand(entry, EVANSVILLE, number=3)
    assert result.trump is Suit.HEARTS


# ------------------------------------------------------ rejected, Evansville


@pytest.mark.parametrize(
    ("defenders", "at_least"), [("70", 92), ("80", 82), ("40", 122), ("20", 142)]
)
def test_makers_set_with_defenders_below_81(defenders: str, at_least: int) -> None:
    # The defenders' hand points include their tricks, so the makers took the rest,
    # more than the defenders' whole score: they made it.
    problems = reject("A", {"A": "XX", "B": defenders})
    assert_problems(
        problems,
        [
            f"makers set with the defenders on {defenders} is impossible: the makers took "
            f"at least {at_least} trick points"
        ],
    )


def test_makers_set_with_the_defenders_on_70_the_brief_example() -> None:
    problems = reject("B", {"A": "70", "B": "XX"})
    assert_problems(
        problems,
        [
            "makers set with the defenders on 70 is impossible: "
            "the makers took at least 92 trick points"
        ],
    )


def test_scores_not_in_tens_above_162() -> None:
    problems = reject("A", {"A": "95", "B": "70"})
    assert_problems(problems, ["the two scores add to 165: melds come in tens"])


@pytest.mark.parametrize(
    ("makers_mark", "defenders_mark", "total"),
    [("90", "70", 160), ("100", "-", 100), ("92", "69", 161)],
)
def test_made_hand_below_162(makers_mark: str, defenders_mark: str, total: int) -> None:
    problems = reject("A", {"A": makers_mark, "B": defenders_mark})
    assert_problems(
        problems,
        [f"the two scores add to {total}", "a made hand writes all 162 trick points"],
    )


@pytest.mark.parametrize(
    ("makers_mark", "defenders_mark", "extra"),
    [
        # 250: no meld total is 250 or 230 (a fifty always holds a jack, so never
        # sits beside four jacks).
        ("300", "112", 250),
        # 130: neither 130 nor 110 is a meld total.
        ("200", "92", 130),
        ("100", "72", 10),
        ("120", "72", 30),
        # 330: the most is 300 and the bell, 320.
        ("492", "-", 330),
    ],
)
def test_impossible_meld_extras(makers_mark: str, defenders_mark: str, extra: int) -> None:
    total = 162 + extra
    problems = reject("A", {"A": makers_mark, "B": defenders_mark})
    assert_problems(
        problems,
        [
            f"the two scores add to {total}: {extra} in melds and bell is not possible",
            "Evansville",
        ],
    )


@pytest.mark.parametrize("zero", ["-", "0"])
def test_makers_written_as_nothing(zero: str) -> None:
    problems = reject("A", {"A": zero, "B": "162"})
    assert_problems(
        problems, ["the makers are never written -", "makers who do not make it are set"]
    )


def test_makers_written_as_nothing_under_tilde() -> None:
    problems = reject("B", {"A": "162", "B": "~"}, TILDE)
    assert_problems(problems, ["the makers are never written ~"])


def test_xx_on_the_non_makers() -> None:
    problems = reject("A", {"A": "92", "B": "XX"})
    assert_problems(
        problems, ["B did not make trump, so it cannot be set", "only the makers are written XX"]
    )


@pytest.mark.parametrize(
    ("marks", "shown"),
    [
        ({"A": "XX", "B": "-"}, "A XX, B -"),
        ({"A": "-", "B": "-"}, "A -, B -"),
        ({"A": "0", "B": "0"}, "A -, B -"),
    ],
)
def test_both_sides_nothing(marks: Mapping[str, str], shown: str) -> None:
    problems = reject("A", marks)
    assert_problems(problems, [f"{shown} is impossible", "somebody takes the 162 trick points"])


@pytest.mark.parametrize("bad", ["abc", "-5", "9 2", "92.5", "", "X", "٩٢"])
def test_bad_mark_text(bad: str) -> None:
    problems = reject("A", {"A": "92", "B": bad})
    assert_problems(problems, [f"{bad!r} is not a mark", "write a number, XX or -"])


def test_bad_mark_text_names_the_zero_mark_in_use() -> None:
    problems = reject("A", {"A": "92", "B": "abc"}, TILDE)
    assert_problems(problems, ["'abc' is not a mark", "write a number, XX or ~"])


def test_mark_that_is_not_text() -> None:
    problems = reject("A", {"A": "92", "B": 70})
    assert_problems(problems, ["70 is not a mark"])


def test_missing_mark() -> None:
    problems = reject("A", {"A": "92"})
    assert_problems(problems, ["B's mark is missing", "copy every side's mark"])


def test_mark_for_a_stranger() -> None:
    problems = reject("A", {"A": "92", "B": "70", "C": "10"})
    assert_problems(problems, ["a mark is written for 'C'", "the sides are A, B"])


def test_makers_not_a_side() -> None:
    problems = reject("C", {"A": "92", "B": "70"})
    assert_problems(problems, ["the makers must be one of A or B", "'C'"])


@pytest.mark.parametrize(
    ("makers_mark", "defenders_mark"), [("80", "82"), ("81", "81"), ("90", "122")]
)
def test_makers_not_ahead_must_be_set(makers_mark: str, defenders_mark: str) -> None:
    problems = reject("A", {"A": makers_mark, "B": defenders_mark})
    assert_problems(
        problems,
        [
            f"the makers wrote {makers_mark} against B's {defenders_mark}",
            "makers who do not score more than the defenders are set, written XX",
        ],
    )


def test_every_mark_problem_is_collected() -> None:
    problems = reject("A", {"A": "abc", "B": "XX", "C": "10"}, number=11)
    assert_problems(
        problems,
        ["a mark is written for 'C'"],
        ["'abc' is not a mark"],
        ["B did not make trump"],
    )
    missing = reject("Z", {"C": "1"})
    assert_problems(
        missing,
        ["the makers must be one of A or B", "'Z'"],
        ["a mark is written for 'C'"],
        ["A's mark is missing"],
        ["B's mark is missing"],
    )


def test_messages_use_the_team_names() -> None:
    names = {"A": "Eagles", "B": "Owls"}
    xx = reject("A", {"A": "92", "B": "XX"}, names=names)
    assert_problems(xx, ["Owls did not make trump"])
    missing = reject("A", {"B": "92"}, names=names)
    assert_problems(missing, ["Eagles's mark is missing"])
    behind = reject("A", {"A": "80", "B": "82"}, names=names)
    assert_problems(behind, ["the makers wrote 80 against Owls's 82"])


# ---------------------------------------------------------------- 82_tricks


def test_82_tricks_makers_made_below_the_defenders() -> None:
    # A 90 tricks against B 72 + fifty: made under 82_tricks, impossible by default.
    result = accept("A", {"A": "90", "B": "122"}, TRICKS_82)
    assert_written(result, "A", {"A": 90, "B": 122}, went_set=False)


def test_82_tricks_makers_below_82_cannot_have_made_it() -> None:
    # A's hand points are at most its tricks plus melds; 80 written means under 82 tricks.
    problems = reject("A", {"A": "80", "B": "82"}, TRICKS_82)
    assert_problems(problems, ["no legal hand writes A 80, B 82", "check the figures"])
    # A 70 tricks + 200 = 270 against 92 is made by default. Under 82_tricks the 200
    # cannot be moved to B (92 is less) nor split with the bell (180 is no meld total),
    # so A had 70 tricks and was set.
    assert_written(accept("A", {"A": "270", "B": "92"}), "A", {"A": 270, "B": 92}, went_set=False)
    late = reject("A", {"A": "270", "B": "92"}, TRICKS_82)
    assert_problems(late, ["no legal hand writes A 270, B 92"])


def test_82_tricks_set_and_impossible_sets() -> None:
    result = accept("A", {"A": "XX", "B": "81"}, TRICKS_82)
    assert_written(result, "A", {"A": 0, "B": 81}, went_set=True)
    # A 81 tricks + 50 against B 81: set, B writes 81; or B 81 + 50 = 131.
    assert_written(
        accept("A", {"A": "XX", "B": "131"}, TRICKS_82), "A", {"A": 0, "B": 131}, went_set=True
    )
    problems = reject("A", {"A": "XX", "B": "70"}, TRICKS_82)
    assert_problems(problems, ["makers set with the defenders on 70 is impossible"])


def test_82_tricks_still_rejects_bad_sums() -> None:
    assert_problems(
        reject("A", {"A": "95", "B": "70"}, TRICKS_82), ["add to 165: melds come in tens"]
    )
    assert_problems(reject("A", {"A": "90", "B": "70"}, TRICKS_82), ["add to 160"])


# --------------------------------------------------------------- klaberjass


@pytest.mark.parametrize(
    ("marks", "scores", "went_set"),
    [
        # RULES.md §10: 18 cards are played, so the trick points add to 28 to 156.
        ({"A": "70", "B": "40"}, {"A": 70, "B": 40}, False),
        ({"A": "XX", "B": "55"}, {"A": 0, "B": 55}, True),  # tie
        ({"A": "XX", "B": "65"}, {"A": 0, "B": 65}, True),  # tie: 45 + bella against 65
        ({"A": "XX", "B": "142"}, {"A": 0, "B": 142}, True),  # 50 + 20 behind 72
        ({"A": "XX", "B": "110"}, {"A": 0, "B": 110}, True),  # 40 behind 70, no melds
        ({"A": "112", "B": "40"}, {"A": 112, "B": 40}, False),  # 62 + fifty against 40
        ({"A": "120", "B": "-"}, {"A": 120, "B": 0}, False),
        ({"A": "XX", "B": "162"}, {"A": 0, "B": 162}, True),  # A reneged: a penalty of 162
    ],
)
def test_klaberjass_accepted(
    marks: Mapping[str, str], scores: Mapping[str, int], went_set: bool
) -> None:
    assert_written(accept("A", marks, KLABERJASS), "A", scores, went_set=went_set)


def test_klaberjass_accepts_sets_the_four_handed_game_refuses() -> None:
    # Four-handed the makers took the 92 that the defenders' 70 leaves; in Klaberjass
    # a maker on 30 behind 40 gives the opponent both, 70.
    assert_problems(reject("A", {"A": "XX", "B": "70"}), ["the makers took at least 92"])
    assert_written(
        accept("A", {"A": "XX", "B": "70"}, KLABERJASS), "A", {"A": 0, "B": 70}, went_set=True
    )


def test_klaberjass_set_below_the_poorest_deal() -> None:
    # Tied or behind, the opponent's 10 would hold both players' trick points, but the
    # 18 cards played and the last trick are worth at least 28; with the opponent on 10
    # or less the maker took at least 18.
    problems = reject("A", {"A": "XX", "B": "10"}, KLABERJASS)
    assert_problems(
        problems,
        [
            "makers set with the defenders on 10 is impossible: the makers took at least 18 "
            "trick points"
        ],
    )


@pytest.mark.parametrize(
    ("rules", "marks", "words"),
    [
        # 18 cards: the trick points are at most 156 and melds and bell add 70 at most.
        (KLABERJASS, {"A": "200", "B": "40"}, ["add to 240", "at most 70 in melds and bell"]),
        (KLABERJASS, {"A": "20", "B": "-"}, ["add to 20", "at least 28 in Klaberjass"]),
        (TWO_HANDED, {"A": "50", "B": "30"}, ["add to 80", "at least 84 in two-handed Clabber"]),
    ],
)
def test_two_player_made_hands_must_add_up(
    rules: RuleSet, marks: Mapping[str, str], words: list[str]
) -> None:
    assert_problems(reject("A", marks, rules), words)


def test_two_handed_made_hands_are_not_162() -> None:
    # The examples: 70 and 40, 80 and 64, refused while 162 was forced.
    for marks in ({"A": "70", "B": "40"}, {"A": "80", "B": "64"}):
        written = {side: int(mark) for side, mark in marks.items()}
        assert_written(accept("A", marks, TWO_HANDED), "A", written, went_set=False)


def test_klaberjass_meld_extras() -> None:
    # Only the best run scores: a side's melds are 0, 20 or 50, 70 at most with the
    # bella, so 242 needs 86 beyond the 156 trick points at most.
    problems = reject("A", {"A": "142", "B": "100"}, KLABERJASS)
    assert_problems(
        problems,
        ["the two scores add to 242", "156 trick points and at most 70 in melds and bell"],
    )
    # Counting all of the runner's runs: three runs of three (60) and the bella.
    result = accept("A", {"A": "142", "B": "100"}, KLABERJASS_ALL_RUNS)
    assert_written(result, "A", {"A": 142, "B": 100}, went_set=False)


# ------------------------------------------------------------- three-handed


@pytest.mark.parametrize(
    ("makers", "marks", "scores", "went_set"),
    [
        ("A", {"A": "70", "B": "50", "C": "42"}, {"A": 70, "B": 50, "C": 42}, False),
        # A 60 tricks behind B 61: set, the opponents keep their own.
        ("A", {"A": "XX", "B": "61", "C": "41"}, {"A": 0, "B": 61, "C": 41}, True),
        # A 60 tied with B: set.
        ("A", {"A": "XX", "B": "60", "C": "42"}, {"A": 0, "B": 60, "C": 42}, True),
        # A 60 beats each of 52 and 50.
        ("B", {"A": "52", "B": "60", "C": "50"}, {"A": 52, "B": 60, "C": 50}, False),
        ("C", {"A": "-", "B": "-", "C": "162"}, {"A": 0, "B": 0, "C": 162}, False),
        # A 40 against B 122 and C nothing.
        ("A", {"A": "XX", "B": "122", "C": "-"}, {"A": 0, "B": 122, "C": 0}, True),
    ],
)
def test_three_handed_accepted(
    makers: str, marks: Mapping[str, str], scores: Mapping[str, int], went_set: bool
) -> None:
    result = accept(makers, marks, THREE_HANDED)
    assert_written(result, makers, scores, went_set=went_set)
    assert dict(result.marks) == dict(marks)


def test_three_handed_maker_must_beat_each_opponent() -> None:
    problems = reject("A", {"A": "50", "B": "60", "C": "52"}, THREE_HANDED)
    assert_problems(
        problems,
        [
            "the makers wrote 50 against B's 60",
            "makers who do not score more than the defenders are set",
        ],
    )


def test_three_handed_set_maker_far_ahead_is_impossible() -> None:
    # B 40 and C 30 include their tricks, so A took at least 92: ahead of both.
    problems = reject("A", {"A": "XX", "B": "40", "C": "30"}, THREE_HANDED)
    assert_problems(problems, ["no legal hand writes A XX, B 40, C 30", "check the figures"])


def test_three_handed_bad_sums_and_marks() -> None:
    below = reject("A", {"A": "70", "B": "50", "C": "40"}, THREE_HANDED)
    assert_problems(below, ["the scores add to 160", "a made hand writes all 162"])
    missing = reject("A", {"A": "70", "B": "50"}, THREE_HANDED)
    assert_problems(missing, ["C's mark is missing"])
    xx = reject("A", {"A": "70", "B": "50", "C": "XX"}, THREE_HANDED)
    assert_problems(xx, ["C did not make trump"])
    nothing = reject("A", {"A": "XX", "B": "-", "C": "-"}, THREE_HANDED)
    assert_problems(nothing, ["A XX, B -, C - is impossible"])


def test_three_handed_melds_and_bell_must_fit_in_one_hand() -> None:
    # 300 for one player of eight cards is four jacks and four of a kind: no room
    # for the trump king and queen, so all tricks + 300 + bell (482) is impossible,
    # while 300 beside B's bell is fine.
    problems = reject("A", {"A": "482", "B": "-", "C": "-"}, THREE_HANDED)
    assert_problems(problems, ["check the figures"])
    result = accept("A", {"A": "462", "B": "20", "C": "-"}, THREE_HANDED)
    assert_written(result, "A", {"A": 462, "B": 20, "C": 0}, went_set=False)


def test_six_handed_melds_and_bell_must_fit() -> None:
    six = rule_set("six-handed")
    # 400 (four jacks, four nines, four aces) fills all twelve cards of a team.
    assert_written(
        accept("A", {"A": "562", "B": "-"}, six), "A", {"A": 562, "B": 0}, went_set=False
    )
    assert_written(
        accept("A", {"A": "562", "B": "20"}, six), "A", {"A": 562, "B": 20}, went_set=False
    )
    assert_problems(reject("A", {"A": "582", "B": "-"}, six), ["check the figures"])
    # Four-handed, 400 in melds is impossible altogether.
    assert_problems(reject("A", {"A": "562", "B": "-"}), ["400 in melds and bell is not possible"])


def test_bell_on_each_side_of_a_made_hand() -> None:
    # A 162 + dad 20, B no trick but the bell 20.
    result = accept("A", {"A": "182", "B": "20"})
    assert_written(result, "A", {"A": 182, "B": 20}, went_set=False)


# ----------------------------------------------- property: played → written


@pytest.mark.parametrize("preset", list(PROPERTY_RULES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_played_marks_written_back_are_accepted(preset: str, data: st.DataObject) -> None:
    rules = PROPERTY_RULES[preset]
    entry = data.draw(played_hands(rules))
    played = score_hand(entry, rules, number=1)
    written = score_hand(WrittenHand(makers=entry.makers, marks=played.marks), rules, number=1)
    assert written.kind is HandKind.PLAYED
    assert dict(written.scores) == dict(played.scores)
    assert written.set is played.set
    assert dict(written.marks) == dict(played.marks)
    assert written.melds is None


# ------------------------------------ property: accepted iff some hand writes it
#
# An independent oracle from RULES.md for two-sided rule sets: every (extras of
# the makers, extras of the defenders) that melds and the bell allow, with every
# legal pair of trick points (a split of the 162, or in the two-player games a pair
# some deal of 18 cards gives), settled by the rule set's set rule, plus the reneges
# (the innocent side writes 162 plus its own melds and bell).

# RULES.md §4: a side's scored meld totals under the standard rules (0 aside); each
# leaves room for the bell in its own hands or in the opponents'.
EVANSVILLE_MELD_TOTALS = (20, 40, 50, 60, 70, 80, 90, 100, 120, 140, 150, 200, 220, 240, 300)
# RULES.md §10: Klaberjass scores the best run only: a run of three 20, four or more 50.
KLABERJASS_MELD_TOTALS = (20, 50)

Marks = tuple[bool, int, int]
"""(makers set, makers' figure, defenders' figure)."""


def _extras(totals: Sequence[int]) -> set[tuple[int, int]]:
    """(makers' melds and bell, defenders' melds and bell): one side's melds at most."""
    pairs: set[tuple[int, int]] = set()
    for winner in (None, "makers", "defenders"):
        for melds in totals if winner else (0,):
            for bell in (None, "makers", "defenders"):
                makers = (melds if winner == "makers" else 0) + (20 if bell == "makers" else 0)
                defenders = (melds if winner == "defenders" else 0) + (
                    20 if bell == "defenders" else 0
                )
                pairs.add((makers, defenders))
    return pairs


SHARING_162 = tuple((points, 162 - points) for points in VALID_TRICK_POINTS)


def _producible(
    set_rule: str, totals: Sequence[int], pairs: Iterable[tuple[int, ...]] = SHARING_162
) -> frozenset[Marks]:
    written: set[Marks] = set()
    pairs = tuple(pairs)
    for makers_extra, defenders_extra in _extras(totals):
        # The sides play alike, so a pair reads makers first whichever side made trump.
        for tricks, their_tricks in pairs:
            makers = tricks + makers_extra
            defenders = their_tricks + defenders_extra
            if set_rule == "klaberjass":
                if makers > defenders:
                    written.add((False, makers, defenders))
                elif makers == defenders:
                    written.add((True, 0, defenders))
                else:
                    written.add((True, 0, makers + defenders))
                continue
            made = tricks >= 82 if set_rule == "82_tricks" else makers > defenders
            written.add((False, makers, defenders) if made else (True, 0, defenders))
        written.add((True, 0, 162 + defenders_extra))  # the makers reneged
        written.add((False, 162 + makers_extra, 0))  # the defenders reneged
    return frozenset(written)


# RULES.md §10: the two-player games play 18 cards; the pairs of trick points come
# from the enumeration that test_trick_totals checks against brute force.
KLABERJASS_PAIRS = possible_trick_points(KLABERJASS).combinations
TWO_HANDED_PAIRS = possible_trick_points(TWO_HANDED).combinations
# test_meld_totals: a two-handed player's totals; each leaves room for the bell either way.
TWO_HANDED_MELD_TOTALS = (20, 40, 50, 60, 70, 100, 120, 150, 200, 220, 300)

ORACLES: dict[str, tuple[RuleSet, Callable[[], frozenset[Marks]]]] = {
    "evansville": (EVANSVILLE, lambda: _producible("more_than_defenders", EVANSVILLE_MELD_TOTALS)),
    "82_tricks": (TRICKS_82, lambda: _producible("82_tricks", EVANSVILLE_MELD_TOTALS)),
    "klaberjass": (
        KLABERJASS,
        lambda: _producible("klaberjass", KLABERJASS_MELD_TOTALS, KLABERJASS_PAIRS),
    ),
    "two-handed": (
        TWO_HANDED,
        lambda: _producible("more_than_defenders", TWO_HANDED_MELD_TOTALS, TWO_HANDED_PAIRS),
    ),
}


@functools.cache
def producible_marks(oracle: str) -> frozenset[Marks]:
    return ORACLES[oracle][1]()


def test_oracle_agrees_with_the_worked_examples() -> None:
    producible = producible_marks("evansville")
    for example in [(False, 92, 70), (False, 95, 87), (True, 0, 81), (True, 0, 92)]:
        assert example in producible
    for example in [(False, 162, 0), (True, 0, 172)]:
        assert example in producible
    assert (True, 0, 70) not in producible
    assert (False, 95, 70) not in producible


@st.composite
def candidate_marks(draw: st.DrawFn, producible: frozenset[Marks]) -> Marks:
    """Marks that some hand writes half the time, arbitrary figures otherwise."""
    if draw(st.booleans()):
        return draw(st.sampled_from(sorted(producible)))
    crossed = draw(st.booleans())
    makers = 0 if crossed else draw(st.integers(min_value=0, max_value=520))
    defenders = draw(st.integers(min_value=0, max_value=520))
    return crossed, makers, defenders


@pytest.mark.parametrize("oracle", list(ORACLES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_written_hand_accepted_exactly_when_some_hand_writes_it(
    oracle: str, data: st.DataObject
) -> None:
    rules = ORACLES[oracle][0]
    producible = producible_marks(oracle)
    crossed, makers_figure, defenders_figure = data.draw(candidate_marks(producible))
    makers = data.draw(st.sampled_from(("A", "B")))
    defenders = "B" if makers == "A" else "A"
    marks = {
        makers: "XX" if crossed else (str(makers_figure) if makers_figure else "-"),
        defenders: str(defenders_figure) if defenders_figure else "-",
    }
    entry = WrittenHand(makers=makers, marks=marks)
    if (crossed, makers_figure, defenders_figure) not in producible:
        with pytest.raises(HandError):
            score_hand(entry, rules, number=1)
        return
    result = score_hand(entry, rules, number=1)
    assert dict(result.scores) == {makers: makers_figure, defenders: defenders_figure}
    assert result.set is crossed


@pytest.mark.parametrize("oracle", list(ORACLES))
def test_every_set_hand_accepted_exactly_when_some_hand_writes_it(oracle: str) -> None:
    """Makers set (XX), defenders on every figure up to 700: the marks the engine takes
    are exactly the oracle's (set makers are where the engine tries fewest figures)."""
    rules = ORACLES[oracle][0]
    producible = producible_marks(oracle)
    for defenders in range(701):
        entry = WrittenHand(
            makers="B", marks={"B": "XX", "A": str(defenders) if defenders else "-"}
        )
        try:
            score_hand(entry, rules, number=1)
        except HandError:
            accepted = False
        else:
            accepted = True
        assert accepted is ((True, 0, defenders) in producible), defenders


# ---------------------------------------------------------------- unknown makers


@pytest.mark.parametrize(
    ("marks", "why"),
    [
        ({"A": "92", "B": "70"}, "Eagles as makers made it 92 to 70"),
        ({"A": "70", "B": "92"}, "Owls as makers made it 92 to 70"),
        ({"A": "162", "B": "-"}, "all the tricks, by either side"),
        ({"A": "212", "B": "-"}, "a renege by the defenders (162 + 50 melds)"),
    ],
)
def test_unknown_makers_are_accepted_when_either_side_could_have_written_the_marks(
    marks: dict[str, str], why: str
) -> None:
    result = score_hand(WrittenHand(None, marks), EVANSVILLE, number=1)
    assert (result.kind, result.makers, result.set, result.melds) == (
        HandKind.PLAYED,
        None,
        False,
        None,
    ), why
    assert result.marks == marks


def test_xx_always_names_the_makers() -> None:
    with pytest.raises(HandError) as caught:
        score_hand(
            WrittenHand(None, {"A": "XX", "B": "92"}),
            EVANSVILLE,
            number=2,
            names={"A": "Eagles", "B": "Owls"},
        )
    assert list(caught.value.messages) == [
        "hand 2: Eagles is written XX, so Eagles made trump: XX always names the makers, so "
        "give them"
    ]


@pytest.mark.parametrize(
    ("marks", "message"),
    [
        (
            {"A": "90", "B": "70"},
            "the two scores add to 160, but a made hand writes all 162 trick points between "
            "the sides — check the figures",
        ),
        (
            {"A": "81", "B": "81"},
            "no legal hand writes A 81, B 81, whichever side made trump: check the figures",
        ),
    ],
)
def test_unknown_makers_no_side_could_write_are_refused_with_the_reason(
    marks: dict[str, str], message: str
) -> None:
    with pytest.raises(HandError) as caught:
        score_hand(WrittenHand(None, marks), EVANSVILLE, number=1)
    assert list(caught.value.messages) == [f"hand 1: {message}"]


@given(st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_made_hands_marks_are_accepted_without_the_makers(data: st.DataObject) -> None:
    """Unknown makers accept exactly what either side, as makers, could have written."""
    rules = data.draw(st.sampled_from(sorted(PROPERTY_RULES.values(), key=repr)))
    played = score_hand(data.draw(played_hands(rules)), rules, number=1)
    if played.set:
        return  # XX names the makers
    written = score_hand(WrittenHand(None, dict(played.marks)), rules, number=1)
    assert (written.makers, written.set, dict(written.scores)) == (
        None,
        False,
        dict(played.scores),
    )


@pytest.mark.parametrize(
    ("totals", "message"),
    [
        ({"D": 92}, "a paper total is written for 'D', but the sides are A, B"),
        ({"A": -5}, "A's paper total must be a whole number, not -5"),
    ],
)
def test_the_papers_totals_must_be_whole_numbers_of_the_games_sides(
    totals: dict[str, int], message: str
) -> None:
    with pytest.raises(HandError) as caught:
        score_hand(WrittenHand("A", {"A": "92", "B": "70"}, None, totals), EVANSVILLE, number=1)
    assert list(caught.value.messages) == [f"hand 1: {message}"]


# ------------------------------------------- remembered results against judging afresh

MARK_POOL = [
    "92",
    "70",
    "XX",
    "xx",
    "-",
    "~",
    "0",
    "162",
    "172",
    "81",
    "212",
    " 92 ",
    "abc",
    "999999",
]


@st.composite
def written_entries(draw: st.DrawFn) -> WrittenHand:
    sides = draw(st.lists(st.sampled_from(["A", "B", "C", "D"]), min_size=1, max_size=3))
    marks = {side: draw(st.sampled_from(MARK_POOL)) for side in sides}
    totals = draw(
        st.none() | st.dictionaries(st.sampled_from(["A", "B", "E"]), st.integers(-5, 900))
    )
    makers = draw(st.sampled_from(["A", "B", "C", None, "Z"]))
    trump = draw(st.none() | st.sampled_from(list(Suit)))
    return WrittenHand(makers, marks, trump, totals)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PROPERTY_RULES)), entry=written_entries())
def test_remembered_results_are_the_results_judged_afresh(preset: str, entry: WrittenHand) -> None:
    rules = PROPERTY_RULES[preset]
    names = {"A": "Eagles", "B": "Owls", "C": "Hawks"}
    fresh = Judge(rules, names)
    expected = judge_written(entry, fresh)
    for _ in range(2):  # the second time from what was remembered, if it was accepted
        judge = Judge(rules, names)
        assert (score_written(entry, judge), judge.problems) == (expected, fresh.problems)
