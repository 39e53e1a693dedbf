"""Hypothesis strategies for valid hands and games under any preset."""

from hypothesis import strategies as st

from clabber_league.rules import (
    PRESETS,
    HandEntry,
    PassedHand,
    PlayedHand,
    RenegeHand,
    RuleSet,
    Suit,
    possible_meld_totals,
    rule_set,
)
from clabber_league.rules.judge import valid_trick_points

TRICK_POINTS = [points for points in range(163) if valid_trick_points(points)]


@st.composite
def trick_points(draw: st.DrawFn, sides: tuple[str, ...]) -> dict[str, int]:
    """A legal split of the 162 trick points between the sides."""
    while True:
        cuts = sorted(
            draw(
                st.lists(
                    st.sampled_from(TRICK_POINTS), min_size=len(sides) - 1, max_size=len(sides) - 1
                )
            )
        )
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, 162], strict=True)]
        if all(valid_trick_points(share) for share in shares):
            return dict(zip(sides, shares, strict=True))


@st.composite
def meld_and_bell(draw: st.DrawFn, rules: RuleSet) -> tuple[dict[str, int], str | None]:
    """Meld points for at most one side, and a bell that fits beside them."""
    possible = possible_meld_totals(rules)
    winner = draw(st.sampled_from([None, *rules.sides]))
    total = draw(st.sampled_from(sorted(possible.totals - {0}))) if winner else 0
    bell = draw(st.sampled_from([None, *rules.sides]))
    if winner and bell and not possible.allows(total, "own" if bell == winner else "other"):
        bell = None
    return {side: total if side == winner else 0 for side in rules.sides}, bell


@st.composite
def played_hands(draw: st.DrawFn, rules: RuleSet) -> PlayedHand:
    makers = draw(st.sampled_from(rules.sides))
    melds, bell = draw(meld_and_bell(rules))
    trump = draw(st.none() | st.sampled_from(list(Suit)))
    return PlayedHand(makers, draw(trick_points(rules.sides)), trump, melds, None, bell)


@st.composite
def hand_entries(draw: st.DrawFn, rules: RuleSet) -> HandEntry:
    """Mostly played hands, now and then a passed hand or a renege."""
    kind = draw(st.sampled_from(["played"] * 6 + ["passed", "renege", "void"]))
    if kind == "passed":
        return PassedHand()
    if kind == "played":
        return draw(played_hands(rules))
    makers = draw(st.sampled_from(rules.sides))
    if kind == "void":
        return RenegeHand(makers, "both")
    offender = draw(st.sampled_from(rules.sides))
    innocent = [side for side in rules.sides if side != offender]
    possible = possible_meld_totals(rules)
    side = draw(st.sampled_from(innocent))
    total = draw(st.sampled_from(sorted(possible.totals)))
    bell = draw(st.sampled_from([None, side]))
    if bell and not possible.allows(total, "own"):
        bell = None
    return RenegeHand(makers, offender, None, {side: total}, bell)


presets = st.sampled_from(sorted(PRESETS))

#: Every preset, plus the options that change scoring, for hand-level properties.
PROPERTY_RULES: dict[str, RuleSet] = {
    **{preset: rule_set(preset) for preset in sorted(PRESETS)},
    "klaberjass all runs": rule_set("klaberjass", {"klaberjass_runs": "all"}),
    "82_tricks": rule_set("evansville", {"set_rule": "82_tricks"}),
    "tilde": rule_set("evansville", {"zero_mark": "~"}),
}
