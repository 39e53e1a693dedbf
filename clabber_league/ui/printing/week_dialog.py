"""Which week of a season to print the recap or the sheets of: asked in a small dialog.

The season is the league panel's, as for the other season documents; the weeks
offered are the schedule's, so a week that does not exist cannot be chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QWidget

from clabber_league.i18n import _, fill
from clabber_league.store.league import season_schedule

if TYPE_CHECKING:
    from clabber_league.store.database import Database
    from clabber_league.store.league import SeasonInfo


def ask_week(parent: QWidget, database: Database, season: SeasonInfo) -> int | None:
    """The week chosen (the schedule's first week offered first), or ``None`` for Cancel;
    a season with no schedule is said so, and nothing is asked."""
    weeks = sorted({match.week for match in database.read(season_schedule, season_id=season.id)})
    if not weeks:
        parent.window().complain(  # type: ignore[attr-defined]
            _("Nothing to print"),
            fill(_("{name} has no schedule yet: make one first."), name=season.name),
        )
        return None
    week, chosen = QInputDialog.getInt(
        parent,
        _("Print a week"),
        fill(_("Week of {name} ({first}–{last}):"), name=season.name, first=weeks[0],
             last=weeks[-1]),
        weeks[0], weeks[0], weeks[-1],
    )  # fmt: skip
    return week if chosen else None
