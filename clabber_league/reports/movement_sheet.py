"""A progressive tournament's movement on one sheet for the wall: round by round, each
table's North–South pair against its East–West pair, and who sits the round out.

The players' own cards (``movement_cards``) say the same one player at a time; this
is the organiser's and the room's view. In a right-to-left language the tables run
from the right.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.platypus import BaseDocTemplate, Flowable, KeepTogether, Spacer

from clabber_league.i18n import N_, _, fill
from clabber_league.league.movement import Movement
from clabber_league.reports.document import Line, Renderer, Words, reading_side
from clabber_league.reports.styles import INK, Paper
from clabber_league.reports.tournament_standings import heading_lines, mirrored_table

HEADINGS = (N_("Table"), N_("North–South"), N_("East–West"))
_WIDTHS = (44, None, None)


@dataclass(frozen=True)
class SheetRound:
    """One round as printed: its tables' cells (table, North–South, East–West) and its
    sit-outs."""

    round: int
    tables: tuple[tuple[str, str, str], ...]
    byes: tuple[str, ...]


@dataclass(frozen=True)
class MovementSheetData:
    tournament: str
    headings: tuple[str, ...]
    rounds: tuple[SheetRound, ...]


def movement_sheet_data(
    *, tournament: str, movement: Movement, pair: Callable[[Sequence[str]], str]
) -> MovementSheetData:
    """The movement's rounds as printed, each side named by ``pair`` (the partnership's
    name as the phones and the site show it: ``store.tournaments.partnership_name``)."""
    return MovementSheetData(
        tournament=tournament,
        headings=tuple(_(heading) for heading in HEADINGS),
        rounds=tuple(
            SheetRound(
                found.round,
                tuple(
                    (str(table.table), pair(table.sides[0]), pair(table.sides[1]))
                    for table in found.tables
                ),
                found.byes,
            )
            for found in movement.rounds
        ),
    )


class MovementSheetRenderer(Renderer):
    """Every round, each kept on one page."""

    def __init__(self, data: MovementSheetData, *, paper: Paper = Paper.LETTER) -> None:
        super().__init__(paper=paper)
        self.data = data
        self.title = _("{tournament}: movement").format(tournament=data.tournament)

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        data = self.data
        story = heading_lines(data.tournament, _("Movement: who plays where, round by round"))
        for found in data.rounds:
            parts: list[Flowable] = [
                Spacer(1, 6),
                Line(
                    fill(_("Round {round}"), round=found.round),
                    11,
                    bold=True,
                    align=reading_side("left"),
                ),
                mirrored_table((data.headings, *found.tables), _WIDTHS, doc.width, names=(1, 2)),
            ]
            if found.byes:
                sitting_out = fill(_("Sitting out: {players}"), players=", ".join(found.byes))
                parts.append(Words(sitting_out, 9, color=INK))
            story.append(KeepTogether(parts))
        return story
