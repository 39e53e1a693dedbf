"""The week's recap: one page for the secretary to hand out or pin up after league night.

The week's results (each game's totals, the W by the winner), the standings after
the week, next week's pairings, the make-ups still owed and the week's records.
Everything comes in as plain data (``recap_data``); ``gather.recap_from_store``
reads it from the store.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from reportlab.platypus import BaseDocTemplate, Flowable, KeepInFrame, Table

from clabber_league.i18n import _, date_text, makeup_words, said
from clabber_league.i18n.words import outcome_mark
from clabber_league.league.results import AWAY, HOME, match_result, result_words
from clabber_league.reports.document import Line, Renderer, paragraph, season_title, title_lines
from clabber_league.reports.schedule import ScheduleWeek, schedule_data, week_flowables
from clabber_league.reports.standings import StandingsData, ranked_tables, stamp_text
from clabber_league.reports.styles import Paper
from clabber_league.reports.tables import table_style
from clabber_league.rules.sheet import Outcome

if TYPE_CHECKING:  # the store (and SQLAlchemy) only for the types
    from clabber_league.store.league import MatchInfo
    from clabber_league.store.recap import WeekRecords


@dataclass(frozen=True)
class RecapGame:
    """One line of the results: a game's totals, each with its W when it won."""

    home: str
    away: str


@dataclass(frozen=True)
class RecapMatch:
    table: int
    home: str
    away: str
    games: tuple[RecapGame, ...]
    note: str
    """The match's result in words: "2–1", "forfeit (Owls)", "postponed: make-up pending"."""


@dataclass(frozen=True)
class RecapData:
    league: str
    season: str
    week: int
    night: str
    stamp: str
    results: tuple[RecapMatch, ...]
    byes: tuple[str, ...]
    standings: StandingsData
    next_week: ScheduleWeek | None
    """Next week's pairings; ``None`` after the last week."""
    makeups: tuple[str, ...]
    """The postponed matches of this week and before, still to be played."""
    records: tuple[str, ...]


def _total(total: int, won: bool) -> str:
    return f"{total} {outcome_mark(Outcome.WON)}" if won else str(total)


def _match(match: MatchInfo) -> RecapMatch:
    from clabber_league.store.league import FORFEIT, POSTPONED, TO_PLAY  # noqa: PLC0415

    games = tuple(
        RecapGame(_total(game.home_total, game.winner == HOME),
                  _total(game.away_total, game.winner == AWAY))
        for game in match.results
        if game.winner
    )  # fmt: skip
    assert match.away is not None
    if match.state == POSTPONED:
        note = _("postponed: make-up pending")
    elif match.makeup_on and match.state == TO_PLAY and not games:
        note = makeup_words(match.makeup_on)
    elif match.state == FORFEIT:
        note = said(result_words((), match.forfeited_by))
    elif match.state == TO_PLAY and not games:
        note = _("not played yet")
    else:
        note = said(match_result(match))
    return RecapMatch(match.table, match.home, match.away, games, note)


def _records(records: WeekRecords) -> tuple[str, ...]:
    if records.high_game is None:
        return (_("No game was finished this week."),)
    lines = []
    if records.high_game is not None:
        lines.append(
            _("Highest game: {team}, {points}").format(
                team=records.high_game.team, points=records.high_game.figure
            )
        )
    if records.big_hand is not None:
        lines.append(
            _("Biggest hand: {team}, {points}").format(
                team=records.big_hand.team, points=records.big_hand.figure
            )
        )
    sets = _("Hands set: {count}").format(count=records.hands_set)
    if records.most_set is not None:
        sets += _(" · set most: {team} ({count})").format(
            team=records.most_set.team, count=records.most_set.figure
        )
    lines.append(sets)
    return tuple(lines)


