"""Written hands: the digital form of the paper sheet's check columns.

A league secretary copies marks off a paper sheet (``92``, ``XX``, ``-``)
without the trick points or melds behind them. The marks are accepted only if
some legal hand under the rule set — trick points, meld totals, bell, set
rule, or a renege — writes exactly those marks; otherwise the secretary is
told, in table terms, why the figures cannot be right.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping

from clabber_league.rules.cards import Suit
from clabber_league.rules.hands import HandKind, HandResult, WrittenHand
from clabber_league.rules.judge import (
    RENEGE_POINTS,
    SET_MARK,
    Judge,
    marks_for,
    settle,
)
from clabber_league.rules.meld_totals import possible_meld_totals
from clabber_league.rules.melds import BELL_POINTS
from clabber_league.rules.messages import problem
from clabber_league.rules.rulesets import RuleSet, SetRule, ZeroMark
from clabber_league.rules.trick_totals import possible_trick_points
from clabber_league.rules.tricks import game_words

_ZERO_MARKS = {mark.value for mark in ZeroMark} | {"0"}
_LONGEST_MARK = 5  # no hand writes six figures; longer "marks" are typing slips


def score_written(entry: WrittenHand, judge: Judge) -> HandResult | None:
    """Accept a written hand whose marks some legal hand produces; explain it otherwise.

    A season copied off paper writes the same few marks thousands of times, and
    an accepted hand's result depends on nothing but its rule set and entry, so
    accepted results are remembered (``_accepted``); a refused hand is judged
    afresh every time, so that its problems name the sides as this game does.
    """
    try:
        accepted = _accepted(
            judge.rules,
            entry.makers,
            entry.trump,
            tuple(entry.marks.items()),
            tuple((entry.paper_totals or {}).items()),
        )
    except TypeError:  # a mark that is not even text cannot be remembered; it is refused
        accepted = None
    return accepted if accepted is not None else judge_written(entry, judge)


@functools.lru_cache(maxsize=4096)
def _accepted(
    rules: RuleSet,
    makers: str | None,
    trump: Suit | None,
    marks: tuple[tuple[str, str], ...],
    paper_totals: tuple[tuple[str, int], ...],
) -> HandResult | None:
    """The result of an accepted written hand (``None`` if it is refused)."""
    judge = Judge(rules)
    entry = WrittenHand(makers, dict(marks), trump, dict(paper_totals) or None)
    result = judge_written(entry, judge)
    return None if judge.problems else result


def judge_written(entry: WrittenHand, judge: Judge) -> HandResult | None:
    """``score_written`` without remembering: every check, every time.

    The paper does not always say who made trump. With unknown makers
    (``makers`` is ``None``) the marks are accepted if any side, as the makers,
    could have written them; XX always names the makers, so such a hand is
    one the makers made, and the result names no makers and no set.
    """
    rules = judge.rules
    known = entry.makers is not None
    makers_ok = not known or judge.is_side(entry.makers, problem("the makers"))
    scores = _read_marks(entry, judge)
    _check_paper_totals(entry, judge)
    if scores is None or not makers_ok or judge.problems:
        return None
    key = tuple(scores[side] for side in rules.sides)
    if entry.makers is None:
        if not any(_possible(rules, side, key, False) for side in rules.sides):
            judge.fail(_explain_unknown_makers(rules, scores, judge))
            return None
        return HandResult(
            HandKind.PLAYED,
            None,
            entry.trump,
            set=False,
            scores=scores,
            sheet_marks=marks_for(rules, scores, "", False),
            melds=None,
        )
    crossed = entry.marks[entry.makers].strip().upper() == SET_MARK
    if not _possible(rules, entry.makers, key, crossed):
        judge.fail(_explain(rules, entry.makers, scores, crossed, judge))
        return None
    return HandResult(
        HandKind.PLAYED,
        entry.makers,
        entry.trump,
        set=crossed,
        scores=scores,
        sheet_marks=marks_for(rules, scores, entry.makers, crossed),
        melds=None,
    )


def _check_paper_totals(entry: WrittenHand, judge: Judge) -> None:
    """The paper's running totals, where copied: one whole number per side of the game."""
    for side, total in (entry.paper_totals or {}).items():
        if side not in judge.rules.sides:
            judge.fail(
                problem(
                    "a paper total is written for {side!r}, but the sides are {sides}",
                    side=side,
                    sides=", ".join(judge.rules.sides),
                )
            )
        elif isinstance(total, bool) or not isinstance(total, int) or total < 0:
            judge.fail(
                problem(
                    "{side}'s paper total must be a whole number, not {total!r}",
                    side=judge.name(side),
                    total=total,
                )
            )


def _explain_unknown_makers(rules: RuleSet, scores: Mapping[str, int], judge: Judge) -> str:
    """Why no side, as the makers, could write these marks (one reason if they agree)."""
    reasons = {_explain(rules, side, scores, False, judge) for side in rules.sides}
    if len(reasons) == 1:
        return reasons.pop()
    shown = ", ".join(
        f"{judge.name(side)} {mark.text}"
        for side, mark in marks_for(rules, scores, "", False).items()
    )
    return problem(
        "no legal hand writes {shown}, whichever side made trump: check the figures", shown=shown
    )


