"""The rules of Clabber as pure Python: no Qt, no SQL, no files.

Everything the app computes or refuses about a game comes from here; the
store, the window, the printouts and the CLI only call it.

The names below are loaded on first use (PEP 562): a module that needs one
corner of the rules (``rules.limits``, ``rules.messages``) does not load the
scoring, the rule sets and the meld tables with it — the command line's quick
standings print before those would have loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clabber_league.rules.lazy import names_loaded_on_use

if TYPE_CHECKING:
    from clabber_league.rules.cards import Card, Rank, Suit, deck
    from clabber_league.rules.errors import (
        CardError,
        ClabberError,
        GameError,
        HandError,
        MeldError,
        RuleSetError,
    )
    from clabber_league.rules.game import TIE, Game, SheetRow, Standing, derive
    from clabber_league.rules.hands import (
        RENEGE_BOTH,
        HandEntry,
        HandKind,
        HandResult,
        PassedHand,
        PlayedHand,
        RenegeHand,
        WrittenHand,
    )
    from clabber_league.rules.meld_totals import MeldPossibilities, possible_meld_totals
    from clabber_league.rules.melds import Meld, MeldKind, classify, compare_melds, meld_value
    from clabber_league.rules.rulesets import (
        DEFAULT_PRESET,
        OPTION_SPECS,
        PRESETS,
        Options,
        RuleSet,
        Variant,
        rule_set,
    )
    from clabber_league.rules.scoring import score_hand
    from clabber_league.rules.trick_totals import TrickPossibilities, possible_trick_points

#: Each public name and the module of the package that defines it.
_HOMES = {
    "Card": "cards",
    "CardError": "errors",
    "ClabberError": "errors",
    "DEFAULT_PRESET": "rulesets",
    "Game": "game",
    "GameError": "errors",
    "HandEntry": "hands",
    "HandError": "errors",
    "HandKind": "hands",
    "HandResult": "hands",
    "Meld": "melds",
    "MeldError": "errors",
    "MeldKind": "melds",
    "MeldPossibilities": "meld_totals",
    "OPTION_SPECS": "rulesets",
    "Options": "rulesets",
    "PRESETS": "rulesets",
    "PassedHand": "hands",
    "PlayedHand": "hands",
    "RENEGE_BOTH": "hands",
    "Rank": "cards",
    "RenegeHand": "hands",
    "RuleSet": "rulesets",
    "RuleSetError": "errors",
    "SheetRow": "game",
    "Standing": "game",
    "Suit": "cards",
    "TIE": "game",
    "TrickPossibilities": "trick_totals",
    "Variant": "rulesets",
    "WrittenHand": "hands",
    "classify": "melds",
    "compare_melds": "melds",
    "deck": "cards",
    "derive": "game",
    "meld_value": "melds",
    "possible_meld_totals": "meld_totals",
    "possible_trick_points": "trick_totals",
    "rule_set": "rulesets",
    "score_hand": "scoring",
}

__all__ = [
    "DEFAULT_PRESET",
    "OPTION_SPECS",
    "PRESETS",
    "RENEGE_BOTH",
    "TIE",
    "Card",
    "CardError",
    "ClabberError",
    "Game",
    "GameError",
    "HandEntry",
    "HandError",
    "HandKind",
    "HandResult",
    "Meld",
    "MeldError",
    "MeldKind",
    "MeldPossibilities",
    "Options",
    "PassedHand",
    "PlayedHand",
    "Rank",
    "RenegeHand",
    "RuleSet",
    "RuleSetError",
    "SheetRow",
    "Standing",
    "Suit",
    "TrickPossibilities",
    "Variant",
    "WrittenHand",
    "classify",
    "compare_melds",
    "deck",
    "derive",
    "meld_value",
    "possible_meld_totals",
    "possible_trick_points",
    "rule_set",
    "score_hand",
]

__getattr__ = names_loaded_on_use(__name__, _HOMES)
