"""Hypothesis strategies for valid hands and games under any preset."""

from hypothesis import strategies as st

from clabber_league.rules import (
    PRESETS,
    Card,
    HandEntry,
    PassedHand,
    PlayedHand,
    Rank,
    RenegeHand,
    RuleSet,
    Suit,
    Variant,
    deck,
    possible_meld_totals,
    rule_set,
)
from clabber_league.rules.cards import LAST_TRICK_BONUS
from clabber_league.rules.deal import deal
from clabber_league.rules.trick_totals import possible_trick_points


@st.composite
def played_cards(draw: st.DrawFn, rules: RuleSet) -> tuple[dict[str, list[Card]], Suit]:
    """A real deal: shuffle, deal (rules/deal.py), make trump; each seat's cards as played.

    In Klaberjass the holder of the trump 7 may take the turned card for it
    (RULES.md §10), which changes what is played.
    """
    cards = draw(st.permutations(deck(rules.layout.deck_size)))
    dealer = draw(st.sampled_from(rules.seats))
    dealt = deal(cards, rules, dealer)
    trump = draw(st.sampled_from(list(Suit)))
    held = {seat: [*dealt.hands[seat], *dealt.later.get(seat, ())] for seat in rules.seats}
    seven = Card(Rank.SEVEN, trump)
    if rules.variant is Variant.KLABERJASS and dealt.turned.suit is trump:
        for seat, cards_held in held.items():
            if seven in cards_held and draw(st.booleans()):
                held[seat] = [dealt.turned if card == seven else card for card in cards_held]
    return {seat: draw(st.permutations(cards_held)) for seat, cards_held in held.items()}, trump


@st.composite
def dealt_trick_points(draw: st.DrawFn, rules: RuleSet) -> dict[str, int]:
    """Trick points from a real deal: each trick one card from every seat, won by a random
    side (the play is not modelled), the last trick's 10 to whoever won it."""
    held, trump = draw(played_cards(rules))
    points = dict.fromkeys(rules.sides, 0)
    winner = rules.sides[0]
    for trick in zip(*held.values(), strict=True):
        winner = draw(st.sampled_from(rules.sides))
        points[winner] += sum(card.points(trump) for card in trick)
    points[winner] += LAST_TRICK_BONUS
    return points


def trick_points(rules: RuleSet) -> st.SearchStrategy[dict[str, int]]:
    """Trick points some deal gives: from a real deal, or any of the enumerated figures
    (which reach the corners a random deal seldom does)."""
    combinations = sorted(possible_trick_points(rules).combinations)
    enumerated = st.sampled_from(combinations).map(
        lambda figures: dict(zip(rules.sides, figures, strict=True))
    )
    return dealt_trick_points(rules) | enumerated


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
    return PlayedHand(makers, draw(trick_points(rules)), trump, melds, None, bell)


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
