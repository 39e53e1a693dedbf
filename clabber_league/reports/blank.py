"""Blank scoresheets: the pads a club puts on every table, shop's box and all.

Shops in Evansville gave away scoresheet pads with their name on them; the
``Sponsor`` box keeps that tradition for the league's own sponsors.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.platypus import BaseDocTemplate, Flowable, PageTemplate

from clabber_league.i18n import _, date_text
from clabber_league.reports.document import ReportError, paragraph
from clabber_league.reports.grid import ScoreGrid
from clabber_league.reports.layout import GAMES_PER_PAGE, Sheet, SheetRenderer, Sponsor
from clabber_league.reports.reference import QuickReference, quick_reference
from clabber_league.reports.sheet import SheetHeading
from clabber_league.reports.styles import Paper
from clabber_league.rules import RuleSet, rule_set
from clabber_league.rules.limits import PAGES
from clabber_league.rules.names import InvalidNameError, clean_name

if TYPE_CHECKING:  # the store (and SQLAlchemy) only for the type
    from clabber_league.store.league import MatchInfo


@dataclass(frozen=True)
class TableSheet:
    """A week's sheet for one game at one table, its heading and names filled in."""

    title: str
    """"Table 3 · game 1 of 2"."""
    heading: SheetHeading
    sides: tuple[str, ...]
    """The teams over their columns, home first."""
    players: tuple[str, ...]
    """A line per team: who sits where ("Eagles: A1 Ann, A2 Bob")."""


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
    tables: tuple[TableSheet, ...] = ()
    """A week's sheets, filled in (``week_sheets``); none: a pad of empty ones."""

    @property
    def sheets(self) -> int:
        return len(self.tables) or self.games_per_page * self.pages


def blank_sheet_data(
    *,
    games_per_page: int = 1,
    pages: int = 1,
    league: str = "",
    rules: RuleSet | None = None,
    sponsor: Sponsor | None = None,
    tables: Sequence[TableSheet] = (),
) -> BlankSheetData:
    """A pad for ``rules`` (Evansville by default): its side columns and its reference panel;
    given ``tables`` (a week's, ``week_sheets``), those sheets instead of empty ones."""
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
        tables=tuple(tables),
    )


def week_sheets(
    *,
    league: str,
    season: str,
    week: int,
    matches: Sequence[MatchInfo],
    lineups: Mapping[int, Mapping[str, str]],
    rules: RuleSet,
    games_per_match: int,
) -> tuple[TableSheet, ...]:
    """A sheet per game of each match of ``week`` (byes get none), in table order, with
    the teams, who sits where (``lineups``: match → seat → name by the rosters, and the
    match's substitutes over them), the table and the night."""
    sheets: list[TableSheet] = []
    for match in matches:
        if match.week != week or match.away is None:
            continue
        heading = SheetHeading(
            league=" — ".join(name for name in (league, season) if name),
            date=date_text(match.played_on, "EEE dd MMM y") if match.played_on else "",
            table=str(match.table),
        )
        seats = {**lineups.get(match.id, {}), **match.substitutes}
        players = tuple(
            f"{team}: " + ", ".join(f"{seat} {seats[seat]}" for seat in rules.layout.seats_of(side)
                                    if seat in seats)
            for side, team in zip(rules.sides, (match.home, match.away), strict=False)
        )  # fmt: skip
        for game in range(1, games_per_match + 1):
            title = _("Table {table}").format(table=match.table)
            if games_per_match > 1:
                title += _(" · game {game} of {games}").format(game=game, games=games_per_match)
            sheets.append(TableSheet(title, heading, (match.home, match.away), players))
    return tuple(sheets)


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
        aside = _("{rules_name} rules").format(rules_name=_(data.reference.rules_name))
        if data.tables:
            return [
                Sheet(
                    sheet.title,
                    ScoreGrid(self.furniture, sheet.sides, heading=sheet.heading),
                    [paragraph(line, "Small") for line in sheet.players],
                    aside=aside,
                )
                for sheet in data.tables
            ]
        return [
            Sheet(
                _("Clabber scoresheet"),
                ScoreGrid(self.furniture, ("",) * data.sides, heading=data.heading),
                aside=aside,
            )
            for _sheet in range(data.sheets)
        ]
