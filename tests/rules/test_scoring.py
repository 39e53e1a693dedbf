"""Scoring one hand with ``score_hand`` (RULES.md §4–§6, §9, §10; SHEET_JSON.md).

Every expected figure below is worked out by hand from RULES.md, never taken
from the engine: trick points share 162, a side's hand points are its tricks
plus its scored melds plus its bell, and the set rule of the rule set decides
what each side writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clabber_league.rules import (
    Card,
    HandError,
    HandKind,
    HandResult,
    PassedHand,
    PlayedHand,
    RenegeHand,
    RuleSet,
    Suit,
    rule_set,
    score_hand,
)
from clabber_league.rules.hands import HandEntry, ShownMelds
from tests.rules.strategies import PROPERTY_RULES, played_hands

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS

EVANSVILLE = rule_set("evansville")
ALTERNATE = rule_set("evansville-alt")
TWO_HANDED = rule_set("two-handed")
THREE_HANDED = rule_set("three-handed")
SIX_HANDED = rule_set("six-handed")
KLABERJASS = rule_set("klaberjass")
KLABERJASS_ALL_RUNS = rule_set("klaberjass", {"klaberjass_runs": "all"})
WADESVILLE = rule_set("wadesville")
TRICKS_82 = rule_set("evansville", {"set_rule": "82_tricks"})
TILDE = rule_set("evansville", {"zero_mark": "~"})

# RULES.md §4: the meld totals a side can score under the standard rules.
EVANSVILLE_TOTALS = "0, 20, 40, 50, 60, 70, 80, 90, 100, 120, 140, 150, 200, 220, 240, 300"

# ---------------------------------------------------------------- helpers


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(code) for code in text.split())


def shown(*melds: str) -> ShownMelds:
    """One seat's shown melds, each written as space-separated card codes."""
    return tuple(cards(meld) for meld in melds)


def played(
    makers: str,
    tricks: Mapping[str, int],
    *,
    melds: Mapping[str, int] | None = None,
    bell: str | None = None,
    trump: Suit | None = None,
    declared: Mapping[str, ShownMelds] | None = None,
) -> PlayedHand:
    return PlayedHand(
        makers=makers, tricks=tricks, trump=trump, melds=melds, declared=declared, bell=bell
    )


def score(
    entry: HandEntry,
    rules: RuleSet = EVANSVILLE,
    *,
    number: int = 1,
    names: Mapping[str, str] | None = None,
) -> HandResult:
    return score_hand(entry, rules, number=number, names=names)


def problems_of(
    entry: HandEntry,
    rules: RuleSet = EVANSVILLE,
    *,
    number: int = 4,
    names: Mapping[str, str] | None = None,
) -> tuple[str, ...]:
    """The messages of the HandError the entry raises, each checked to name its hand."""
    with pytest.raises(HandError) as caught:
        score_hand(entry, rules, number=number, names=names)
    error = caught.value
    assert error.hand_number == number
    assert error.messages, "a HandError always carries at least one message"
    prefix = f"hand {number}: "
    for message in error.messages:
        assert message.startswith(prefix), message
    assert len(error.messages) == len(error.problems)
    assert str(error) == "\n".join(error.messages)
    return error.messages


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


def assert_played(
    result: HandResult,
    *,
    scores: Mapping[str, int],
    marks: Mapping[str, str],
    went_set: bool,
) -> None:
    assert result.kind is HandKind.PLAYED
    assert dict(result.scores) == dict(scores)
    assert dict(result.marks) == dict(marks)
    assert result.set is went_set
    assert result.hand_check == sum(scores.values())


# ------------------------------------------------- RULES.md §5 worked examples


def test_example_made_92_against_70() -> None:
    result = score(played("A", {"A": 92, "B": 70}))
    assert_played(result, scores={"A": 92, "B": 70}, marks={"A": "92", "B": "70"}, went_set=False)
    assert result.makers == "A"
    assert dict(result.tricks or {}) == {"A": 92, "B": 70}
    assert dict(result.melds or {}) == {"A": 0, "B": 0}
    assert result.meld_winner is None
    assert result.bell is None
    assert result.hand_check == 162


def test_example_made_thanks_to_a_meld() -> None:
    # A 75 + dad 20 = 95 against B 87: strictly more, so both write their own.
    result = score(played("A", {"A": 75}, melds={"A": 20}))
    assert_played(result, scores={"A": 95, "B": 87}, marks={"A": "95", "B": "87"}, went_set=False)
    assert dict(result.melds or {}) == {"A": 20, "B": 0}
    assert result.meld_winner == "A"
    # §8: a made hand's check is 162 + all scored melds + bell.
    assert result.hand_check == 162 + 20


def test_example_tie_is_set() -> None:
    result = score(played("A", {"A": 81}))
    assert_played(result, scores={"A": 0, "B": 81}, marks={"A": "XX", "B": "81"}, went_set=True)
    assert result.hand_check == 81


def test_example_set_despite_the_bell() -> None:
    # A 70 + bell 20 = 90 against B 92.
    result = score(played("A", {"A": 70}, bell="A"))
    assert_played(result, scores={"A": 0, "B": 92}, marks={"A": "XX", "B": "92"}, went_set=True)
    assert result.bell == "A"


def test_example_all_tricks_leaves_the_defenders_a_dash() -> None:
    result = score(played("A", {"A": 162}))
    assert_played(result, scores={"A": 162, "B": 0}, marks={"A": "162", "B": "-"}, went_set=False)


def test_example_set_with_the_defenders_on_122_plus_fifty() -> None:
    result = score(played("A", {"A": 40}, melds={"B": 50}))
    assert_played(result, scores={"A": 0, "B": 172}, marks={"A": "XX", "B": "172"}, went_set=True)
    assert result.meld_winner == "B"
    assert dict(result.melds or {}) == {"A": 0, "B": 50}
    assert result.hand_check == 172


def test_makers_b_are_scored_the_same_way() -> None:
    made = score(played("B", {"B": 92}))
    assert_played(made, scores={"A": 70, "B": 92}, marks={"A": "70", "B": "92"}, went_set=False)
    gone = score(played("B", {"A": 92}))
    assert_played(gone, scores={"A": 92, "B": 0}, marks={"A": "92", "B": "XX"}, went_set=True)
    cleaned = score(played("B", {"A": 0}))
    assert_played(cleaned, scores={"A": 0, "B": 162}, marks={"A": "-", "B": "162"}, went_set=False)


def test_makers_who_take_no_trick_are_set_not_dashed() -> None:
    result = score(played("A", {"A": 0}))
    assert_played(result, scores={"A": 0, "B": 162}, marks={"A": "XX", "B": "162"}, went_set=True)


def test_made_by_a_single_point() -> None:
    result = score(played("A", {"A": 82}))
    assert_played(result, scores={"A": 82, "B": 80}, marks={"A": "82", "B": "80"}, went_set=False)


def test_hand_number_is_not_part_of_the_result() -> None:
    first = score(played("A", {"A": 92}), number=1)
    later = score(played("A", {"A": 92}), number=17)
    assert first == later


# ------------------------------------------------------------------ the bell


def test_bell_scores_for_the_side_that_lost_the_meld_comparison() -> None:
    # B scores its fifty; A still scores the bell: A 100 + 20 = 120 against B 62 + 50 = 112.
    result = score(played("A", {"A": 100}, melds={"B": 50}, bell="A"))
    assert_played(
        result, scores={"A": 120, "B": 112}, marks={"A": "120", "B": "112"}, went_set=False
    )
    assert result.meld_winner == "B"
    assert result.bell == "A"
    assert dict(result.melds or {}) == {"A": 0, "B": 50}  # bell excluded
    assert result.hand_check == 162 + 50 + 20


