"""What a scorekeeper enters for a hand, and what the sheet shows for it.

Each entry is one of the four shapes of SHEET_JSON.md: a played hand, a
passed hand, a renege, or a written hand copied from a paper sheet.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from clabber_league.rules.cards import Card, Suit

#: A player's shown melds: one tuple of cards per meld.
ShownMelds = tuple[tuple[Card, ...], ...]

_EMPTY: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class PlayedHand:
    """A hand that was played out: the makers and the trick points, melds and bell."""

    makers: str
    tricks: Mapping[str, int]
    """Trick points by side. Where every card is played all figures but one are enough
    (the last is the rest of 162); the two-player games need both (RULES.md §2, §10)."""
    trump: Suit | None = None
    melds: Mapping[str, int] | None = None
    """Scored meld points by side (bell excluded); ``None`` when ``declared`` is used."""
    declared: Mapping[str, ShownMelds] | None = None
    """The melds each seat showed, for the engine to classify and compare."""
    bell: str | None = None


@dataclass(frozen=True)
class PassedHand:
    """All players passed twice: nothing was played, nobody scores (RULES.md §3)."""


RENEGE_BOTH = "both"


@dataclass(frozen=True)
class RenegeHand:
    """A hand stopped by a renege (RULES.md §6)."""

    makers: str
    offender: str
    """The reneging side's letter, or ``"both"``."""
    trump: Suit | None = None
    melds: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    """Meld points the non-reneging side declared."""
    bell: str | None = None


@dataclass(frozen=True)
class WrittenHand:
    """A hand copied from a paper sheet: only the marks each side got (SHEET_JSON.md)."""

    makers: str | None
    """The side that made trump; ``None`` when the paper does not say (a made hand only:
    XX always names the makers)."""
    marks: Mapping[str, str]
    """The paper's marks by side: a number, ``XX``, or the zero mark."""
    trump: Suit | None = None
    paper_totals: Mapping[str, int] | None = None
    """The running totals the paper shows after this hand, where they were copied too.
    They never change the score: ``rules.paper`` compares them with the hands'."""


HandEntry = PlayedHand | PassedHand | RenegeHand | WrittenHand


class HandKind(enum.Enum):
    """How a hand ended, as the sheet records it."""

    PLAYED = "played"
    PASSED = "passed"
    RENEGE = "renege"
    VOID = "void"
    """Both sides reneged: nobody scores and the same dealer deals again."""


class MarkKind(enum.Enum):
    """What a side's cell holds for a hand on the paper sheet (RULES.md §5, §6, §8)."""

    NUMBER = "number"
    """The figure the side scored."""
    SET = "set"
    """XX, the turkey tracks: makers who went set, or reneged."""
    ZERO = "zero"
    """The zero mark ("-", or "~" by option): a side that scored nothing and was not set."""
    BLANK = "blank"
    """Nothing written: a passed hand, or one both sides reneged."""


@dataclass(frozen=True)
class Mark:
    """One side's mark for a hand: its kind and the text the paper shows."""

    kind: MarkKind
    text: str


@dataclass(frozen=True)
class HandResult:
    """A scored hand: what each side writes, and the facts behind it."""

    kind: HandKind
    makers: str | None
    trump: Suit | None
    set: bool
    scores: Mapping[str, int]
    sheet_marks: Mapping[str, Mark]
    """What the paper sheet shows for each side (``rules.judge.marks_for``)."""
    melds: Mapping[str, int] | None
    """Meld points each side scores (bell excluded); ``None`` for a written hand."""
    meld_winner: str | None = None
    bell: str | None = None
    tricks: Mapping[str, int] | None = None
    """Trick points by side, where they are known (played hands)."""
    reneged: str | None = None
    """The reneging side's letter or ``"both"`` (renege and void hands)."""

    @property
    def marks(self) -> dict[str, str]:
        """Each side's mark as written: a figure, ``XX``, the zero mark or ""."""
        return {side: mark.text for side, mark in self.sheet_marks.items()}

    @property
    def hand_check(self) -> int:
        """The points both sides wrote for the hand together (RULES.md §8)."""
        return sum(self.scores.values())
