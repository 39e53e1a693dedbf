"""Publish a league's site: the one entry point of ``clabber-league publish`` and of the
window's File → Publish league site… (docs/publishing.md).

A season's site is its pages (``site.pages``), its printouts (the PDFs of
``clabber_league.reports``, made byte for byte the same from the same data) and what
``extra_pages`` adds (the calendars and the results feed). ``publish`` reads them all,
then writes them with ``site.builder``: the same database gives the same bytes, and a
publish after a night rewrites only what changed.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from reportlab import rl_config

from clabber_league.i18n import _, current, fill, is_right_to_left
from clabber_league.reports import Renderer, ScheduleRenderer, StandingsRenderer, gather
from clabber_league.reports.movement_sheet import MovementSheetRenderer
from clabber_league.reports.recap import RecapRenderer
from clabber_league.reports.tournament_standings import TournamentStandingsRenderer
from clabber_league.rules.messages import problem
from clabber_league.rules.names import name_key
from clabber_league.site.builder import Outcome, Page, write_site
from clabber_league.site.calendar import season_calendar, team_calendars
from clabber_league.site.feed import results_feed
from clabber_league.site.game_sheet import game_sheet_html
from clabber_league.site.pages import Place, SheetHtml, season_pages
from clabber_league.site.season import SeasonData, read_season
from clabber_league.site.templates import STATIC, render
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.league import SeasonInfo, list_seasons


@dataclass(frozen=True)
class Extra:
    """A file another part of the site makes (a calendar, a feed), and what the season's
    printouts page calls it in its list."""

    page: Page
    title: str


def extra_pages(
    database: Database, data: SeasonData, place: Place, *, base_url: str | None = None
) -> list[Extra]:
    """The calendars and the results feed of a season, under ``place.folder``: the one
    place the site's other producers join it. Each is listed, linked relatively, on the
    season's printouts page, so the link checker follows it. ``base_url`` is where the
    site is published (``--base-url``), for the feed's links; the feed sits beside the
    season's home page, so its links to the match pages are relative to it."""
    season, league = data.info.name, data.info.league
    teams = {team.id: team.name for team in data.teams}
    # A tournament's partnerships meet once each: the season's calendar says it all.
    calendars = team_calendars(database, season, league=league) if data.tournament is None else {}
    feed = results_feed(database, season, base_url=base_url, league=league)
    return [
        Extra(
            Page(place.folder + "calendar.ics", season_calendar(database, season, league=league)),
            _("The season's calendar"),
        ),
        *(
            Extra(
                Page(f"{place.folder}team/{team}.ics", calendar),
                fill(_("{team}'s calendar"), team=teams[team]),
            )
            for team, calendar in sorted(calendars.items())
            if team in teams
        ),
        Extra(Page(place.folder + "results.atom", feed), _("Results feed (Atom)")),
    ]


def sheet_maker(database: Database) -> SheetHtml:
    """A game's paper sheet as an HTML fragment, by game id, for the game pages: the
    same sheet data the window and the PDF draw (``site.game_sheet``)."""
    return lambda game_id: game_sheet_html(database, game_id)


def publish(
    database: Database,
    out: Path,
    seasons: Sequence[SeasonInfo],
    *,
    league_index: bool,
    base_url: str | None = None,
) -> Outcome:
    """Write ``seasons``' sites under ``out``: one season at the top of the folder, or
    (``league_index``) each season in ``season-{id}/`` under an index of them all.
    ``base_url``: the address the site is published at, for what needs one (the feed)."""
    if league_index:
        folders = {info.id: f"season-{info.id}/" for info in seasons}
        places = [(info, Place(folders[info.id], seasons=folders)) for info in seasons]
    else:
        places = [(info, Place()) for info in seasons]
    pages = [
        Page(path.name, path.read_bytes()) for path in sorted(STATIC.iterdir()) if path.is_file()
    ]
    for info, place in places:
        pages += site_of_season(database, info, place, base_url=base_url)
    if league_index:
        pages.append(_league_index(seasons))
    return write_site(out, pages)


