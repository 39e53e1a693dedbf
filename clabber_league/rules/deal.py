"""Choosing the first dealer and dealing (RULES.md §1, §10).

The app records results rather than play: the New game dialog deals "till the
first jack", and the tests deal whole hands to play out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clabber_league.rules.cards import Card, Rank
from clabber_league.rules.errors import ClabberError
from clabber_league.rules.messages import problem
from clabber_league.rules.rulesets import RuleSet, Variant


@dataclass(frozen=True)
class FirstJack:
    """Who deals first, who partners them, and the face-up cards that decided it."""

    dealer: str
    partner: str | None
    dealt: tuple[tuple[str, Card], ...]


def first_jack(cards: Sequence[Card], players: Sequence[str]) -> FirstJack:
    """Deal face up one at a time around ``players``; the first jack deals first.

    Whoever then gets the next jack is the dealer's partner (a second jack to
    the dealer does not count: the deal goes on). With two or three players
    there are no partners, and the deal stops at the first jack.
    """
    if not players:
        raise ClabberError(problem("the first-jack deal needs players"))
    dealt: list[tuple[str, Card]] = []
    dealer: str | None = None
    want_partner = len(players) >= 4
    for index, card in enumerate(cards):
        player = players[index % len(players)]
        dealt.append((player, card))
        if card.rank is not Rank.JACK:
            continue
        if dealer is None:
            dealer = player
            if not want_partner:
                return FirstJack(dealer, None, tuple(dealt))
        elif player != dealer:
            return FirstJack(dealer, player, tuple(dealt))
    if dealer is None:
        raise ClabberError(problem("no jack came up: deal again from a full deck"))
    raise ClabberError(problem("only the dealer got jacks: deal again from a full deck"))


@dataclass(frozen=True)
class Deal:
    """The cards each seat holds, the turned card, and (two-handed games) what waits aside."""

    hands: dict[str, tuple[Card, ...]]
    turned: Card
    later: dict[str, tuple[Card, ...]]
    """Cards each player picks up only after trump is made (two-handed and Klaberjass)."""
    dead: tuple[Card, ...] = ()


def seats_from_left_of(rules: RuleSet, dealer: str) -> tuple[str, ...]:
    """The seats in dealing (and bidding) order: the dealer's left first, the dealer last."""
    seats = rules.seats
    start = seats.index(dealer) + 1
    return tuple(seats[(start + i) % len(seats)] for i in range(len(seats)))


def deal(cards: Sequence[Card], rules: RuleSet, dealer: str) -> Deal:
    """Deal a shuffled, cut deck the way the variant says (RULES.md §1, §10)."""
    if len(cards) != rules.layout.deck_size or len(set(cards)) != len(cards):
        raise ClabberError(
            problem(
                "a deal needs the whole {deck_size}-card deck, once each",
                deck_size=rules.layout.deck_size,
            )
        )
    order = seats_from_left_of(rules, dealer)
    stock = list(cards)
    if rules.variant is Variant.TWO_HANDED:
        # Six each one at a time, three more each set aside, six dead; the dead
        # hand's top card is turned for round 1.
        hands = _dealt(stock, order, 6)
        later = _dealt(stock, order, 3)
        return Deal(hands, stock[0], later, tuple(stock))
    if rules.variant is Variant.KLABERJASS:
        # Three and three to each, the next card turned, three more each after trump.
        hands = _dealt(stock, order, 2, packet=3)
        turned = stock.pop(0)
        return Deal(hands, turned, _dealt(stock, order, 1, packet=3), tuple(stock))
    hands = _dealt(stock, order, len(cards) // len(order))
    # The dealer's last card is turned face up.
    return Deal(hands, hands[dealer][-1], {})


def _dealt(
    stock: list[Card], order: Sequence[str], rounds: int, packet: int = 1
) -> dict[str, tuple[Card, ...]]:
    """Deal ``rounds`` times around ``order``, ``packet`` cards at a time, off ``stock``."""
    hands: dict[str, list[Card]] = {seat: [] for seat in order}
    for _ in range(rounds):
        for seat in order:
            hands[seat].extend(stock[:packet])
            del stock[:packet]
    return {seat: tuple(cards) for seat, cards in hands.items()}
