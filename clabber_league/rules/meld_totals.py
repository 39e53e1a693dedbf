"""Which meld totals a side can score, derived from the rule set itself.

RULES.md §4 lists the totals for the default rules (0, 20, 40, 50 … 300);
other options change them, so the list is never hard-coded: every way the
side's players can lay disjoint melds from their hands is enumerated. The
same pass records whether the bell (king and queen of trumps) can sit beside
each total in the side's own hands or in the opponents', which is what an
entry of melds plus bell must agree with.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from clabber_league.rules.cards import Card, Rank, Suit, deck
from clabber_league.rules.errors import MeldError
from clabber_league.rules.melds import Meld, classify, meld_value
from clabber_league.rules.rulesets import KlaberjassRuns, Options, RuleSet, Variant


@dataclass(frozen=True)
class MeldPossibilities:
    """Meld totals one side can score, alone and beside the bell."""

    totals: frozenset[int]
    """Every possible scored total, 0 included."""
    with_own_bell: frozenset[int]
    """Totals that leave room for one of the side's players to hold the bell too."""
    with_other_bell: frozenset[int]
    """Totals that leave the trump king and queen free for the opponents."""

    def allows(self, total: int, bell: str) -> bool:
        """Whether ``total`` can be scored with the bell ``"own"``, ``"other"`` or ``"none"``."""
        if bell == "own":
            return total in self.with_own_bell
        if bell == "other":
            return total in self.with_other_bell
        return total in self.totals


@dataclass(frozen=True)
class _Declaration:
    """One player's shown melds as a card bitmask and the points they score."""

    mask: int
    size: int
    value: int


def possible_meld_totals(rules: RuleSet) -> MeldPossibilities:
    """The meld totals a side can score under ``rules`` (cached per meld-relevant rules)."""
    # Only these three change which totals exist (the meld ranking only
    # decides who wins), so they alone key the cache.
    return _possibilities(rules.variant, rules.options.run_of_six, rules.options.klaberjass_runs)


@functools.lru_cache(maxsize=32)
def _possibilities(
    variant: Variant, run_of_six: int, klaberjass_runs: KlaberjassRuns
) -> MeldPossibilities:
    rules = RuleSet(
        "derived", "", "", variant, Options(run_of_six=run_of_six, klaberjass_runs=klaberjass_runs)
    )
    cards = deck(rules.layout.deck_size)
    index = {card: i for i, card in enumerate(cards)}
    hand_size = rules.layout.hand_size
    melds = [
        (sum(1 << index[card] for card in meld.cards), len(meld.cards), meld_value(meld, rules))
        for meld in _all_melds(cards, rules)
    ]
    one_run_only = rules.runs_only and rules.options.klaberjass_runs is KlaberjassRuns.BEST
    declarations = [_Declaration(0, 0, 0)]
    for count in range(1, 2 if one_run_only else hand_size // 3 + 1):
        for combo in itertools.combinations(melds, count):
            mask, size, value = 0, 0, 0
            for meld_mask, meld_size, meld_points in combo:
                if mask & meld_mask:
                    break
                mask, size, value = mask | meld_mask, size + meld_size, value + meld_points
            else:
                if size <= hand_size:
                    declarations.append(_Declaration(mask, size, value))
    bells = [
        (1 << index[Card(Rank.KING, suit)]) | (1 << index[Card(Rank.QUEEN, suit)]) for suit in Suit
    ]
    return _side_possibilities(declarations, rules.layout.players_per_side, bells, hand_size)


def _side_possibilities(
    declarations: list[_Declaration], players: int, bells: list[int], hand_size: int
) -> MeldPossibilities:
    """What ``players`` partners can lay together, beside the bell or not.

    Every way the partners but the last can lay their declarations is paired
    with each of the last partner's, taken a value at a time: once a total is
    known possible beside the bell both ways, no other side can add anything to
    it, so the rest of that value's declarations are skipped (the first use of a
    rule set waits for this, the first game shown among them).
    """
    by_value: dict[int, list[_Declaration]] = {}
    for declaration in declarations:
        by_value.setdefault(declaration.value, []).append(declaration)
    totals: set[int] = set()
    own: set[int] = set()
    other: set[int] = set()
    settled: set[int] = set()
    for partners in _side_declarations(declarations, players - 1):
        partners_mask = 0
        for player in partners:
            partners_mask |= player.mask
        partners_value = sum(player.value for player in partners)
        for value, group in by_value.items():
            total = partners_value + value
            for last in group:
                if total in settled:
                    break
                if last.mask & partners_mask:
                    continue
                totals.add(total)
                side_mask = partners_mask | last.mask
                if total not in other and any(not side_mask & bell for bell in bells):
                    other.add(total)
                if total not in own and _room_for_bell((*partners, last), bells, hand_size):
                    own.add(total)
                if total in own and total in other:
                    settled.add(total)
    return MeldPossibilities(frozenset(totals), frozenset(own), frozenset(other))


def _side_declarations(
    declarations: list[_Declaration], players: int
) -> Iterator[tuple[_Declaration, ...]]:
    """Every way ``players`` partners can each lay a declaration, no card used twice."""
    if players == 0:
        yield ()
        return
    for first_index, first in enumerate(declarations):
        # Partners are interchangeable: pair each declaration with itself and later ones.
        for rest in _side_declarations(declarations[first_index:], players - 1):
            if all(not first.mask & other.mask for other in rest):
                yield (first, *rest)


def _room_for_bell(side: tuple[_Declaration, ...], bells: list[int], hand_size: int) -> bool:
    """Whether some player of the side can also hold a suit's king and queen."""
    side_mask = 0
    for player in side:
        side_mask |= player.mask
    for bell in bells:
        for player in side:
            others = side_mask & ~player.mask
            if others & bell:
                continue
            if player.size + (bell & ~player.mask).bit_count() <= hand_size:
                return True
    return False


def _all_melds(cards: tuple[Card, ...], rules: RuleSet) -> Iterator[Meld]:
    """Every meld the deck holds: each four of a kind and each run of every length."""
    by_rank: dict[Rank, list[Card]] = {}
    by_suit: dict[Suit, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
        by_suit.setdefault(card.suit, []).append(card)
    candidates: list[tuple[Card, ...]] = [tuple(group) for group in by_rank.values()]
    for suited in by_suit.values():
        ordered = sorted(suited, key=lambda card: card.rank.value)
        for start in range(len(ordered)):
            for end in range(start + 3, len(ordered) + 1):
                candidates.append(tuple(ordered[start:end]))
    for candidate in candidates:
        try:
            yield classify(candidate, rules)
        except MeldError:
            continue
