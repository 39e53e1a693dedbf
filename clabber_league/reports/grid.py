"""The scoresheet grid, blank or filled, and the turkey tracks.

The traditional layout (RULES.md §8): league, date and table lines; a column
pair per side (the hand's score, the running total) under the team's name;
the two check columns; twelve hand rows and the W row. The empty grid is the
same on every sheet of a given size, so it is drawn once per document as
furniture and each sheet draws only its own names and marks over it.

In a right-to-left language the grid is mirrored, as a Persian paper sheet
is: the hand numbers at the right, the check columns at the left. Everything
is laid out left to right and each position goes through ``Geometry.x`` (and
each alignment through ``Geometry.align``) on its way to the page, so the two
directions cannot drift apart.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.platypus import Flowable

from clabber_league import i18n
from clabber_league.i18n import N_, _
from clabber_league.i18n.words import note_words, short_note
from clabber_league.reports import fonts
from clabber_league.reports.document import Furniture
from clabber_league.reports.room import fitted, share
from clabber_league.reports.sheet import HANDS_ON_A_SHEET, SheetHeading, SheetLine
from clabber_league.reports.styles import (
    GREY,
    HEADING_FILL,
    INK,
    MAKERS_FILL,
    NOTE_INK,
    RED_SUIT,
)
from clabber_league.rules.hands import MarkKind
from clabber_league.rules.sheet import W_MARK, Note

MAX_ROW = 36.0
"""A hand row never taller than this: room to write, not a sheet of blank space."""
MIN_WIDE = 330.0
"""Below this width the league, date and table lines take two lines, and "Hand" is "#"."""
_RED_PIPS = {"\u2665", "\u2666"}
_THIN, _MEDIUM, _THICK = 0.35, 0.9, 1.4
TEAM_LABEL = N_("Team")
LEAGUE_LABEL, DATE_LABEL, TABLE_LABEL = N_("League"), N_("Date"), N_("Table")
_WIDE_LINE = (LEAGUE_LABEL, DATE_LABEL, TABLE_LABEL)
_NARROW_LINE = (DATE_LABEL, TABLE_LABEL)
"""The fields on the date's line: all three on a wide grid; under the League line on a narrow."""
_USUAL_MEETS = {True: (0.56, 0.83), False: (0.6,)}
"""Where those fields meet, as shares of the width, when nothing asks for other places."""
DEALER_SIZE = 0.62
"""The dealers' names (and other small words in the rows) to the hand figures' size."""
DEALER_PAD = 10.0
"""The hand column's padding around its number and dealer (``_draw_line``)."""
MOST_HAND = 0.22
"""The hand column (numbers and dealers) never takes more than this share of the width."""
WIDEST_CHECK = "0000"
"""The widest figure a check column holds: a running check in the thousands."""


@dataclass(frozen=True)
class SheetWords:
    """The words a sheet writes where the grid can make room for them (``Geometry.fit``)."""

    heading: SheetHeading = SheetHeading()  # noqa: RUF009 -- frozen, so a safe default
    names: tuple[str, ...] = ()
    """The sides' names over their column pairs."""
    dealers: tuple[str, ...] = ()
    """Who dealt each hand, beside its number."""