def test_bell_lets_the_makers_make_it() -> None:
    # A 80 + 20 = 100 against B 82.
    result = score(played("A", {"A": 80}, bell="A"))
    assert_played(result, scores={"A": 100, "B": 82}, marks={"A": "100", "B": "82"}, went_set=False)


def test_defenders_bell_sets_the_makers() -> None:
    # A 90 against B 72 + 20 = 92.
    result = score(played("A", {"A": 90}, bell="B"))
    assert_played(result, scores={"A": 0, "B": 92}, marks={"A": "XX", "B": "92"}, went_set=True)
    assert result.bell == "B"


def test_bell_beside_own_melds() -> None:
    # A 62 + 100 + 20 = 182 against B 100.
    result = score(played("A", {"A": 62}, melds={"A": 100}, bell="A"))
    assert_played(
        result, scores={"A": 182, "B": 100}, marks={"A": "182", "B": "100"}, went_set=False
    )


def test_defenders_with_no_trick_but_the_bell_write_a_figure() -> None:
    result = score(played("A", {"A": 162}, bell="B"))
    assert_played(result, scores={"A": 162, "B": 20}, marks={"A": "162", "B": "20"}, went_set=False)


# ------------------------------------------------------------------ reneges


def test_renege_by_the_makers_is_xx_and_the_defenders_score_162_melds_and_bell() -> None:
    result = score(RenegeHand(makers="A", offender="A", melds={"B": 50}, bell="B"))
    assert result.kind is HandKind.RENEGE
    assert dict(result.scores) == {"A": 0, "B": 162 + 50 + 20}
    assert dict(result.marks) == {"A": "XX", "B": "232"}
    assert result.set is False
    assert dict(result.melds or {}) == {"A": 0, "B": 50}
    assert result.meld_winner == "B"
    assert result.bell == "B"
    assert result.reneged == "A"
    assert result.makers == "A"
    assert result.hand_check == 232


def test_renege_by_the_defenders_is_a_dash_and_the_makers_score_162_and_melds() -> None:
    result = score(RenegeHand(makers="A", offender="B", melds={"A": 20}))
    assert result.kind is HandKind.RENEGE
    assert dict(result.scores) == {"A": 182, "B": 0}
    assert dict(result.marks) == {"A": "182", "B": "-"}
    assert result.set is False
    assert dict(result.melds or {}) == {"A": 20, "B": 0}
    assert result.meld_winner == "A"
    assert result.bell is None
    assert result.reneged == "B"


def test_plain_renege_scores_162() -> None:
    makers = score(RenegeHand(makers="B", offender="B"))
    assert dict(makers.scores) == {"A": 162, "B": 0}
    assert dict(makers.marks) == {"A": "162", "B": "XX"}
    assert makers.meld_winner is None
    defenders = score(RenegeHand(makers="B", offender="A", bell="B"))
    assert dict(defenders.scores) == {"A": 0, "B": 182}
    assert dict(defenders.marks) == {"A": "-", "B": "182"}
    assert defenders.bell == "B"
    assert defenders.meld_winner is None


def test_renege_by_the_defenders_uses_the_zero_mark_option() -> None:
    result = score(RenegeHand(makers="A", offender="B"), TILDE)
    assert dict(result.marks) == {"A": "162", "B": "~"}


def test_double_renege_is_void_and_nobody_scores() -> None:
    result = score(RenegeHand(makers="A", offender="both"))
    assert result.kind is HandKind.VOID
    assert dict(result.scores) == {"A": 0, "B": 0}
    assert dict(result.marks) == {"A": "", "B": ""}
    assert dict(result.melds or {}) == {"A": 0, "B": 0}
    assert result.meld_winner is None
    assert result.bell is None
    assert result.set is False
    assert result.reneged == "both"
    assert result.hand_check == 0


# ------------------------------------------------------------- passed hands


@pytest.mark.parametrize("rules", [EVANSVILLE, THREE_HANDED, KLABERJASS, TILDE])
def test_passed_hand_scores_nothing(rules: RuleSet) -> None:
    result = score(PassedHand(), rules)
    assert result.kind is HandKind.PASSED
    assert result.makers is None
    assert result.set is False
    assert dict(result.scores) == dict.fromkeys(rules.sides, 0)
    assert dict(result.marks) == dict.fromkeys(rules.sides, "")
    assert dict(result.melds or {}) == dict.fromkeys(rules.sides, 0)
    assert result.meld_winner is None
    assert result.bell is None
    assert result.hand_check == 0


# --------------------------------------------------- option set_rule 82_tricks


def test_82_tricks_makers_make_it_below_the_defenders_hand_points() -> None:
    # A 90 tricks (>= 82) against B 72 + 50 = 122: made, both write their own.
    result = score(played("A", {"A": 90}, melds={"B": 50}), TRICKS_82)
    assert_played(result, scores={"A": 90, "B": 122}, marks={"A": "90", "B": "122"}, went_set=False)
    # The same hand under the default rule: 90 is not more than 122.
    default = score(played("A", {"A": 90}, melds={"B": 50}))
    assert_played(default, scores={"A": 0, "B": 122}, marks={"A": "XX", "B": "122"}, went_set=True)


def test_82_tricks_melds_do_not_save_the_makers() -> None:
    # A 81 tricks + 50 = 131 against 81: set under 82_tricks, made by default.
    result = score(played("A", {"A": 81}, melds={"A": 50}), TRICKS_82)
    assert_played(result, scores={"A": 0, "B": 81}, marks={"A": "XX", "B": "81"}, went_set=True)
    default = score(played("A", {"A": 81}, melds={"A": 50}))
    assert_played(
        default, scores={"A": 131, "B": 81}, marks={"A": "131", "B": "81"}, went_set=False
    )


def test_82_tricks_example_made_thanks_to_a_meld_goes_set() -> None:
    result = score(played("A", {"A": 75}, melds={"A": 20}), TRICKS_82)
    assert_played(result, scores={"A": 0, "B": 87}, marks={"A": "XX", "B": "87"}, went_set=True)


def test_82_tricks_melds_and_bell_still_score_when_made() -> None:
    # A 100 + 50 + 20 = 170, B 62.
    result = score(played("A", {"A": 100}, melds={"A": 50}, bell="A"), TRICKS_82)
    assert_played(result, scores={"A": 170, "B": 62}, marks={"A": "170", "B": "62"}, went_set=False)
    assert dict(result.melds or {}) == {"A": 50, "B": 0}
    assert result.bell == "A"


@pytest.mark.parametrize(
    ("makers_tricks", "went_set"), [(80, True), (81, True), (82, False), (83, False)]
)
def test_82_tricks_boundary(makers_tricks: int, went_set: bool) -> None:
    # The defenders have a hundred and the bell; only the makers' trick points matter.
    result = score(played("B", {"B": makers_tricks}, melds={"A": 100}, bell="A"), TRICKS_82)
    defenders = 162 - makers_tricks + 100 + 20
    assert result.set is went_set
    assert dict(result.scores) == {"A": defenders, "B": 0 if went_set else makers_tricks}
    assert result.marks["B"] == ("XX" if went_set else str(makers_tricks))


# ------------------------------------------------------- option zero_mark ~


def test_tilde_zero_mark() -> None:
    result = score(played("A", {"A": 162}), TILDE)
    assert_played(result, scores={"A": 162, "B": 0}, marks={"A": "162", "B": "~"}, went_set=False)
    gone = score(played("A", {"A": 0}), TILDE)
    # Set makers stay XX whatever the zero mark.
    assert_played(gone, scores={"A": 0, "B": 162}, marks={"A": "XX", "B": "162"}, went_set=True)


