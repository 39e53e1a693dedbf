"""The QR code of a night's link, as dark runs of modules: what the printed table cards
and the window's League night dialog both draw (``segno`` makes the code).

A run per row of dark modules keeps the drawing to a few hundred rectangles,
vector-sharp at any size on paper and on screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import segno

QUIET_ZONE = 4
"""Light modules around the code that a reader needs (ISO/IEC 18004: four)."""


@dataclass(frozen=True)
class QrCode:
    """A code ``size`` modules square; ``runs`` are its dark modules as (row, column,
    length) runs from the top-left, quiet zone not included."""

    size: int
    runs: tuple[tuple[int, int, int], ...]

    @property
    def size_with_quiet_zone(self) -> int:
        return self.size + 2 * QUIET_ZONE


def qr_code(text: str) -> QrCode:
    """A full-size QR code (never a Micro QR, which phone cameras do not read) with medium
    error correction: a card with a coffee ring on it still scans."""
    symbol = segno.make(text, error="m", micro=False)
    runs: list[tuple[int, int, int]] = []
    for row, modules in enumerate(symbol.matrix):
        start: int | None = None
        for column, dark in enumerate((*modules, 0)):
            if dark and start is None:
                start = column
            elif not dark and start is not None:
                runs.append((row, start, column - start))
                start = None
    return QrCode(len(symbol.matrix), tuple(runs))
