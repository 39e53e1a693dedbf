"""Sharing a line's width between its parts, and fitting words into the part they get.

A sheet's columns and heading fields start from fixed proportions, which
suit most sheets; when one part's words would be cut (a dealer called
"Bartholomew Bell", a long Persian date) while its neighbours have room to
spare, ``share`` moves that room over, and ``fitted`` shrinks the words a
step before it cuts them. Both are pure, so tests can ask what a sheet
decided without reading a PDF.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from clabber_league.reports import fonts

SHRINK = 0.85
"""The one step smaller a text may be drawn before it is cut."""
STEP = 4.0
"""Room is shared in steps of this many points, so sheets with names of about the same
width get the same grid (drawn once, as furniture, for all of them)."""


def share(
    widths: Sequence[float],
    needs: Sequence[float],
    grow: int,
    wanted: float,
    most: float = math.inf,
) -> tuple[float, ...]:
    """``widths`` with part ``grow`` widened to ``wanted`` (in ``STEP``s, never past ``most``),
    as far as the others' spare room allows; each gives in proportion to what it can spare.

    A part's spare room is its width less its need (never below nothing);
    the total width stays the same, and no part is made narrower than its need.
    """
    wanted = min(math.ceil(wanted / STEP) * STEP, most)
    spares = [
        0.0 if index == grow else max(0.0, width - need)
        for index, (width, need) in enumerate(zip(widths, needs, strict=True))
    ]
    spare = sum(spares)
    extra = min(max(0.0, wanted - widths[grow]), spare)
    if not extra:
        return tuple(widths)
    given = [extra * part / spare for part in spares]
    return tuple(
        width + extra if index == grow else width - given[index]
        for index, width in enumerate(widths)
    )


def fitted(text: str, room: float, size: float, bold: bool = False) -> tuple[str, float]:
    """``text`` and the size to draw it in within ``room``: whole at ``size``, else whole
    a step smaller (``SHRINK``), else cut with "…" at its logical end at that smaller size."""
    whole = fonts.clean(text)
    for step in (size, size * SHRINK):
        if fonts.width(whole, step, bold) <= room:
            return whole, step
    smaller = size * SHRINK
    return fonts.fit(whole, room, smaller, bold), smaller
