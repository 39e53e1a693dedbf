"""The season book: a cover with the final table, the contents, and every game's sheet.

Every game's sheet takes exactly one page (``layout.Sheet`` never spills),
so the contents can give page numbers before anything is drawn, and the
data says them: game ``i`` is on page 1 (cover) + the contents pages + ``i``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import astuple, dataclass
from typing import Any

from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    KeepInFrame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
)

from clabber_league.i18n import _
from clabber_league.reports import fonts
from clabber_league.reports.document import (
    Line,
    Progress,
    check_progress,
    paragraph,
    season_title,
)
from clabber_league.reports.filled import filled_sheet, matchup
from clabber_league.reports.layout import SheetRenderer
from clabber_league.reports.reference import QuickReference, quick_reference
from clabber_league.reports.sheet import FilledSheetData
from clabber_league.reports.standings import StandingsData, standings_table
from clabber_league.reports.styles import GREY, INK, Paper
from clabber_league.reports.tables import table_style
from clabber_league.rules import RuleSet
from clabber_league.rules.sheet import Outcome

CONTENTS_LINES = 40
"""Contents lines a page: fits Letter and A4 alike at the fixed line height."""
_CONTENTS_ROW = 14.5
_CONTENTS_HEADINGS = ("Game", "Week", "Table", "Date", "Teams", "Result", "Page")


@dataclass(frozen=True)
class BookEntry:
    """One game for the book: where it was played, and its sheet."""

    week: int | None
    table: int | None
    sheet: FilledSheetData


@dataclass(frozen=True)
class ContentsLine:
    number: int
    week: str
    table: str
    date: str
    teams: str
    result: str
    page: int


@dataclass(frozen=True)
class SeasonBookData:
    league: str
    season: str
    rules_name: str
    standings: StandingsData
    contents: tuple[ContentsLine, ...]
    sheets: tuple[FilledSheetData, ...]
    reference: QuickReference

    @property
    def contents_pages(self) -> int:
        return max(1, math.ceil(len(self.contents) / CONTENTS_LINES))


def result_text(sheet: FilledSheetData) -> str:
    """ "674–438 Jack-Nine Club", "506–506 tied", "220–154 so far"."""
    figures = "–".join(str(total) for total in sheet.totals)
    if Outcome.TIED in sheet.outcomes:
        return _("{figures} tied").format(figures=figures)
    if Outcome.WON in sheet.outcomes:
        return f"{figures} {fonts.clean(sheet.sides[sheet.outcomes.index(Outcome.WON)])}"
    return _("{figures} so far").format(figures=figures)


def season_book_data(
    *,
    league: str,
    season: str,
    rules: RuleSet,
    standings: StandingsData,
    entries: Sequence[BookEntry],
) -> SeasonBookData:
    """The book of ``entries`` (in the order entered), its contents paged."""
    contents_pages = max(1, math.ceil(len(entries) / CONTENTS_LINES))
    contents = tuple(
        ContentsLine(
            number=number,
            week=str(entry.week) if entry.week is not None else "",
            table=str(entry.table) if entry.table is not None else "",
            date=entry.sheet.heading.date,
            teams=matchup(entry.sheet.sides),
            result=result_text(entry.sheet),
            page=1 + contents_pages + number,
        )
        for number, entry in enumerate(entries, start=1)
    )
    return SeasonBookData(
        league=league,
        season=season,
        rules_name=rules.name,
        standings=standings,
        contents=contents,
        sheets=tuple(entry.sheet for entry in entries),
        reference=quick_reference(rules),
    )


class SeasonBookRenderer(SheetRenderer):
    """Cover, contents, then one page per game.

    A book of hundreds of games takes seconds, so the window passes
    ``progress``: it hears ``(games drawn, games)`` after each game's page,
    and returning False abandons the book (``ReportCancelledError``; a path
    is left as it was, see ``clabber_league.outputs``).
    """

    def __init__(
        self,
        data: SeasonBookData,
        *,
        paper: Paper = Paper.LETTER,
        progress: Progress | None = None,
    ) -> None:
        super().__init__(paper=paper)
        self.data = data
        self.sheets = len(data.sheets)
        self.title = season_title(data.league, data.season, "season book")
        self.progress = progress

    def _page_templates(self, doc: BaseDocTemplate) -> list[PageTemplate]:
        sheet = self._sheet_template("sheet", 1, self.data.reference)
        sheet.onPageEnd = self._sheet_drawn
        return [self._plain_template(doc), sheet]

    def _sheet_drawn(self, canvas: Any, doc: BaseDocTemplate) -> None:
        # Game i is on page 1 (cover) + the contents pages + i: see the module docstring.
        drawn = canvas.getPageNumber() - 1 - self.data.contents_pages
        check_progress(self.progress, drawn, self.sheets)

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        data = self.data
        story = self._cover(doc)
        for start in range(0, max(1, len(data.contents)), CONTENTS_LINES):
            story += [
                PageBreak(),
                *self._contents(data.contents[start : start + CONTENTS_LINES], start, doc),
            ]
        story += [NextPageTemplate("sheet"), PageBreak()]
        total = len(data.sheets)
        for line, sheet in zip(data.contents, data.sheets, strict=True):
            where = [_("week {week}").format(week=line.week)] if line.week else []
            where += [_("table {table}").format(table=line.table)] if line.table else []
            title = _("Game {number} of {total}").format(number=line.number, total=total)
            if where:
                title += _(" · {where}").format(where=", ".join(where))
            bookmark = _("{number}. {teams}").format(number=line.number, teams=line.teams)
            story.append(
                filled_sheet(
                    self.furniture,
                    sheet,
                    _("{title} — {teams}").format(title=title, teams=line.teams),
                    bookmark=bookmark,
                )
            )
        return story

    def _cover(self, doc: BaseDocTemplate) -> list[Flowable]:
        data = self.data
        games = len(data.sheets)
        facts = (
            f"Season book · {data.rules_name} rules · "
            f"{games} game{'s' if games != 1 else ''} · {data.standings.stamp}"
        )
        table = standings_table(data.standings, doc.width)
        notes = (data.standings.tie_break, data.standings.unknown_makers)
        under = [paragraph(note, "Note") for note in notes if note]
        return [
            Spacer(1, 24),
            paragraph(data.league, "CoverTitle"),
            paragraph(data.season, "Title"),
            paragraph(facts, "Subtitle"),
            Spacer(1, 12),
            paragraph(_("Standings"), "Heading"),
            # One cover page whatever the league's size: the contents' page numbers count on it.
            KeepInFrame(doc.width, doc.height - 190, [table, *under], mode="shrink"),
        ]

    def _contents(
        self, lines: Sequence[ContentsLine], start: int, doc: BaseDocTemplate
    ) -> list[Flowable]:
        heading = _("Contents") if start == 0 else _("Contents (continued)")
        parts: list[Flowable] = [paragraph(heading, "Title")]
        if not lines:
            parts.append(paragraph(_("No games have been entered for this season yet."), "Body"))
            return parts
        widths = [34, 34, 34, 92, 0, 110, 30]
        widths[4] = doc.width - sum(widths)
        aligns = ("right", "right", "right", "left", "left", "left", "right")
        rows: list[list[object]] = [
            [
                Line(text, 8, bold=True, align=align)
                for text, align in zip(_CONTENTS_HEADINGS, aligns, strict=True)
            ]
        ]
        for line in lines:
            cells = [str(value) for value in astuple(line)]  # the columns, in their order
            rows.append(
                [
                    Line(text, 8.5, align=align, bold=index == 4, color=GREY if index == 3 else INK)
                    for index, (text, align) in enumerate(zip(cells, aligns, strict=True))
                ]
            )
        table = Table(rows, colWidths=widths, rowHeights=_CONTENTS_ROW)
        table.setStyle(table_style(len(rows)))
        parts.append(table)
        return parts