# ------------------------------------------------------------- three-handed


def test_three_handed_maker_beats_each_opponent() -> None:
    # A 60 beats B 52 and C 50 separately, though not the two together.
    result = score(played("A", {"A": 60, "B": 52}), THREE_HANDED)
    assert_played(
        result,
        scores={"A": 60, "B": 52, "C": 50},
        marks={"A": "60", "B": "52", "C": "50"},
        went_set=False,
    )


def test_three_handed_maker_behind_one_opponent_is_set() -> None:
    result = score(played("A", {"A": 60, "B": 61}), THREE_HANDED)
    assert_played(
        result,
        scores={"A": 0, "B": 61, "C": 41},
        marks={"A": "XX", "B": "61", "C": "41"},
        went_set=True,
    )


def test_three_handed_tie_with_one_opponent_is_set() -> None:
    result = score(played("A", {"A": 60, "B": 60}), THREE_HANDED)
    assert_played(
        result,
        scores={"A": 0, "B": 60, "C": 42},
        marks={"A": "XX", "B": "60", "C": "42"},
        went_set=True,
    )


def test_three_handed_set_opponents_keep_own_points_with_melds() -> None:
    # A 70; B 50 + 50 = 100; C 42: A is behind B, so set; B and C keep their own.
    result = score(played("A", {"A": 70, "B": 50}, melds={"B": 50}), THREE_HANDED)
    assert_played(
        result,
        scores={"A": 0, "B": 100, "C": 42},
        marks={"A": "XX", "B": "100", "C": "42"},
        went_set=True,
    )


def test_three_handed_bell_and_dashes() -> None:
    # A 50 + 20 = 70 against B 56 and C 56.
    bell = score(played("A", {"B": 56, "C": 56}, bell="A"), THREE_HANDED)
    assert_played(
        bell,
        scores={"A": 70, "B": 56, "C": 56},
        marks={"A": "70", "B": "56", "C": "56"},
        went_set=False,
    )
    # Opponents with no trick are dashed.
    sweep = score(played("C", {"A": 0, "B": 0}), THREE_HANDED)
    assert_played(
        sweep,
        scores={"A": 0, "B": 0, "C": 162},
        marks={"A": "-", "B": "-", "C": "162"},
        went_set=False,
    )


def test_three_handed_set_maker_with_a_trickless_opponent() -> None:
    # A 40 against B 122 and C 0: set; C writes the zero mark.
    result = score(played("A", {"A": 40, "C": 0}), THREE_HANDED)
    assert_played(
        result,
        scores={"A": 0, "B": 122, "C": 0},
        marks={"A": "XX", "B": "122", "C": "-"},
        went_set=True,
    )


# ------------------------------------------------------ six- and two-handed


def test_six_handed_scores_as_the_four_handed_game() -> None:
    made = score(played("A", {"A": 92}), SIX_HANDED)
    assert_played(made, scores={"A": 92, "B": 70}, marks={"A": "92", "B": "70"}, went_set=False)
    gone = score(played("B", {"B": 70}, bell="B", melds={"A": 20}), SIX_HANDED)
    # B 70 + 20 = 90 against A 92 + 20 = 112.
    assert_played(gone, scores={"A": 112, "B": 0}, marks={"A": "112", "B": "XX"}, went_set=True)


@pytest.mark.parametrize("points", [2, 3, 4, 5])
def test_six_handed_a_team_with_a_trick_has_at_least_6(points: int) -> None:
    # RULES.md §10: a trick holds six cards; the poorest six (three plain nines and three
    # plain jacks) are worth 6.
    names = {"A": "Eagles", "B": "Owls"}
    low = problems_of(played("A", {"A": points}), SIX_HANDED, names=names)
    assert_problems(
        low,
        [
            f"Eagles cannot score {points} trick points in six-handed Clabber",
            "a trick holds six cards, so a team that takes one has at least 6",
        ],
    )
    high = problems_of(played("A", {"B": 162 - points}), SIX_HANDED, names=names)
    assert_problems(
        high,
        [
            f"Owls cannot score {162 - points} trick points in six-handed Clabber",
            f"that leaves the other team {points}",
            "a trick holds six cards",
        ],
    )
    both = problems_of(played("A", {"A": 162 - points, "B": points}), SIX_HANDED, names=names)
    assert len(both) == 2
    # Four-handed, the same figures are fine.
    assert dict(score(played("A", {"A": 162 - points})).tricks or {}) == {
        "A": 162 - points,
        "B": points,
    }


def test_six_handed_accepts_6_and_156() -> None:
    result = score(played("A", {"A": 156}), SIX_HANDED)
    assert dict(result.tricks or {}) == {"A": 156, "B": 6}


def test_three_handed_figures_no_deal_gives_together() -> None:
    # Each of 2, 2 and 158 is possible, but two tricks worth 2 would each need two
    # plain nines, and there are three.
    names = {"A": "Eagles", "B": "Owls", "C": "Hawks"}
    problems = problems_of(played("C", {"A": 2, "B": 2}), THREE_HANDED, names=names)
    assert_problems(
        problems,
        [
            "Hawks 158, Eagles 2 and Owls 2 cannot all be taken in three-handed Clabber",
            "no split of the 24 cards into tricks of three gives them",
        ],
    )
    result = score(played("C", {"A": 2, "B": 0}), THREE_HANDED)
    assert dict(result.tricks or {}) == {"A": 2, "B": 0, "C": 160}


def test_six_handed_three_partners_can_score_250() -> None:
    # Four nines + four aces + a fifty (10-J-Q-K): 250, possible only with three partners.
    result = score(played("A", {"A": 50}, melds={"A": 250}), SIX_HANDED)
    assert_played(
        result, scores={"A": 300, "B": 112}, marks={"A": "300", "B": "112"}, went_set=False
    )


def test_two_handed_scores_as_the_four_handed_game() -> None:
    # RULES.md §10: 18 cards are played, so the figures add to less than 162.
    made = score(played("A", {"A": 80, "B": 64}, melds={"A": 50}), TWO_HANDED)
    assert_played(made, scores={"A": 130, "B": 64}, marks={"A": "130", "B": "64"}, went_set=False)
    assert made.hand_check == 80 + 64 + 50
    tie = score(played("B", {"A": 60, "B": 60}), TWO_HANDED)
    assert_played(tie, scores={"A": 60, "B": 0}, marks={"A": "60", "B": "XX"}, went_set=True)
    behind = score(played("A", {"A": 50, "B": 72}, bell="A"), TWO_HANDED)
    # A 50 + 20 = 70 against 72; unlike Klaberjass, the opponent writes only its own 72.
    assert_played(behind, scores={"A": 0, "B": 72}, marks={"A": "XX", "B": "72"}, went_set=True)


@pytest.mark.parametrize("rules", [TWO_HANDED, KLABERJASS], ids=lambda rules: rules.preset)
def test_two_player_hands_need_both_figures(rules: RuleSet) -> None:
    problems = problems_of(played("A", {"A": 70}), rules)
    assert_problems(
        problems, ["B's trick points are missing", "only 18 of the", "cards are played"]
    )
    # Never "162 minus": a real hand of 70 and 40 is scored as it was played.
    result = score(played("A", {"A": 70, "B": 40}), rules)
    assert dict(result.tricks or {}) == {"A": 70, "B": 40}
    assert dict(result.scores) == {"A": 70, "B": 40}
    assert result.hand_check == 110


