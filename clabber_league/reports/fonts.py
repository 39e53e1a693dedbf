"""The shipped TrueType fonts, and every user string made safe to print.

ReportLab's 14 standard fonts have no suit pips and no Cyrillic, Persian or
Korean letters (TECH_NOTES.md), so the reports embed DejaVu Sans, with
NanumSquare for Hangul, which DejaVu lacks. A team name goes through one
pipeline before it reaches a page:

1. ``clean``: NFC, control characters become spaces (a name pasted from a
   spreadsheet can carry a tab), surrounding blanks go;
2. ``fit``: shortened with "…" until it fits its column, measured in the
   fonts it will be drawn in (``stringWidth``);
3. ``runs``: Persian/Arabic letters shaped into their joined forms and the
   line put in display order (ReportLab lays text out left to right only),
   then split into runs per font; a character no shipped font has becomes
   the replacement mark "�" rather than an invisible gap.

Drawn with ``draw`` the text never meets a markup parser; for a Paragraph,
``markup`` escapes it, so a team called ``<b>&"Eagles"`` prints as typed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any
from xml.sax.saxutils import escape

import arabic_reshaper
from bidi.algorithm import get_display
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from clabber_league import i18n
from clabber_league.resources import resource
from clabber_league.rules.limits import NAME

REGULAR = "ClabberSans"
BOLD = "ClabberSans-Bold"
HANGUL = "ClabberHangul"
"""Korean letters, in the regular weight whatever the surrounding text's."""

ELLIPSIS = "\u2026"
#: More characters than any column of any page holds (``fit``): four names' worth.
MOST_FITTED = 4 * NAME.high
REPLACEMENT = "\ufffd"

_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    HANGUL: "NanumSquareR.ttf",
}
# Right-to-left letters: Hebrew, Arabic and their presentation forms.
_RTL_BLOCKS = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))
# Hangul jamo, compatibility jamo, syllables. NanumSquare's map also lists
# Hanja it draws as nothing, so only these blocks are taken from it.
_HANGUL_BLOCKS = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7FF))


@cache
def register_fonts() -> None:
    """Register the shipped fonts with ReportLab, once per process."""
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(resource("fonts", filename))))
    # Paragraph markup (<b>) resolves bold through the family mapping.
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)
    addMapping(REGULAR, 1, 1, BOLD)


@cache
def _coverage(font: str) -> Mapping[int, Any]:
    register_fonts()
    charmap: Mapping[int, Any] = pdfmetrics.getFont(font).face.charToGlyph
    return charmap


@dataclass(frozen=True)
class Run:
    """A stretch of display-order text drawn in one font."""

    font: str
    text: str


def clean(text: str) -> str:
    """NFC, control characters as spaces, no surrounding blanks."""
    composed = unicodedata.normalize("NFC", text)
    return "".join(
        " " if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") else char for char in composed
    ).strip()


def _has_rtl(text: str) -> bool:
    return any(low <= ord(char) <= high for char in text for low, high in _RTL_BLOCKS)


@lru_cache(maxsize=8192)
def _visual(text: str, base: str) -> str:
    """The text in display order, Persian/Arabic letters in their joined forms.

    In an English, Russian or Korean document the line reads left to right:
    "عقاب v Owls" keeps the Persian team first, its letters right to left. In a
    Persian document (``base`` "R", as ``runs`` gives it) the line reads from the right.
    Invisible format characters (the Persian zero-width non-joiner, bidi marks,
    the isolates around names) have done their work once the letters are shaped
    and reordered, and no font draws them, so they go.
    """
    shown = clean(text)
    if _has_rtl(shown):
        embedded = _embedded(shown)
        shown = get_display(arabic_reshaper.reshape(embedded), base_dir=base)
    return "".join(char for char in shown if unicodedata.category(char) != "Cf")


#: The isolates (around names in a sentence: ``i18n.fill``) as the embeddings python-bidi
#: knows: it stops with "FSI not allowed here" at an isolate. A first-strong isolate
#: takes the direction of its first strong letter, as the isolate would. Isolates nest (a
#: sentence filled into a sentence: "{night} · week {week}"), so the innermost goes first.
_ISOLATE = re.compile("\u2068([^\u2068\u2069]*)(?:\u2069|$)")
_EMBEDDINGS = str.maketrans({"\u2066": "\u202a", "\u2067": "\u202b", "\u2069": "\u202c"})


