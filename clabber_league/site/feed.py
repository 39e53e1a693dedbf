"""The season's results as an Atom feed (``feedgen``): an entry per match with a result.

A match's entry is there once one of its games is finished or it is forfeit, and
says what the schedule's result column says, game by game. Its id is a ``tag:`` URI
(RFC 4151) made of the season's creation day and the match's id, so a reader never
shows the same match twice, whatever the league or the site's address is called.

The published site gives the same bytes for the same database, so nothing here reads
the clock: an entry is updated when its match's last game finished (a forfeit, having
no game, on its match's day), the feed when its latest entry was. The feed names no
other host: feedgen's own generator line (its web address and version) is replaced by
the program's name; its links are relative to the feed, which sits beside the home
page, or under ``base_url`` when the site's address is given.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, time
from urllib.parse import urljoin, urlsplit

from feedgen.feed import FeedGenerator

from clabber_league.i18n import _, current, figures, fill, said
from clabber_league.league.results import match_result
from clabber_league.rules.messages import ProblemError, problem
from clabber_league.site.calendar import match_day, match_lines, title
from clabber_league.store.calendar_reads import SeasonDates, season_dates
from clabber_league.store.database import Database
from clabber_league.store.league import MatchInfo

#: The home page, relative to the feed.
HOME_PAGE = "index.html"


def match_page(match_id: int) -> str:
    """Where a match's page is, relative to the feed (the site's own layout)."""
    return f"match/{match_id}.html"


def results_feed(
    database: Database,
    season: str,
    *,
    base_url: str | None,
    league: str | None = None,
    page_of_match: Callable[[int], str] = match_page,
    home_page: str = HOME_PAGE,
) -> bytes:
    """The Atom feed of the season's results (in ``league`` when several leagues have a
    season of that name), newest first. ``base_url`` is the site's address
    (``https://club.example/league/``): given, every link is made absolute under it;
    ``None``, the links stay relative to the feed."""
    root = site_address(base_url) if base_url is not None else None
    dates = season_dates(database, season, league)
    tag = f"tag:clabber-league,{dates.created_at:%Y-%m-%d}:season-{dates.season_id}"
    played = sorted(
        ((entry_time(match, dates), match) for match in dates.matches if match_result(match)),
        key=lambda line: (line[0], line[1].id),
        reverse=True,
    )
    feed = FeedGenerator()
    feed.id(tag)
    feed.title(title(dates.league, dates.season, _("Results")))
    feed.author(name=dates.league)
    feed.link(href=_address(root, home_page), rel="alternate", type="text/html")
    feed.language(current())
    feed.generator("Clabber League")
    feed.updated(played[0][0] if played else dates.created_at)
    for moment, match in played:
        entry = feed.add_entry(order="append")
        entry.id(f"{tag}/match-{match.id}")
        entry.title(_entry_title(match))
        entry.updated(moment)
        entry.link(href=_address(root, page_of_match(match.id)), rel="alternate", type="text/html")
        entry.content("\n".join(entry_lines(match)), type="text")
    return bytes(feed.atom_str(pretty=True))


def site_address(base_url: str) -> str:
    """The site's address, ending in "/" so that pages are joined under it, never beside
    it; anything but an http or https address is refused."""
    parts = urlsplit(base_url.strip())
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        raise ProblemError(
            problem(
                "the site's address must be a whole web address (https://…), not {url!r}",
                url=base_url,
            )
        )
    address = parts.geturl()
    return address if address.endswith("/") else f"{address}/"


def entry_time(match: MatchInfo, dates: SeasonDates) -> datetime:
    """When the match's result came: its last game's finish; a forfeit's, its day's start
    (UTC), or the season's creation for a match with no day."""
    finished = dates.stamps[match.id].last_finished
    if finished is not None:
        return finished
    day = match_day(match)
    return dates.created_at if day is None else datetime.combine(day, time(), UTC)


def entry_lines(match: MatchInfo) -> list[str]:
    """The entry's text: the match's lines as its calendar event says them, then each
    finished game's totals (home first) when the match has several."""
    lines = match_lines(match)
    if match.games_per_match > 1:
        lines.extend(
            fill(
                _("Game {number}: {home} {home_total}, {away} {away_total}"),
                number=figures(str(game.number)),
                home=match.home,
                home_total=figures(str(game.home_total)),
                away=match.away or "",
                away_total=figures(str(game.away_total)),
            )
            for game in match.results
            if game.winner
        )
    return lines


def _entry_title(match: MatchInfo) -> str:
    return fill(
        _("{match}: {result}"),
        match=fill(_("{home} v {away}"), home=match.home, away=match.away or ""),
        result=figures(said(match_result(match))),
    )


def _address(root: str | None, path: str) -> str:
    return path if root is None else urljoin(root, path)