@pytest.mark.parametrize(
    ("rules", "game", "least"),
    [(TWO_HANDED, "two-handed Clabber", 84), (KLABERJASS, "Klaberjass", 28)],
    ids=["two-handed", "klaberjass"],
)
def test_two_player_pairs_no_deal_gives(rules: RuleSet, game: str, least: int) -> None:
    names = {"A": "Eagles", "B": "Owls"}
    over = problems_of(played("A", {"A": 100, "B": 62}), rules, names=names)
    assert_problems(over, [f"100 and 62 cannot both be taken in {game}", "worth at most 156"])
    under = problems_of(played("A", {"A": 10, "B": least - 12}), rules, names=names)
    assert_problems(
        under,
        [f"10 and {least - 12} cannot both be taken in {game}", f"worth at least {least}"],
    )
    # Each figure is possible alone and 156 together is not too many, but no deal that
    # gives Owls 146 leaves Eagles 10.
    apart = problems_of(played("B", {"A": 10, "B": 146}), rules, names=names)
    assert_problems(
        apart,
        [
            f"146 and 10 cannot both be taken in {game}",
            "with Owls on 146, Eagles can take only 0 or 2 to 8",
        ],
    )
    too_many = problems_of(played("A", {"A": 157, "B": 0}), rules, names=names)
    assert_problems(
        too_many, [f"Eagles cannot score 157 trick points in {game}", "a player takes at most 156"]
    )
    one = problems_of(played("A", {"A": 80, "B": 1}), rules, names=names)
    assert_problems(one, ["Owls cannot score 1 trick points", "no card is worth 1"])


# ---------------------------------------------------------------- klaberjass


def test_klaberjass_made() -> None:
    result = score(played("A", {"A": 70, "B": 40}), KLABERJASS)
    assert_played(result, scores={"A": 70, "B": 40}, marks={"A": "70", "B": "40"}, went_set=False)


def test_klaberjass_a_single_figure_is_refused_not_filled_in() -> None:
    # The example: {"A": 70} used to give A 70, B 92 ("162 minus").
    problems = problems_of(played("A", {"A": 70}), KLABERJASS)
    assert_problems(problems, ["B's trick points are missing", "Klaberjass"])


def test_klaberjass_tie_maker_scores_nothing_opponent_own() -> None:
    result = score(played("A", {"A": 55, "B": 55}), KLABERJASS)
    assert_played(result, scores={"A": 0, "B": 55}, marks={"A": "XX", "B": "55"}, went_set=True)
    # A tie reached with the bella: A 45 + 20 = 65 against B 65.
    bella = score(played("A", {"A": 45, "B": 65}, bell="A"), KLABERJASS)
    assert_played(bella, scores={"A": 0, "B": 65}, marks={"A": "XX", "B": "65"}, went_set=True)


def test_klaberjass_maker_behind_gives_the_opponent_both_scores() -> None:
    # A 50 + 20 = 70 against B 72: B writes 70 + 72.
    result = score(played("A", {"A": 50, "B": 72}, bell="A"), KLABERJASS)
    assert_played(result, scores={"A": 0, "B": 142}, marks={"A": "XX", "B": "142"}, went_set=True)
    # A 30 against B 80 + 50 = 130: B writes 30 + 130.
    melds = score(played("A", {"A": 30, "B": 80}, melds={"B": 50}), KLABERJASS)
    assert_played(melds, scores={"A": 0, "B": 160}, marks={"A": "XX", "B": "160"}, went_set=True)
    # B is the maker this time: 40 against A 90.
    other = score(played("B", {"A": 90, "B": 40}), KLABERJASS)
    assert_played(other, scores={"A": 130, "B": 0}, marks={"A": "130", "B": "XX"}, went_set=True)


def test_klaberjass_opponent_with_nothing_is_dashed() -> None:
    result = score(played("A", {"A": 120, "B": 0}), KLABERJASS)
    assert_played(result, scores={"A": 120, "B": 0}, marks={"A": "120", "B": "-"}, went_set=False)


def test_klaberjass_meld_points_are_best_run_values() -> None:
    problems = problems_of(played("A", {"A": 70, "B": 40}, melds={"A": 70}), KLABERJASS)
    assert_problems(problems, ["A cannot score 70 in melds", "Klaberjass", "0, 20, 50"])
    # Counting all of the best runner's runs makes 70 (a fifty and a run of three) possible.
    result = score(played("A", {"A": 70, "B": 40}, melds={"A": 70}), KLABERJASS_ALL_RUNS)
    assert_played(result, scores={"A": 140, "B": 40}, marks={"A": "140", "B": "40"}, went_set=False)


# -------------------------------------------------------- trick completion


def test_one_figure_is_enough_with_two_sides() -> None:
    from_defenders = score(played("A", {"B": 70}))
    assert dict(from_defenders.tricks or {}) == {"A": 92, "B": 70}
    assert dict(from_defenders.scores) == {"A": 92, "B": 70}
    from_makers = score(played("B", {"B": 0}))
    assert dict(from_makers.tricks or {}) == {"A": 162, "B": 0}
    both = score(played("A", {"A": 100, "B": 62}))
    assert dict(both.tricks or {}) == {"A": 100, "B": 62}


def test_three_sides_need_two_figures() -> None:
    result = score(played("A", {"A": 80, "C": 30}), THREE_HANDED)
    assert dict(result.tricks or {}) == {"A": 80, "B": 52, "C": 30}
    assert dict(result.scores) == {"A": 80, "B": 52, "C": 30}
    every = score(played("B", {"A": 40, "B": 72, "C": 50}), THREE_HANDED)
    assert dict(every.tricks or {}) == {"A": 40, "B": 72, "C": 50}
    problems = problems_of(played("A", {"A": 80}), THREE_HANDED)
    assert_problems(problems, ["the trick points are missing", "at least 2 players'"])


# ------------------------------------------------------------ declared melds


def test_declared_side_with_the_best_meld_scores_all_its_players_melds() -> None:
    # A1 four nines (100), A2 a dad (20); B1 a fifty (50). A's best meld wins, so A
    # scores its dad too, though the dad alone is beaten by the fifty.
    entry = played(
        "A",
        {"A": 60},
        trump=C,
        declared={
            "A1": shown("9S 9H 9D 9C"),
            "A2": shown("QD KD AD"),
            "B1": shown("10H JH QH KH"),
        },
    )
    result = score(entry)
    assert dict(result.melds or {}) == {"A": 120, "B": 0}
    assert result.meld_winner == "A"
    assert result.bell is None
    # A 60 + 120 = 180 against B 102.
    assert_played(
        result, scores={"A": 180, "B": 102}, marks={"A": "180", "B": "102"}, went_set=False
    )


def test_declared_equal_plain_runs_score_for_nobody() -> None:
    entry = played(
        "A",
        {"A": 92},
        trump=S,
        declared={"A1": shown("10H JH QH"), "B1": shown("10D JD QD")},
    )
    result = score(entry)
    assert dict(result.melds or {}) == {"A": 0, "B": 0}
    assert result.meld_winner is None
    assert_played(result, scores={"A": 92, "B": 70}, marks={"A": "92", "B": "70"}, went_set=False)


def test_declared_trump_run_beats_an_equal_plain_run() -> None:
    entry = played(
        "A",
        {"A": 92},
        trump=S,
        declared={"A1": shown("10H JH QH"), "B1": shown("10S JS QS")},
    )
    result = score(entry)
    assert result.meld_winner == "B"
    assert dict(result.melds or {}) == {"A": 0, "B": 20}
    # A 92 against B 70 + 20 = 90: still made.
    assert_played(result, scores={"A": 92, "B": 90}, marks={"A": "92", "B": "90"}, went_set=False)


