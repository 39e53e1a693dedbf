"""How long the rules take to derive what a deal allows, the first time a rule set is used.

The possible trick points (``rules/trick_totals.py``) and meld totals are
enumerated once per rule set and cached; the first hand typed under a new
rule set pays for both, so each is timed uncached, against the floor of
dealing every hand of the same deck once (shuffle-free: 24 cards, 6 per hand).
"""

from __future__ import annotations

import itertools

from benchmarks.timing import median_seconds, report
from clabber_league.rules import PRESETS, RuleSet, Suit, Variant, deck
from clabber_league.rules.meld_totals import _possibilities as meld_totals
from clabber_league.rules.trick_totals import _possibilities as trick_totals

_REPEATS = 5


def _every_six_card_hand() -> object:
    """The floor: the points of each of the C(24, 6) = 134,596 six-card hands."""
    points = [card.points(Suit.SPADES) for card in deck()]
    return max(sum(hand) for hand in itertools.combinations(points, 6))


def bench_first_use() -> None:
    floor = median_seconds(_every_six_card_hand, _REPEATS)
    seen: set[Variant] = set()
    for rules in PRESETS.values():
        if rules.variant in seen:
            continue
        seen.add(rules.variant)

        def tricks(variant: Variant = rules.variant) -> object:
            return trick_totals.__wrapped__(variant)

        def melds(rules: RuleSet = rules) -> object:
            options = rules.options
            return meld_totals.__wrapped__(
                rules.variant, options.run_of_six, options.klaberjass_runs
            )

        report(
            f"trick points of {rules.name}, uncached",
            median_seconds(tricks, _REPEATS),
            floor,
            "every six-card hand's points",
            "well under a keystroke (100 ms)",
        )
        report(
            f"meld totals of {rules.name}, uncached",
            median_seconds(melds, _REPEATS),
            floor,
            "every six-card hand's points",
        )
