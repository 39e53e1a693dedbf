"""A played hand's trick points: each figure checked against what the deal allows.

RULES.md §2, §10: where every card is played (four, three and six players)
the sides share 162, so one figure short is the rest of it; in the
two-player games only 18 cards are played and both figures are needed.
Every refusal says, in table words, why no deal gives the figures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from clabber_league.rules.judge import Judge, and_list
from clabber_league.rules.rulesets import RuleSet, Variant
from clabber_league.rules.trick_totals import TrickPossibilities, possible_trick_points

_GAME_WORDS = {
    Variant.FOUR_HANDED: "four-handed Clabber",
    Variant.SIX_HANDED: "six-handed Clabber",
    Variant.THREE_HANDED: "three-handed Clabber",
    Variant.TWO_HANDED: "two-handed Clabber",
    Variant.KLABERJASS: "Klaberjass",
}
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 6: "six", 8: "eight", 9: "nine"}


def game_words(rules: RuleSet) -> str:
    """The game as the table names it in a sentence: "in six-handed Clabber"."""
    return _GAME_WORDS[rules.variant]


def figures_text(figures: Iterable[int]) -> str:
    """A set of trick-point figures as the table says it: "14 to 86", "0 or 2 to 8"."""
    ordered = sorted(figures)
    if not ordered:
        return "none"
    spans: list[tuple[int, int]] = []
    for figure in ordered:
        if spans and figure == spans[-1][1] + 1:
            spans[-1] = (spans[-1][0], figure)
        else:
            spans.append((figure, figure))
    words = [str(low) if low == high else f"{low} to {high}" for low, high in spans]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def complete_tricks(given: Mapping[str, int], makers: str, judge: Judge) -> dict[str, int] | None:
    """Every side's trick points, or ``None`` with each problem told to ``judge``.

    Where every card is played the one side left out has the rest of the 162.
    """
    rules = judge.rules
    possible = possible_trick_points(rules)
    sides = rules.sides
    ok = True
    for side, points in given.items():
        if side not in sides:
            judge.fail(f"trick points are given for {side!r}, but the sides are {and_list(sides)}")
            ok = False
        elif isinstance(points, bool) or not isinstance(points, int):
            judge.fail(f"{judge.name(side)}'s trick points must be a whole number, not {points!r}")
            ok = False
        elif (problem := figure_problem(points, judge.name(side), rules)) is not None:
            judge.fail(problem)
            ok = False
    if not ok:
        return None
    tricks = _with_the_rest(given, possible, judge)
    if tricks is None:
        return None
    if not possible.allows(tricks):
        order = [makers, *(side for side in sides if side != makers)] if makers in sides else sides
        judge.fail(_combination_problem({side: tricks[side] for side in order}, judge))
        return None
    return tricks


def _with_the_rest(
    given: Mapping[str, int], possible: TrickPossibilities, judge: Judge
) -> dict[str, int] | None:
    """The figures given, and where every card is played the missing one as the rest."""
    rules = judge.rules
    sides = rules.sides
    missing = [side for side in sides if side not in given]
    total = sum(given.values())
    if possible.shared is None:
        if missing:
            judge.fail(
                f"{and_list([judge.name(side) for side in missing])}'s trick points are "
                f"missing: in {game_words(rules)} {_not_every_card(rules)}, so each player's "
                "figure is needed"
            )
            return None
        return dict(given)
    if len(missing) > 1:
        needed = "one side's" if len(sides) == 2 else f"at least {len(sides) - 1} players'"
        judge.fail(f"the trick points are missing: give {needed}")
        return None
    if not missing:
        if total != possible.shared:
            judge.fail(
                f"the trick points add to {total}, but every played hand shares exactly "
                f"{possible.shared}"
            )
            return None
        return dict(given)
    rest = possible.shared - total
    if rest < 0:
        judge.fail(f"the trick points add to {total}, more than the {possible.shared} in a hand")
        return None
    problem = figure_problem(rest, judge.name(missing[0]), rules)
    if problem is not None:
        judge.fail(f"{problem} (the rest of {possible.shared})")
        return None
    return {side: given.get(side, rest) for side in sides}


def figure_problem(points: int, who: str, rules: RuleSet) -> str | None:
    """Why no deal under ``rules`` gives one side ``points`` trick points; ``None`` if one does."""
    possible = possible_trick_points(rules)
    if points in possible.figures:
        return None
    cannot = f"{who} cannot score {points} trick points"
    if points < 0:
        return f"{cannot}: they never go below 0"
    if points > possible.most:
        if possible.shared is not None:
            return f"{cannot}: there are only {possible.shared} in a hand"
        return (
            f"{cannot} in {game_words(rules)}: {_not_every_card(rules)}, so a player takes "
            f"at most {possible.most}"
        )
    if points == 1:
        return f"{cannot} — no card is worth 1"
    rest = None if possible.shared is None else possible.shared - points
    leaves = f"that leaves {_the_others(rules)} {rest}"
    if rest == 1:
        return f"{cannot} — {leaves}, and no card is worth 1"
    if 0 < points < possible.poorest_trick:
        return f"{cannot} in {game_words(rules)}: {_poorest_trick(rules, possible)}"
    if rest is not None and 0 < rest < possible.poorest_trick:
        return f"{cannot} in {game_words(rules)}: {leaves}, and {_poorest_trick(rules, possible)}"
    return f"{cannot}: no deal of {game_words(rules)} gives a side exactly that many"


def _the_others(rules: RuleSet) -> str:
    if len(rules.sides) > 2:
        return "the other players"
    return "the other player" if rules.layout.players_per_side == 1 else "the other team"


def _poorest_trick(rules: RuleSet, possible: TrickPossibilities) -> str:
    size = rules.layout.trick_size
    who = "a player" if rules.layout.players_per_side == 1 else "a team"
    return (
        f"a trick holds {_NUMBER_WORDS.get(size, str(size))} cards, so {who} that takes one "
        f"has at least {possible.poorest_trick}"
    )


def _not_every_card(rules: RuleSet) -> str:
    layout = rules.layout
    return f"only {layout.cards_played} of the {layout.deck_size} cards are played"


def _combination_problem(tricks: Mapping[str, int], judge: Judge) -> str:
    """Why no deal gives these figures together, each of them possible on its own."""
    rules = judge.rules
    possible = possible_trick_points(rules)
    figures = list(tricks.values())
    total = sum(figures)
    game = game_words(rules)
    if len(figures) == 2:
        first, second = figures
        cannot = f"{first} and {second} cannot both be taken in {game}"
        if total > possible.most_total:
            return (
                f"{cannot}: {_not_every_card(rules)}, and with the last trick they are worth "
                f"at most {possible.most_total}"
            )
        if total < possible.least_total:
            return (
                f"{cannot}: the {rules.layout.cards_played} cards played and the last trick "
                f"are worth at least {possible.least_total}"
            )
        (makers, defenders) = tricks
        return (
            f"{cannot}: with {judge.name(makers)} on {first}, {judge.name(defenders)} can "
            f"take only {figures_text(possible.beside(first))}"
        )
    named = and_list([f"{judge.name(side)} {points}" for side, points in tricks.items()])
    layout = rules.layout
    return (
        f"{named} cannot all be taken in {game}: no split of the {layout.cards_played} cards "
        f"into tricks of {_NUMBER_WORDS.get(layout.trick_size, str(layout.trick_size))} "
        "gives them"
    )