def test_declared_higher_top_card_beats_a_trump_run() -> None:
    entry = played(
        "A",
        {"A": 92},
        trump=S,
        declared={"A1": shown("9S 10S JS"), "B1": shown("10H JH QH")},
    )
    result = score(entry)
    assert result.meld_winner == "B"
    assert dict(result.melds or {}) == {"A": 0, "B": 20}


def test_declared_longer_run_beats_a_higher_shorter_one() -> None:
    entry = played(
        "B",
        {"B": 100},
        trump=S,
        declared={"A1": shown("9H 10H JH QH"), "B2": shown("QD KD AD")},
    )
    result = score(entry)
    assert result.meld_winner == "A"
    assert dict(result.melds or {}) == {"A": 50, "B": 0}
    # B 100 against A 62 + 50 = 112: the makers are set.
    assert_played(result, scores={"A": 112, "B": 0}, marks={"A": "112", "B": "XX"}, went_set=True)


@pytest.mark.parametrize(("rules", "winner"), [(EVANSVILLE, "B"), (ALTERNATE, "A")])
def test_declared_four_nines_against_four_aces(rules: RuleSet, winner: str) -> None:
    # Standard: four nines rank second, above four aces; alternate: aces above nines.
    entry = played(
        "A",
        {"A": 92},
        trump=S,
        declared={"A1": shown("AS AH AD AC"), "B1": shown("9S 9H 9D 9C")},
    )
    result = score(entry, rules)
    assert result.meld_winner == winner
    assert dict(result.melds or {}) == {side: 100 if side == winner else 0 for side in "AB"}


@pytest.mark.parametrize(("rules", "winner"), [(EVANSVILLE, "A"), (ALTERNATE, "B")])
def test_declared_four_aces_against_a_run_of_five(rules: RuleSet, winner: str) -> None:
    entry = played(
        "A",
        {"A": 92},
        trump=S,
        declared={"A1": shown("AS AH AD AC"), "B1": shown("9H 10H JH QH KH")},
    )
    result = score(entry, rules)
    assert result.meld_winner == winner
    assert dict(result.melds or {}) == {side: 100 if side == winner else 0 for side in "AB"}


def test_declared_forty_dollar_dad_is_a_dad_and_the_bell() -> None:
    entry = played("A", {"A": 70}, trump=S, bell="A", declared={"A1": shown("JS QS KS")})
    result = score(entry)
    assert dict(result.melds or {}) == {"A": 20, "B": 0}
    assert result.meld_winner == "A"
    assert result.bell == "A"
    # A 70 + 20 + 20 = 110 against B 92.
    assert_played(result, scores={"A": 110, "B": 92}, marks={"A": "110", "B": "92"}, went_set=False)
    assert result.hand_check == 162 + 40


def test_declared_forty_dollar_dad_counts_forty_as_shown() -> None:
    # K-Q-J of trumps is a dad plus the bell (RULES.md §4) even with no bell field.
    entry = played("A", {"A": 70}, trump=S, declared={"A1": shown("JS QS KS")})
    result = score(entry)
    assert result.bell == "A"
    assert dict(result.scores) == {"A": 110, "B": 92}


def test_declared_bell_still_scores_when_the_dad_is_beaten() -> None:
    entry = played(
        "A",
        {"A": 120},
        trump=S,
        bell="A",
        declared={"A1": shown("JS QS KS"), "B1": shown("10H JH QH KH")},
    )
    result = score(entry)
    assert result.meld_winner == "B"
    assert dict(result.melds or {}) == {"A": 0, "B": 50}
    assert result.bell == "A"
    # A 120 + 20 = 140 against B 42 + 50 = 92.
    assert_played(result, scores={"A": 140, "B": 92}, marks={"A": "140", "B": "92"}, went_set=False)
    # With fewer tricks the makers go set, and the defenders keep their fifty.
    fewer = played(
        "A",
        {"A": 80},
        trump=S,
        bell="A",
        declared={"A1": shown("JS QS KS"), "B1": shown("10H JH QH KH")},
    )
    # A 80 + 20 = 100 against B 82 + 50 = 132.
    assert_played(
        score(fewer), scores={"A": 0, "B": 132}, marks={"A": "XX", "B": "132"}, went_set=True
    )


def test_declared_bell_claimed_beside_other_melds() -> None:
    # Nobody shows a trump king or queen: A's claimed bell is checked and scored.
    entry = played("A", {"A": 92}, trump=S, bell="A", declared={"A1": shown("9H 10H JH")})
    result = score(entry)
    assert result.bell == "A"
    assert dict(result.melds or {}) == {"A": 20, "B": 0}
    assert dict(result.scores) == {"A": 132, "B": 70}


def test_declared_six_handed_three_partners() -> None:
    # A1 four nines, A2 four aces, A3 a fifty: 250. B1's J-Q-K of hearts (trumps) is a
    # forty-dollar dad, but the dad is beaten: B scores the bell alone.
    entry = played(
        "A",
        {"A": 80},
        trump=H,
        bell="B",
        declared={
            "A1": shown("9S 9H 9D 9C"),
            "A2": shown("AS AH AD AC"),
            "A3": shown("10S JS QS KS"),
            "B1": shown("JH QH KH"),
        },
    )
    result = score(entry, SIX_HANDED)
    assert result.meld_winner == "A"
    assert dict(result.melds or {}) == {"A": 250, "B": 0}
    assert result.bell == "B"
    # A 80 + 250 = 330 against B 82 + 20 = 102.
    assert_played(
        result, scores={"A": 330, "B": 102}, marks={"A": "330", "B": "102"}, went_set=False
    )


def test_declared_two_handed_nine_cards() -> None:
    # Four nines and a run of five (10-A of spades): nine cards, 200.
    entry = played(
        "A", {"A": 50, "B": 60}, trump=H, declared={"A": shown("9S 9H 9D 9C", "10S JS QS KS AS")}
    )
    result = score(entry, TWO_HANDED)
    assert dict(result.melds or {}) == {"A": 200, "B": 0}
    assert dict(result.scores) == {"A": 250, "B": 60}


def test_declared_three_handed_best_of_three() -> None:
    entry = played(
        "B",
        {"A": 40, "B": 70},
        trump=D,
        declared={
            "A": shown("9S 10S JS QS"),
            "B": shown("QH KH AH"),
            "C": shown("9C 10C JC"),
        },
    )
    result = score(entry, THREE_HANDED)
    assert result.meld_winner == "A"
    assert dict(result.melds or {}) == {"A": 50, "B": 0, "C": 0}
    # B 70 against A 40 + 50 = 90 and C 52: set.
    assert_played(
        result,
        scores={"A": 90, "B": 0, "C": 52},
        marks={"A": "90", "B": "XX", "C": "52"},
        went_set=True,
    )


KLABERJASS_DECLARED: Mapping[str, ShownMelds] = {
    # A: a fifty (7-8-9-10 of spades) and a run of three; B: a higher run of three.
    "A": shown("7S 8S 9S 10S", "JC QC KC"),
    "B": shown("QH KH AH"),
}


def test_declared_klaberjass_only_the_best_run_scores() -> None:
    entry = played("A", {"A": 70, "B": 40}, trump=D, declared=KLABERJASS_DECLARED)
    result = score(entry, KLABERJASS)
    assert result.meld_winner == "A"
    assert dict(result.melds or {}) == {"A": 50, "B": 0}
    assert_played(result, scores={"A": 120, "B": 40}, marks={"A": "120", "B": "40"}, went_set=False)


