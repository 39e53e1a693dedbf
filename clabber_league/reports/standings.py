"""The season's standings for the club's board: the table as the standings view shows it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from itertools import groupby
from operator import attrgetter

from reportlab.platypus import BaseDocTemplate, Flowable, Table

from clabber_league.i18n import N_, _, date_text
from clabber_league.i18n.standings_words import (
    half_title,
    half_winners,
    tie_break_text,
    unknown_makers_note,
)
from clabber_league.league import StandingRow, unknown_makers_total
from clabber_league.reports.document import Line, Renderer, paragraph, season_title, title_lines
from clabber_league.reports.styles import Paper
from clabber_league.reports.tables import table_style

HEADINGS = (
    "#", N_("Team"), N_("GP"), N_("W"), N_("L"), N_("T"), N_("Pct"), N_("PF"), N_("PA"),
    N_("Diff"), N_("Made"), N_("Sets"), N_("Reneges"),
)  # fmt: skip
"""The standings view's columns, in its words."""
LEGEND = N_(
    "GP games played (a forfeit counts its games) · W L T won, lost, tied · Pct wins and half "
    "the ties per game · PF PA points for and against · Diff PF less PA · Made, Sets hands made "
    "and set (XX) as the makers · Reneges hands the team reneged in"
)
_NUMBER_WIDTHS = (22, None, 26, 24, 24, 24, 36, 40, 40, 40, 34, 32, 54)


@dataclass(frozen=True)
class StandingsData:
    """A season's table, each cell as printed."""

    league: str
    season: str
    rules_name: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    tie_break: str
    stamp: str
    unknown_makers: str = ""
    """The line about hands copied without their makers ("" when there are none)."""
    retired: tuple[tuple[str, ...], ...] = ()
    """The retired teams' lines (no rank), printed apart under the ranked ones."""
    divisions: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...] = ()
    """With divisions: each division's heading and ranked lines, printed in its place
    of ``rows`` (which then holds them all)."""
    half: str = ""
    """"First half" or "Second half" ("" for the whole season)."""
    winners: str = ""
    """The half's winners line ("" for the whole season, or before any game)."""


def stamp_text(day: date) -> str:
    return _("As of {day}").format(day=date_text(day, "EEE dd MMM y"))


def standings_data(
    *,
    league: str,
    season: str,
    rules_name: str,
    rows: Sequence[StandingRow],
    order: Sequence[str],
    stamp: date,
    half: int | None = None,
) -> StandingsData:
    """The table of ``rows`` (already in standings order, by division when the season
    has them), formatted as the view shows it; ``half`` 1 or 2 names the half and its
    winners (the top-ranked team of each division, once it has played)."""
    divisions = tuple(
        (division or _("No division"), tuple(_cells(row) for row in group if row.rank is not None))
        for division, group in groupby(rows, key=attrgetter("division"))
    )
    winners = [row.name for row in rows if row.rank == 1 and row.gp]
    return StandingsData(
        league=league,
        season=season,
        rules_name=rules_name,
        headings=tuple(_(heading) for heading in HEADINGS),
        rows=tuple(_cells(row) for row in rows if row.rank is not None),
        tie_break=tie_break_text(order),
        stamp=stamp_text(stamp),
        unknown_makers=unknown_makers_note(unknown_makers_total(rows)),
        retired=tuple(_cells(row) for row in rows if row.rank is None),
        divisions=divisions if any(row.division for row in rows) else (),
        half="" if half is None else half_title(half),
        winners=half_winners(half, winners) if half is not None and winners else "",
    )


def _cells(row: StandingRow) -> tuple[str, ...]:
    """A team's line as printed (a retired team's rank cell is empty)."""
    rank = "" if row.rank is None else str(row.rank)
    pct, diff = f"{row.pct:.3f}", f"{row.diff:+d}"
    figures = (row.gp, row.w, row.l, row.t, pct, row.pf, row.pa, diff)
    return (rank, row.name, *map(str, (*figures, row.made, row.sets, row.reneges)))


def standings_table(
    data: StandingsData, width: float, rows: Sequence[tuple[str, ...]] | None = None
) -> Table:
    """The table itself (of ``rows``, the ranked ones unless told): the team column
    takes what the figures leave."""
    fixed = sum(w for w in _NUMBER_WIDTHS if w is not None)
    widths = [w if w is not None else max(80.0, width - fixed) for w in _NUMBER_WIDTHS]
    body: list[list[object]] = [
        [
            Line(heading, 8, bold=True, align="left" if i == 1 else "right")
            for i, heading in enumerate(data.headings)
        ]
    ]
    for row in data.rows if rows is None else rows:
        body.append(
            [
                Line(cell, 9, bold=i in (0, 1), align="left" if i == 1 else "right")
                for i, cell in enumerate(row)
            ]
        )
    table = Table(body, colWidths=widths, repeatRows=1)
    table.setStyle(table_style(len(body)))
    return table


def ranked_tables(data: StandingsData, width: float) -> list[Flowable]:
    """The standings' tables: one per division under its heading (or one for the season),
    then the retired teams'; the standings printout and the week's recap print the same."""
    tables: list[Flowable] = []
    if data.divisions:
        for division, rows in data.divisions:
            tables += [paragraph(division, "Heading"), standings_table(data, width, rows)]
    else:
        tables.append(standings_table(data, width))
    if data.retired:
        tables += [
            paragraph(_("Retired (not ranked)"), "Heading"),
            standings_table(data, width, data.retired),
        ]
    return tables


class StandingsRenderer(Renderer):
    """The season's standings on as many pages as its teams need."""

    def __init__(self, data: StandingsData, *, paper: Paper = Paper.LETTER) -> None:
        super().__init__(paper=paper)
        self.data = data
        self.title = season_title(data.league, data.season, "standings")

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        data = self.data
        subtitle = _("Standings · {rules_name} rules · {stamp}").format(
            rules_name=_(data.rules_name), stamp=data.stamp
        )
        if data.half:
            subtitle = f"{data.half} · {subtitle}"
        story: list[Flowable] = [
            *title_lines(data.league, data.season, subtitle),
            *ranked_tables(data, doc.width),
        ]
        if data.winners:
            story.append(paragraph(data.winners, "Heading"))
        story.append(paragraph(data.tie_break, "Heading"))
        if data.unknown_makers:
            story.append(paragraph(data.unknown_makers, "Note"))
        story.append(paragraph(_(LEGEND), "Note"))
        return story
