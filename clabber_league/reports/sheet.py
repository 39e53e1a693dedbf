"""What a filled scoresheet draws, as plain data built from a scored game.

``filled_sheet_data`` is a pure function of a ``Game`` and its correction
log: every mark, running total, check figure, the W and the footnotes are
decided here, so tests can assert them exactly, and the drawing code in
``grid.py`` only places them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clabber_league.correction_log import correction_line, local_time, net_corrections
from clabber_league.i18n import _
from clabber_league.recording import Correction
from clabber_league.reports.reference import QuickReference, quick_reference
from clabber_league.rules import (
    TIE,
    Game,
    HandKind,
    RuleSet,
    SheetRow,
)
from clabber_league.rules.judge import SET_MARK
from clabber_league.seating import Seating

HANDS_ON_A_SHEET = 12
"""The paper sheet has room for 12 hands; a longer game gets more rows."""


class MarkKind(enum.Enum):
    """What a side's score cell holds for a hand (RULES.md §5, §8)."""

    NUMBER = "number"
    SET = "set"
    """XX, the turkey tracks: the makers were set (or reneged)."""
    ZERO = "zero"
    """The zero mark ("-" or "~"): nothing scored, not set."""
    BLANK = "blank"
    """Nothing written: a passed hand, or both sides reneged."""


@dataclass(frozen=True)
class Mark:
    """One side's cell pair for a hand: the mark as written and the running total."""

    kind: MarkKind
    text: str
    total: int


@dataclass(frozen=True)
class SheetLine:
    """One hand's line of the sheet."""

    n: int
    dealer: str
    """Who dealt: the player's name, or the seat code where nobody was named."""
    trump: str
    """The trump suit's pip (♠ ♥ ♦ ♣), or "" when not recorded."""
    makers: int | None
    """Index into the sides of the side that made trump; ``None`` for a passed hand."""
    makers_name: str
    marks: tuple[Mark, ...]
    hand_check: int
    running_check: int
    note: str = ""
    """"all passed", "both reneged" or "renege": what the marks alone do not say."""
    reneged: int | None = None
    """Index of the reneging side (one side only)."""
    footnotes: tuple[int, ...] = ()
    """Numbers of the footnotes about this hand."""


@dataclass(frozen=True)
class SheetHeading:
    """The lines written at the top of a sheet; empty ones are left to fill in by hand."""

    league: str = ""
    date: str = ""
    table: str = ""


@dataclass(frozen=True)
class FilledSheetData:
    """Everything a filled scoresheet shows."""

    heading: SheetHeading
    rules_name: str
    sides: tuple[str, ...]
    lines: tuple[SheetLine, ...]
    totals: tuple[int, ...]
    w_marks: tuple[str, ...]
    """Per side: "W" for the winner, "TIE" for both on a tie, "" while the game goes on."""
    footnotes: tuple[str, ...]
    """Footnote ``i + 1``'s text; the corrections from the log, oldest first."""
    reference: QuickReference

    @property
    def finished(self) -> bool:
        return any(self.w_marks)


def mark_kind(mark: str, rules: RuleSet) -> MarkKind:
    if not mark:
        return MarkKind.BLANK
    if mark == SET_MARK:
        return MarkKind.SET
    if mark == rules.options.zero_mark.value:
        return MarkKind.ZERO
    return MarkKind.NUMBER


def filled_sheet_data(
    game: Game,
    corrections: Sequence[Correction] = (),
    heading: SheetHeading | None = None,
    players: Mapping[str, str] | None = None,
) -> FilledSheetData:
    """The sheet of ``game``: its lines, totals and W, with ``corrections`` footnoted.

    ``players`` (seat → name) names the dealers; a seat nobody was named for
    is printed as its code."""
    rules = game.rules
    seating = Seating.of(game, players)
    # A change undone straight away corrected nothing: no footnote for it.
    kept = net_corrections(corrections)
    notes = [_correction_text(game, correction) for correction in kept]
    by_hand: dict[int, list[int]] = {}
    for number, correction in enumerate(kept, start=1):
        by_hand.setdefault(correction.n, []).append(number)
    lines = tuple(_line(game, seating, row, tuple(by_hand.get(row.n, ()))) for row in game.rows)
    winner = game.winner
    sides = rules.sides
    if winner == TIE:
        w_marks = tuple("TIE" for _ in sides)
    else:
        w_marks = tuple("W" if side == winner else "" for side in sides)
    return FilledSheetData(
        heading=heading or SheetHeading(),
        rules_name=rules.name,
        sides=game.sides,
        lines=lines,
        totals=tuple(game.totals[side] for side in sides),
        w_marks=w_marks,
        footnotes=tuple(notes),
        reference=quick_reference(rules),
    )


def _line(game: Game, seating: Seating, row: SheetRow, footnotes: tuple[int, ...]) -> SheetLine:
    rules, result = game.rules, row.result
    sides = rules.sides
    marks = tuple(
        Mark(mark_kind(result.marks[side], rules), result.marks[side], row.totals[side])
        for side in sides
    )
    makers = sides.index(result.makers) if result.makers in sides else None
    note, reneged = "", None
    if result.kind is HandKind.PASSED:
        note, makers = _("all passed"), None
    elif result.kind is HandKind.VOID:
        note = _("both reneged")
    elif result.kind is HandKind.RENEGE and result.reneged in sides:
        note, reneged = _("renege"), sides.index(result.reneged or "")
    return SheetLine(
        n=row.n,
        dealer=seating.short(row.dealer),
        trump=result.trump.symbol if result.trump else "",
        makers=makers,
        makers_name=game.sides[makers] if makers is not None else "",
        marks=marks,
        hand_check=row.hand_check,
        running_check=row.running_check,
        note=note,
        reneged=reneged,
        footnotes=footnotes,
    )


def _correction_text(game: Game, correction: Correction) -> str:
    """One line of the correction log as the footnote says it: the log's words, dated."""
    when = local_time(correction.at).strftime("%d %b %Y %H:%M")
    return correction_line(game, correction, when=when) + "."