def site_of_season(
    database: Database, info: SeasonInfo, place: Place, *, base_url: str | None = None
) -> list[Page]:
    """Every file of one season's site; in a site of several seasons (``place.seasons``),
    its player pages are careers over every season of the league."""
    data = read_season(database, info.name, info.league, league_wide=bool(place.seasons))
    printouts = season_printouts(database, data, place)
    extras = extra_pages(database, data, place, base_url=base_url)
    listed = [(page.path, title) for page, title in printouts] + [
        (extra.page.path, extra.title) for extra in extras
    ]
    return [
        *season_pages(data, place, sheet_maker(database), listed),
        *(page for page, _title in printouts),
        *(extra.page for extra in extras),
    ]


def season_printouts(database: Database, data: SeasonData, place: Place) -> list[tuple[Page, str]]:
    """The season's standings, schedule and each played week's recap as PDF, dated the
    latest played night (the same bytes from the same data: never today's date); a
    tournament's, its own (``tournament_printouts``)."""
    if data.tournament is not None:
        made = tournament_printouts(database, data.tournament.name, data)
    else:
        made = _league_printouts(database, data)
    return [
        (Page(f"{place.folder}printouts/{name}", pdf_bytes(renderer)), title)
        for name, title, renderer in made
    ]


def tournament_printouts(
    database: Database, name: str, data: SeasonData
) -> list[tuple[str, str, Renderer]]:
    """A progressive tournament's movement sheet and, once a game is under way, its
    players' standings, dated the day of its latest game. (A league season's standings,
    schedule and recaps rank its partnerships as teams: not printed for a tournament.)"""
    made: list[tuple[str, str, Renderer]] = [
        (
            "movement.pdf",
            _("Movement (PDF)"),
            MovementSheetRenderer(gather.movement_sheet_from_store(database, name)),
        )
    ]
    stamp = data.last_day() or max(
        (game.place.played_on for game in data.games.values()), default=None
    )
    if stamp is not None:
        standings = gather.tournament_standings_from_store(database, name, stamp=stamp)
        made.insert(
            0, ("standings.pdf", _("Standings (PDF)"), TournamentStandingsRenderer(standings))
        )
    return made


def _league_printouts(database: Database, data: SeasonData) -> list[tuple[str, str, Renderer]]:
    stamp = data.last_day() or min(
        (match.played_on for match in data.matches if match.played_on), default=None
    )
    if stamp is None:
        return []
    season, league = data.info.name, data.info.league
    made: list[tuple[str, str, Renderer]] = [
        (
            "standings.pdf",
            _("Standings (PDF)"),
            StandingsRenderer(gather.standings_from_store(database, season, league, stamp=stamp)),
        ),
        (
            "schedule.pdf",
            _("Schedule (PDF)"),
            ScheduleRenderer(gather.schedule_from_store(database, season, league, stamp=stamp)),
        ),
    ]
    made += [
        (
            f"recap-week-{week}.pdf",
            fill(_("Week {number}'s recap (PDF)"), number=week),
            RecapRenderer(gather.recap_from_store(database, season, week, league, stamp=stamp)),
        )
        for week in data.played_weeks()
    ]
    return made


def pdf_bytes(renderer: Renderer) -> bytes:
    """The PDF with no date nor random id of its own: ReportLab's invariant mode."""
    stream = io.BytesIO()
    with _invariant():
        renderer.render(stream)
    return stream.getvalue()


@contextmanager
def _invariant() -> Iterator[None]:
    before = rl_config.invariant
    rl_config.invariant = 1
    try:
        yield
    finally:
        rl_config.invariant = before


def _league_index(seasons: Sequence[SeasonInfo]) -> Page:
    leagues = sorted({info.league for info in seasons})
    return Page(
        "index.html",
        render(
            "league.html.j2",
            lang=current(),
            rtl=is_right_to_left(),
            league=" · ".join(leagues),
            seasons=[
                {"href": f"season-{info.id}/index.html", "name": info.name} for info in seasons
            ],
        ),
    )


def league_seasons(database: Database, league: str) -> list[SeasonInfo]:
    """Every season of ``league`` (its name compared by ``name_key``), oldest first;
    ``StoreError`` for a league the database does not have."""
    found = [info for info in list_seasons(database) if name_key(info.league) == name_key(league)]
    if not found:
        raise StoreError(problem("there is no league called {league!r}", league=league))
    return found
