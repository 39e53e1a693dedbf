"""What every hand is judged with: the rules, the side names, the problems found,
and the arithmetic that turns hand points into what the sheet writes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from clabber_league.rules.hands import Mark, MarkKind
from clabber_league.rules.messages import and_list, or_list, problem
from clabber_league.rules.rulesets import RuleSet, SetRule, Variant

SET_MARK = "XX"
SET = Mark(MarkKind.SET, SET_MARK)
BLANK_MARK = Mark(MarkKind.BLANK, "")
#: RULES.md §6: what the side that did not renege scores, plus its melds and bell. It is
#: a penalty, not what the deal holds, so it is 162 even where fewer cards are played.
RENEGE_POINTS = 162


@dataclass
class Judge:
    """The rules, the sides' names for messages, and the problems found so far."""

    rules: RuleSet
    names: Mapping[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def name(self, side: str) -> str:
        """A side as the scorekeeper knows it: its team name, else its letter."""
        return self.names.get(side) or side

    def fail(self, problem: str) -> None:
        self.problems.append(problem)

    def is_side(self, side: object, role: str) -> bool:
        """Check that ``side`` is one of the rule set's side letters."""
        if side in self.rules.sides:
            return True
        self.fail(
            problem(
                "{role} must be one of {sides}, not {side!r}",
                role=role,
                sides=or_list(self.rules.sides),
                side=side,
            )
        )
        return False

    def figures_ok(
        self,
        given: Mapping[str, object],
        unknown: str,
        not_whole: str,
        check: Callable[[str, int], str | None],
    ) -> bool:
        """Check figures given by side: each side is the game's (else ``unknown``), each
        figure a whole number (else ``not_whole``) that ``check`` finds no problem with."""
        before = len(self.problems)
        for side, points in given.items():
            found: str | None
            if side not in self.rules.sides:
                found = problem(unknown, side=side, sides=and_list(self.rules.sides))
            elif isinstance(points, bool) or not isinstance(points, int):
                found = problem(not_whole, side=self.name(side), points=points)
            else:
                found = check(side, points)
            if found is not None:
                self.fail(found)
        return len(self.problems) == before


def settle(
    rules: RuleSet, makers: str, hand_points: Mapping[str, int], tricks: Mapping[str, int]
) -> tuple[dict[str, int], bool]:
    """What each side writes for a played hand, and whether the makers went set."""
    others = [side for side in rules.sides if side != makers]
    if rules.variant is Variant.KLABERJASS:
        # RULES.md §10: a tie sets the maker; a maker behind gives away both scores.
        defender = others[0]
        if hand_points[makers] > hand_points[defender]:
            return dict(hand_points), False
        if hand_points[makers] == hand_points[defender]:
            return {makers: 0, defender: hand_points[defender]}, True
        return {makers: 0, defender: hand_points[makers] + hand_points[defender]}, True
    if rules.options.set_rule is SetRule.TRICKS_82:
        made = tricks[makers] >= 82
    else:
        # Three-handed: the maker must beat each opponent separately.
        made = all(hand_points[makers] > hand_points[other] for other in others)
    if made:
        return dict(hand_points), False
    return {side: 0 if side == makers else hand_points[side] for side in rules.sides}, True


def marks_for(
    rules: RuleSet, scores: Mapping[str, int], makers: str, makers_crossed: bool
) -> dict[str, Mark]:
    """The paper's marks of a played, renege or written hand (``mark_of`` for each)."""
    zero = rules.options.zero_mark.value
    return {
        side: mark_of(scores[side], side == makers and makers_crossed, zero) for side in rules.sides
    }


def blank_marks(rules: RuleSet) -> dict[str, Mark]:
    """A passed hand's or a double renege's marks: nothing is written (RULES.md §3, §6)."""
    return dict.fromkeys(rules.sides, BLANK_MARK)


def mark_of(score: int, crossed: bool, zero: str) -> Mark:
    """The one rule of a scored side's mark (RULES.md §5, §6): XX for makers crossed out
    (set, or reneged), else the figure, else — whoever scored nothing without being set:
    defenders with no trick, meld or bell, a reneging defender, a three-handed opponent —
    the zero mark."""
    if crossed:
        return SET
    if score:
        return Mark(MarkKind.NUMBER, str(score))
    return Mark(MarkKind.ZERO, zero)


def side_mark(score: int, crossed: bool, zero: str) -> str:
    """One side's mark as written (``mark_of``), for a reader that has each side's figures apart."""
    return mark_of(score, crossed, zero).text
