"""Melds: classifying shown cards, valuing them, and deciding which side scores.

RULES.md §4: a meld is four of a kind or a run of three or more in one suit
(meld order 9-10-J-Q-K-A, no wrap-around). The side whose single best meld
ranks highest scores all of its players' melds; the other side scores none;
equal plain runs score for nobody. Klaberjass (§10) melds runs only.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from clabber_league.rules.cards import Card, Rank, Suit, deck
from clabber_league.rules.errors import MeldError
from clabber_league.rules.messages import problem
from clabber_league.rules.rulesets import MeldRanking, RuleSet

# Problems, not plain words: a meld named in a message is translated where it is shown.
_RUN_NAMES = {
    3: problem("dad"),
    4: problem("fifty"),
    5: problem("hundred"),
    6: problem("run of six"),
}
_LENGTH_WORDS = {
    3: problem("three"),
    4: problem("four"),
    5: problem("five"),
    6: problem("six"),
    7: problem("seven"),
    8: problem("eight"),
}
_FOURS = {
    Rank.SEVEN: problem("four sevens"),
    Rank.EIGHT: problem("four eights"),
    Rank.NINE: problem("four nines"),
    Rank.TEN: problem("four tens"),
    Rank.JACK: problem("four jacks"),
    Rank.QUEEN: problem("four queens"),
    Rank.KING: problem("four kings"),
    Rank.ACE: problem("four aces"),
}


class MeldKind(enum.Enum):
    """The two shapes a meld can take."""

    FOUR_OF_A_KIND = "four of a kind"
    RUN = "run"


@dataclass(frozen=True)
class Meld:
    """A classified meld. ``rank`` is the four-of-a-kind's rank or the run's top card."""

    kind: MeldKind
    cards: tuple[Card, ...]
    rank: Rank
    suit: Suit | None

    @property
    def length(self) -> int:
        return len(self.cards)

    def describe(self, *, runs_only: bool = False) -> str:
        """The meld as players call it: "four nines", "fifty (10-J-Q-K of hearts)".

        Klaberjass (``runs_only``) runs go by length: its runs of five are no "hundred".
        """
        if self.kind is MeldKind.FOUR_OF_A_KIND:
            return _FOURS[self.rank]
        assert self.suit is not None
        generic = problem("run of {length}", length=_LENGTH_WORDS[self.length])
        name = generic if runs_only else _RUN_NAMES.get(self.length, generic)
        ranks = "-".join(card.rank.code for card in self.cards)
        return problem(
            "{run} ({ranks} of {suit})", run=name, ranks=ranks, suit=problem(self.suit.label)
        )


def classify(cards: Iterable[Card], rules: RuleSet) -> Meld:
    """Name the meld these cards form under ``rules``, or say why they form none."""
    shown = tuple(cards)
    listed = " ".join(str(card) for card in shown)
    if len(set(shown)) != len(shown):
        raise MeldError(problem("{listed} is not a meld: a card is listed twice", listed=listed))
    in_deck = set(deck(rules.layout.deck_size))
    strangers = [card for card in shown if card not in in_deck]
    if strangers:
        raise MeldError(
            problem(
                "{listed} is not a meld: there is no {strangers} in the {deck_size}-card deck",
                listed=listed,
                strangers=strangers[0],
                deck_size=rules.layout.deck_size,
            )
        )
    if len(shown) < 3:
        raise MeldError(
            problem(
                "{listed} is not a meld: a meld needs at least three cards",
                listed=listed or "nothing",
            )
        )
    ordered = tuple(sorted(shown))
    ranks = {card.rank for card in shown}
    suits = {card.suit for card in shown}
    if len(shown) == 4 and len(ranks) == 1:
        if rules.runs_only:
            raise MeldError(
                problem(
                    "{listed} is not a meld: {name} melds are runs only",
                    listed=listed,
                    name=rules.name,
                )
            )
        return Meld(MeldKind.FOUR_OF_A_KIND, ordered, ordered[0].rank, None)
    values = [card.rank.value for card in ordered]
    if len(suits) == 1 and values == list(range(values[0], values[0] + len(values))):
        return Meld(MeldKind.RUN, ordered, ordered[-1].rank, ordered[0].suit)
    if rules.runs_only:
        reason = problem("a run needs three or more cards in a row of one suit")
    else:
        reason = problem("a meld is four cards of one rank, or three or more in a row of one suit")
    raise MeldError(problem("{listed} is not a meld: {reason}", listed=listed, reason=reason))


def meld_value(meld: Meld, rules: RuleSet) -> int:
    """Points the meld is worth under ``rules`` (RULES.md §4, §9, §10)."""
    if meld.kind is MeldKind.FOUR_OF_A_KIND:
        return 200 if meld.rank is Rank.JACK else 100
    if rules.runs_only:
        return 20 if meld.length == 3 else 50
    if meld.length >= 6:
        return rules.options.run_of_six
    return {3: 20, 4: 50, 5: 100}[meld.length]


# Category ranks, higher wins (RULES.md §4 table; §9 alternate ranking).
_STANDARD_FOURS = {
    Rank.JACK: 9,
    Rank.NINE: 8,
    Rank.ACE: 7,
    Rank.TEN: 6,
    Rank.KING: 5,
    Rank.QUEEN: 4,
}
_ALTERNATE_FOURS = {
    Rank.JACK: 9,
    Rank.ACE: 7,
    Rank.KING: 6,
    Rank.QUEEN: 5,
    Rank.TEN: 4,
    Rank.NINE: 3,
}
_STANDARD_RUNS = {3: 1, 4: 2, 5: 3}
_ALTERNATE_RUNS = {3: 1, 4: 2, 5: 8}
_WADESVILLE_SIX = 10  # above four jacks: this project's reading of the source


@dataclass(frozen=True, order=True)
class MeldRank:
    """A meld's strength in the comparison, compared field by field.

    Equal ranks with ``trump`` false on both sides are the equal-plain-runs
    case: nobody scores.
    """

    category: int
    top: int
    trump: bool


def meld_rank(meld: Meld, rules: RuleSet, trump: Suit | None) -> MeldRank:
    """Where the meld stands in the comparison under ``rules`` with ``trump``."""
    alternate = rules.options.meld_ranking is MeldRanking.ALTERNATE
    if meld.kind is MeldKind.FOUR_OF_A_KIND:
        fours = _ALTERNATE_FOURS if alternate else _STANDARD_FOURS
        return MeldRank(fours[meld.rank], 0, trump=False)
    is_trump = meld.suit is trump
    if rules.runs_only:
        # Klaberjass: longer beats shorter, then the higher top card, then trump.
        return MeldRank(meld.length, meld.rank.value, is_trump)
    runs = _ALTERNATE_RUNS if alternate else _STANDARD_RUNS
    if meld.length >= 6 and rules.options.run_of_six == 300:
        return MeldRank(_WADESVILLE_SIX, meld.rank.value, is_trump)
    # RULES.md §9: in Evansville a run of six counts as a run of five and ranks as
    # one — an ace-high hundred, level with any other (then trump decides).
    return MeldRank(runs[min(meld.length, 5)], meld.rank.value, is_trump)


@dataclass(frozen=True)
class MeldComparison:
    """Which side scores melds, and why in words the table would use."""

    winner: str | None
    best: Mapping[str, Meld | None]
    reason: str


def compare_melds(
    melds_by_side: Mapping[str, Sequence[Meld]], rules: RuleSet, trump: Suit | None
) -> MeldComparison:
    """Compare each side's single best meld (RULES.md §4)."""
    best: dict[str, Meld | None] = {}
    for side, melds in melds_by_side.items():
        best[side] = max(melds, key=lambda m: meld_rank(m, rules, trump), default=None)
    # The sides differ, so the sort never compares the melds themselves.
    ranked = sorted(
        ((meld_rank(meld, rules, trump), side, meld) for side, meld in best.items() if meld),
        reverse=True,
    )
    if not ranked:
        return MeldComparison(None, best, problem("nobody showed a meld"))
    top_rank, top_side, top_meld = ranked[0]
    if len(ranked) == 1:
        return MeldComparison(
            top_side, best, problem("only {top_side} showed melds", top_side=top_side)
        )
    second_rank, _second_side, second_meld = ranked[1]
    first = top_meld.describe(runs_only=rules.runs_only)
    second = second_meld.describe(runs_only=rules.runs_only)
    if top_rank == second_rank:
        return MeldComparison(
            None,
            best,
            problem(
                "{first} and {second} are equal plain runs: neither side scores melds",
                first=first,
                second=second,
            ),
        )
    if top_rank.category != second_rank.category:
        why = problem("the longer run wins") if rules.runs_only else problem("it ranks higher")
    elif top_rank.top != second_rank.top:
        why = problem("the higher top card wins")
    else:
        why = problem("a trump run beats an equal plain one")
    return MeldComparison(
        top_side,
        best,
        problem("{first} outranks {second} ({why})", first=first, second=second, why=why),
    )


def holds_bell(cards: Iterable[Card], trump: Suit) -> bool:
    """Whether these cards include the king and queen of trumps (RULES.md §4, the bell)."""
    held = set(cards)
    return Card(Rank.KING, trump) in held and Card(Rank.QUEEN, trump) in held


BELL_POINTS = 20
