"""One game's paper sheet as an HTML fragment, for the published site's game pages.

The sheet is the printout's own data (``reports.gather.filled_sheet_from_store``: each
hand's marks and notes, the running totals, the checks, the W and the correction
footnotes, all decided in ``rules.sheet`` and ``reports.sheet``). Nothing is counted
here: this module only says that data in the page's language — the note words the
printout and the window write (``i18n.words``), Persian digits where the window uses
them (``i18n.figures``) — and lays it into ``templates/game_sheet.html.j2``, whose
autoescape keeps every name text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from markupsafe import Markup

from clabber_league.i18n import N_, _, figures, fill
from clabber_league.i18n.words import note_words, outcome_mark, spoken_mark, suit_name
from clabber_league.reports.gather import filled_sheet_from_store
from clabber_league.reports.sheet import Cell, FilledSheetData, SheetLine
from clabber_league.rules.cards import Suit
from clabber_league.rules.sheet import W_MARK, Outcome
from clabber_league.site.templates import environment
from clabber_league.store.database import Database

#: A mark whose letters a screen reader would spell out, said in words instead (the
#: window's sheet says them the same way to its screen reader).
_RED_PIPS = frozenset({Suit.HEARTS.symbol, Suit.DIAMONDS.symbol})


@dataclass(frozen=True)
class MarkView:
    """One side's score cell: the mark as written, what a screen reader says for it,
    the small words beside it, and the makers' trump pip."""

    kind: str
    """The ``MarkKind`` value, for the cell's class (``mark-set``, ``mark-zero``…)."""
    text: str
    spoken: str
    """Said instead of ``text`` (XX, the zero mark); "" where ``text`` says itself."""
    notes: str
    makers: bool
    trump: str
    """The trump's pip in the makers' cell; "" elsewhere or when not recorded."""
    trump_name: str
    red: bool
    total: str


@dataclass(frozen=True)
class LineView:
    """One hand's row."""

    number: str
    dealer: str
    cells: tuple[MarkView, ...]
    hand_check: str
    running_check: str
    footnotes: tuple[tuple[str, str], ...]
    """Each footnote's (anchor, number as shown)."""


@dataclass(frozen=True)
class OutcomeView:
    """What a side's Total column shows under the last hand: the W, the tie word, or ""."""

    text: str
    spoken: str


@dataclass(frozen=True)
class SheetView:
    """Everything the template writes, in the page's language."""

    heading: tuple[tuple[str, str], ...]
    """The filled heading fields: (label, value)."""
    sides: tuple[str, ...]
    lines: tuple[LineView, ...]
    outcomes: tuple[OutcomeView, ...]
    footnotes: tuple[tuple[str, str, str], ...]
    """Each correction footnote's (anchor, number as shown, text)."""
    words: Mapping[str, str]
    """The column headings and labels (``_words``)."""


def game_sheet_html(database: Database, game_id: int) -> Markup:
    """The paper sheet of stored game ``game_id`` as a ``<table class="paper-sheet">``
    in its scrolling box, with its correction footnotes; ``StoreError`` for no such game."""
    return sheet_fragment(filled_sheet_from_store(database, game_id), anchor=f"game-{game_id}")


def sheet_fragment(data: FilledSheetData, *, anchor: str) -> Markup:
    """``data`` as HTML; ``anchor`` starts the footnotes' ids, unique on the page."""
    return Markup(
        environment().get_template("game_sheet.html.j2").render(sheet=sheet_view(data, anchor))
    )


def sheet_view(data: FilledSheetData, anchor: str) -> SheetView:
    """What the template writes for ``data``, every word and figure as the reader reads it."""
    heading = data.heading
    fields = (
        (N_("League"), heading.league),
        (N_("Date"), heading.date),
        (N_("Table"), heading.table),
    )
    notes = tuple(
        (f"{anchor}-note-{number}", figures(str(number)), figures(text))
        for number, text in enumerate(data.footnotes, start=1)
    )
    return SheetView(
        heading=tuple((_(label), figures(value)) for label, value in fields if value),
        sides=data.sides,
        lines=tuple(_line(line, anchor) for line in data.lines),
        outcomes=_outcomes(data),
        footnotes=notes,
        words=_words(),
    )


def _line(line: SheetLine, anchor: str) -> LineView:
    return LineView(
        number=figures(str(line.n)),
        dealer=line.dealer,
        cells=tuple(_cell(cell, line, side) for side, cell in enumerate(line.marks)),
        hand_check=figures(str(line.hand_check)),
        running_check=figures(str(line.running_check)),
        footnotes=tuple(
            (f"{anchor}-note-{number}", figures(str(number))) for number in line.footnotes
        ),
    )


def _cell(cell: Cell, line: SheetLine, side: int) -> MarkView:
    mark = cell.mark
    spoken = spoken_mark(mark.kind)
    makers = side == line.makers
    trump = line.trump if makers else ""
    return MarkView(
        kind=mark.kind.value,
        text=figures(mark.text),
        spoken=spoken or "",
        notes=_notes(cell),
        makers=makers,
        trump=trump,
        trump_name=suit_name(Suit.from_str(trump)) if trump else "",
        red=trump in _RED_PIPS,
        total=figures(str(cell.total)),
    )


def _notes(cell: Cell) -> str:
    """The cell's small words, as the printout and the window write them when there is room."""
    return figures(" · ".join(note_words(note) for note in cell.notes))


def _outcomes(data: FilledSheetData) -> tuple[OutcomeView, ...]:
    """The W row: the W (or every side's tie word) under the Total it crowns; none while
    the game goes on."""
    if not data.outcomes:
        return ()
    return tuple(
        OutcomeView(
            outcome_mark(outcome),
            fill(_("W: {name} won"), name=name) if outcome is Outcome.WON else "",
        )
        for outcome, name in zip(data.outcomes, data.sides, strict=True)
    )


def _words() -> Mapping[str, str]:
    """The sheet's fixed words (column headings, its region's name) in the page's language;
    the W row's label is the paper's letter, as the printout prints it."""
    return {
        "region": _("The sheet"),
        "hand": _("Hand"),
        "dealer": _("Dealer"),
        "score": _("Score"),
        "total": _("Total"),
        "check": _("Check"),
        "running": _("Running"),
        "makers": _("Makers"),
        "w": W_MARK,
        "corrections": _("Corrections"),
    }