@dataclass(frozen=True)
class Geometry:
    """Where everything of one grid goes, in points from its lower-left corner."""

    width: float
    height: float
    sides: int
    rows: int
    line_h: float
    head_lines: int
    team_h: float
    cols_h: float
    row_h: float
    w_h: float
    edges: tuple[float, ...]
    """Column edges in reading order: hand | score, total per side | hand check | running.

    They are measured from the left; ``x`` puts them on the page (from the right
    in a right-to-left language).
    """
    rtl: bool = False
    fields: tuple[float, ...] = ()
    """Where the heading's fields meet, in reading order: League | Date | Table on one line
    (two places), or Date | Table under the League line (one); ``()``: the usual places."""

    @classmethod
    def fit(
        cls,
        width: float,
        avail_height: float,
        sides: int,
        rows: int,
        *,
        rtl: bool = False,
        words: SheetWords | None = None,
    ) -> Geometry:
        """The grid for ``width`` and at most ``avail_height``; given the sheet's ``words``,
        with room moved to the dealers' column and the date from where it is spare."""
        line_h = max(13.0, min(21.0, width * 0.04))
        head_lines = 1 if width >= MIN_WIDE else 2
        team_h, cols_h = line_h * 1.35, line_h * 0.8
        fixed = head_lines * line_h + 4 + team_h + cols_h
        row_h = max(6.0, min(MAX_ROW, (avail_height - fixed) / (rows + 1.5)))
        hand = max(20.0, width * 0.085)
        check = width * 0.105
        pair = (width - hand - 2 * check) / sides
        edges = [0.0, hand]
        for _side in range(sides):
            edges += [edges[-1] + pair / 2, edges[-1] + pair]
        edges += [edges[-1] + check, width]
        height = fixed + row_h * (rows + 1.5)
        plain = cls(
            width, height, sides, rows, line_h, head_lines, team_h, cols_h, row_h,
            row_h * 1.5, tuple(edges), rtl,
        )  # fmt: skip
        return plain if words is None else plain._roomy(words)

    def _roomy(self, words: SheetWords) -> Geometry:
        """This grid with the hand column wide enough for the dealers and the date's field
        for the date, where the other columns and fields have room to spare."""
        edges = self.edges
        pairs = [edges[1 + 2 * side + 2] - edges[1 + 2 * side] for side in range(self.sides)]
        checks = [edges[-2] - edges[-3], edges[-1] - edges[-2]]
        widths = share(
            [edges[1], *pairs, *checks],
            [edges[1], *self._pair_needs(words.names), *self._check_needs()],
            0,
            self._hand_wanted(words.dealers),
            self.width * MOST_HAND,
        )
        new_edges = [0.0, widths[0]]
        for pair in widths[1 : 1 + self.sides]:
            new_edges += [new_edges[-1] + pair / 2, new_edges[-1] + pair]
        new_edges += [new_edges[-1] + widths[-2], self.width]
        return replace(self, edges=tuple(new_edges), fields=self._date_room(words.heading))

    def _hand_wanted(self, dealers: Sequence[str]) -> float:
        """The hand column as wide as the widest dealer needs beside the highest hand number."""
        if not dealers:
            return 0.0
        small = self.text_size * DEALER_SIZE
        widest = max(fonts.width(dealer, small) for dealer in dealers)
        return DEALER_PAD + fonts.width(str(self.rows), self.number_size) + widest

    def _pair_needs(self, names: Sequence[str]) -> list[float]:
        """What each side's column pair must keep: its figures at their size, the column
        headings, and its team's name whole where it was."""
        size = self.text_size
        label = self.label_size
        cell = max(
            2.1 * size + 4,  # the score's three digits at this size (``text_size``)
            fonts.width(WIDEST_CHECK, size, True) + 8,
            fonts.width(_("Score"), label) + 4,
            fonts.width(_("Total"), label) + 4,
        )
        margin = 2 * (fonts.width(_(TEAM_LABEL), label) + 6)
        name_size = self.name_size
        return [
            max(2 * cell, fonts.width(name, name_size, True) + margin)
            for name in (names or ("",) * self.sides)
        ]

    def _check_needs(self) -> list[float]:
        """What each check column must keep: four digits, and its heading."""
        figures = fonts.width(WIDEST_CHECK, self.text_size * 0.9) + 8
        label = self.label_size
        return [max(figures, fonts.width(word, label) + 4) for word in (_("Hand"), _("Running"))]

    def _date_room(self, heading: SheetHeading) -> tuple[float, ...]:
        """Where the fields on the date's line meet, the date's widened for the date whole
        from its neighbours' spare room (a field left to fill in by hand keeps its own)."""
        labels: tuple[str, ...] = _WIDE_LINE if self.wide else _NARROW_LINE
        said = {LEAGUE_LABEL: heading.league, DATE_LABEL: heading.date, TABLE_LABEL: heading.table}
        values = [said[label] for label in labels]
        cuts = [0.0, *self.field_meets, self.width]
        widths = [end - start for start, end in itertools.pairwise(cuts)]
        needs = [
            self._field_need(_(label), start, value) if value else width
            for label, start, value, width in zip(labels, cuts[:-1], values, widths, strict=True)
        ]
        date = labels.index(DATE_LABEL)
        shared = share(widths, needs, date, needs[date])
        return tuple(itertools.accumulate(shared))[:-1]

    def _field_need(self, label: str, start: float, value: str) -> float:
        """A heading field's width for its label and ``value`` whole (``_heading_fields``)."""
        label_end = (6 if start else 0) + fonts.width(label, self.heading_label_size) + 3
        return label_end + 4 + fonts.width(value, self.heading_size)

    @property
    def field_meets(self) -> tuple[float, ...]:
        """Where the fields on the date's line meet: as shared (``fields``), else as usual."""
        return self.fields or tuple(meet * self.width for meet in _USUAL_MEETS[self.wide])

    @property
    def heading_size(self) -> float:
        return self.line_h * 0.5

    @property
    def heading_label_size(self) -> float:
        return self.line_h * 0.42

    @property
    def name_size(self) -> float:
        """The teams' names over their column pairs."""
        return min(self.team_h * 0.46, 12.0)

    def x(self, x: float) -> float:
        """Where a position measured in reading order goes on the page."""
        return self.width - x if self.rtl else x

    def align(self, align: str) -> str:
        """Text's alignment in reading order ("left" is its start), as drawn on the page."""
        mirrored = {"left": "right", "right": "left"}
        return mirrored.get(align, align) if self.rtl else align

    @property
    def wide(self) -> bool:
        return self.width >= MIN_WIDE

    @property
    def table_top(self) -> float:
        """The top of the boxed grid, under the heading lines."""
        return self.height - self.head_lines * self.line_h - 4

    @property
    def body_top(self) -> float:
        return self.table_top - self.team_h - self.cols_h

    def row_bottom(self, index: int) -> float:
        """The bottom of hand row ``index`` (0-based); ``rows`` is the W row."""
        if index >= self.rows:
            return 0.0
        return self.body_top - (index + 1) * self.row_h

    def side_cells(self, side: int) -> tuple[float, float, float]:
        """Left edge, score/total divider and right edge of a side's column pair."""
        return self.edges[1 + 2 * side], self.edges[2 + 2 * side], self.edges[3 + 2 * side]

    @property
    def checks(self) -> tuple[float, float, float]:
        return self.edges[-3], self.edges[-2], self.edges[-1]

    @property
    def label_size(self) -> float:
        """Column headings and the small labels of the grid."""
        return min(self.cols_h * 0.55, 8.0)

    @property
    def number_size(self) -> float:
        """The hand numbers down the left: 8 pt at least, as the row allows."""
        return min(max(8.0, self.text_size * 0.85), self.row_h * 0.75)

    @property
    def text_size(self) -> float:
        """Figures in the hand rows, sized to the row and to a three-digit score's cell."""
        cell = self.edges[2] - self.edges[1]
        return max(5.0, min(self.row_h * 0.5, 12.5, (cell - 4) / 2.1))


