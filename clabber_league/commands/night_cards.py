"""``night cards``: the table cards of a league night as a PDF (TABLE_API.md).

One card per table (its number, the match, the QR code and the link written
out) and the board's card. The links are the same as ``night tables`` gives
(made the first time), so cards can be printed before the service starts.
The PDF is written like every other (``commands.printing.write_pdf``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any
from urllib.parse import urlsplit

from clabber_league.commands.common import (
    CommandInputError,
    add_night_options,
    add_public_url,
    checked_output,
    opened_database,
)
from clabber_league.commands.printing import STOPPED, add_pdf_options, write_pdf
from clabber_league.escaping import terminal_text
from clabber_league.i18n import _
from clabber_league.night.cards import TableCardsRenderer, table_cards_data
from clabber_league.night.links import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    LinkError,
    base_url,
    night_links,
    reachable_from_network,
)
from clabber_league.reports import Paper


def register_cards(night: Any) -> None:
    """``night cards`` among ``night``'s actions."""

    cards = night.add_parser(
        "cards",
        help=_("print the night's table cards: a QR code and link per table, and the board's"),
        description=_(
            "Write a PDF of cards, four a page: one per table with its QR code and "
            "link, and one for the board. Give --public-url with the address phones reach the "
            "service at, or the links will point at this computer only."
        ),
    )
    add_night_options(cards)
    add_public_url(cards, f"http://{DEFAULT_HOST}:{DEFAULT_PORT}, which phones cannot reach")
    add_pdf_options(cards)
    cards.set_defaults(handler=run_cards, stopped=STOPPED)


def public_base(
    args: argparse.Namespace, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT
) -> str:
    """The links' base: ``--public-url`` checked, else ``http://HOST:PORT``."""
    try:
        return base_url(host, port, args.public_url)
    except LinkError as exc:
        raise CommandInputError([f"--public-url {exc}"]) from None


def run_cards(args: argparse.Namespace) -> int:
    base = public_base(args)
    checked_output(args)
    with opened_database(args.db) as database:
        checked_output(args)  # again, now that the database is open: never the PDF's target
        links = night_links(
            database, season=args.season, week=args.week, league=args.league, base=base
        )
        data = table_cards_data(links, season=args.season, week=args.week)
        # Written while the database is open: it is then never a file the PDF may replace.
        written = write_pdf(TableCardsRenderer(data, paper=Paper(args.paper)), args)
    if not reachable_from_network(urlsplit(base).hostname or ""):
        print(
            terminal_text(
                f"warning: the links point at {base}, which only this computer reaches; "
                "give --public-url with the address phones use (say http://192.168.1.20:8717)"
            ),
            file=sys.stderr,
        )
    return written