def _embedded(text: str) -> str:
    def first_strong(isolate: re.Match[str]) -> str:
        inside = isolate.group(1)
        start = "\u202b" if _starts_rtl(inside) else "\u202a"
        return f"{start}{inside}\u202c"

    while "\u2068" in text:
        text = _ISOLATE.sub(first_strong, text)
    return text.translate(_EMBEDDINGS)


def _starts_rtl(text: str) -> bool:
    """Whether the first letter with a direction of its own is right to left."""
    for char in text:
        direction = unicodedata.bidirectional(char)
        if direction in ("L", "R", "AL"):
            return direction != "L"
    return False


def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """``text`` in display order, split into runs per font; unknown characters as "�"."""
    return _runs(text, bold, "R" if i18n.is_right_to_left() else "L")


@lru_cache(maxsize=8192)
def _runs(text: str, bold: bool, base: str) -> tuple[Run, ...]:
    main = BOLD if bold else REGULAR
    main_chars, hangul_chars = _coverage(main), _coverage(HANGUL)
    pieces: list[Run] = []
    for char in _visual(text, base):
        code = ord(char)
        shown, font = char, main
        if code in hangul_chars and any(low <= code <= high for low, high in _HANGUL_BLOCKS):
            font = HANGUL
        elif code not in main_chars and char != " ":
            shown = REPLACEMENT
        if pieces and pieces[-1].font == font:
            pieces[-1] = Run(font, pieces[-1].text + shown)
        else:
            pieces.append(Run(font, shown))
    return tuple(pieces)


def width(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` prints at ``size`` points, in the fonts it is drawn in."""
    return sum(_run_width(run, size) for run in runs(text, bold))


def _run_width(run: Run, size: float) -> float:
    return float(pdfmetrics.stringWidth(run.text, run.font, size))


@lru_cache(maxsize=8192)
def fit(text: str, max_width: float, size: float, bold: bool = False) -> str:
    """``text`` cleaned, or shortened with "…" so that it prints within ``max_width``.

    The cut is made in reading order (the end of a Persian name is its left
    side) and never leaves a space before the ellipsis. No column holds more
    than ``MOST_FITTED`` characters, so a longer text (a name stored before
    names had a limit) is cut to that first: measuring it then costs no more.
    """
    whole = clean(text[: MOST_FITTED + 1])
    if len(whole) <= MOST_FITTED and width(whole, size, bold) <= max_width:
        return whole
    whole = whole[:MOST_FITTED]
    low, high = 0, len(whole)
    while low < high:  # the longest prefix that fits with its ellipsis
        middle = (low + high + 1) // 2
        if width(whole[:middle].rstrip() + ELLIPSIS, size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return whole[:low].rstrip() + ELLIPSIS if low else ELLIPSIS


def draw(
    canvas: Any,
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    bold: bool = False,
    align: str = "left",
) -> None:
    """Draw ``text`` on its baseline at ``y``; ``x`` is its left, centre or right end.

    Nothing is parsed: the text is drawn as typed.
    """
    pieces = runs(text, bold)
    if align != "left":
        total = sum(_run_width(run, size) for run in pieces)
        x -= total / 2 if align == "center" else total
    for number, run in enumerate(pieces):
        if number:
            x += _run_width(pieces[number - 1], size)
        # A page draws hundreds of figures in two fonts: skip the repeated font switches.
        if (canvas._fontname, canvas._fontsize) != (run.font, size):
            canvas.setFont(run.font, size)
        canvas.drawString(x, y, run.text)


@lru_cache(maxsize=1024)
def lines(text: str, max_width: float, size: float) -> tuple[str, ...]:
    """``text`` broken into lines at spaces, each within ``max_width`` when it can be.

    For the sheets' own short notes, drawn line by line with ``draw``: a
    Paragraph would do the same at several times the cost on every page.
    """
    result: list[str] = []
    current = ""
    for word in clean(text).split(" "):
        candidate = f"{current} {word}" if current else word
        if current and width(candidate, size) > max_width:
            result.append(current)
            current = word
        else:
            current = candidate
    if current:
        result.append(current)
    return tuple(result)


def markup(text: str) -> str:
    """``text`` as Paragraph markup: escaped, in display order, Hangul in its own font."""
    parts: list[str] = []
    for run in runs(text):
        escaped = escape(run.text, {'"': "&quot;", "'": "&#39;"})
        parts.append(f'<font name="{HANGUL}">{escaped}</font>' if run.font == HANGUL else escaped)
    return "".join(parts)
