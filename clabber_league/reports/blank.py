"""Blank scoresheets: the pads a club puts on every table, shop's box and all.

Shops in Evansville gave away scoresheet pads with their name on them; the
``Sponsor`` box keeps that tradition for the league's own sponsors.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.platypus import BaseDocTemplate, Flowable, PageTemplate

from clabber_league.i18n import _
from clabber_league.reports.document import ReportError
from clabber_league.reports.grid import ScoreGrid
from clabber_league.reports.layout import GAMES_PER_PAGE, Sheet, SheetRenderer, Sponsor
from clabber_league.reports.reference import QuickReference, quick_reference
from clabber_league.reports.sheet import SheetHeading
from clabber_league.reports.styles import Paper
from clabber_league.rules import RuleSet, rule_set
from clabber_league.rules.limits import PAGES
from clabber_league.rules.names import InvalidNameError, clean_name


@dataclass(frozen=True)
class BlankSheetData:
    """A pad of blank sheets."""

    games_per_page: int
    pages: int
    heading: SheetHeading
    """What is printed on the heading lines already (the league's name, usually)."""
    sides: int
    reference: QuickReference
    sponsor: Sponsor | None

    @property
    def sheets(self) -> int:
        return self.games_per_page * self.pages


def blank_sheet_data(
    *,
    games_per_page: int = 1,
    pages: int = 1,
    league: str = "",
    rules: RuleSet | None = None,
    sponsor: Sponsor | None = None,
) -> BlankSheetData:
    """A pad for ``rules`` (Evansville by default): its side columns and its reference panel."""
    if games_per_page not in GAMES_PER_PAGE:
        raise ReportError(
            _("a page holds 1, 2 or 4 games, not {games_per_page}").format(
                games_per_page=games_per_page
            )
        )
    if not PAGES.allows(pages):
        # A pad of a thousand pages is a print shop's job, not a click's.
        raise ReportError(f"a pad has {PAGES.range_words()}, not {pages}")
    try:
        league_name = clean_name(league, "league", optional=True)
    except InvalidNameError as exc:
        raise ReportError(str(exc)) from None
    chosen = rules or rule_set()
    has_sponsor = sponsor is not None and (sponsor.text.strip() or sponsor.logo)
    return BlankSheetData(
        games_per_page=games_per_page,
        pages=pages,
        heading=SheetHeading(league=league_name),
        sides=len(chosen.sides),
        reference=quick_reference(chosen),
        sponsor=sponsor if has_sponsor else None,
    )


class BlankSheetRenderer(SheetRenderer):
    """Blank sheets, 1, 2 or 4 a page, as many pages as asked."""

    page_numbers = False

    def __init__(self, data: BlankSheetData, *, paper: Paper = Paper.LETTER) -> None:
        super().__init__(paper=paper)
        self.title = _("Clabber scoresheet")
        self.data = data
        self.sheets = data.sheets

    def _page_templates(self, doc: BaseDocTemplate) -> list[PageTemplate]:
        data = self.data
        return [self._sheet_template("blank", data.games_per_page, data.reference, data.sponsor)]

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        data = self.data
        return [
            Sheet(
                _("Clabber scoresheet"),
                ScoreGrid(self.furniture, ("",) * data.sides, heading=data.heading),
                aside=_("{rules_name} rules").format(rules_name=_(data.reference.rules_name)),
            )
            for _sheet in range(data.sheets)
        ]
