"""The scoresheet page: sponsor banner on top, 1, 2 or 4 sheets, the reference band below.

Blank pads, a printed game and every page of a season book share this page,
so a filled sheet looks like the pad it could have been written on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepInFrame,
    PageTemplate,
    Paragraph,
)

from clabber_league.reports import fonts
from clabber_league.reports.document import NO_PADDING, Renderer, ReportError
from clabber_league.reports.grid import ScoreGrid
from clabber_league.reports.logo import read_logo
from clabber_league.reports.reference import QuickReference, draw_reference
from clabber_league.reports.styles import GREY, INK, MARGIN, RULE, Box, stylesheet
from clabber_league.rules.names import InvalidNameError, clean_name

GAMES_PER_PAGE = (1, 2, 4)
GAP = 14.0
"""Between the sheets of a page, and between them and the banner or band: room for scissors."""
MIN_SHEET = 120.0
TITLE_SIZE = 11.0


@dataclass(frozen=True)
class Sponsor:
    """The shop's box on a promotional pad: its words and, optionally, its logo."""

    text: str = ""
    logo: bytes | None = None
    """The logo file's bytes, already checked to be an image ReportLab can draw."""

    @classmethod
    def from_file(cls, text: str = "", logo: str | Path | None = None) -> Sponsor:
        """A sponsor with its words (a name: ``rules.names``) and its logo read from a file
        (``logo.read_logo``); ``ReportError`` if either cannot be printed."""
        try:
            words = clean_name(text, "sponsor", optional=True)
        except InvalidNameError as exc:
            raise ReportError(str(exc)) from None
        return cls(words, read_logo(logo) if logo is not None else None)


@dataclass(frozen=True)
class PageAreas:
    """Where a sheet page's parts go, in page coordinates: (x, y, width, height) each."""

    slots: tuple[Box, ...]
    band: Box
    banner: Box | None

    @classmethod
    def of(cls, pagesize: tuple[float, float], games_per_page: int, banner: bool) -> PageAreas:
        page_width, page_height = pagesize
        width = page_width - 2 * MARGIN
        top = page_height - MARGIN
        band_height = page_height * 0.155
        band = (MARGIN, MARGIN, width, band_height)
        banner_box = None
        if banner:
            banner_height = page_height * 0.08
            banner_box = (MARGIN, top - banner_height, width, banner_height)
            top -= banner_height + GAP
        bottom = MARGIN + band_height + GAP
        height = top - bottom
        # Two games stand side by side, each the page's full height: twelve hand rows a
        # pencil can write in (stacked, a row was 4 mm and its number 5 pt).
        columns, rows = {1: (1, 1), 2: (2, 1), 4: (2, 2)}[games_per_page]
        slot_width = (width - GAP * (columns - 1)) / columns
        slot_height = (height - GAP * (rows - 1)) / rows
        slots = tuple(
            (
                MARGIN + column * (slot_width + GAP),
                top - (row + 1) * slot_height - row * GAP,
                slot_width,
                slot_height,
            )
            for row in range(rows)
            for column in range(columns)
        )
        return cls(slots, band, banner_box)


class SheetRenderer(Renderer):
    """A renderer whose pages are scoresheet pages."""

    def _sheet_template(
        self,
        template_id: str,
        games_per_page: int,
        reference: QuickReference,
        sponsor: Sponsor | None = None,
    ) -> PageTemplate:
        areas = PageAreas.of(self.paper.size, games_per_page, sponsor is not None)
        frames = [
            Frame(*slot, id=f"{template_id}-{number}", **NO_PADDING)
            for number, slot in enumerate(areas.slots)
        ]

        def furnish(canvas: Any, doc: BaseDocTemplate) -> None:
            self.furniture.place(
                canvas,
                ("reference", reference),
                lambda c: draw_reference(c, reference, areas.band),
            )
            if sponsor is not None and areas.banner is not None:
                banner = areas.banner
                self.furniture.place(
                    canvas, ("sponsor", sponsor), lambda c: draw_sponsor(c, sponsor, banner)
                )
            self._on_page(canvas, doc)

        return PageTemplate(id=template_id, frames=frames, onPage=furnish)