def test_declared_klaberjass_all_runs_option() -> None:
    entry = played("A", {"A": 70, "B": 40}, trump=D, declared=KLABERJASS_DECLARED)
    result = score(entry, KLABERJASS_ALL_RUNS)
    assert result.meld_winner == "A"
    assert dict(result.melds or {}) == {"A": 70, "B": 0}
    assert_played(result, scores={"A": 140, "B": 40}, marks={"A": "140", "B": "40"}, went_set=False)


def test_declared_klaberjass_equal_runs_and_trump() -> None:
    runs = {"A": shown("9S 10S JS"), "B": shown("9H 10H JH")}
    plain = played("A", {"A": 72, "B": 50}, trump=D, declared=runs)
    assert score(plain, KLABERJASS).meld_winner is None
    trump = played("A", {"A": 72, "B": 50}, trump=H, declared=runs)
    result = score(trump, KLABERJASS)
    assert result.meld_winner == "B"
    assert dict(result.melds or {}) == {"A": 0, "B": 20}
    # A 72 against B 50 + 20 = 70: made.
    assert dict(result.scores) == {"A": 72, "B": 70}


# --------------------------------------------------- errors: judge.is_side


def test_error_makers_not_a_side() -> None:
    problems = problems_of(played("C", {"A": 92}))
    assert_problems(problems, ["the makers must be one of A or B", "'C'"])
    three = problems_of(played("D", {"A": 92, "B": 30}), THREE_HANDED)
    assert_problems(three, ["the makers must be one of A, B or C", "'D'"])


def test_error_bell_not_a_side() -> None:
    problems = problems_of(played("A", {"A": 92}, bell="Z"))
    assert_problems(problems, ["the bell must be one of A or B", "'Z'"])


def test_error_reneging_side_not_a_side() -> None:
    problems = problems_of(RenegeHand(makers="A", offender="Z"))
    assert_problems(problems, ["the reneging side must be one of A or B", "'Z'"])


def test_error_renege_makers_not_a_side() -> None:
    problems = problems_of(RenegeHand(makers="Q", offender="A"))
    assert_problems(problems, ["the makers must be one of A or B", "'Q'"])
    both = problems_of(RenegeHand(makers="Q", offender="both"))
    assert_problems(both, ["the makers must be one of A or B", "'Q'"])


# ------------------------------------------------------- errors: trick points


def test_error_trick_points_for_a_stranger() -> None:
    problems = problems_of(played("A", {"A": 92, "C": 70}))
    assert_problems(problems, ["trick points are given for 'C'", "the sides are A and B"])


@pytest.mark.parametrize("bad", [92.5, "92", True, None])
def test_error_trick_points_not_a_whole_number(bad: object) -> None:
    tricks = cast("Mapping[str, int]", {"A": bad})
    problems = problems_of(played("A", tricks))
    assert_problems(problems, ["A's trick points must be a whole number", repr(bad)])


def test_error_trick_points_missing_with_two_sides() -> None:
    problems = problems_of(played("A", {}))
    assert_problems(problems, ["the trick points are missing", "give one side's"])


def test_error_trick_points_not_162_when_both_given() -> None:
    under = problems_of(played("A", {"A": 100, "B": 50}))
    assert_problems(under, ["the trick points add to 150", "exactly 162"])
    over = problems_of(played("A", {"A": 100, "B": 100}))
    assert_problems(over, ["the trick points add to 200", "exactly 162"])
    three = problems_of(played("A", {"A": 100, "B": 50, "C": 20}), THREE_HANDED)
    assert_problems(three, ["the trick points add to 170", "exactly 162"])


def test_error_trick_points_over_162_with_one_left_out() -> None:
    problems = problems_of(played("A", {"A": 100, "B": 100}), THREE_HANDED)
    assert_problems(problems, ["the trick points add to 200", "more than the 162"])


def test_error_trick_points_left_out_come_to_1() -> None:
    problems = problems_of(played("A", {"A": 100, "B": 61}), THREE_HANDED)
    assert_problems(problems, ["C cannot score 1 trick points", "no card is worth 1"])


def test_error_trick_points_below_zero() -> None:
    problems = problems_of(played("A", {"A": -5}))
    assert_problems(problems, ["A cannot score -5 trick points", "never go below 0"])


def test_error_trick_points_above_162() -> None:
    problems = problems_of(played("A", {"B": 170}))
    assert_problems(problems, ["B cannot score 170 trick points", "only 162 in a hand"])


@pytest.mark.parametrize("points", [1, 161])
def test_error_trick_points_1_and_161(points: int) -> None:
    problems = problems_of(played("A", {"A": points}))
    assert_problems(problems, [f"A cannot score {points} trick points", "no card is worth 1"])


def test_error_every_bad_trick_figure_is_reported() -> None:
    problems = problems_of(played("A", {"A": -5, "B": 170, "C": 1}))
    assert_problems(
        problems,
        ["A cannot score -5 trick points"],
        ["B cannot score 170 trick points"],
        ["trick points are given for 'C'"],
    )


# -------------------------------------------------------------- errors: melds


def test_error_melds_for_a_stranger() -> None:
    problems = problems_of(played("A", {"A": 92}, melds={"C": 20}))
    assert_problems(problems, ["melds are given for 'C'", "the sides are A and B"])


def test_error_melds_not_a_whole_number() -> None:
    melds = cast("Mapping[str, int]", {"B": "20"})
    problems = problems_of(played("A", {"A": 92}, melds=melds))
    assert_problems(problems, ["B's melds must be a whole number", "'20'"])


@pytest.mark.parametrize("points", [250, 10, 30, 130, 160, 400, -20])
def test_error_meld_total_that_cannot_happen(points: int) -> None:
    problems = problems_of(played("A", {"A": 92}, melds={"A": points}))
    assert_problems(
        problems,
        [f"A cannot score {points} in melds", "under Evansville", EVANSVILLE_TOTALS],
    )


def test_six_handed_meld_totals_differ() -> None:
    # Three partners with four cards each: 250, 320 and 400 exist, 80 does not.
    problems = problems_of(played("A", {"A": 92}, melds={"A": 80}), SIX_HANDED)
    assert_problems(
        problems,
        [
            "A cannot score 80 in melds",
            "0, 20, 40, 50, 60, 70, 90, 100, 120, 140, 150, 170, 200, 220, 240, 250, 300, 320, 400",
        ],
    )


def test_error_both_sides_have_melds() -> None:
    problems = problems_of(played("A", {"A": 92}, melds={"A": 20, "B": 50}))
    assert_problems(
        problems, ["A and B both have melds", "only the side with the best meld scores melds"]
    )


def test_error_melds_that_do_not_fit_beside_the_bell() -> None:
    # Three-handed, 300 is four jacks and four of another rank: all eight cards,
    # leaving no room for the trump king and queen.
    problems = problems_of(
        played("A", {"A": 92, "B": 40}, melds={"A": 300}, bell="A"), THREE_HANDED
    )
    assert_problems(
        problems,
        ["A cannot show 300 in melds while A holds the bell", "do not fit in the hands"],
    )
    # The same 300 beside an opponent's bell is fine: A 92 + 300 against 40 + 20 and 30.
    result = score(played("A", {"A": 92, "B": 40}, melds={"A": 300}, bell="B"), THREE_HANDED)
    assert dict(result.scores) == {"A": 392, "B": 60, "C": 30}


