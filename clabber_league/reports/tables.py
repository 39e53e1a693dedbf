"""The one look of every printed table: standings, schedule weeks, contents."""

from __future__ import annotations

from reportlab.platypus import TableStyle

from clabber_league.reports.styles import HEADING_FILL, INK, RULE, ZEBRA_FILL


def table_style(rows: int) -> TableStyle:
    """Ruled under the heading row, every other line tinted so the eye can follow it."""
    commands: list[tuple[object, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LINEBELOW", (0, -1), (-1, -1), 0.6, RULE),
        ("BACKGROUND", (0, 0), (-1, 0), HEADING_FILL),
        ("LINEBELOW", (0, 0), (-1, 0), 0.9, INK),
    ]
    commands += [("BACKGROUND", (0, row), (-1, row), ZEBRA_FILL) for row in range(2, rows, 2)]
    return TableStyle(commands)
