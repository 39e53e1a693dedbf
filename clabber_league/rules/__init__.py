"""The rules of Clabber as pure Python: no Qt, no SQL, no files.

Everything the app computes or refuses about a game comes from here; the
store, the window, the printouts and the CLI only call it.
"""

from __future__ import annotations

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
