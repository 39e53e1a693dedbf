"""Cards, suits and ranks of the Clabber (24-card) and Klaberjass (32-card) decks.

RULES.md §2 gives every rank three orders: its trick rank in the trump suit,
in a plain suit, and its place in a meld sequence. Points follow the trick
ranks; sequences (runs) follow the meld order.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from clabber_league.rules.errors import CardError
from clabber_league.rules.messages import problem, word


class Suit(enum.Enum):
    """The four suits, valued by their one-letter code used on sheets and in files."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The printed pip: ♠ ♥ ♦ ♣."""
        return _SUIT_SYMBOLS[self]

    @property
    def label(self) -> str:
        """The suit's English name, for messages."""
        return self.name.lower()

    @classmethod
    def from_str(cls, text: str) -> Suit:
        """Read a suit from its letter (any case) or its pip symbol."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.symbol):
                return suit
        raise CardError(problem("{text!r} is not a suit: use S, H, D or C", text=text))


_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
_SUIT_SYMBOLS = {
    Suit.SPADES: "\u2660",
    Suit.HEARTS: "\u2665",
    Suit.DIAMONDS: "\u2666",
    Suit.CLUBS: "\u2663",
}


class Rank(enum.Enum):
    """Card ranks, valued by their meld-order position (7 lowest, ace highest).

    7 and 8 exist only in the 32-card Klaberjass deck.
    """

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        """How the rank is written in a card code: 7 to 10, then J, Q, K, A."""
        return str(self.value) if self.value <= 10 else self.name[0]

    @property
    def trump_points(self) -> int:
        """Points the card counts in the trump suit (RULES.md §2)."""
        return _TRUMP_POINTS[self]

    @property
    def plain_points(self) -> int:
        """Points the card counts in a plain suit (RULES.md §2)."""
        return _PLAIN_POINTS[self]

    @classmethod
    def from_str(cls, text: str) -> Rank:
        """Read a rank code; ``T`` is accepted for ten."""
        key = text.strip().upper()
        if key == "T":
            key = "10"
        for rank in cls:
            if rank.code == key:
                return rank
        raise CardError(
            problem(
                "{text!r} is not a rank: use 9, 10, J, Q, K or A (7 and 8 in Klaberjass)", text=text
            )
        )


_TRUMP_POINTS = {
    Rank.JACK: 20,
    Rank.NINE: 14,
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
_PLAIN_POINTS = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}

#: Trick-taking order in the trump suit, highest first (RULES.md §2, §10): the points'
#: order, the meld order deciding between the cards that count nothing.
TRUMP_ORDER: tuple[Rank, ...] = tuple(
    sorted(Rank, key=lambda rank: (rank.trump_points, rank.value), reverse=True)
)
#: Trick-taking order in a plain suit, highest first, made the same way.
PLAIN_ORDER: tuple[Rank, ...] = tuple(
    sorted(Rank, key=lambda rank: (rank.plain_points, rank.value), reverse=True)
)

#: Points for winning the last trick; with the cards' 152 this makes the 162
#: shared wherever every card is played (RULES.md §2; trick_totals derives it).
LAST_TRICK_BONUS = 10


@dataclass(frozen=True)
class Card:
    """One card. Written rank then suit, e.g. ``10S``, ``JH``, ``9♣``.

    Cards sort by suit (S H D C), then up the meld order within the suit.
    """

    rank: Rank
    suit: Suit

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    @property
    def sort_key(self) -> tuple[int, int]:
        return (_SUIT_INDEX[self.suit], self.rank.value)

    def __str__(self) -> str:
        return f"{self.rank.code}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"

    def points(self, trump: Suit | None) -> int:
        """What the card counts in tricks with ``trump`` as the trump suit."""
        if self.suit is trump:
            return self.rank.trump_points
        return self.rank.plain_points

    def describe(self) -> str:
        """A card as a scorekeeper says it, e.g. "queen of spades", for a problem line:
        translated with it, in the words the window uses (``i18n.words.card_name``)."""
        return problem(
            "{rank} of {suit}",
            rank=word(self.rank.name.lower(), "card"),
            suit=word(self.suit.label),
        )

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``10S``, ``TS``, ``js`` or ``9♠``."""
        if not isinstance(text, str):
            raise CardError(problem("{text!r} is not a card", text=text))
        code = text.strip()
        if len(code) < 2:
            raise CardError(
                problem("{text!r} is not a card: write rank then suit, e.g. 10S or JH", text=text)
            )
        try:
            return cls(Rank.from_str(code[:-1]), Suit.from_str(code[-1]))
        except CardError as exc:
            raise CardError(problem("{text!r} is not a card: {exc}", text=text, exc=exc)) from None


#: The 24-card deck's ranks: no 7 or 8.
CLABBER_RANKS: tuple[Rank, ...] = tuple(rank for rank in Rank if rank.value >= 9)
KLABERJASS_RANKS: tuple[Rank, ...] = tuple(Rank)


def deck(size: int = 24) -> tuple[Card, ...]:
    """The 24-card Clabber deck or the 32-card Klaberjass deck, in a fixed order."""
    if size == 24:
        ranks = CLABBER_RANKS
    elif size == 32:
        ranks = KLABERJASS_RANKS
    else:
        raise CardError(
            problem("there is no {size}-card deck: Clabber uses 24 cards, Klaberjass 32", size=size)
        )
    return tuple(Card(rank, suit) for suit in Suit for rank in ranks)
