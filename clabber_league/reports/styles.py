"""The look shared by every printed document: paper, margins, colours, the stylesheet.

One place for these, so a standings table and a season book's contents page
are visibly the same club's paperwork.
"""

from __future__ import annotations

import enum
from functools import cache

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle, StyleSheet1
from reportlab.lib.units import inch

from clabber_league.reports.fonts import BOLD, REGULAR, register_fonts


class Paper(enum.Enum):
    """The paper sizes a club prints on: US Letter (the Evansville default) and A4."""

    LETTER = "letter"
    A4 = "a4"

    @property
    def size(self) -> tuple[float, float]:
        """Width and height in points, portrait."""
        width, height = LETTER if self is Paper.LETTER else A4
        return float(width), float(height)


Box = tuple[float, float, float, float]
"""An area of a page: x and y of its lower-left corner, width, height (points)."""

MARGIN = 0.5 * inch
"""Every edge; half an inch stays clear of any office printer's unprintable rim."""
FOOTER_SIZE = 7.0

INK = colors.HexColor("#1a1a1a")
GREY = colors.HexColor("#6b6b6b")
RULE = colors.HexColor("#9a9a9a")
HEADING_FILL = colors.HexColor("#ececec")
MAKERS_FILL = colors.HexColor("#f3e9cf")
"""The makers' score cell on a filled sheet: a pale highlighter."""
ZEBRA_FILL = colors.HexColor("#f6f6f6")
RED_SUIT = colors.HexColor("#b3261e")
NOTE_INK = colors.HexColor("#8a2d0f")
"""Correction marks and footnote numbers: the secretary's red pen."""


@cache
def stylesheet() -> StyleSheet1:
    """The named paragraph styles of every document."""
    register_fonts()
    sheet = StyleSheet1()
    sheet.add(ParagraphStyle("Body", fontName=REGULAR, fontSize=9, leading=11.5, textColor=INK))
    sheet.add(ParagraphStyle("Title", parent=sheet["Body"], fontName=BOLD, fontSize=18, leading=22))
    sheet.add(ParagraphStyle("CoverTitle", parent=sheet["Title"], fontSize=28, leading=34))
    sheet.add(
        ParagraphStyle(
            "Subtitle", parent=sheet["Body"], fontSize=11, leading=14, textColor=GREY, spaceAfter=6
        )
    )
    sheet.add(
        ParagraphStyle(
            "Heading",
            parent=sheet["Body"],
            fontName=BOLD,
            fontSize=11,
            leading=14,
            spaceBefore=8,
            spaceAfter=3,
        )
    )
    sheet.add(ParagraphStyle("Small", parent=sheet["Body"], fontSize=7.5, leading=9.5))
    sheet.add(ParagraphStyle("Note", parent=sheet["Small"], textColor=GREY))
    sheet.add(ParagraphStyle("Footnote", parent=sheet["Small"], leftIndent=10, firstLineIndent=-10))
    sheet.add(ParagraphStyle("Centered", parent=sheet["Body"], alignment=TA_CENTER))
    return sheet
