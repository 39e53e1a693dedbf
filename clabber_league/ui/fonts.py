"""The window's letters for every name a league writes: Hangul, Persian, Cyrillic.

The printed sheets embed the fonts in ``resources/fonts`` (see its README);
the window registers the same files at start, so a Korean name is letters on
screen as well as on paper even where the system has no Korean font, and
Persian and Cyrillic names have DejaVu Sans to fall back on. They are added
as substitutes of the families the window writes in (the desktop's default
and the sheet's handwriting faces): Qt then takes a missing letter from them.
"""

from __future__ import annotations

import functools

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

from clabber_league.resources import resource

#: The shipped faces, in the order they are tried for a letter the first font lacks.
FALLBACK_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "NanumSquareR.ttf")
#: Scribbled-looking faces found on the common desktops, for the sheet: the first one
#: installed wins (``widgets.sheet_view.handwriting_family``).
HANDWRITING = (
    "Segoe Print",
    "Bradley Hand",
    "Chalkboard SE",
    "Comic Neue",
    "Patrick Hand",
    "Kalam",
    "Ink Free",
    "Comic Sans MS",
)
#: Families the window may write in besides the desktop's default.
_WRITTEN_IN = ("Sans Serif", "Segoe UI", "Helvetica", "Arial", *HANDWRITING)


@functools.cache
def register_fonts() -> tuple[str, ...]:
    """Register the shipped fonts and make them every window family's fallbacks (once).

    Returns the fallback families, in order. Needs a ``QGuiApplication``.
    """
    assert QGuiApplication.instance() is not None, "fonts are registered in a running app"
    families: list[str] = []
    for name in FALLBACK_FILES:
        font_id = QFontDatabase.addApplicationFont(str(resource("fonts", name)))
        for family in QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []:
            if family not in families:
                families.append(family)
    default = QGuiApplication.font().family()
    for family in dict.fromkeys((default, *_WRITTEN_IN)):
        known = QFont.substitutes(family)
        added = [name for name in families if name != family and name not in known]
        QFont.insertSubstitutions(family, added)
    return tuple(families)