def recap_data(
    *,
    league: str,
    season: str,
    week: int,
    matches: Sequence[MatchInfo],
    standings: StandingsData,
    records: WeekRecords,
    stamp: date,
) -> RecapData:
    """The recap of ``week`` from the season's whole schedule (the store's order)."""
    from clabber_league.store.league import POSTPONED, TO_PLAY  # noqa: PLC0415

    this = [match for match in matches if match.week == week]
    following = [match for match in matches if match.week == week + 1]
    played_on = this[0].played_on if this else None
    owed = [
        match
        for match in matches
        if match.week <= week
        and (match.state == POSTPONED or (match.makeup_on and match.state == TO_PLAY))
    ]
    makeups = tuple(
        _("Week {week}, table {table}: {home} v {away}").format(
            week=match.week, table=match.table, home=match.home, away=match.away
        )
        + (" — " + makeup_words(match.makeup_on) if match.makeup_on else "")
        for match in owed
    )
    return RecapData(
        league=league,
        season=season,
        week=week,
        night=date_text(played_on, "EEE dd MMM y") if played_on else "",
        stamp=stamp_text(stamp),
        results=tuple(_match(match) for match in this if match.away is not None),
        byes=tuple(match.home for match in this if match.away is None),
        standings=standings,
        next_week=(
            schedule_data(league=league, season=season, matches=following, stamp=stamp).weeks[0]
            if following
            else None
        ),
        makeups=makeups,
        records=_records(records),
    )


def results_table(results: Sequence[RecapMatch], width: float) -> Table:
    """A line per game (the table and teams on the match's first), the match's result by it."""
    team = (width - 34 - 62 - 62 - 130) / 2
    rows: list[list[object]] = [
        [
            Line(_("Table"), 8, bold=True, align="right"),
            Line(_("Home"), 8, bold=True),
            Line("", 8),
            Line("", 8),
            Line(_("Away"), 8, bold=True),
            Line(_("Result"), 8, bold=True),
        ]
    ]
    for match in results:
        games = match.games or (RecapGame("", ""),)
        for number, game in enumerate(games):
            first = number == 0
            rows.append(
                [
                    Line(str(match.table) if first else "", 9, align="right"),
                    Line(match.home if first else "", 9, bold=True),
                    Line(game.home, 9, align="right"),
                    Line(game.away, 9, align="right"),
                    Line(match.away if first else "", 9, bold=True),
                    # The note wraps: a forfeit names a team, and names run to 48 letters.
                    paragraph(match.note, "Note") if first else "",
                ]
            )
    table = Table(rows, colWidths=[34, team, 62, 62, team, 130])
    table.setStyle(table_style(len(rows)))
    return table


class RecapRenderer(Renderer):
    """The week's recap on one page: shrunk to fit rather than spilling onto a second."""

    page_numbers = False

    def __init__(self, data: RecapData, *, paper: Paper = Paper.LETTER) -> None:
        super().__init__(paper=paper)
        self.data = data
        self.title = season_title(data.league, data.season, f"week {data.week} recap")

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        data = self.data
        night = _(" — {night}").format(night=data.night) if data.night else ""
        subtitle = _("Week {number} recap").format(number=data.week) + night
        story: list[Flowable] = [
            *title_lines(data.league, data.season, f"{subtitle} · {data.stamp}"),
            paragraph(_("Results"), "Heading"),
        ]
        if data.results:
            story.append(results_table(data.results, doc.width))
        if data.byes:
            story.append(paragraph(_("Bye: ") + ", ".join(data.byes), "Body"))
        story.append(paragraph(_("The week's records"), "Heading"))
        story += [paragraph(line, "Body") for line in data.records]
        story += [
            paragraph(_("Standings after week {number}").format(number=data.week), "Heading"),
            *ranked_tables(data.standings, doc.width),
        ]
        story.append(paragraph(data.standings.tie_break, "Note"))
        if data.next_week is not None:
            story += week_flowables(data.next_week, doc.width, lead=_("Next week: "))
        story.append(paragraph(_("Make-ups"), "Heading"))
        story += [paragraph(line, "Body") for line in data.makeups] or [
            paragraph(_("None owed."), "Body")
        ]
        return [KeepInFrame(doc.width, doc.height, story, mode="shrink")]