def parse_mark(mark: str) -> int | None:
    """A paper mark's figure: XX and the zero marks are 0; ``None`` if it is no mark."""
    text = mark.strip()
    if text.upper() == SET_MARK or text in _ZERO_MARKS:
        return 0
    if text.isascii() and text.isdigit() and len(text) <= _LONGEST_MARK:
        return int(text)
    return None


def _read_marks(entry: WrittenHand, judge: Judge) -> dict[str, int] | None:
    rules = judge.rules
    scores: dict[str, int] = {}
    for side in entry.marks:
        if side not in rules.sides:
            judge.fail(
                problem(
                    "a mark is written for {side!r}, but the sides are {sides}",
                    side=side,
                    sides=", ".join(rules.sides),
                )
            )
    for side in rules.sides:
        if side not in entry.marks:
            judge.fail(
                problem("{side}'s mark is missing: copy every side's mark", side=judge.name(side))
            )
            continue
        mark = entry.marks[side]
        figure = parse_mark(mark) if isinstance(mark, str) else None
        crossed = figure is not None and mark.strip().upper() == SET_MARK
        if figure is None:
            shown = repr(mark) if len(repr(mark)) <= 20 else repr(mark)[:17] + "..."
            judge.fail(
                problem(
                    "{shown} is not a mark: write a number, XX or {zero_mark}",
                    shown=shown,
                    zero_mark=rules.options.zero_mark.value,
                )
            )
        elif crossed and entry.makers is None:
            judge.fail(
                problem(
                    "{side} is written XX, so {side} made trump: XX always names the "
                    "makers, so give them",
                    side=judge.name(side),
                )
            )
        elif crossed and side != entry.makers:
            judge.fail(
                problem(
                    "{side} did not make trump, so it cannot be set: only the makers are "
                    "written XX",
                    side=judge.name(side),
                )
            )
        else:
            scores[side] = figure
    return None if judge.problems else scores


@functools.lru_cache(maxsize=64)
def _meld_configs(rules: RuleSet) -> tuple[tuple[Mapping[str, int], str | None], ...]:
    """Every meld-and-bell situation the rule set allows: (melds by side, bell side)."""
    possibilities = possible_meld_totals(rules)
    sides = rules.sides
    configs: list[tuple[dict[str, int], str | None]] = []
    winners: list[str | None] = [None, *sides]
    for winner in winners:
        values = sorted(possibilities.totals - {0}) if winner else [0]
        for value in values:
            for bell in [None, *sides]:
                relation = "none" if bell is None else ("own" if bell == winner else "other")
                if winner and not possibilities.allows(value, relation):
                    continue
                configs.append(({side: value if side == winner else 0 for side in sides}, bell))
    return tuple(configs)


def _trick_vectors(
    rules: RuleSet,
    makers: str,
    scores: Mapping[str, int],
    extra: Mapping[str, int],
    crossed: bool,
) -> Iterator[dict[str, int]]:
    """Trick points worth trying for a written hand with these melds and bell.

    Only figures some deal gives are tried (``trick_totals``). A defender
    always writes its own hand points, or in Klaberjass, behind a set maker,
    both players' (RULES.md §5, §10), so its mark leaves one or two figures
    to try beside each of the makers'; ``settle`` then decides. Makers who
    made it write their own hand points, so their mark leaves one figure; set
    makers where every card is played leave the rest of the defenders' figure
    (unless the defenders' mark holds both sides' points: then any figure).
    """
    possible = possible_trick_points(rules)
    sides = rules.sides
    if len(sides) == 2:
        defenders = next(side for side in sides if side != makers)
        own = scores[defenders] - extra[defenders]
        if not crossed:
            figures = [scores[makers] - extra[makers]]
        elif possible.shared is not None and own - extra[makers] != possible.shared:
            figures = [possible.shared - own]
        else:
            figures = sorted(possible.figures)
        for points in figures:
            for theirs in {own, own - points - extra[makers]}:
                tricks = {makers: points, defenders: theirs}
                if possible.allows(tricks):
                    yield tricks
        return
    # Three-handed: an opponent always writes its own hand points (RULES.md §10),
    # so its trick points follow from its mark; the maker has the rest.
    tricks = {
        side: scores[side] - extra[side] if scores[side] else 0 for side in sides if side != makers
    }
    assert possible.shared is not None, problem("every card is played wherever three sides play")
    tricks[makers] = possible.shared - sum(tricks.values())
    if possible.allows(tricks):
        yield tricks


@functools.lru_cache(maxsize=4096)
def _possible(rules: RuleSet, makers: str, key: tuple[int, ...], crossed: bool) -> bool:
    scores = dict(zip(rules.sides, key, strict=True))
    for melds, bell in _meld_configs(rules):
        extra = {side: melds[side] + (BELL_POINTS if bell == side else 0) for side in rules.sides}
        if any(scores[side] == 0 and extra[side] and side != makers for side in rules.sides):
            continue  # a side written as nothing had no melds or bell either
        for tricks in _trick_vectors(rules, makers, scores, extra, crossed):
            hand_points = {side: tricks[side] + extra[side] for side in rules.sides}
            written, went_set = settle(rules, makers, hand_points, tricks)
            if went_set == crossed and written == scores:
                return True
        if _renege_writes(rules, makers, scores, crossed, extra):
            return True
    return False


