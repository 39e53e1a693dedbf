"""``print``: scoresheets, standings, schedules and season books as PDF files.

The PDF is written as every output is (``clabber_league.outputs``): never half a file,
an existing ``--out`` only with ``--force``, never the database. The database is only read.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    add_db_option,
    add_night_options,
    add_output_options,
    add_season_options,
    checked_output,
    opened_database,
    say,
    whole_number,
)
from clabber_league.i18n import N_, _
from clabber_league.inputs import os_words
from clabber_league.outputs import OutputError
from clabber_league.reports import (
    BlankSheetRenderer,
    FilledSheetRenderer,
    Paper,
    ReportError,
    ScheduleRenderer,
    SeasonBookRenderer,
    Sponsor,
    StandingsRenderer,
    blank_sheet_data,
    gather,
)
from clabber_league.reports.awards import AwardsRenderer
from clabber_league.reports.bracket import BracketRenderer
from clabber_league.reports.gather import filled_sheet_from_store
from clabber_league.reports.recap import RecapRenderer
from clabber_league.rules import PRESETS, rule_set
from clabber_league.rules.limits import PAGES, RECORD_ID, WEEKS

if TYPE_CHECKING:
    from clabber_league.reports import Renderer

PAPERS = ("letter", "a4")
STOPPED = "stopped; no PDF was written"


def add_pdf_options(parser: argparse.ArgumentParser) -> None:
    """``--out``, ``--force`` and ``--paper``: what every PDF command takes."""
    add_output_options(parser, required=True, what=_("the PDF to write"))
    parser.add_argument(
        "--paper", choices=PAPERS, default="letter", help=_("paper size (default: letter)")
    )


def register(commands: Any) -> None:
    printer = commands.add_parser(
        "print",
        help=_("print scoresheets, standings, schedules and season books as PDF"),
        description=_("Write a PDF ready for the printer. Bad arguments write nothing and exit 2."),
    )
    documents = printer.add_subparsers(dest="print_command", metavar="DOCUMENT", required=True)

    blank = documents.add_parser("blank", help=_("blank scoresheets (a pad for the tables)"))
    add_pdf_options(blank)
    blank.add_argument("--games-per-page", type=int, choices=(1, 2, 4), default=1, metavar="1|2|4")
    blank.add_argument(
        "--pages", type=whole_number(PAGES), default=None, metavar="N", help=_("pages (default 1)")
    )
    blank.add_argument(
        "--league",
        default="",
        metavar="NAME",
        help=_("printed on the league line; with --season, the season's league"),
    )
    add_db_option(blank)
    blank.add_argument(
        "--season", metavar="NAME", help=_("with --week: that week's sheets, filled in")
    )
    blank.add_argument(
        "--week", type=whole_number(WEEKS), metavar="N", help=_("the week of --season")
    )
    blank.add_argument(
        "--rules",
        default=None,
        choices=sorted(PRESETS),
        metavar="PRESET",
        help=_(
            "the rule set of the reference panel and the side columns (default evansville; "
            "with --season, the season's)"
        ),
    )
    blank.add_argument(
        "--sponsor-text", default="", metavar="TEXT", help=_("the sponsor box's words")
    )
    blank.add_argument(
        "--sponsor-logo", metavar="IMAGE", help=_("the sponsor's logo: PNG, JPEG, GIF")
    )
    blank.set_defaults(handler=run_blank, stopped=STOPPED)

    game = documents.add_parser("game", help=_("one recorded game's filled scoresheet"))
    add_db_option(game)
    game.add_argument(
        "--game",
        required=True,
        type=whole_number(RECORD_ID, "a game id"),
        metavar="ID",
        help=_("the game, by id"),
    )
    add_pdf_options(game)
    game.set_defaults(handler=run_game, stopped=STOPPED)

    recap = documents.add_parser(
        "recap", help=_("a week's recap: results, standings after it, next week, records")
    )
    add_night_options(recap)
    add_pdf_options(recap)
    recap.set_defaults(handler=run_recap, stopped=STOPPED)

    for name, help_text in (
        ("standings", N_("a season's standings")),
        ("schedule", N_("a season's schedule: weeks, tables, pairings, byes")),
        ("season", N_("a season book: cover, contents and every game's sheet")),
        ("playoffs", N_("a season's playoff bracket on one landscape page")),
        ("awards", N_("a season's awards page: the awards, the ratings, every record")),
    ):
        season = documents.add_parser(name, help=_(help_text))
        add_season_options(season)
        add_pdf_options(season)
        if name == "standings":
            season.add_argument(
                "--half",
                type=int,
                choices=(1, 2),
                help=_("a split season's first or second half (default: the whole season)"),
            )
        season.set_defaults(handler=run_season_document, stopped=STOPPED)


def write_pdf(renderer: Renderer, args: argparse.Namespace) -> int:
    """Write ``renderer``'s PDF to ``--out`` (see ``outputs``) and say where."""

    out = Path(args.out)
    try:
        renderer.render(out, force=args.force)
    except OutputError as exc:
        raise CommandInputError(exc.lines) from None
    except OSError as exc:
        raise CommandInputError([f"cannot write {out}: {os_words(exc)}"]) from None
    say(out)
    return EXIT_OK


