"""The season's matches as iCalendar files (``icalendar``): one for the season, one per team.

Each match with an opponent and a day is an all-day event on its day — the make-up
date of a postponed match once it has one, else its week's night — since the store
keeps no time of day for a league night. A match is always the same event to a
subscribed calendar (its UID is ``match-{id}@clabber-league``), so a new date or a
result replaces what the calendar showed. (No SEQUENCE: the match's change counter
moves with every hand, and a calendar must change only when what it shows does.)
A match still waiting for its make-up date stays on its old night, cancelled, until
it gets one. Byes and matches with no day yet are left out: there is no day to show.

The published site gives the same bytes for the same database, so nothing here reads
the clock: an event's DTSTAMP is its last game's finish, or the season's creation
before any game. The words are the current language's (``i18n``): the site is
published in the league's.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta

from icalendar import Calendar, Event

from clabber_league.i18n import _, figures, fill, isolate, makeup_words, said
from clabber_league.league.results import match_result
from clabber_league.store.calendar_reads import SeasonDates, season_dates
from clabber_league.store.database import Database
from clabber_league.store.league import POSTPONED, MatchInfo

#: Who made the file, as RFC 5545 asks: the program, never its version (a new release
#: would change every published calendar's bytes).
PRODUCT = "-//Clabber League//Clabber League//EN"


def season_calendar(database: Database, season: str, *, league: str | None = None) -> bytes:
    """Every scheduled match of the season (in ``league`` when several leagues have a
    season of that name) as an iCalendar file."""
    dates = season_dates(database, season, league)
    return _calendar(title(dates.league, dates.season), dates, dates.matches)


def team_calendars(
    database: Database, season: str, *, league: str | None = None
) -> dict[int, bytes]:
    """Team id → the iCalendar file of that team's matches, for every team of the season
    (a team with no match yet gets an empty calendar, so its page's link still works)."""
    dates = season_dates(database, season, league)
    return {
        team_id: _calendar(
            title(name, dates.league, dates.season),
            dates,
            [
                match
                for match in dates.matches
                if team_id
                in (dates.stamps[match.id].home_team_id, dates.stamps[match.id].away_team_id)
            ],
        )
        for team_id, name in dates.teams.items()
    }


def title(*parts: str) -> str:
    """A calendar's or a feed's name: its parts (names, a word) between middle dots, each
    kept whole in a right-to-left language (``i18n.isolate``)."""
    return " · ".join(isolate(part) for part in parts)


def match_day(match: MatchInfo) -> date | None:
    """The day the match is played: its make-up date once it has one, else its night."""
    return match.makeup_on or match.played_on


def _calendar(name: str, dates: SeasonDates, matches: Iterable[MatchInfo]) -> bytes:
    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    for match in matches:
        day = match_day(match)
        if match.away is None or day is None:
            continue
        calendar.add_component(_event(match, day, dates))
    return bytes(calendar.to_ical())


def _event(match: MatchInfo, day: date, dates: SeasonDates) -> Event:
    stamp = dates.stamps[match.id]
    event = Event()
    event.add("uid", f"match-{match.id}@clabber-league")
    event.add("dtstamp", _latest(dates.created_at, stamp.last_finished))
    event.add("dtstart", day)
    event.add("dtend", day + timedelta(days=1))
    event.add("summary", fill(_("{home} v {away}"), home=match.home, away=match.away))
    if match.table:
        event.add("location", _("Table {number}").format(number=figures(str(match.table))))
    event.add("description", "\n".join(match_lines(match)))
    event.add("status", "CANCELLED" if match.state == POSTPONED else "CONFIRMED")
    return event


def match_lines(match: MatchInfo) -> list[str]:
    """What the event says of its match: the playoff round, the week, a postponement or a
    make-up date, and the result once there is one (``league.results``)."""
    lines = [said(match.playoff)] if match.playoff else []
    lines.append(_("Week {number}").format(number=figures(str(match.week))))
    if match.state == POSTPONED:
        lines.append(_("postponed: make-up pending"))
    elif match.makeup_on:
        lines.append(makeup_words(match.makeup_on))
    result = said(match_result(match))
    if result:
        lines.append(fill(_("Result: {result}"), result=figures(result)))
    return lines


def _latest(first: datetime, second: datetime | None) -> datetime:
    return first if second is None else max(first, second)
