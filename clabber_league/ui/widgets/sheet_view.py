"""The scoresheet on screen, drawn like the pad a Clabber table keeps score on.

Marks are drawn, not typed: turkey tracks and the dash are pen strokes, the
running totals are underlined and the W is written big, so the sheet reads at
arm's length the way the paper one does (RULES.md §8). Everything the view
knows about a cell comes from ``SheetRole`` data, so it can sit on a proxy of
the ``SheetModel`` as well as on the model itself.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QItemSelectionModel,
    QMetaObject,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontDatabase,
    QFontInfo,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from clabber_league.i18n import _, figures, fill
from clabber_league.i18n.words import note_words, outcome_mark, short_note
from clabber_league.rules.hands import MarkKind
from clabber_league.rules.paper import PaperTotal
from clabber_league.rules.sheet import Note, Outcome
from clabber_league.ui.fonts import HANDWRITING
from clabber_league.ui.models.sheet_model import SheetColumn, SheetRole
from clabber_league.ui.tones import suit_red

_Index = QModelIndex | QPersistentModelIndex

# How wide each kind of column wants to be, in units of the ink's pixel size.
_COLUMN_EMS = {
    SheetColumn.HAND: 1.6,
    SheetColumn.DEALER: 2.6,
    SheetColumn.TRUMP: 1.4,
    SheetColumn.MAKERS: 3.2,
    SheetColumn.MARK: 2.7,
    SheetColumn.TOTAL: 2.7,
    SheetColumn.HAND_CHECK: 2.6,
    SheetColumn.RUNNING_CHECK: 2.6,
}
# The name columns are as wide as the names in them (``SheetView._name_width``), written
# this share of the ink's size (as ``MarkDelegate._cell`` writes them) ...
_NAME_SHARES = {SheetColumn.DEALER: 0.72, SheetColumn.MAKERS: 0.8}
# ... up to this many ems: a longer name is written smaller, then cut short.
_NAME_MOST_EMS = 6.0
# Of the width left over after that, the share each kind of column takes: the teams'.
_COLUMN_STRETCH = {SheetColumn.MARK: 1.0, SheetColumn.TOTAL: 1.0}

_KINDS = frozenset(kind.value for kind in SheetColumn)

# Looked up once: the delegate paints every cell in sight on every hand, and looking up
# or combining a Qt flag cost as much as drawing a line.
_SMOOTH = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
_SELECTED = QStyle.StateFlag.State_Selected
_RIGHT_TO_LEFT = Qt.LayoutDirection.RightToLeft
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_IS_W_ROW = int(SheetRole.IS_W_ROW)
_COLUMN_KIND = int(SheetRole.COLUMN_KIND)
_MARK_KIND = int(SheetRole.MARK_KIND)
_NOTE = int(SheetRole.NOTE)
_PAPER = int(SheetRole.PAPER)
_LEFT = int(Qt.AlignmentFlag.AlignLeft)
_CENTRE = int(Qt.AlignmentFlag.AlignHCenter)
_RIGHT = int(Qt.AlignmentFlag.AlignRight)
_TOP_LEFT = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.AlignmentFlag.AlignTop)
_WRITTEN = int(Qt.AlignmentFlag.AlignVCenter) | int(Qt.TextFlag.TextDontClip)
_MARK, _TOTAL, _MAKERS, _TRUMP = (
    SheetColumn.MARK.value,
    SheetColumn.TOTAL.value,
    SheetColumn.MAKERS.value,
    SheetColumn.TRUMP.value,
)
_CHECKS = frozenset((SheetColumn.HAND_CHECK.value, SheetColumn.RUNNING_CHECK.value))
_SET, _ZERO, _NUMBER, _BLANK = (
    MarkKind.SET.value,
    MarkKind.ZERO.value,
    MarkKind.NUMBER.value,
    MarkKind.BLANK.value,
)

_ROWS_IN_VIEW = 10.0
"""Size the ink so about this many hands fit the view's height (by default)."""
_ROW_EMS = 1.75
_SMALLEST_INK, _LARGEST_INK = 13, 72
ZOOM_STEP = 1.15
"""Each Ctrl++ writes the sheet this much bigger (Ctrl+− as much smaller)."""
ZOOM_RANGE = (0.6, 3.0)


def _read(index: _Index, role: int) -> Any:
    """One cell's data, asked of the model itself: a Python model's own ``data``
    skips a C++ round trip on every painted cell."""
    model = index.model()
    return None if model is None else model.data(index, role)


def _header(model: QAbstractItemModel, section: int, role: int) -> Any:
    return model.headerData(section, Qt.Orientation.Horizontal, role)


_TEAM_COLUMNS = (SheetColumn.MARK, SheetColumn.TOTAL)


