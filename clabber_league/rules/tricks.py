"""A played hand's trick points: each figure checked against what the deal allows.

RULES.md §2, §10: where every card is played (four, three and six players)
the sides share 162, so one figure short is the rest of it; in the
two-player games only 18 cards are played and both figures are needed.
Every refusal says, in table words, why no deal gives the figures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from clabber_league.rules.judge import Judge
from clabber_league.rules.messages import N_, and_list, or_list, problem
from clabber_league.rules.rulesets import RuleSet, Variant
from clabber_league.rules.trick_totals import TrickPossibilities, possible_trick_points

_GAME_WORDS = {
    Variant.FOUR_HANDED: problem("four-handed Clabber"),
    Variant.SIX_HANDED: problem("six-handed Clabber"),
    Variant.THREE_HANDED: problem("three-handed Clabber"),
    Variant.TWO_HANDED: problem("two-handed Clabber"),
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
        return problem("none")
    spans: list[tuple[int, int]] = []
    for figure in ordered:
        if spans and figure == spans[-1][1] + 1:
            spans[-1] = (spans[-1][0], figure)
        else:
            spans.append((figure, figure))
    return or_list(
        [str(low) if low == high else problem("{low} to {high}", low=low, high=high)
         for low, high in spans]
    )  # fmt: skip


def complete_tricks(given: Mapping[str, int], makers: str, judge: Judge) -> dict[str, int] | None:
    """Every side's trick points, or ``None`` with each problem told to ``judge``.

    Where every card is played the one side left out has the rest of the 162.
    """
    rules = judge.rules
    possible = possible_trick_points(rules)
    sides = rules.sides
    if not judge.figures_ok(
        given,
        N_("trick points are given for {side!r}, but the sides are {sides}"),
        N_("{side}'s trick points must be a whole number, not {points!r}"),
        lambda side, points: figure_problem(points, judge.name(side), rules),
    ):
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
                problem(
                    "{sides}'s trick points are missing: in {game_words} {not_every_card}, "
                    "so each player's figure is needed",
                    sides=and_list([judge.name(side) for side in missing]),
                    game_words=game_words(rules),
                    not_every_card=_not_every_card(rules),
                )
            )
            return None
        return dict(given)
    if len(missing) > 1:
        needed = (
            problem("one side's figure")
            if len(sides) == 2
            else problem("the figures of at least {count} players", count=len(sides) - 1)
        )
        judge.fail(problem("the trick points are missing: give {needed}", needed=needed))
        return None
    if not missing:
        if total != possible.shared:
            judge.fail(
                problem(
                    "the trick points add to {total}, but every played hand shares exactly "
                    "{shared}",
                    total=total,
                    shared=possible.shared,
                )
            )
            return None
        return dict(given)
    rest = possible.shared - total
    if rest < 0:
        judge.fail(
            problem(
                "the trick points add to {total}, more than the {shared} in a hand",
                total=total,
                shared=possible.shared,
            )
        )
        return None
    found = figure_problem(rest, judge.name(missing[0]), rules)
    if found is not None:
        judge.fail(
            problem("{problem} (the rest of {shared})", problem=found, shared=possible.shared)
        )
        return None
    return {side: given.get(side, rest) for side in sides}


def figure_problem(points: int, who: str, rules: RuleSet) -> str | None:
    """Why no deal under ``rules`` gives one side ``points`` trick points; ``None`` if one does."""
    possible = possible_trick_points(rules)
    if points in possible.figures:
        return None
    cannot = problem("{who} cannot score {points} trick points", who=who, points=points)
    if points < 0:
        return problem("{cannot}: they never go below 0", cannot=cannot)
    if points > possible.most:
        if possible.shared is not None:
            return problem(
                "{cannot}: there are only {shared} in a hand", cannot=cannot, shared=possible.shared
            )
        return problem(
            "{cannot} in {game_words}: {not_every_card}, so a player takes at most {most}",
            cannot=cannot,
            game_words=game_words(rules),
            not_every_card=_not_every_card(rules),
            most=possible.most,
        )
    if points == 1:
        return problem("{cannot} — no card is worth 1", cannot=cannot)
    rest = None if possible.shared is None else possible.shared - points
    leaves = problem("that leaves {the_others} {rest}", the_others=_the_others(rules), rest=rest)
    if rest == 1:
        return problem("{cannot} — {leaves}, and no card is worth 1", cannot=cannot, leaves=leaves)
    if 0 < points < possible.poorest_trick:
        return problem(
            "{cannot} in {game_words}: {poorest_trick}",
            cannot=cannot,
            game_words=game_words(rules),
            poorest_trick=_poorest_trick(rules, possible),
        )
    if rest is not None and 0 < rest < possible.poorest_trick:
        return problem(
            "{cannot} in {game_words}: {leaves}, and {poorest_trick}",
            cannot=cannot,
            game_words=game_words(rules),
            leaves=leaves,
            poorest_trick=_poorest_trick(rules, possible),
        )
    return problem(
        "{cannot}: no deal of {game_words} gives a side exactly that many",
        cannot=cannot,
        game_words=game_words(rules),
    )


def _the_others(rules: RuleSet) -> str:
    if len(rules.sides) > 2:
        return problem("the other players")
    if rules.layout.players_per_side == 1:
        return problem("the other player")
    return problem("the other team")


def _poorest_trick(rules: RuleSet, possible: TrickPossibilities) -> str:
    size = rules.layout.trick_size
    who = problem("a player") if rules.layout.players_per_side == 1 else problem("a team")
    return problem(
        "a trick holds {trick_size} cards, so {who} that takes one has at least {poorest_trick}",
        trick_size=_NUMBER_WORDS.get(size, str(size)),
        who=who,
        poorest_trick=possible.poorest_trick,
    )


def _not_every_card(rules: RuleSet) -> str:
    layout = rules.layout
    return problem(
        "only {cards_played} of the {deck_size} cards are played",
        cards_played=layout.cards_played,
        deck_size=layout.deck_size,
    )


def _combination_problem(tricks: Mapping[str, int], judge: Judge) -> str:
    """Why no deal gives these figures together, each of them possible on its own."""
    rules = judge.rules
    possible = possible_trick_points(rules)
    figures = list(tricks.values())
    total = sum(figures)
    game = game_words(rules)
    if len(figures) == 2:
        first, second = figures
        cannot = problem(
            "{first} and {second} cannot both be taken in {game}",
            first=first,
            second=second,
            game=game,
        )
        if total > possible.most_total:
            return problem(
                "{cannot}: {not_every_card}, and with the last trick they are worth at "
                "most {most_total}",
                cannot=cannot,
                not_every_card=_not_every_card(rules),
                most_total=possible.most_total,
            )
        if total < possible.least_total:
            return problem(
                "{cannot}: the {cards_played} cards played and the last trick are "
                "worth at least {least_total}",
                cannot=cannot,
                cards_played=rules.layout.cards_played,
                least_total=possible.least_total,
            )
        (makers, defenders) = tricks
        return problem(
            "{cannot}: with {makers} on {first}, {defenders} can take only {figures_text}",
            cannot=cannot,
            makers=judge.name(makers),
            first=first,
            defenders=judge.name(defenders),
            figures_text=figures_text(possible.beside(first)),
        )
    named = and_list([f"{judge.name(side)} {points}" for side, points in tricks.items()])
    layout = rules.layout
    return problem(
        "{named} cannot all be taken in {game}: no split of the {cards_played} "
        "cards into tricks of {trick_size} gives them",
        named=named,
        game=game,
        cards_played=layout.cards_played,
        trick_size=_NUMBER_WORDS.get(layout.trick_size, str(layout.trick_size)),
    )
