"""A recorded game printed on the pad's own layout, corrections footnoted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import BaseDocTemplate, Flowable, PageTemplate, Paragraph

from clabber_league.i18n import N_, _
from clabber_league.reports import fonts
from clabber_league.reports.document import Furniture, paragraph
from clabber_league.reports.grid import ScoreGrid
from clabber_league.reports.layout import Sheet, SheetRenderer
from clabber_league.reports.sheet import FilledSheetData
from clabber_league.reports.styles import NOTE_INK, Paper, stylesheet

LEGEND = N_(
    "Shaded: the makers, with the trump suit. XX (turkey tracks): makers set, or reneged. "
    "Hand check: the points both sides wrote for the hand; running check: the hand checks so "
    "far, always the totals added up."
)


def matchup(sides: tuple[str, ...]) -> str:
    """ "Eagles v Owls": how a game is named in titles and contents."""
    return _(" v ").join(fonts.clean(side) for side in sides)


def filled_sheet(
    furniture: Furniture, data: FilledSheetData, title: str, *, bookmark: str = ""
) -> Sheet:
    """The sheet of one game, as a flowable filling its slot (used by the season book too)."""
    notes: list[Flowable] = [paragraph(_(LEGEND), "Note")]
    for number, text in enumerate(data.footnotes, start=1):
        marker = f'<font color="#{NOTE_INK.hexval()[2:]}">{number}</font>'
        notes.append(Paragraph(f"{marker}&nbsp; {fonts.markup(text)}", stylesheet()["Footnote"]))
    grid = ScoreGrid(
        furniture, data.sides, heading=data.heading, lines=data.lines, w_marks=data.w_marks
    )
    return Sheet(
        title,
        grid,
        notes,
        aside=_("{rules_name} rules").format(rules_name=_(data.rules_name)),
        bookmark=bookmark,
    )


class FilledSheetRenderer(SheetRenderer):
    """One recorded game on one page."""

    def __init__(self, data: FilledSheetData, *, paper: Paper = Paper.LETTER) -> None:
        super().__init__(paper=paper)
        self.data = data
        self.title = _("Clabber scoresheet — {sides}").format(sides=matchup(data.sides))

    def _page_templates(self, doc: BaseDocTemplate) -> list[PageTemplate]:
        return [self._sheet_template("sheet", 1, self.data.reference)]

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        return [filled_sheet(self.furniture, self.data, matchup(self.data.sides))]


@dataclass(frozen=True)
class TitledSheet:
    """A game's sheet and the title over it ("Round 2, table 3 — Ann & Bob v Cal & Dee")."""

    title: str
    sheet: FilledSheetData


class FilledSheetsRenderer(SheetRenderer):
    """Several recorded games, one a page, each under its own title: a tournament's tables,
    as the season book prints its games, without the book's cover and contents.

    The games are of one season, so of one rule set: the first sheet's reference panel
    serves every page.
    """

    def __init__(
        self, entries: Sequence[TitledSheet], *, title: str, paper: Paper = Paper.LETTER
    ) -> None:
        super().__init__(paper=paper)
        assert entries, "a book of no sheet"
        self.entries = tuple(entries)
        self.sheets = len(self.entries)
        self.title = title

    def _page_templates(self, doc: BaseDocTemplate) -> list[PageTemplate]:
        return [self._sheet_template("sheet", 1, self.entries[0].sheet.reference)]

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        return [
            filled_sheet(self.furniture, entry.sheet, entry.title, bookmark=entry.title)
            for entry in self.entries
        ]
