"""What a filled scoresheet draws, as plain data built from a scored game.

``filled_sheet_data`` is a pure function of a ``Game`` and its correction
log: it lays out what the rules decided (each hand's marks and notes, the W,
``rules.sheet``) with the running totals, check figures and footnotes, so
tests can assert them exactly, and the drawing code in ``grid.py`` only
places them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clabber_league.correction_log import correction_line, local_time, net_corrections
from clabber_league.i18n.words import outcome_mark
from clabber_league.recording import Correction
from clabber_league.reports.reference import QuickReference, quick_reference
from clabber_league.rules import Game, HandKind, SheetRow
from clabber_league.rules.hands import Mark
from clabber_league.rules.sheet import Note, Outcome, final_marks, side_notes
from clabber_league.seating import Seating

HANDS_ON_A_SHEET = 12
"""The paper sheet has room for 12 hands; a longer game gets more rows."""


@dataclass(frozen=True)
class Cell:
    """One side's cell pair for a hand: the rules' mark and notes, and the running total."""

    mark: Mark
    total: int
    notes: tuple[Note, ...] = ()
    """The small words beside the mark (``rules.sheet.side_notes``)."""


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
    marks: tuple[Cell, ...]
    hand_check: int
    running_check: int
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
    outcomes: tuple[Outcome, ...]
    """Per side, what goes under the last hand (``rules.sheet.final_marks``); empty
    while the game goes on."""
    footnotes: tuple[str, ...]
    """Footnote ``i + 1``'s text; the corrections from the log, oldest first."""
    reference: QuickReference

    @property
    def w_marks(self) -> tuple[str, ...]:
        """Per side, the W row as written: "W", the tie word, or ""."""
        if not self.outcomes:
            return tuple("" for _ in self.sides)
        return tuple(outcome_mark(outcome) for outcome in self.outcomes)


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
    sides = rules.sides
    outcomes = final_marks(sides, game.winner)
    return FilledSheetData(
        heading=heading or SheetHeading(),
        rules_name=rules.name,
        sides=game.sides,
        lines=lines,
        totals=tuple(game.totals[side] for side in sides),
        outcomes=() if outcomes is None else tuple(outcomes[side] for side in sides),
        footnotes=tuple(notes),
        reference=quick_reference(rules),
    )


def _line(game: Game, seating: Seating, row: SheetRow, footnotes: tuple[int, ...]) -> SheetLine:
    result = row.result
    sides = game.rules.sides
    cells = tuple(
        Cell(result.sheet_marks[side], row.totals[side], side_notes(result, side)) for side in sides
    )
    has_makers = result.makers in sides and result.kind is not HandKind.PASSED
    return SheetLine(
        n=row.n,
        dealer=seating.short(row.dealer),
        trump=result.trump.symbol if result.trump else "",
        makers=sides.index(result.makers) if has_makers else None,
        marks=cells,
        hand_check=row.hand_check,
        running_check=row.running_check,
        footnotes=footnotes,
    )


def _correction_text(game: Game, correction: Correction) -> str:
    """One line of the correction log as the footnote says it: the log's words, dated."""
    when = local_time(correction.at).strftime("%d %b %Y %H:%M")
    return correction_line(game, correction, when=when) + "."