class ScoreGrid(Flowable):  # type: ignore[misc]  # ReportLab has no type hints
    """A scoresheet grid filling the width it is given; blank when it has no lines.

    ``sides`` are the team names over the column pairs ("" leaves a line to
    write on). ``w_marks`` go in the W row. The grid takes the height it is
    offered, up to ``MAX_ROW`` a hand row.
    """

    def __init__(
        self,
        furniture: Furniture,
        sides: Sequence[str],
        *,
        heading: SheetHeading = SheetHeading(),  # noqa: B008 -- frozen, so a safe default
        lines: Sequence[SheetLine] = (),
        w_marks: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.furniture = furniture
        self.sides = tuple(sides)
        self.heading = heading
        self.lines = tuple(lines)
        self.w_marks = tuple(w_marks)
        self.rows = max(HANDS_ON_A_SHEET, len(self.lines))
        self.geometry: Geometry | None = None

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        words = SheetWords(self.heading, self.sides, tuple(line.dealer for line in self.lines))
        self.geometry = Geometry.fit(
            avail_width, avail_height, len(self.sides), self.rows,
            rtl=i18n.is_right_to_left(), words=words,
        )  # fmt: skip
        return avail_width, self.geometry.height

    def draw(self) -> None:
        g = self.geometry
        assert g is not None, "wrap comes before draw"
        canvas = self.canv
        key = ("grid", g)  # the same grid, whatever the sheet: drawn once for all of them
        self._fill_makers(canvas, g)
        self.furniture.place(canvas, key, lambda form: _draw_skeleton(form, g))
        self._draw_heading(canvas, g)
        self._draw_names(canvas, g)
        for index, line in enumerate(self.lines):
            _draw_line(canvas, g, index, line)
        self._draw_w(canvas, g)

    def _fill_makers(self, canvas: Any, g: Geometry) -> None:
        """Shade each hand's makers' score cell, under the grid's rules."""
        canvas.setFillColor(MAKERS_FILL)
        for index, line in enumerate(self.lines):
            if line.makers is None:
                continue
            left, middle, _right = g.side_cells(line.makers)
            start = min(g.x(left), g.x(middle))
            canvas.rect(start, g.row_bottom(index), middle - left, g.row_h, stroke=0, fill=1)

    def _draw_heading(self, canvas: Any, g: Geometry) -> None:
        pen = _Pen(canvas, g)
        canvas.setFillColor(INK)
        heading = self.heading
        values = (heading.league, heading.date, heading.table)
        for (_label, start, end, baseline), value in zip(_heading_fields(g), values, strict=True):
            if value:
                shown, size = fitted(value, end - start - 4, g.heading_size)
                pen.text(start + 2, baseline + 2.5, shown, size)

    def _draw_names(self, canvas: Any, g: Geometry) -> None:
        pen = _Pen(canvas, g)
        canvas.setFillColor(INK)
        size = g.name_size
        baseline = g.table_top - g.team_h * 0.7
        # Centred, and clear of the "Team" label on either side.
        margin = fonts.width(_(TEAM_LABEL), g.label_size) + 6
        for side, name in enumerate(self.sides):
            if name:
                left, _middle, right = g.side_cells(side)
                shown = fonts.fit(name, right - left - 2 * margin, size, True)
                pen.text((left + right) / 2, baseline, shown, size, bold=True, align="center")

    def _draw_w(self, canvas: Any, g: Geometry) -> None:
        pen = _Pen(canvas, g)
        canvas.setFillColor(INK)
        for side, mark in enumerate(self.w_marks):
            if mark:
                centre, baseline, size = w_placement(g, side, mark)
                pen.text(centre, baseline, mark, size, bold=True, align="center")


def w_placement(g: Geometry, side: int, mark: str) -> tuple[float, float, float]:
    """Where a side's W (or tie word) goes: its centre in reading order, its baseline, its size.

    It stands in the W row under the side's Total column, the figure it crowns, and
    inside that cell: clear of the rule between Score and Total and of the last hand's row.
    """
    _left, middle, right = g.side_cells(side)
    room = right - middle - 8
    tallest = g.w_h * (0.85 if mark == W_MARK else 0.45)
    size = min(tallest, room / max(fonts.width(mark, 1.0, True), 0.01))
    return (middle + right) / 2, (g.w_h - size * 0.72) / 2, size


def dealer_text(g: Geometry, n: int, dealer: str, marker: str = "") -> tuple[str, float]:
    """Hand ``n``'s dealer as written beside its number (and its footnote ``marker``), and
    the size it is written in: whole where the hand column has room (``Geometry.fit`` makes
    it), else a step smaller, else cut (``room.fitted``)."""
    small = g.text_size * DEALER_SIZE
    room = g.edges[1] - DEALER_PAD - fonts.width(str(n), g.number_size)
    if marker:
        room -= fonts.width(marker, small) + 2
    return fitted(dealer, room, small)


@dataclass(frozen=True)
class _Pen:
    """Draws on a grid's canvas at positions and alignments given in reading order."""

    canvas: Any
    g: Geometry

    def text(
        self, x: float, y: float, text: str, size: float, *, bold: bool = False, align: str = "left"
    ) -> None:
        fonts.draw(self.canvas, self.g.x(x), y, text, size, bold=bold, align=self.g.align(align))

    def rule(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.canvas.line(self.g.x(x0), y0, self.g.x(x1), y1)


def _heading_fields(g: Geometry) -> list[tuple[str, float, float, float]]:
    """(label, value start, field end, rule's height) for League, Date and Table."""
    size = g.heading_label_size
    meets = g.field_meets
    if g.wide:
        spans = [(LEAGUE_LABEL, 0.0, meets[0], 0), (DATE_LABEL, meets[0], meets[1], 0),
                 (TABLE_LABEL, meets[1], g.width, 0)]  # fmt: skip
    else:
        spans = [(LEAGUE_LABEL, 0.0, g.width, 0), (DATE_LABEL, 0.0, meets[0], 1),
                 (TABLE_LABEL, meets[0], g.width, 1)]  # fmt: skip
    fields = []
    for msgid, x0, x1, line in spans:
        label = _(msgid)
        rule_y = g.height - (line + 1) * g.line_h + 3
        label_end = x0 + (6 if x0 else 0) + fonts.width(label, size) + 3
        fields.append((label, label_end, x1, rule_y))
    return fields


def _draw_skeleton(canvas: Any, g: Geometry) -> None:
    """The empty grid: heading lines, column headings, hand numbers, every rule."""
    pen = _Pen(canvas, g)
    label_size = g.heading_label_size
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(_THIN)
    for label, start, end, rule_y in _heading_fields(g):
        canvas.setFillColor(GREY)
        pen.text(start - 3, rule_y + 2.5, label, label_size, align="right")
        pen.rule(start, rule_y, end - 6, rule_y)
    top, body = g.table_top, g.body_top
    # Column headings band.
    canvas.setFillColor(HEADING_FILL)
    canvas.rect(0, body, g.width, g.cols_h, stroke=0, fill=1)
    small = g.label_size
    base = body + (g.cols_h - small * 0.72) / 2
    canvas.setFillColor(INK)
    hand_label = _("Hand") if g.wide else "#"
    pen.text(g.edges[1] / 2, base, hand_label, small, bold=True, align="center")
    for side in range(g.sides):
        left, middle, right = g.side_cells(side)
        pen.text((left + middle) / 2, base, _("Score"), small, align="center")
        pen.text((middle + right) / 2, base, _("Total"), small, align="center")
        canvas.setFillColor(GREY)
        pen.text(left + 3, top - small - 2, _(TEAM_LABEL), small)
        canvas.setFillColor(INK)
    first, second, end = g.checks
    pen.text((first + second) / 2, base, _("Hand"), small, align="center")
    pen.text((second + end) / 2, base, _("Running"), small, align="center")
    pen.text(
        (first + end) / 2, top - g.team_h * 0.62, _("Check"), small * 1.1,
        bold=True, align="center",
    )  # fmt: skip
    # Hand numbers and the W row's label: never smaller than can be read at the table.
    size = g.text_size
    number = g.number_size
    canvas.setFillColor(GREY)
    for index in range(g.rows):
        y = g.row_bottom(index) + (g.row_h - number * 0.72) / 2
        pen.text(4, y, str(index + 1), number)
    pen.text(4, (g.w_h - size * 0.72) / 2, "W", size, bold=True)
    # Rules: rows thin, then the columns, then the frame.
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(_THIN)
    for index in range(g.rows):
        y = g.row_bottom(index)
        pen.rule(0, y, g.width, y)
    pen.rule(0, body, g.width, body)
    for side in range(g.sides):
        _left, middle, _right = g.side_cells(side)
        pen.rule(middle, 0, middle, body + g.cols_h)
    pen.rule(second, 0, second, body + g.cols_h)
    canvas.setLineWidth(_MEDIUM)
    pen.rule(0, top - g.team_h, g.width, top - g.team_h)
    pen.rule(0, g.w_h, g.width, g.w_h)
    for x in g.edges[1:-1:2]:
        pen.rule(x, 0, x, top)
    canvas.setLineWidth(_THICK)
    canvas.rect(0, 0, g.width, top, stroke=1, fill=0)


def _draw_line(canvas: Any, g: Geometry, index: int, line: SheetLine) -> None:
    """One hand's figures over the grid."""
    pen = _Pen(canvas, g)
    bottom = g.row_bottom(index)
    size = g.text_size
    baseline = bottom + (g.row_h - size * 0.72) / 2
    small = size * DEALER_SIZE
    hand_right = g.edges[1]
    marker = ",".join(str(number) for number in line.footnotes)
    if marker:
        canvas.setFillColor(NOTE_INK)
        shift = fonts.width(str(line.n), g.number_size)
        pen.text(5 + shift, baseline + size * 0.45, marker, small)
    if hand_right >= 30:
        canvas.setFillColor(GREY)
        # The dealer's name, right of the hand number and its footnote marker.
        dealer, dealer_size = dealer_text(g, line.n, line.dealer, marker)
        pen.text(hand_right - 3, baseline, dealer, dealer_size, align="right")
    for side, cell in enumerate(line.marks):
        mark = cell.mark
        left, middle, right = g.side_cells(side)
        centre = (left + middle) / 2
        canvas.setFillColor(INK)
        if mark.kind is MarkKind.SET:
            turkey_tracks(
                canvas, g.x(centre), bottom + g.row_h / 2, g.row_h * 0.62, seed=line.n * 7 + side
            )
        elif mark.kind is not MarkKind.BLANK:
            pen.text(centre, baseline, mark.text, size, align="center")
        pen.text(right - 4, baseline, str(cell.total), size, bold=True, align="right")
        if side == line.makers and line.trump:
            canvas.setFillColor(RED_SUIT if line.trump in _RED_PIPS else INK)
            pen.text(left + 2, bottom + g.row_h - small - 1, line.trump, small * 1.15)
        if not cell.notes:
            continue
        room = middle - left - 4
        if mark.kind is MarkKind.BLANK:
            # Nothing is written for the hand: say why, small, where the mark would be.
            canvas.setFillColor(GREY)
            pen.text(centre, baseline, _notes_text(cell.notes, room, small), small, align="center")
        else:
            # The renege, melds and bell behind the mark, small in the cell's foot.
            canvas.setFillColor(NOTE_INK)
            words = _notes_text(cell.notes, room, small * 0.85)
            pen.text(middle - 2, bottom + 2, words, small * 0.85, align="right")
    _first, second, end = g.checks
    canvas.setFillColor(INK)
    pen.text(second - 4, baseline, str(line.hand_check), size * 0.9, align="right")
    pen.text(end - 4, baseline, str(line.running_check), size * 0.9, align="right")


def _notes_text(notes: Sequence[Note], room: float, size: float) -> str:
    """A cell's notes in words ("renege · melds 50"), else in their short forms ("R m50"),
    cut to ``room`` if even those do not fit — as the window's sheet writes them."""
    words = " · ".join(note_words(note) for note in notes)
    if fonts.width(words, size) > room:
        words = " ".join(short_note(note) for note in notes)
    return fonts.fit(words, room, size)


def turkey_tracks(canvas: Any, x: float, y: float, size: float, *, seed: int) -> None:
    """XX as a scorekeeper's pen leaves it, centred on (x, y), ``size`` tall.

    Two double strokes, one pair leaning each way, crossing into the two X's
    of the mark; each stroke bows a little and ends a little off, by a
    seeded jitter, so the same sheet always prints the same tracks. The
    letters "XX" go under the drawing as invisible text, so the PDF still
    reads (and finds) XX.
    """
    chance = random.Random(seed)
    half = size / 2
    step = size * 0.72  # between the two strokes of a pair: the X's stand this far apart

    def jitter(amount: float = 0.07) -> float:
        return chance.uniform(-amount, amount) * size

    path = canvas.beginPath()
    for lean in (1, -1):
        for offset in (-step / 2, step / 2):
            x0, y0 = x + offset - lean * half * 0.62 + jitter(), y - half + jitter()
            x1, y1 = x + offset + lean * half * 0.62 + jitter(), y + half + jitter()
            bow = jitter(0.09)
            path.moveTo(x0, y0)
            path.curveTo(
                x0 + (x1 - x0) / 3 + bow, y0 + (y1 - y0) / 3 - bow,
                x0 + 2 * (x1 - x0) / 3 + bow, y0 + 2 * (y1 - y0) / 3 - bow,
                x1, y1,
            )  # fmt: skip
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(max(0.7, size * 0.075))
    canvas.setLineCap(1)
    canvas.drawPath(path, stroke=1, fill=0)
    text = canvas.beginText(x - fonts.width("XX", half) / 2, y - half * 0.36)
    text.setTextRenderMode(3)  # invisible: for search and screen readers only
    text.setFont(fonts.REGULAR, half)
    text.textOut("XX")
    canvas.drawText(text)
    canvas.restoreState()
