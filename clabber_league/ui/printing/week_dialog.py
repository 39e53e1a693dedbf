"""Which week of a season to print the recap or the sheets of: asked in a small dialog.

The season is the league panel's, as for the other season documents; the weeks
offered are the schedule's, so a week that does not exist cannot be chosen.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QInputDialog, QWidget

from clabber_league.i18n import _, fill


def ask_week(parent: QWidget, season: str, weeks: Sequence[int]) -> int | None:
    """The week chosen of ``weeks`` (the schedule's, sorted; the first offered first), or
    ``None`` for Cancel."""
    week, chosen = QInputDialog.getInt(
        parent,
        _("Print a week"),
        fill(_("Week of {name} ({first}–{last}):"), name=season, first=weeks[0], last=weeks[-1]),
        weeks[0], weeks[0], weeks[-1],
    )  # fmt: skip
    return week if chosen else None