@functools.cache
def handwriting_family() -> str | None:
    """The handwriting-like font to write the sheet in, if one is installed."""
    installed = set(QFontDatabase.families())
    return next((family for family in HANDWRITING if family in installed), None)


def _mix(a: QColor, b: QColor, share_of_b: float) -> QColor:
    keep = 1.0 - share_of_b
    return QColor.fromRgbF(
        a.redF() * keep + b.redF() * share_of_b,
        a.greenF() * keep + b.greenF() * share_of_b,
        a.blueF() * keep + b.blueF() * share_of_b,
    )


@dataclass(frozen=True)
class SheetInk:
    """The pad's colours, derived from the widget palette so light and dark themes both work."""

    paper: QColor
    ink: QColor
    faint: QColor
    """The check columns: anyone may verify them, but they are not the score."""
    rule: QColor
    """The pad's printed lines."""
    margin: QColor
    """The red line between the hand's particulars and the teams' columns."""
    red: QColor
    """Hearts and diamonds."""
    selection: QColor
    """The current row's paper: plain enough to read the ink on, day or night."""
    frame: QColor
    """The line drawn round the current row while the sheet has the keyboard."""

    @property
    def dark(self) -> bool:
        return self.paper.lightness() < self.ink.lightness()

    @classmethod
    def from_palette(cls, palette: QPalette) -> SheetInk:
        """The ink of a palette: every painted cell asks, so each palette's is mixed once."""
        return _ink_of(*_palette_key(palette))


def _palette_key(palette: QPalette) -> tuple[int, int, int]:
    """The colours the ink is mixed from."""
    return (
        palette.color(QPalette.ColorRole.Base).rgba(),
        palette.color(QPalette.ColorRole.Text).rgba(),
        palette.color(QPalette.ColorRole.Highlight).rgba(),
    )


@functools.lru_cache(maxsize=16)
def _ink_of(*rgba: int) -> SheetInk:
    """The ink mixed from a palette's base, text and highlight colours (``_palette_key``)."""
    base, text, highlight = (QColor.fromRgba(colour) for colour in rgba)
    dark = text.lightness() > base.lightness()
    # Cream paper and a blue-black pen by day; a slate board and pale ink by night.
    paper = _mix(base, QColor("#2a313b" if dark else "#fbf4dc"), 0.8)
    ink = _mix(text, QColor("#dde6ff" if dark else "#14245c"), 0.3)
    return SheetInk(
        paper=paper,
        ink=ink,
        faint=_mix(ink, paper, 0.45),
        rule=_mix(paper, _mix(highlight, QColor("#5b8fd6"), 0.5), 0.35 if dark else 0.3),
        margin=_mix(paper, QColor("#e0564f"), 0.6),
        red=suit_red(dark),
        # By night the paper is dark and a highlight's tint barely shows: more of it.
        selection=_mix(paper, highlight, 0.45 if dark else 0.3),
        frame=_mix(highlight, ink, 0.25),
    )


_PIXEL_SIZES: dict[str, int] = {}


def _pixel_size(font: QFont) -> int:
    """The pixel size ``font`` is drawn at (asked for every painted cell, so kept by font)."""
    key = font.key()
    size = _PIXEL_SIZES.get(key)
    if size is None:
        size = _PIXEL_SIZES[key] = max(1, QFontInfo(font).pixelSize())
    return size


def _sized(font: QFont, pixels: float, *, bold: bool | None = None) -> QFont:
    sized = QFont(font)
    sized.setPixelSize(max(1, round(pixels)))
    if bold is not None:
        sized.setBold(bold)
    return sized


def _fit(font: QFont, text: str, width: float) -> tuple[QFont, str]:
    """Write smaller, down to 60 %, before cutting a name short."""
    advance = QFontMetricsF(font).horizontalAdvance(text)
    if advance <= width or advance <= 0:
        return font, text
    # Whole pixel sizes round up, so aim a little small.
    smaller = _sized(font, _pixel_size(font) * max(0.6, width / advance * 0.95))
    metrics = QFontMetricsF(smaller)
    if metrics.horizontalAdvance(text) <= width:
        return smaller, text
    return smaller, metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)


def note_text(notes: Sequence[Note], metrics: QFontMetricsF, width: float) -> str:
    """A score cell's small words, in the digits the rest of the sheet is written in
    ("ترکیب ۵۰" in Persian): in words where they fit ``width``, else as short as they go
    ("m50 b": the cell's tooltip tells the whole story)."""
    words = figures(" · ".join(note_words(note) for note in notes))
    if metrics.horizontalAdvance(words) > width:
        words = figures(" ".join(short_note(note) for note in notes))
    return words


