"""The season's schedule: each week's night, tables, pairings and byes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from reportlab.platypus import BaseDocTemplate, Flowable, KeepTogether, Table

from clabber_league.i18n import _, date_text, makeup_words, said
from clabber_league.league.results import match_result
from clabber_league.reports.document import Line, Renderer, paragraph, season_title, title_lines
from clabber_league.reports.standings import stamp_text
from clabber_league.reports.styles import GREY, Paper
from clabber_league.reports.tables import table_style

if TYPE_CHECKING:  # the store (and SQLAlchemy) only for the type
    from clabber_league.store.league import MatchInfo


@dataclass(frozen=True)
class ScheduleMatch:
    table: int
    home: str
    away: str
    state: str
    """"", "entered", "postponed" or "forfeit": blank for a match still to play."""
    result: str = ""
    """The match's result (``league.results``): "2–1", "512–380", "forfeit (Owls)"."""


@dataclass(frozen=True)
class ScheduleWeek:
    number: int
    night: str
    """"Thu 06 Mar 2025", or "" when the week has no date yet."""
    matches: tuple[ScheduleMatch, ...]
    byes: tuple[str, ...]


@dataclass(frozen=True)
class ScheduleData:
    league: str
    season: str
    weeks: tuple[ScheduleWeek, ...]
    stamp: str


def schedule_data(
    *, league: str, season: str, matches: Sequence[MatchInfo], stamp: date
) -> ScheduleData:
    """The schedule grouped by week, in the order given (the store's: week, then table).

    A match still to play prints with an empty state: the sheet goes up
    before the season starts, when every line would say so.
    """
    # The matches come from the store, so it is loaded already.
    from clabber_league.store.league import TO_PLAY  # noqa: PLC0415

    weeks: dict[int, tuple[str, list[ScheduleMatch], list[str]]] = {}
    for match in matches:
        night = date_text(match.played_on, "EEE dd MMM y") if match.played_on else ""
        _, games, byes = weeks.setdefault(match.week, (night, [], []))
        if match.away is None:
            byes.append(match.home)
        else:
            state = "" if match.state == TO_PLAY else match.state
            if match.makeup_on and match.state == TO_PLAY:
                state = makeup_words(match.makeup_on)
            result = said(match_result(match))
            games.append(ScheduleMatch(match.table, match.home, match.away, state, result))
    return ScheduleData(
        league=league,
        season=season,
        weeks=tuple(
            ScheduleWeek(number, night, tuple(games), tuple(byes))
            for number, (night, games, byes) in weeks.items()
        ),
        stamp=stamp_text(stamp),
    )


class ScheduleRenderer(Renderer):
    """Week after week, each kept on one page."""

    def __init__(self, data: ScheduleData, *, paper: Paper = Paper.LETTER) -> None:
        super().__init__(paper=paper)
        self.data = data
        self.title = season_title(data.league, data.season, "schedule")

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        data = self.data
        story = title_lines(
            data.league, data.season, _("Schedule · {stamp}").format(stamp=data.stamp)
        )
        if not data.weeks:
            story.append(paragraph(_("No schedule has been made for this season yet."), "Body"))
        for week in data.weeks:
            story.append(KeepTogether(week_flowables(week, doc.width)))
        return story


def week_flowables(week: ScheduleWeek, width: float, *, lead: str = "") -> list[Flowable]:
    """A week's heading (after ``lead``), its matches' table and its byes: the schedule's
    week, and the recap's next one."""
    heading = (
        lead
        + _("Week {number}").format(number=week.number)
        + (_(" — {night}").format(night=week.night) if week.night else "")
    )
    parts: list[Flowable] = [paragraph(heading, "Heading")]
    if week.matches:
        team = (width - 40 - 24 - 70 - 90) / 2
        rows: list[list[object]] = [
            [
                Line(_("Table"), 8, bold=True, align="right"),
                Line(_("Home"), 8, bold=True),
                Line("", 8),
                Line(_("Away"), 8, bold=True),
                Line(_("State"), 8, bold=True),
                Line(_("Result"), 8, bold=True),
            ]
        ]
        rows += [
            [
                Line(str(match.table), 9, align="right"),
                Line(match.home, 9, bold=True),
                Line("v", 9, align="center", color=GREY),
                Line(match.away, 9, bold=True),
                Line(match.state, 8, color=GREY),
                Line(match.result, 9, bold=True),
            ]
            for match in week.matches
        ]
        table = Table(rows, colWidths=[40, team, 24, team, 70, 90])
        table.setStyle(table_style(len(rows)))
        parts.append(table)
    if week.byes:
        parts.append(paragraph(_("Bye: ") + ", ".join(week.byes), "Body"))
    return parts
