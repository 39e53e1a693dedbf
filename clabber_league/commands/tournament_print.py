"""``tournament print``: a progressive tournament's standings, its movement, and every
table's game sheet (of the tournament or one round), as PDF files.

The PDFs are written as every ``print`` command writes them (``commands.printing``):
the same paper options, never half a file, the database only read.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from clabber_league.commands.common import (
    add_db_option,
    checked_output,
    opened_database,
    whole_number,
)
from clabber_league.commands.printing import STOPPED, add_pdf_options, write_pdf
from clabber_league.i18n import N_, _
from clabber_league.league.movement import MOST_PLAYERS
from clabber_league.reports import gather
from clabber_league.reports.filled import FilledSheetsRenderer
from clabber_league.reports.movement_sheet import MovementSheetRenderer
from clabber_league.reports.styles import Paper
from clabber_league.reports.tournament_standings import TournamentStandingsRenderer
from clabber_league.rules.limits import Limit
from clabber_league.rules.messages import problem

if TYPE_CHECKING:
    from clabber_league.reports import Renderer

ROUND = Limit(
    "tournament_round", problem("the round"), 1, MOST_PLAYERS, "", "`tournament print --round`"
)
DOCUMENTS = (
    ("standings", N_("the players' standings: rank, points, wins, games, byes")),
    ("movement", N_("the movement on a sheet: each round's tables and sit-outs")),
    ("sheets", N_("every table's game sheet, one a page (of the tournament or one round)")),
)


def register(tournament: Any) -> None:
    """``tournament print DOCUMENT``, under ``tournament``'s subcommands."""
    printer = tournament.add_parser(
        "print",
        help=_("print a tournament's standings, movement or game sheets as PDF"),
        description=_("Write a PDF ready for the printer. Bad arguments write nothing and exit 2."),
    )
    documents = printer.add_subparsers(dest="tournament_print", metavar="DOCUMENT", required=True)
    for name, help_text in DOCUMENTS:
        document = documents.add_parser(name, help=_(help_text))
        add_db_option(document)
        document.add_argument("--name", required=True, metavar="NAME", help=_("the tournament"))
        if name == "sheets":
            document.add_argument(
                "--round",
                type=whole_number(ROUND),
                metavar="R",
                help=_("only this round's tables (default: every round)"),
            )
        add_pdf_options(document)
        document.set_defaults(handler=run_tournament_print, stopped=STOPPED)


def run_tournament_print(args: argparse.Namespace) -> int:
    checked_output(args)
    paper = Paper(args.paper)
    renderer: Renderer
    with opened_database(args.db, read_only=True) as database:
        if args.tournament_print == "standings":
            standings = gather.tournament_standings_from_store(database, args.name)
            renderer = TournamentStandingsRenderer(standings, paper=paper)
        elif args.tournament_print == "movement":
            movement = gather.movement_sheet_from_store(database, args.name)
            renderer = MovementSheetRenderer(movement, paper=paper)
        else:
            name, sheets = gather.tournament_sheets_from_store(database, args.name, args.round)
            title = _("{tournament}: game sheets").format(tournament=name)
            renderer = FilledSheetsRenderer(sheets, title=title, paper=paper)
        # Written while the database is open: it is then never a file the PDF may replace.
        return write_pdf(renderer, args)