def _pen(colour: QColor, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _wobbly_stroke(path: QPainterPath, start: QPointF, end: QPointF, bow: float) -> None:
    """A pen stroke from ``start`` to ``end`` that bows a little, as a hand's does."""
    mid = (start + end) / 2
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    path.moveTo(start)
    path.quadTo(mid + QPointF(-dy / length * bow, dx / length * bow), end)


def turkey_tracks(box: QRectF, seed: int) -> QPainterPath:
    """XX as the pen writes it: two crosses of bowed strokes that overshoot a little.

    Each cross leans and sits a touch differently, as a hand's do; ``seed``
    varies them from cell to cell but keeps them the same at every repaint.
    """
    jitter = random.Random(seed)
    path = QPainterPath()
    gap = box.width() * 0.12
    width = (box.width() - gap) / 2
    height = box.height()
    for i in range(2):
        left = box.left() + i * (width + gap)
        lean = jitter.uniform(-0.08, 0.08) * width
        drop = jitter.uniform(-0.06, 0.06) * height
        top, bottom = box.top() + drop, box.bottom() + drop

        def nudge(x: float, y: float) -> QPointF:
            return QPointF(
                x + jitter.uniform(-0.07, 0.07) * width, y + jitter.uniform(-0.06, 0.06) * height
            )

        # The down-stroke, then the cross-stroke that starts a little high and runs long.
        _wobbly_stroke(
            path,
            nudge(left + lean, top),
            nudge(left + width - lean, bottom),
            jitter.uniform(0.05, 0.12) * height,
        )
        _wobbly_stroke(
            path,
            nudge(left + width + 0.06 * width + lean, top - 0.04 * height),
            nudge(left - 0.06 * width - lean, bottom + 0.02 * height),
            -jitter.uniform(0.05, 0.12) * height,
        )
    return path


def zero_stroke(box: QRectF, tilde: bool, seed: int) -> QPainterPath:
    """The dash (or the tilde some sheets use) of a side that scored nothing."""
    jitter = random.Random(seed)
    y = box.center().y()
    path = QPainterPath()
    path.moveTo(box.left(), y + jitter.uniform(-0.04, 0.04) * box.height())
    if tilde:
        wave = box.height() * 0.28
        path.cubicTo(
            QPointF(box.left() + box.width() * 0.3, y - wave * 2),
            QPointF(box.left() + box.width() * 0.7, y + wave * 2),
            QPointF(box.right(), y - wave * 0.4),
        )
    else:
        path.quadTo(
            QPointF(box.center().x(), y - box.height() * jitter.uniform(0.04, 0.1)),
            QPointF(box.right(), y + jitter.uniform(-0.05, 0.05) * box.height()),
        )
    return path


def _rule_after(kind: str | None, last: bool, ink: SheetInk) -> tuple[QColor, float] | None:
    """The printed line to the right of a column: red margin, team divider or plain."""
    if last:
        return None
    if kind == _MAKERS:
        return ink.margin, 2.0
    if kind == _TOTAL:
        return ink.faint, 1.5
    return ink.rule, 1.0


#: What a cell's picture depends on besides the cell's data: its size, whether it is
#: selected, the palette's colours, the font, the direction and the screen's pixel ratio.
_Look = tuple[int, int, bool, tuple[int, int, int], str, Qt.LayoutDirection, float]


class MarkDelegate(QStyledItemDelegate):
    """Writes each cell the way a scorekeeper's pen would.

    A new hand makes the view repaint every cell in sight, and drawing a cell in
    Python costs ten times more than showing a picture of it, so each cell is
    drawn once and its picture kept until the model says the cell changed (the
    view calls ``forget``) or it is shown differently (another size, selection,
    palette, font or direction).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pictures: dict[tuple[int, int], tuple[_Look, QPixmap]] = {}

    def forget(self, first: int = 0, last: int | None = None) -> None:
        """Rows ``first`` to ``last`` (to the end, by default) changed: draw them afresh."""
        for row, column in list(self._pictures):
            if row >= first and (last is None or row <= last):
                del self._pictures[row, column]

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        rect = option.rect
        ratio = painter.device().devicePixelRatioF()
        look: _Look = (
            rect.width(),
            rect.height(),
            bool(option.state & _SELECTED),
            _palette_key(option.palette),
            option.font.key(),
            option.direction,
            ratio,
        )
        where = (index.row(), index.column())
        kept = self._pictures.get(where)
        if kept is None or kept[0] != look:
            kept = look, self._picture(option, index, ratio)
            self._pictures[where] = kept
        painter.drawPixmap(rect.topLeft(), kept[1])

    def _picture(self, option: QStyleOptionViewItem, index: _Index, ratio: float) -> QPixmap:
        """The cell drawn on a picture of its own size."""
        size = option.rect.size()
        picture = QPixmap(round(size.width() * ratio), round(size.height() * ratio))
        picture.setDevicePixelRatio(ratio)
        at_origin = QStyleOptionViewItem(option)
        at_origin.rect = QRect(QPoint(0, 0), size)
        painter = QPainter(picture)
        try:
            self.draw(painter, at_origin, index)
        finally:
            painter.end()
        return picture

    def draw(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        """Draw the cell ``index`` in ``option.rect`` on ``painter``."""
        ink = SheetInk.from_palette(option.palette)
        painter.save()
        try:
            painter.setRenderHints(_SMOOTH)
            # A cell's own picture knows no direction: right to left, the writing mirrors
            # as the printed sheet's does (figures at the column's reading end, names and
            # notes at its start), and every mark drawn by hand follows the figures.
            painter.setLayoutDirection(option.direction)
            self._paper(painter, option, index, ink)
            if _read(index, _IS_W_ROW):
                self._final(painter, option, index, ink)
            else:
                self._cell(painter, option, index, ink)
        finally:
            painter.restore()

    def _paper(
        self, painter: QPainter, option: QStyleOptionViewItem, index: _Index, ink: SheetInk
    ) -> None:
        rect = QRectF(option.rect)
        selected = bool(option.state & _SELECTED)
        painter.fillRect(rect, ink.selection if selected else ink.paper)
        painter.setPen(_pen(ink.rule, 1.0))
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        model = index.model()
        last = model is None or index.column() + 1 >= model.columnCount()
        rule = _rule_after(_read(index, _COLUMN_KIND), last, ink)
        if rule is not None:
            colour, width = rule
            painter.setPen(QPen(colour, width))
            # The rule closes the column on its reading end: its left, right to left.
            right_to_left = option.direction == _RIGHT_TO_LEFT
            x = rect.left() + width / 2 if right_to_left else rect.right() - width / 2
            painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))

    def _cell(
        self, painter: QPainter, option: QStyleOptionViewItem, index: _Index, ink: SheetInk
    ) -> None:
        kind = _read(index, _COLUMN_KIND)
        text = str(_read(index, _DISPLAY) or "")
        font = option.font
        px = _pixel_size(font)
        pad = max(4.0, px * 0.3)
        box = QRectF(option.rect).adjusted(pad, 0, -pad, 0)
        seed = index.row() * 31 + index.column()
        if kind == _MARK:
            mark = _read(index, _MARK_KIND)
            if mark == _SET:
                tracks = self._mark_box(painter, box, px, 1.7, 0.8)
                self._strokes(painter, turkey_tracks(tracks, seed), px, ink)
            elif mark == _ZERO:
                dash = self._mark_box(painter, box, px, 0.9, 0.72)
                self._strokes(painter, zero_stroke(dash, text == "~", seed), px, ink)
            elif mark == _NUMBER:
                self._write(painter, box, font, text, ink.ink, align=_RIGHT)
            self._notes(painter, box, px, index, ink, blank=mark == _BLANK)
        elif kind == _TOTAL:
            self._write(painter, box, font, text, ink.ink, align=_RIGHT)
            self._underline(painter, box, font, text, ink)
            paper = _read(index, _PAPER)
            if isinstance(paper, PaperTotal) and paper.off:
                self._paper_flag(painter, box, font, text, paper=paper, ink=ink)
        elif kind in _CHECKS:
            small = _sized(font, px * 0.78)
            self._write(painter, box, small, text, ink.faint, align=_RIGHT)
        elif kind == _TRUMP:
            colour = ink.red if text in ("\u2665", "\u2666") else ink.ink
            self._write(painter, box, font, text, colour, align=_CENTRE)
        elif kind == _MAKERS:
            small = _sized(font, px * 0.8)
            self._write(painter, box, small, text, ink.ink, align=_LEFT)
        else:
            small = _sized(font, px * 0.72)
            self._write(painter, box, small, text, ink.ink, align=_CENTRE)

    def _notes(
        self,
        painter: QPainter,
        box: QRectF,
        px: int,
        index: _Index,
        ink: SheetInk,
        *,
        blank: bool,
    ) -> None:
        """The small words of a score cell (RULES.md §8's sheet, as the printout has them):
        "all passed" where nothing is written, else the renege, melds and bell above the
        mark. The cell's tooltip tells the whole story."""
        notes = _read(index, _NOTE) or ()
        if not notes:
            return
        small = _sized(QFont(painter.font()), max(9.0, px * 0.36))
        metrics = QFontMetricsF(small)
        words = note_text(notes, metrics, box.width())
        if blank:
            self._write(painter, box, small, words, ink.faint, align=_CENTRE)
            return
        # Above the figure: a row is 1.75 of the ink's size and a figure stands 0.73 of it
        # in the middle, so the top half-em is free across the whole cell.
        room = QRectF(box.left(), box.top() + 1, box.width(), px * 0.5)
        colour = ink.red if "renege" in notes else ink.faint
        words = metrics.elidedText(words, Qt.TextElideMode.ElideRight, room.width())
        painter.setFont(small)
        painter.setPen(colour)
        painter.drawText(room, _TOP_LEFT, words)

    def _paper_flag(
        self,
        painter: QPainter,
        box: QRectF,
        font: QFont,
        text: str,
        *,
        paper: PaperTotal,
        ink: SheetInk,
    ) -> None:
        """A paper total that is not the hands': ringed in red where the paper's sum
        slipped, noted small where it only carries an earlier slip."""
        px = _pixel_size(font)
        figure = self._figure_rect(painter, box, font, text)
        small = _sized(font, max(9.0, px * 0.36))
        note = QRectF(box.left(), box.top() + 1, box.width(), px * 0.5)
        painter.setFont(small)
        painter.setPen(ink.red if paper.slipped else ink.faint)
        painter.drawText(note, _TOP_LEFT, figures(fill(_("paper {paper}"), paper=paper.paper)))
        if paper.slipped:
            ring = QRectF(figure.left() - px * 0.22, box.center().y() - px * 0.62,
                          figure.width() + px * 0.45, px * 1.24)  # fmt: skip
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(_pen(ink.red, max(1.5, px * 0.07)))
            painter.drawEllipse(ring)

    def _final(
        self, painter: QPainter, option: QStyleOptionViewItem, index: _Index, ink: SheetInk
    ) -> None:
        rect = QRectF(option.rect)
        if _read(index, _COLUMN_KIND) in _TEAM_COLUMNS:
            # The double line a scorekeeper rules under the last totals.
            painter.setPen(_pen(ink.ink, max(1.0, rect.height() * 0.025)))
            for y in (rect.top() + 2, rect.top() + 2 + rect.height() * 0.06):
                painter.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
        text = str(_read(index, _DISPLAY) or "")
        if not text:
            return
        box = rect.adjusted(2, rect.height() * 0.1, -2, 0)
        # A capital stands about 0.73 of the font's size: the W fills the line's height.
        share = 1.15 if text == "W" else 0.7
        font = _sized(option.font, box.height() * share, bold=True)
        self._write(painter, box, font, text, ink.ink, align=_CENTRE)

    def _mark_box(
        self, painter: QPainter, box: QRectF, px: int, wide: float, high: float
    ) -> QRectF:
        """Where a drawn mark goes: at the column's end, like the figures in it (its left,
        right to left)."""
        width = min(box.width(), px * wide)
        height = px * high
        right_to_left = painter.layoutDirection() == _RIGHT_TO_LEFT
        left = box.left() if right_to_left else box.right() - width
        return QRectF(left, box.center().y() - height / 2, width, height)

    def _figure_rect(self, painter: QPainter, box: QRectF, font: QFont, text: str) -> QRectF:
        """Where ``_write`` puts a figure in ``box``, whichever way the writing runs."""
        font, text = _fit(font, text, box.width())
        painter.setFont(font)
        return painter.boundingRect(box, _RIGHT | _WRITTEN, text)

    def _strokes(self, painter: QPainter, path: QPainterPath, px: int, ink: SheetInk) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(_pen(ink.ink, max(2.0, px * 0.12)))
        painter.drawPath(path)

    def _write(
        self,
        painter: QPainter,
        box: QRectF,
        font: QFont,
        text: str,
        colour: QColor,
        *,
        align: int,
    ) -> None:
        if not text:
            return
        font, text = _fit(font, text, box.width())
        painter.setFont(font)
        painter.setPen(colour)
        painter.drawText(box, align | _WRITTEN, text)

    def _underline(
        self, painter: QPainter, box: QRectF, font: QFont, text: str, ink: SheetInk
    ) -> None:
        """A running total is underlined, as the paper column's running figure is."""
        if not text:
            return
        figure = self._figure_rect(painter, box, font, text)
        metrics = QFontMetricsF(painter.font())
        baseline = box.center().y() + (metrics.ascent() - metrics.descent()) / 2
        y = baseline + metrics.descent() * 0.7
        # The pen starts a little before the figure and runs on to the column's edge.
        before, after = metrics.height() * 0.15, 2.0
        if painter.layoutDirection() == _RIGHT_TO_LEFT:
            before, after = after, before
        painter.setPen(_pen(ink.ink, max(1.5, metrics.height() * 0.06)))
        painter.drawLine(QPointF(figure.left() - before, y + 1), QPointF(figure.right() + after, y))


class SheetHeader(QHeaderView):
    """The pad's printed heading: each team's name written once across its two columns."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setSectionsClickable(False)
        self.setHighlightSections(False)
        self.setSectionsMovable(False)
        self.setMinimumSectionSize(8)
        self.setStretchLastSection(False)

    def _team_span(self, logical: int) -> tuple[int, int]:
        """A team's mark and total columns, which share one heading."""
        model = self.model()
        if model is None:
            return logical, logical
        kind = _header(model, logical, SheetRole.COLUMN_KIND)
        first = logical - 1 if kind == SheetColumn.TOTAL else logical
        pair = (first, first + 1)
        if kind in _TEAM_COLUMNS and first >= 0 and first + 1 < self.count():
            kinds = tuple(_header(model, column, SheetRole.COLUMN_KIND) for column in pair)
            if kinds == _TEAM_COLUMNS:
                return pair
        return logical, logical

    def paintSection(self, painter: QPainter, rect: QRect, logicalIndex: int) -> None:  # noqa: N802, N803
        model = self.model()
        if model is None or not rect.isValid():
            return
        ink = SheetInk.from_palette(self.palette())
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            area = QRectF(rect)
            painter.fillRect(area, _mix(ink.paper, ink.rule, 0.12))
            first, last = self._team_span(logicalIndex)
            # Right to left (Persian), a team's total stands left of its mark column.
            spans = [
                (self.sectionViewportPosition(each), self.sectionSize(each))
                for each in (first, last)
            ]
            left = min(start for start, _width in spans)
            right = max(start + width for start, width in spans)
            whole = QRectF(left, area.top(), right - left, area.height())
            painter.setClipRect(rect, Qt.ClipOperation.IntersectClip)
            text = str(_header(model, first, Qt.ItemDataRole.DisplayRole) or "")
            font = self.font()
            if first != last:
                font = _sized(font, _pixel_size(font) * 1.35, bold=True)
                font, text = _fit(font, text, whole.width() - 8)
            else:
                # Headings wrap between words, so only the longest word must fit.
                longest = max(text.split() or [""], key=len)
                font, _size = _fit(font, longest, whole.width() - 8)
            painter.setFont(font)
            painter.setPen(ink.ink if first != last else ink.faint)
            painter.drawText(
                whole.adjusted(4, 2, -4, -4),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                text,
            )
            # The heading is closed off by a double rule, as printed pads are.
            painter.setPen(_pen(ink.ink, 1.2))
            for y in (area.bottom() - 4, area.bottom() - 1):
                painter.drawLine(QPointF(area.left(), y), QPointF(area.right() + 1, y))
            kind = _header(model, logicalIndex, SheetRole.COLUMN_KIND)
            rule = _rule_after(kind, logicalIndex + 1 >= self.count(), ink)
            if rule is not None and last in (first, logicalIndex):
                colour, width = rule
                painter.setPen(QPen(colour, width))
                x = area.left() + width / 2 if self.isRightToLeft() else area.right() - width / 2
                painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom() - 5))
        finally:
            painter.restore()