def test_error_melds_both_as_points_and_as_cards() -> None:
    entry = played("A", {"A": 92}, trump=S, melds={"A": 20}, declared={"A1": shown("9H 10H JH")})
    problems = problems_of(entry)
    assert_problems(problems, ["either as points or as declared cards, not both"])


def test_error_every_meld_problem_is_reported() -> None:
    melds = cast("Mapping[str, int]", {"A": 250, "B": "x", "C": 20})
    problems = problems_of(played("A", {"A": 92}, melds=melds))
    assert_problems(
        problems,
        ["A cannot score 250 in melds"],
        ["B's melds must be a whole number"],
        ["melds are given for 'C'"],
    )


# ------------------------------------------------------- errors: declared


def test_error_declared_without_trump() -> None:
    problems = problems_of(played("A", {"A": 92}, declared={"A1": shown("9H 10H JH")}))
    assert_problems(problems, ["name the trump suit", "judged against it"])


def test_error_declared_by_a_seat_that_does_not_exist() -> None:
    problems = problems_of(played("A", {"A": 92}, trump=S, declared={"C1": shown("9H 10H JH")}))
    assert_problems(problems, ["'C1' is not a seat", "A1, B1, A2 and B2"])
    # Four-handed seats are not two-handed seats.
    two = problems_of(
        played("A", {"A": 92, "B": 40}, trump=S, declared={"A1": shown("9H 10H JH")}), TWO_HANDED
    )
    assert_problems(two, ["'A1' is not a seat", "A and B"])


@pytest.mark.parametrize(
    ("meld", "words"),
    [
        ("9S 10S QS", "a meld is four cards of one rank, or three or more in a row of one suit"),
        ("9S 9S 10S", "a card is listed twice"),
        ("7S 8S 9S", "there is no 7S in the 24-card deck"),
        ("9S 10S", "a meld needs at least three cards"),
        ("9S 9H 9D", "a meld is four cards of one rank"),
        ("KS AS 9S", "three or more in a row"),
    ],
)
def test_error_declared_cards_that_are_no_meld(meld: str, words: str) -> None:
    problems = problems_of(played("A", {"A": 92}, trump=H, declared={"B2": shown(meld)}))
    assert_problems(problems, [f"B2's {meld} is not a meld", words])


def test_error_klaberjass_melds_are_runs_only() -> None:
    four = problems_of(
        played("A", {"A": 92, "B": 40}, trump=H, declared={"A": shown("JS JH JD JC")}), KLABERJASS
    )
    assert_problems(four, ["A's JS JH JD JC is not a meld", "Klaberjass melds are runs only"])
    gap = problems_of(
        played("A", {"A": 92, "B": 40}, trump=H, declared={"B": shown("7S 9S 10S")}), KLABERJASS
    )
    assert_problems(gap, ["B's 7S 9S 10S is not a meld", "three or more cards in a row"])


def test_error_declared_card_used_twice_by_one_player() -> None:
    entry = played("A", {"A": 92}, trump=H, declared={"A1": shown("9S 10S JS", "JS QS KS")})
    problems = problems_of(entry)
    assert_problems(problems, ["A1 shows JS in two melds", "no card counts twice"])


def test_error_declared_card_shown_by_two_players() -> None:
    entry = played(
        "A", {"A": 92}, trump=H, declared={"A1": shown("9S 10S JS"), "B1": shown("JS QS KS")}
    )
    problems = problems_of(entry)
    assert_problems(problems, ["JS is shown by both A1 and B1"])
    # Partners cannot share a card either; every shared card is reported.
    partners = played(
        "A", {"A": 92}, trump=H, declared={"A1": shown("9S 10S JS"), "A2": shown("9S 10S JS QS")}
    )
    assert_problems(
        problems_of(partners),
        ["9S is shown by both A1 and A2"],
        ["10S is shown by both A1 and A2"],
        ["JS is shown by both A1 and A2"],
    )


def test_error_declared_more_cards_than_the_hand_holds() -> None:
    four = played("A", {"A": 92}, trump=S, declared={"A1": shown("9S 9H 9D 9C", "QH KH AH")})
    assert_problems(problems_of(four), ["A1 shows 7 cards but holds only 6"])
    six = played("A", {"A": 92}, trump=S, declared={"B3": shown("9H 10H JH QH", "QD KD AD")})
    assert_problems(problems_of(six, SIX_HANDED), ["B3 shows 7 cards but holds only 4"])
    two = played(
        "A",
        {"A": 92, "B": 40},
        trump=S,
        declared={"A": shown("9S 9H 9D 9C", "AS AH AD AC", "JC QC KC")},
    )
    assert_problems(problems_of(two, TWO_HANDED), ["A shows 11 cards but holds only 9"])


def test_error_bell_claimed_against_the_shown_king_and_queen() -> None:
    entry = played("A", {"A": 92}, trump=S, bell="B", declared={"A1": shown("JS QS KS")})
    problems = problems_of(entry)
    assert_problems(problems, ["the bell belongs to A", "A1 shows the king and queen of trumps"])


def test_error_bell_claimed_while_an_opponent_shows_a_trump_queen() -> None:
    entry = played("A", {"A": 92}, trump=S, bell="A", declared={"B1": shown("10S JS QS")})
    problems = problems_of(entry)
    assert_problems(problems, ["A cannot have the bell", "B1 shows the queen of spades (trumps)"])
    kings = played("A", {"A": 92}, trump=S, bell="A", declared={"B2": shown("KS KH KD KC")})
    assert_problems(
        problems_of(kings), ["A cannot have the bell", "B2 shows the king of spades (trumps)"]
    )


def test_error_bell_split_between_partners() -> None:
    # A1 shows the trump queen, A2 the trump king: no one player holds both.
    entry = played(
        "A",
        {"A": 92},
        trump=S,
        bell="A",
        declared={"A1": shown("10S JS QS"), "A2": shown("KS KH KD KC")},
    )
    problems = problems_of(entry)
    assert_problems(
        problems,
        ["A cannot have the bell", "no player of theirs can hold the king and queen of trumps"],
    )


def test_error_bell_with_no_room_in_full_hands() -> None:
    # Each A player shows six cards, none of them the trump king or queen.
    entry = played(
        "A",
        {"A": 92},
        trump=S,
        bell="A",
        declared={"A1": shown("9H 10H JH", "9D 10D JD"), "A2": shown("9C 10C JC", "QH KH AH")},
    )
    problems = problems_of(entry)
    assert_problems(problems, ["A cannot have the bell", "no player of theirs"])


def test_error_every_declared_problem_is_reported() -> None:
    entry = played(
        "A",
        {"A": 92},
        trump=S,
        declared={
            "C1": shown("9H 10H JH"),
            "A1": shown("9S 10S QS"),
            "A2": shown("9D 10D JD", "JD QD KD"),
            "B1": shown("9C 9H 9D 9S", "QC KC AC"),
        },
    )
    problems = problems_of(entry)
    assert_problems(
        problems,
        ["'C1' is not a seat"],
        ["A1's 9S 10S QS is not a meld"],
        ["A2 shows JD in two melds"],
        ["B1 shows 7 cards but holds only 6"],
        ["9D is shown by both A2 and B1"],
    )


# -------------------------------------------------------- errors: reneges


def test_error_double_renege_with_melds_or_bell() -> None:
    melds = problems_of(RenegeHand(makers="A", offender="both", melds={"A": 20}))
    assert_problems(melds, ["both sides reneged", "no melds or bell can be written"])
    bell = problems_of(RenegeHand(makers="A", offender="both", bell="B"))
    assert_problems(bell, ["both sides reneged", "no melds or bell can be written"])