def _renege_writes(
    rules: RuleSet,
    makers: str,
    scores: Mapping[str, int],
    crossed: bool,
    extra: Mapping[str, int],
) -> bool:
    """Whether a renege by one side writes these marks (RULES.md §6)."""
    for offender in rules.sides:
        if (offender == makers) != crossed or extra[offender]:
            continue
        written = {
            side: 0 if side == offender else RENEGE_POINTS + extra[side] for side in rules.sides
        }
        if written == dict(scores):
            return True
    return False


def _explain(
    rules: RuleSet, makers: str, scores: Mapping[str, int], crossed: bool, judge: Judge
) -> str:
    """Say why no legal hand writes these marks, as specifically as the figures allow."""
    possible = possible_trick_points(rules)
    others = [side for side in rules.sides if side != makers]
    shown = ", ".join(
        f"{judge.name(side)} {mark.text}"
        for side, mark in marks_for(rules, scores, makers, crossed).items()
    )
    total = sum(scores.values())
    both = problem("the two scores") if len(rules.sides) == 2 else problem("the scores")
    if total == 0:
        if possible.shared is not None:
            return problem(
                "{shown} is impossible: in a played hand somebody takes the {shared} trick points",
                shown=shown,
                shared=possible.shared,
            )
        return problem(
            "{shown} is impossible: in {game_words} the cards played and the last "
            "trick are worth at least {least_total}, and somebody takes them",
            shown=shown,
            game_words=game_words(rules),
            least_total=possible.least_total,
        )
    if crossed:
        if len(others) == 1:
            written = scores[others[0]]
            # The defenders' mark holds their trick points, so the makers took at least
            # the fewest any deal leaves beside them: more than the defenders wrote.
            least = min(
                (min(possible.beside(theirs)) for theirs in possible.figures if theirs <= written),
                default=None,
            )
            reaches_82 = rules.options.set_rule is not SetRule.TRICKS_82 or (least or 0) >= 82
            if least is not None and least > written and reaches_82:
                return problem(
                    "makers set with the defenders on {written} is impossible: the makers "
                    "took at least {least} trick points",
                    written=written,
                    least=least,
                )
        return problem("no legal hand writes {shown}: check the figures", shown=shown)
    if scores[makers] == 0:
        return problem(
            "the makers are never written {zero_mark}: makers who do not make it "
            "are set, written XX",
            zero_mark=rules.options.zero_mark.value,
        )
    found = _made_total_problem(rules, total, both)
    if found is not None:
        return found
    beaten = [side for side in others if scores[side] >= scores[makers]]
    if beaten and rules.options.set_rule is SetRule.MORE_THAN_DEFENDERS:
        return problem(
            "the makers wrote {makers_score} against {beaten}'s {beaten_score}: makers who do "
            "not score more than the defenders are set, written XX",
            makers_score=scores[makers],
            beaten=judge.name(beaten[0]),
            beaten_score=scores[beaten[0]],
        )
    return problem("no legal hand writes {shown}: check the figures", shown=shown)


def _made_total_problem(rules: RuleSet, total: int, both: str) -> str | None:
    """Why a made hand's marks cannot add up to ``total``: every side's trick points,
    all scored melds and the bell (RULES.md §8)."""
    possible = possible_trick_points(rules)
    possible_extras = {
        sum(melds.values()) + (BELL_POINTS if bell else 0) for melds, bell in _meld_configs(rules)
    }
    if possible.shared is None:
        # The two-player games: both players' trick points add to anything in a range.
        lowest, highest = possible.least_total, possible.most_total
        if total < lowest:
            return problem(
                "{both} add to {total}, but a made hand writes both players' trick "
                "points, at least {lowest} in {game_words} — check the figures",
                both=both,
                total=total,
                lowest=lowest,
                game_words=game_words(rules),
            )
        if not any(lowest <= total - extra <= highest for extra in possible_extras):
            return problem(
                "{both} add to {total}, but in {game_words} a made hand writes "
                "{lowest} to {highest} trick points and at most {max} in melds and "
                "bell under {name} — check the figures",
                both=both,
                total=total,
                game_words=game_words(rules),
                lowest=lowest,
                highest=highest,
                max=max(possible_extras),
                name=rules.name,
            )
        return None
    extra = total - possible.shared
    if extra < 0:
        return problem(
            "{both} add to {total}, but a made hand writes all {shared} trick "
            "points between the sides — check the figures",
            both=both,
            total=total,
            shared=possible.shared,
        )
    if extra % 10:
        return problem(
            "{both} add to {total}: melds come in tens — check the figures", both=both, total=total
        )
    if extra not in possible_extras:
        return problem(
            "{both} add to {total}: {extra} in melds and bell is not possible "
            "under {name} — check the figures",
            both=both,
            total=total,
            extra=extra,
            name=rules.name,
        )
    return None