class SheetView(QTableView):
    """The digital scoresheet; show it a ``SheetModel`` with ``setModel``.

    The ink follows the view's size (about ten hands in view); ``zoom`` writes
    it bigger or smaller than that, for a table that reads the screen from
    its seats or a long game on a small one.
    """

    zoom_changed = Signal(float)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        rows_in_view: float = _ROWS_IN_VIEW,
        follow_last: bool = False,
    ) -> None:
        super().__init__(parent)
        self._rows_in_view = rows_in_view
        self._follow_last = follow_last
        """Keep the newest hand in view through every change and resize (the table view)."""
        self.setHorizontalHeader(SheetHeader(self))
        self._delegate = MarkDelegate(self)
        self.setItemDelegate(self._delegate)
        self.verticalHeader().hide()
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setMinimumSectionSize(8)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setCornerButtonEnabled(False)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self._ink_pixels = 0
        self._zoom = 1.0
        self._connections: list[QMetaObject.Connection] = []
        self._lay_paper()
        self._rescale()

    # -- public ----------------------------------------------------------------

    @property
    def ink_pixels(self) -> int:
        """The pixel size the sheet is written in now (it follows the view's size)."""
        return self._ink_pixels

    def row_height(self) -> int:
        return round(self._ink_pixels * _ROW_EMS)

    @property
    def zoom(self) -> float:
        """How much bigger than its natural size the sheet is written (1.0: as it fits)."""
        return self._zoom

    def set_zoom(self, zoom: float) -> None:
        low, high = ZOOM_RANGE
        zoom = round(min(high, max(low, zoom)), 3)
        if zoom == self._zoom:
            return
        self._zoom = zoom
        self._rescale()
        self._fit_columns()
        self.zoom_changed.emit(zoom)

    def zoom_in(self) -> None:
        self.set_zoom(self._zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self._zoom / ZOOM_STEP)

    def current_hand(self) -> int | None:
        """The number of the hand on the highlighted line, if a hand's line is highlighted
        (the W's line under the last hand is none)."""
        model, selection = self.model(), self.selectionModel()
        if model is None or selection is None:
            return None
        rows = [index.row() for index in selection.selectedRows()]
        if not rows or _read(model.index(rows[0], 0), _IS_W_ROW):
            return None
        return rows[0] + 1

    def show_hand(self, n: int) -> None:
        """Highlight hand ``n``'s line and bring it into view."""
        model, selection = self.model(), self.selectionModel()
        if model is None or selection is None or not 0 < n <= model.rowCount():
            return
        index = model.index(n - 1, 0)
        selection.setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.scrollTo(index)

    def last_hand(self) -> int:
        """The number of the last hand on the sheet (0 before the first)."""
        model = self.model()
        if model is None:
            return 0
        rows = model.rowCount()
        return rows - 1 if rows and _read(model.index(rows - 1, 0), _IS_W_ROW) else rows

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        """Come to the sheet by the keyboard (Shift+Tab) and a line lights up at once: the
        one highlighted before, else the last hand, the one most often corrected. Qt itself
        would only make the first cell current, which shows nothing."""
        super().focusInEvent(event)
        selection = self.selectionModel()
        if event.reason() == Qt.FocusReason.MouseFocusReason or selection is None:
            return
        if not selection.hasSelection():
            self.show_hand(self.last_hand())
        self.viewport().update()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self.viewport().update()  # the frame goes with the keyboard

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        """The cells, then a frame round the highlighted line while the sheet has the
        keyboard: the cells are pictures of their own, so the frame is drawn over them."""
        super().paintEvent(event)
        model, selection = self.model(), self.selectionModel()
        if model is None or selection is None or not self.hasFocus():
            return
        rows = selection.selectedRows()
        if not rows:
            return
        row = rows[0].row()
        line = self.visualRect(model.index(row, 0)).united(
            self.visualRect(model.index(row, model.columnCount() - 1))
        )
        if not line.isValid():
            return
        painter = QPainter(self.viewport())
        try:
            width = max(2.0, self._ink_pixels * 0.1)
            painter.setPen(_pen(SheetInk.from_palette(self.palette()).frame, width))
            painter.drawRect(QRectF(line).adjusted(width / 2, width / 2, -width / 2, -width / 2))
        finally:
            painter.end()

    def setModel(self, model: QAbstractItemModel | None) -> None:  # noqa: N802
        for connection in self._connections:
            QObject.disconnect(connection)
        self._connections = []
        super().setModel(model)
        if model is not None:
            self._connections = [
                model.modelReset.connect(self._start_over),
                model.rowsInserted.connect(self._rows_moved),
                model.rowsRemoved.connect(self._rows_moved),
                model.layoutChanged.connect(self._start_over),
                model.dataChanged.connect(self._data_changed),
            ]
        self._start_over()

    # -- following the model -----------------------------------------------------

    def _start_over(self) -> None:
        """Another game, or rows in another order: every cell is drawn afresh."""
        self._delegate.forget()
        self._follow_model()

    def _rows_moved(self, parent: QModelIndex, first: int, last: int) -> None:
        self._delegate.forget(first)  # the rows below moved up or down
        self._follow_model()

    def _data_changed(
        self, top_left: QModelIndex, bottom_right: QModelIndex, roles: list[int]
    ) -> None:
        self._delegate.forget(top_left.row(), bottom_right.row())
        # Only the bottom line can be the W (taller) or a tie (spanned): a change above it
        # (the dealers' names, on every hand) leaves the rows as they are.
        model = self.model()
        if model is not None and bottom_right.row() >= model.rowCount() - 1:
            self._follow_model()

    def _follow_model(self) -> None:
        """Row heights, the tie's span and column widths depend on what the sheet holds."""
        model = self.model()
        self.clearSpans()
        if model is None:
            return
        height = self.row_height()
        for row in range(model.rowCount()):
            final = bool(_read(model.index(row, 0), SheetRole.IS_W_ROW))
            self.setRowHeight(row, round(height * 1.5) if final else height)
            if final:
                self._span_tie(model, row)
        self._fit_columns()
        if self._follow_last:
            self.scrollToBottom()

    def _span_tie(self, model: QAbstractItemModel, row: int) -> None:
        """A tie is written once across all the teams' columns."""
        columns = model.columnCount()
        tie = outcome_mark(Outcome.TIED)  # as the model writes it, in the language shown
        for column in range(columns):
            if _read(model.index(row, column), Qt.ItemDataRole.DisplayRole) != tie:
                continue
            end = column
            while (
                end + 1 < columns
                and _read(model.index(row, end + 1), SheetRole.COLUMN_KIND) in _TEAM_COLUMNS
            ):
                end += 1
            if end > column:
                self.setSpan(row, column, 1, end - column + 1)
            return

    # -- size --------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._rescale()
        self._fit_columns()
        if self._follow_last:
            self.scrollToBottom()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._lay_paper()

    def _column_kinds(self) -> list[SheetColumn]:
        model = self.model()
        if model is None:
            return []
        kinds = [
            _header(model, column, SheetRole.COLUMN_KIND) for column in range(model.columnCount())
        ]
        # A column the sheet does not know is given the room of a team's name.
        return [SheetColumn(kind) if kind in _KINDS else SheetColumn.MAKERS for kind in kinds]

    def _rescale(self) -> None:
        """Size the ink from the whole view, so scroll bars coming and going never change it."""
        kinds = self._column_kinds() or list(_COLUMN_EMS)
        ems = sum(_COLUMN_EMS[kind] for kind in kinds)
        # Leave room for a vertical scroll bar, so one appearing never makes a horizontal one.
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        by_width = (self.width() - scroll_bar) / ems
        by_height = self.height() / self._rows_in_view / _ROW_EMS
        fitted = max(_SMALLEST_INK, min(_LARGEST_INK, by_width, by_height))
        pixels = int(max(8, min(_LARGEST_INK * ZOOM_RANGE[1], fitted * self._zoom)))
        if pixels == self._ink_pixels:
            return
        self._ink_pixels = pixels
        font = QFont(self.font())
        family = handwriting_family()
        if family is not None:
            font.setFamily(family)
        font.setPixelSize(pixels)
        self.setFont(font)
        heading = QFont(font)
        heading.setPixelSize(max(9, round(pixels * 0.45)))
        self.horizontalHeader().setFont(heading)
        self.horizontalHeader().setFixedHeight(round(pixels * 1.75))
        self.verticalHeader().setDefaultSectionSize(self.row_height())
        self._follow_model()

    def _fit_columns(self) -> None:
        """Share the viewport's width out: each column its need, the teams the rest."""
        kinds = self._column_kinds()
        if not kinds:
            return
        header = self.horizontalHeader()
        needs = [_COLUMN_EMS[kind] * self._ink_pixels for kind in kinds]
        spare = max(0.0, self.viewport().width() - sum(needs))
        # The names first: where the room is short, every name column gives up a like share.
        wants = [
            max(0.0, self._name_width(column, kind) - need)
            for column, (kind, need) in enumerate(zip(kinds, needs, strict=True))
        ]
        share = min(1.0, spare / sum(wants)) if sum(wants) else 0.0
        needs = [need + want * share for need, want in zip(needs, wants, strict=True)]
        spare -= sum(wants) * share
        weights = [_COLUMN_STRETCH.get(kind, 0.0) for kind in kinds]
        total_weight = sum(weights) or 1.0
        widths = [
            need + spare * weight / total_weight
            for need, weight in zip(needs, weights, strict=True)
        ]
        # Whole pixels that still add up to the viewport, so no sliver is left over.
        edges = [round(sum(widths[: i + 1])) for i in range(len(widths))]
        for column, edge in enumerate(edges):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, edge - (edges[column - 1] if column else 0))

    def _name_width(self, column: int, kind: SheetColumn) -> float:
        """The width a name column wants for its longest name (0 for other columns)."""
        model = self.model()
        share = _NAME_SHARES.get(kind)
        if model is None or share is None:
            return 0.0
        metrics = QFontMetricsF(_sized(self.font(), self._ink_pixels * share))
        names = {
            str(_read(model.index(row, column), _DISPLAY) or "") for row in range(model.rowCount())
        }
        widest = max((metrics.horizontalAdvance(name) for name in names), default=0.0)
        pad = max(4.0, self._ink_pixels * 0.3)  # as the cell pads it on each side
        return min(widest + 2 * pad + 2, _NAME_MOST_EMS * self._ink_pixels)

    def _lay_paper(self) -> None:
        """The pad's paper shows wherever no hand is written yet."""
        paper = QPalette()
        paper.setColor(QPalette.ColorRole.Base, SheetInk.from_palette(self.palette()).paper)
        self.viewport().setPalette(paper)
        self.viewport().update()
        self.horizontalHeader().viewport().update()