def test_error_reneging_side_keeps_no_bell() -> None:
    problems = problems_of(RenegeHand(makers="A", offender="B", bell="B"))
    assert_problems(problems, ["B reneged, so its bell does not count"])


def test_error_reneging_side_keeps_no_melds() -> None:
    problems = problems_of(RenegeHand(makers="A", offender="A", melds={"A": 20}))
    assert_problems(problems, ["A reneged and scores nothing", "its melds cannot count"])


def test_error_renege_meld_figures_are_checked() -> None:
    impossible = problems_of(RenegeHand(makers="A", offender="A", melds={"B": 250}))
    assert_problems(impossible, ["B cannot score 250 in melds", EVANSVILLE_TOTALS])
    stranger = problems_of(RenegeHand(makers="A", offender="A", melds={"C": 20}))
    assert_problems(stranger, ["melds are given for 'C'"])


def test_error_renege_melds_that_do_not_fit_beside_the_bell() -> None:
    entry = RenegeHand(makers="A", offender="A", melds={"B": 300}, bell="B")
    problems = problems_of(entry, THREE_HANDED)
    assert_problems(problems, ["B cannot show 300 in melds while B holds the bell"])


def test_error_every_renege_problem_is_reported() -> None:
    problems = problems_of(RenegeHand(makers="A", offender="A", melds={"A": 20}, bell="A"))
    assert_problems(
        problems, ["A reneged, so its bell does not count"], ["A reneged and scores nothing"]
    )
    sides = problems_of(RenegeHand(makers="X", offender="Y"))
    assert_problems(sides, ["the makers must be one of A or B"], ["the reneging side must be"])


# ------------------------------------------------- every problem, named hands


def test_every_problem_of_a_played_hand_is_collected() -> None:
    problems = problems_of(played("X", {"A": 161}, melds={"C": 20}, bell="Z"), number=9)
    assert_problems(
        problems,
        ["the makers must be one of A or B", "'X'"],
        ["A cannot score 161 trick points"],
        ["the bell must be one of A or B", "'Z'"],
        ["melds are given for 'C'"],
    )


def test_messages_use_the_team_names() -> None:
    names = {"A": "Eagles", "B": "Owls"}
    melds = problems_of(played("A", {"A": 92}, melds={"B": 250}), names=names, number=12)
    assert_problems(melds, ["Owls cannot score 250 in melds"])
    both = problems_of(played("A", {"A": 92}, melds={"A": 20, "B": 20}), names=names)
    assert_problems(both, ["Eagles and Owls both have melds"])
    tricks = problems_of(played("A", {"B": 161}), names=names)
    assert_problems(tricks, ["Owls cannot score 161 trick points"])
    renege = problems_of(RenegeHand(makers="A", offender="A", bell="A"), names=names)
    assert_problems(renege, ["Eagles reneged, so its bell does not count"])


# ------------------------------------------------------- more meld situations


def test_declared_wadesville_run_of_six_beats_a_trump_run_of_five() -> None:
    entry = played(
        "A",
        {"A": 50},
        trump=S,
        declared={"A1": shown("9H 10H JH QH KH AH"), "B1": shown("10S JS QS KS AS")},
    )
    result = score(entry, WADESVILLE)
    assert result.meld_winner == "A"
    assert dict(result.melds or {}) == {"A": 300, "B": 0}
    # B1's trump run holds the king and queen of spades: B keeps the bell.
    assert result.bell == "B"
    # A 50 + 300 = 350 against B 112 + 20 = 132.
    assert dict(result.scores) == {"A": 350, "B": 132}


@pytest.mark.parametrize(("rules", "winner"), [(EVANSVILLE, "A"), (ALTERNATE, "B")])
def test_declared_four_tens_against_four_kings(rules: RuleSet, winner: str) -> None:
    # Standard: tens above kings; alternate: kings above queens above tens.
    entry = played(
        "A",
        {"A": 92},
        trump=S,
        declared={"A2": shown("10S 10H 10D 10C"), "B2": shown("KS KH KD KC")},
    )
    result = score(entry, rules)
    assert result.meld_winner == winner


def test_declared_bell_beside_four_kings() -> None:
    # A1 shows the four kings (the trump king among them) and has two cards left
    # for the trump queen: the claimed bell counts.
    entry = played("A", {"A": 92}, trump=S, bell="A", declared={"A1": shown("KS KH KD KC")})
    result = score(entry)
    assert result.bell == "A"
    assert dict(result.scores) == {"A": 92 + 100 + 20, "B": 70}
    # Six-handed, four kings fill A1's four cards; no partner can hold the king of spades.
    six = problems_of(entry, SIX_HANDED)
    assert_problems(six, ["A cannot have the bell", "no player of theirs"])


def test_six_handed_400_leaves_no_room_for_own_bell() -> None:
    # 400 is four jacks, four of a kind and four of a kind: all twelve cards.
    problems = problems_of(played("A", {"A": 92}, melds={"A": 400}, bell="A"), SIX_HANDED)
    assert_problems(problems, ["A cannot show 400 in melds while A holds the bell"])
    # With B holding the bell: A 92 + 400 against B 70 + 20.
    result = score(played("A", {"A": 92}, melds={"A": 400}, bell="B"), SIX_HANDED)
    assert dict(result.scores) == {"A": 492, "B": 90}


# -------------------------------------------- property: an oracle from RULES.md


def expected_scores(entry: PlayedHand, rules: RuleSet, preset: str) -> tuple[dict[str, int], bool]:
    """RULES.md §5 and §10, written out independently of the engine."""
    melds = entry.melds or {}
    points = {
        side: entry.tricks[side] + melds.get(side, 0) + (20 if entry.bell == side else 0)
        for side in rules.sides
    }
    makers = entry.makers
    others = [side for side in rules.sides if side != makers]
    if preset.startswith("klaberjass"):
        (other,) = others
        if points[makers] > points[other]:
            return points, False
        if points[makers] == points[other]:
            return {makers: 0, other: points[other]}, True
        return {makers: 0, other: points[makers] + points[other]}, True
    if preset == "82_tricks":
        made = entry.tricks[makers] >= 82
    else:
        made = all(points[makers] > points[other] for other in others)
    if made:
        return points, False
    return {side: 0 if side == makers else points[side] for side in rules.sides}, True


@pytest.mark.parametrize("preset", list(PROPERTY_RULES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_played_hands_score_as_the_rules_say(preset: str, data: st.DataObject) -> None:
    rules = PROPERTY_RULES[preset]
    entry = data.draw(played_hands(rules))
    result = score(entry, rules)
    scores, went_set = expected_scores(entry, rules, preset)
    assert dict(result.scores) == scores
    assert result.set is went_set
    zero = "~" if preset == "tilde" else "-"
    marks = {
        side: "XX"
        if went_set and side == entry.makers
        else (str(scores[side]) if scores[side] else zero)
        for side in rules.sides
    }
    assert dict(result.marks) == marks
    assert dict(result.tricks or {}) == dict(entry.tricks)
    assert dict(result.melds or {}) == {
        side: (entry.melds or {}).get(side, 0) for side in rules.sides
    }
    assert result.bell == entry.bell
    if not went_set:
        # RULES.md §8: a made hand's check is both sides' trick points (162 wherever
        # every card is played) + all scored melds + bell.
        bell = 20 if entry.bell else 0
        tricks = sum(entry.tricks.values())
        assert tricks == 162 or preset in ("two-handed", "klaberjass", "klaberjass all runs")
        assert result.hand_check == tricks + sum((entry.melds or {}).values()) + bell
