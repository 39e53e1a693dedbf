"""What the paper sheet shows beside the figures: each cell's notes, the W, and a hand as
the sheet shows it — worked out here once, for the window, the printouts, the phone
page's server and the store to render or compare.

A hand's marks themselves (the figure, XX, the zero mark, nothing) are part of its
scoring (``HandResult.sheet_marks``, made by ``rules.judge.marks_for``); this module
adds what a renderer needs besides them (RULES.md §5–§8).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from clabber_league.rules.game import TIE, SheetRow
from clabber_league.rules.hands import HandKind, HandResult
from clabber_league.rules.messages import N_

#: The big letter in the winner's column under the last hand (RULES.md §7, §8).
W_MARK = "W"
#: The word written under the last hand of a tied game, in every side's column.
TIE_WORD = N_("Tie")


class NoteKind(enum.Enum):
    """Small words a side's cell carries beside its mark, for what the mark does not say."""

    ALL_PASSED = "all passed"
    """All passed twice: nothing is written, for any side (RULES.md §3)."""
    BOTH_RENEGED = "both reneged"
    """Both sides reneged: nothing is written, the same dealer deals again (RULES.md §6)."""
    RENEGE = "renege"
    """This side reneged (its mark is XX as makers, the zero mark as defenders)."""
    MELDS = "melds"
    """Meld points inside this side's figure (``Note.points``)."""
    BELL = "bell"
    """The bell's 20 inside this side's figure."""


@dataclass(frozen=True)
class Note:
    """One note of a cell; ``points`` only for ``NoteKind.MELDS``."""

    kind: NoteKind
    points: int = 0


ALL_PASSED = Note(NoteKind.ALL_PASSED)
BOTH_RENEGED = Note(NoteKind.BOTH_RENEGED)
RENEGE = Note(NoteKind.RENEGE)
BELL = Note(NoteKind.BELL)


def side_notes(result: HandResult, side: str) -> tuple[Note, ...]:
    """A side's notes for a hand: why nothing is written, its renege, and the melds and
    bell behind a figure it scored (a side that scored nothing kept none of them)."""
    if result.kind is HandKind.PASSED:
        return (ALL_PASSED,)
    if result.kind is HandKind.VOID:
        return (BOTH_RENEGED,)
    notes: list[Note] = []
    if result.kind is HandKind.RENEGE and result.reneged == side:
        notes.append(RENEGE)
    scored = result.scores[side] > 0
    melds = (result.melds or {}).get(side, 0)
    if melds and scored:
        notes.append(Note(NoteKind.MELDS, melds))
    if result.bell == side and scored:
        notes.append(BELL)
    return tuple(notes)


class Outcome(enum.Enum):
    """What a side's column shows under the last hand of a finished game (RULES.md §7)."""

    WON = "won"
    """The W."""
    TIED = "tied"
    """The tie word (``TIE_WORD``), in every side's column."""
    LOST = "lost"
    """Nothing: the other side won."""


def final_marks(sides: Sequence[str], winner: str | None) -> dict[str, Outcome] | None:
    """Each side's outcome under the last hand, for ``Game.winner``; ``None`` while the
    game goes on (no line is written under the last hand yet)."""
    if winner is None:
        return None
    if winner == TIE:
        return dict.fromkeys(sides, Outcome.TIED)
    return {side: Outcome.WON if side == winner else Outcome.LOST for side in sides}


class ShownHand(NamedTuple):
    """A hand as the sheet shows it, however it was typed in (figures, paper marks…):
    two games with the same shown hands in the same order are the same game. The
    store reads the same fields back from its hand rows, so it compares a game to
    be imported with stored ones without scoring them again."""

    kind: str
    """The ``HandKind`` value."""
    makers: str | None
    set: bool
    reneged: str | None
    scores: tuple[int | None, ...]
    """Sides A, B and C's figures (``None`` for a side the game does not have)."""


def shown_hands(rows: Sequence[SheetRow]) -> tuple[ShownHand, ...]:
    """A game's hands as the sheet shows them (``ShownHand``)."""
    return tuple(
        ShownHand(
            row.result.kind.value,
            row.result.makers,
            row.result.set,
            row.result.reneged,
            tuple(row.result.scores.get(side) for side in "ABC"),
        )
        for row in rows
    )
