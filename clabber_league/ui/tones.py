"""The colours that say something (a mistake, a hand about to be recorded, a warning), for
the palette the system gives: dark red on a pale pink in a light theme, a pale red on a
deep one in a dark theme. Nothing in the window paints a fixed light colour, so a dark
desktop never gets white boxes with pale text.

Every tone is readable on the palette's own background (contrast 4.5:1 or more), boxed
or not; the plain colours (``text_colour``) are for text on the window's or a list's
background, the boxed ones (``tone_style(boxed=True)``) bring their own background.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from PySide6.QtGui import QColor, QGuiApplication, QPalette


@dataclass(frozen=True)
class ToneColours:
    """A tone's colours as style sheets name them (``#rrggbb``)."""

    text: str
    background: str
    border: str


class Tone(enum.Enum):
    """What a message or a mark is saying."""

    ERROR = "error"
    """A mistake, or something refused: a rule broken, a night that was not ended."""
    GOOD = "good"
    """Done, or about to be done right: the hand's preview, a match entered."""
    WARNING = "warning"
    """Worth a second look: a network warning, a postponed match."""
    QUIET = "quiet"
    """Less than the text around it: a bye, a retired team (the palette's hint colour)."""


# (light theme, dark theme) for each tone that has its own hue: text, background, border.
_HUES: dict[Tone, tuple[ToneColours, ToneColours]] = {
    Tone.ERROR: (
        ToneColours("#8e1b1b", "#fdecea", "#f1b0ab"),
        ToneColours("#ffb4ab", "#4a1a17", "#93443b"),
    ),
    Tone.GOOD: (
        ToneColours("#1e5b24", "#eaf5ea", "#b5d8b5"),
        ToneColours("#a5d6a7", "#173a1c", "#3f7a45"),
    ),
    Tone.WARNING: (
        ToneColours("#6b4a00", "#fff4d6", "#e8c66a"),
        ToneColours("#ffd98a", "#3d2e00", "#8a6d00"),
    ),
}


def is_dark(palette: QPalette) -> bool:
    """A dark theme: its text is lighter than the background it is written on."""
    text = palette.color(QPalette.ColorRole.Text).lightness()
    return text > palette.color(QPalette.ColorRole.Base).lightness()


def tone_colours(tone: Tone, palette: QPalette) -> ToneColours:
    """The tone's text, background and border for ``palette``."""
    if tone is Tone.QUIET:
        hint = palette.color(QPalette.ColorRole.PlaceholderText).name()
        return ToneColours(hint, "transparent", "transparent")
    light, dark = _HUES[tone]
    return dark if is_dark(palette) else light


def suit_red(dark: bool) -> QColor:
    """Hearts and diamonds, on the sheet and in the meld calculator: a deep red by day,
    a pale one on a dark background."""
    return QColor("#ff8a80" if dark else "#b3261e")


def text_colour(tone: Tone, palette: QPalette | None = None) -> QColor:
    """The tone's text colour on ``palette`` (the application's when not given)."""
    return QColor(tone_colours(tone, palette or QGuiApplication.palette()).text)


def tone_style(tone: Tone, palette: QPalette, *, boxed: bool = False, padding: int = 4) -> str:
    """A style sheet for a label in ``tone``: its colour, and with ``boxed`` its own
    background and border, so a message stands out from the fields around it."""
    colours = tone_colours(tone, palette)
    if not boxed:
        return f"color: {colours.text};"
    return (
        f"color: {colours.text}; background: {colours.background};"
        f" border: 1px solid {colours.border}; border-radius: 3px; padding: {padding}px;"
        " font-weight: bold;"
    )