def run_blank(args: argparse.Namespace) -> int:
    checked_output(args)
    if (args.season is None) != (args.week is None):
        raise CommandInputError([_("--season and --week go together: a week of a season")])
    if args.season is not None and args.rules is not None:
        raise CommandInputError([_("--rules is the season's own with --season: leave it out")])
    if args.season is not None and args.pages is not None:
        raise CommandInputError(
            [_("--season prints a sheet per game of the week: leave out --pages")]
        )
    try:
        sponsor = None
        if args.sponsor_text.strip() or args.sponsor_logo:
            sponsor = Sponsor.from_file(args.sponsor_text, args.sponsor_logo)
        if args.season is None:
            data = blank_sheet_data(
                games_per_page=args.games_per_page,
                pages=args.pages or 1,
                league=args.league,
                rules=rule_set(args.rules or "evansville"),
                sponsor=sponsor,
            )
    except ReportError as exc:
        raise CommandInputError(exc.lines) from None
    if args.season is None:
        return write_pdf(BlankSheetRenderer(data, paper=Paper(args.paper)), args)
    with opened_database(args.db, read_only=True) as database:
        data = gather.week_sheets_from_store(
            database,
            args.season,
            args.week,
            args.league or None,
            games_per_page=args.games_per_page,
            sponsor=sponsor,
        )
        return write_pdf(BlankSheetRenderer(data, paper=Paper(args.paper)), args)


def run_game(args: argparse.Namespace) -> int:
    checked_output(args)
    with opened_database(args.db, read_only=True) as database:
        data = filled_sheet_from_store(database, args.game)
        # Written while the database is open: it is then never a file the PDF may replace.
        return write_pdf(FilledSheetRenderer(data, paper=Paper(args.paper)), args)


def run_recap(args: argparse.Namespace) -> int:
    checked_output(args)
    with opened_database(args.db, read_only=True) as database:
        data = gather.recap_from_store(database, args.season, args.week, args.league)
        return write_pdf(RecapRenderer(data, paper=Paper(args.paper)), args)


def run_season_document(args: argparse.Namespace) -> int:
    checked_output(args)
    paper = Paper(args.paper)
    renderer: Renderer
    with opened_database(args.db, read_only=True) as database:
        if args.print_command == "standings":
            standings = gather.standings_from_store(
                database, args.season, args.league, half=args.half
            )
            renderer = StandingsRenderer(standings, paper=paper)
        elif args.print_command == "playoffs":
            bracket = gather.bracket_from_store(database, args.season, args.league)
            renderer = BracketRenderer(bracket, paper=paper)
        elif args.print_command == "awards":
            awards = gather.awards_from_store(database, args.season, args.league)
            renderer = AwardsRenderer(awards, paper=paper)
        elif args.print_command == "schedule":
            plan = gather.schedule_from_store(database, args.season, args.league)
            renderer = ScheduleRenderer(plan, paper=paper)
        else:
            book = gather.season_book_from_store(database, args.season, args.league)
            renderer = SeasonBookRenderer(book, paper=paper)
        return write_pdf(renderer, args)
