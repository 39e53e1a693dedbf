"""Which trick points the sides can take, derived from the deal itself.

RULES.md §2: a side's trick points are the points of the cards in the tricks
it took, and the side that took the last trick adds 10. What that allows
depends on the deal: where every card is played (four, three and six players)
the sides share 162, but a six-handed trick holds six cards, so a team that
takes one has at least 6; the two-player games (§10) play only 18 cards, so
the two figures add up to less than 162 and neither gives the other. So the
possible figures are never hard-coded: they are enumerated per rule set, as
the meld totals are, and cached.

What counts as *reachable*: some choice of the cards played (the whole deck,
or 18 of it in the two-player games), with any of the four suits as trump,
split between the sides so that each side holds a whole number of tricks,
and the last trick's 10 to a side that took at least one trick. Which side
the play itself lets win which trick (following suit, trumping) is not
modelled: the sheet does not record the play, and any split of the cards
into tricks can be dealt.

The enumeration is exact and quick: a dynamic programme over the cards'
point values that tracks, for every way of counting the cards each side
took, the set of point sums as the bits of one integer.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from clabber_league.rules.cards import LAST_TRICK_BONUS, Suit, deck
from clabber_league.rules.rulesets import Layout, RuleSet, Variant


@dataclass(frozen=True)
class TrickPossibilities:
    """The trick points the sides of a rule set can take in a played hand."""

    sides: tuple[str, ...]
    combinations: frozenset[tuple[int, ...]]
    """Every set of figures some deal gives, one figure per side in side order."""
    shared: int | None
    """What the figures always add up to where every card is played (162), else ``None``."""
    poorest_trick: int
    """The fewest points a trick can hold: a side that takes a trick has at least these."""
    figures: frozenset[int]
    """Every figure one side can take, whatever the others take."""
    least_total: int
    """The smallest sum of all sides' figures."""
    most_total: int
    """The largest sum of all sides' figures."""
    _beside: Mapping[int, frozenset[int]]

    @property
    def most(self) -> int:
        """The most one side can take."""
        return max(self.figures)

    def allows(self, tricks: Mapping[str, int]) -> bool:
        """Whether some deal gives every side exactly these trick points."""
        key = tuple(tricks.get(side, -1) for side in self.sides)
        return key in self.combinations

    def beside(self, figure: int) -> frozenset[int]:
        """The figures another side can take while one side takes ``figure``.

        The sides play alike, so this holds for whichever side took ``figure``;
        with two sides it is the other side's possible figures.
        """
        return self._beside.get(figure, frozenset())


def possible_trick_points(rules: RuleSet) -> TrickPossibilities:
    """The trick points the sides can take under ``rules`` (cached per variant).

    Only the deal (deck, cards played, players, sides) decides them, so the
    options never change them.
    """
    return _possibilities(rules.variant)


@functools.lru_cache(maxsize=8)
def _possibilities(variant: Variant) -> TrickPossibilities:
    layout = RuleSet("derived", "", "", variant).layout
    values = _values_by_trump(layout)
    combinations = frozenset().union(
        *(
            reachable_trick_points(
                suit_values,
                sides=len(layout.sides),
                trick_size=layout.trick_size,
                played=layout.cards_played,
            )
            for suit_values in values
        )
    )
    beside: dict[int, set[int]] = {}
    for combination in combinations:
        for index, figure in enumerate(combination):
            others = beside.setdefault(figure, set())
            others.update(combination[:index] + combination[index + 1 :])
    totals = {sum(combination) for combination in combinations}
    return TrickPossibilities(
        sides=layout.sides,
        combinations=combinations,
        shared=min(totals) if layout.every_card_played else None,
        poorest_trick=min(sum(suit[: layout.trick_size]) for suit in values),
        figures=frozenset(beside),
        least_total=min(totals),
        most_total=max(totals),
        _beside={figure: frozenset(others) for figure, others in beside.items()},
    )


def _values_by_trump(layout: Layout) -> set[tuple[int, ...]]:
    """The deck's card points with each suit as trump (alike by symmetry, so usually one)."""
    cards = deck(layout.deck_size)
    return {tuple(sorted(card.points(trump) for card in cards)) for trump in Suit}


def reachable_trick_points(
    values: Sequence[int], *, sides: int, trick_size: int, played: int
) -> frozenset[tuple[int, ...]]:
    """Every tuple of trick points, one per side, that some split of some cards gives.

    ``values`` are the points of the deck's cards; ``played`` of them are
    played (all, or fewer when some stay undealt), and each side takes a
    whole number of tricks of ``trick_size`` cards; the last trick's bonus
    goes to a side that took at least one.
    """
    every = played == len(values)
    # The cards no tracked side took go to the last side (every card played)
    # or stay unplayed, so one side fewer is tracked where every card is played.
    tracked = sides - 1 if every else sides
    total = sum(values)
    width = total + 1
    shifts = [width**side for side in range(tracked)]
    unplayed = len(values) - played
    # Cards taken per tracked side → the bits at sum₀ + sum₁·width + … of every reachable sum.
    states: dict[tuple[int, ...], int] = {(0,) * tracked: 1}
    for seen, value in enumerate(values, start=1):
        following: dict[tuple[int, ...], int] = {}
        for counts, sums in states.items():
            taken = sum(counts)
            if every or seen - taken <= unplayed:
                following[counts] = following.get(counts, 0) | sums
            if taken < played:
                for side in range(tracked):
                    key = (*counts[:side], counts[side] + 1, *counts[side + 1 :])
                    following[key] = following.get(key, 0) | (sums << value * shifts[side])
        states = following
    # Which sides took a trick is all the last trick's bonus needs to know.
    by_takers: dict[tuple[bool, ...], int] = {}
    for counts, sums in states.items():
        cards = (*counts, len(values) - sum(counts)) if every else counts
        if sum(cards[:sides]) != played or any(count % trick_size for count in cards):
            continue
        takers = tuple(count > 0 for count in cards)
        by_takers[takers] = by_takers.get(takers, 0) | sums
    reachable: set[tuple[int, ...]] = set()
    for takers, sums in by_takers.items():
        for index in _set_bits(sums):
            points = [index // shift % width for shift in shifts]
            if every:
                points.append(total - sum(points))
            for winner, took in enumerate(takers):
                if took:
                    points[winner] += LAST_TRICK_BONUS
                    reachable.add(tuple(points))
                    points[winner] -= LAST_TRICK_BONUS
    return frozenset(reachable)


def _set_bits(number: int) -> Iterable[int]:
    """The positions of the 1 bits of ``number``, lowest first."""
    text = bin(number)[:1:-1]
    position = text.find("1")
    while position >= 0:
        yield position
        position = text.find("1", position + 1)