def draw_sponsor(canvas: Any, sponsor: Sponsor, box: Box) -> None:
    """The sponsor's box: the logo on the left, the words beside it."""
    x, y, width, height = box
    canvas.saveState()
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.8)
    canvas.roundRect(x, y, width, height, 4, stroke=1, fill=0)
    pad = 5.0
    text_left = x + pad
    if sponsor.logo is not None:
        side = height - 2 * pad
        canvas.drawImage(
            ImageReader(BytesIO(sponsor.logo)), x + pad, y + pad, side * 2, side,
            preserveAspectRatio=True, anchor="w", mask="auto",
        )  # fmt: skip
        text_left += side * 2 + pad
    if sponsor.text:
        style = stylesheet()["Centered"].clone(
            "Sponsor", fontSize=min(14.0, height * 0.28), leading=min(17.0, height * 0.34)
        )
        lines = [fonts.markup(line) for line in sponsor.text.splitlines() if line.strip()]
        paragraph = Paragraph("<br/>".join(lines), style)
        room = (x + width - pad - text_left, height - 2 * pad)
        words = KeepInFrame(*room, [paragraph], mode="shrink")
        _, words_height = words.wrapOn(canvas, *room)
        words.drawOn(canvas, text_left, y + (height - words_height) / 2)
    canvas.restoreState()


class Sheet(Flowable):  # type: ignore[misc]  # ReportLab has no type hints
    """One game's sheet filling its slot: a title line, the grid, and notes under it.

    It always takes the whole slot, so the next sheet starts in the next one;
    notes too long for a third of the slot are shrunk to fit rather than
    spilling onto another page, which is what lets a season book know every
    game's page number before it is drawn.
    """

    def __init__(
        self,
        title: str,
        grid: ScoreGrid,
        notes: Sequence[Flowable] = (),
        *,
        aside: str = "",
        bookmark: str = "",
    ) -> None:
        super().__init__()
        self.title, self.grid, self.aside, self.bookmark = title, grid, aside, bookmark
        self.notes = KeepInFrame(0, 0, list(notes), mode="shrink") if notes else None
        self._size = (0.0, 0.0)
        self._notes_height = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        if avail_height < MIN_SHEET:
            return avail_width, MIN_SHEET  # the slot is used up: on to the next
        title_height = TITLE_SIZE * 1.7
        self._notes_height = 0.0
        if self.notes is not None:
            _, self._notes_height = self.notes.wrapOn(self.canv, avail_width, avail_height * 0.3)
            self._notes_height += 6
        self.grid.wrap(avail_width, avail_height - title_height - self._notes_height)
        self._size = (avail_width, avail_height)
        return self._size

    def draw(self) -> None:
        canvas = self.canv
        width, height = self._size
        if self.bookmark:
            key = f"sheet{canvas.getPageNumber()}"
            canvas.bookmarkPage(key)
            canvas.addOutlineEntry(fonts.clean(self.bookmark), key, level=0)
        baseline = height - TITLE_SIZE
        canvas.setFillColor(INK)
        aside_width = 0.0
        if self.aside:
            canvas.setFillColor(GREY)
            aside = fonts.fit(self.aside, width * 0.45, TITLE_SIZE * 0.8)
            aside_width = fonts.width(aside, TITLE_SIZE * 0.8)
            fonts.draw(canvas, width, baseline, aside, TITLE_SIZE * 0.8, align="right")
            canvas.setFillColor(INK)
        title = fonts.fit(self.title, width - aside_width - 12, TITLE_SIZE, True)
        fonts.draw(canvas, 0, baseline, title, TITLE_SIZE, bold=True)
        grid_height = self.grid.geometry.height if self.grid.geometry else 0.0
        grid_top = height - TITLE_SIZE * 1.7
        self.grid.drawOn(canvas, 0, grid_top - grid_height)
        if self.notes is not None:
            self.notes.drawOn(canvas, 0, grid_top - grid_height - self._notes_height)
