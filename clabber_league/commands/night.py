"""``serve``, ``night tables`` and ``night close``: the league night from the command line
(TABLE_API.md, "Starting and stopping")."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from typing import Any

from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    add_night_options,
    add_public_url,
    opened_database,
    say,
    whole_number,
)
from clabber_league.commands.night_cards import public_base, register_cards
from clabber_league.escaping import json_text, terminal_text
from clabber_league.i18n import N_, _, ngettext
from clabber_league.night.ending import left_lines, night_left
from clabber_league.night.links import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    NightLinks,
    night_links,
    serving_warnings,
)
from clabber_league.night.server import NightServer, NightSettings, ServerError
from clabber_league.rules.limits import PORT
from clabber_league.store.night import close_night
from clabber_league.store.paths import user_path

_STOPPED = N_("stopped; every hand the phones were told was saved is saved")
_GONE = N_(
    "{path} was deleted while the night was served: the hands stored in it are gone with "
    "it; restore the newest backup (clabber-league restore) and enter the night's sheets again"
)
#: ``serve`` lost its database: not a refused input (2), a night that went wrong.
EXIT_FAILED = 1


def register(commands: Any) -> None:
    serve = commands.add_parser(
        "serve",
        help=_("run the league night service: phones keep each table's sheet, a board shows all"),
        description=_(
            "Serve one league night until Ctrl+C or SIGTERM (then the request in "
            "flight is finished and the database closed). Phones open their table's link; "
            "the board's link shows every table and the standings."
        ),
    )
    add_night_options(serve)
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"the address to listen on (default {DEFAULT_HOST}: this computer only; "
        "0.0.0.0 or the computer's LAN address lets phones on the club's network in)",
    )
    serve.add_argument(
        "--port", type=whole_number(PORT), default=DEFAULT_PORT, metavar="N", help=_("the port")
    )
    add_public_url(serve, "http://HOST:PORT")
    serve.add_argument(
        "--access-log",
        metavar="FILE",
        help=_(
            "add a line for every request to FILE (the links' secret tokens cut short); "
            "by default no request is logged"
        ),
    )
    serve.set_defaults(handler=run_serve, stopped=_STOPPED)

    night = commands.add_parser("night", help=_("a league night's links")).add_subparsers(
        dest="night_command", metavar="ACTION", required=True
    )
    tables = night.add_parser(
        "tables", help=_("list the night's table links and the board's (made the first time)")
    )
    add_night_options(tables)
    add_public_url(tables, f"http://{DEFAULT_HOST}:{DEFAULT_PORT}")
    tables.add_argument("--format", choices=("text", "json"), default="text")
    tables.set_defaults(handler=run_tables, stopped="stopped; no link was made")

    close = night.add_parser(
        "close",
        help=_("end the night: every link of that week stops working"),
        description=_(
            "End the night: every link of that week stops working. A night with tables "
            "mid-game or never begun is not ended (exit 2, naming them) unless --force is given."
        ),
    )
    add_night_options(close)
    close.add_argument(
        "--force",
        action="store_true",
        help=_("end the night even with tables mid-game or never begun (they are named)"),
    )
    close.set_defaults(handler=run_close, stopped="stopped; the night is still open")

    register_cards(night)


def run_tables(args: argparse.Namespace) -> int:
    base = public_base(args)
    with opened_database(args.db) as database:
        links = night_links(
            database, season=args.season, week=args.week, league=args.league, base=base
        )
    if args.format == "json":
        print(json_text(links.document()))
        return EXIT_OK
    _say_links(links)
    return EXIT_OK


def _say_links(links: NightLinks) -> None:
    """A line per table (its number, its match, its link), then the board's link."""
    for link in links.tables:
        line = _("table {table}  {home} v {away}  {url}")
        say(line.format(table=link.table, home=link.sides[0], away=link.sides[1], url=link.url))
    say(_("board  {url}").format(url=links.board.url))


def run_close(args: argparse.Namespace) -> int:
    """End the night; one with tables still to finish only with ``--force`` (they are named
    either way: refused, or warned of on standard error)."""
    with opened_database(args.db) as database:
        left = left_lines(night_left(database, args.season, args.week, args.league))
        if left and not args.force:
            not_over = _("week {week} of {season} is not over, so it was not ended")
            raise CommandInputError(
                [
                    not_over.format(week=args.week, season=args.season),
                    *left,
                    _("give --force to end it all the same"),
                ]
            )
        closed = close_night(database, args.season, args.week, args.league)
    for line in left:
        print(terminal_text(f"warning: {line}"), file=sys.stderr)
    ended = ngettext(
        "week {week} of {season} is closed: {count} link stopped working",
        "week {week} of {season} is closed: {count} links stopped working",
        closed,
    )
    say(ended.format(week=args.week, season=args.season, count=closed))
    return EXIT_OK


def run_serve(args: argparse.Namespace) -> int:
    public_base(args, args.host, args.port)  # a bad --public-url is refused before anything starts
    stop = threading.Event()

    def stopping(_signum: int, _frame: object) -> None:
        stop.set()

    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, stopping)
    with opened_database(args.db) as database:
        settings = NightSettings(
            args.season,
            args.week,
            args.league,
            args.host,
            args.port,
            args.public_url,
            access_log=user_path(args.access_log) if args.access_log else None,
        )
        server = NightServer(database, settings)
        try:
            server.start()
        except ServerError as exc:
            raise CommandInputError([str(exc)]) from None
        try:
            _announce(server)
            while not stop.wait(0.5):
                pass
        finally:
            server.stop()
        if database.path is not None and not database.path.exists():
            # Deleted while serving: what was stored before is gone with it (since, every
            # hand was answered 503 and kept on its phone).
            print(terminal_text(f"error: {_(_GONE).format(path=database.path)}"), file=sys.stderr)
            return EXIT_FAILED
    say(_(_STOPPED))
    return EXIT_OK


def _announce(server: NightServer) -> None:
    """What is served where, and a warning when other machines can reach it."""

    links = server.links
    assert links is not None  # made by start()
    count = len(links.tables)
    heading = ngettext(
        "League night: {season}, week {week} — {count} table",
        "League night: {season}, week {week} — {count} tables",
        count,
    )
    say(heading.format(season=server.settings.season, week=server.settings.week, count=count))
    _say_links(links)
    for warning in serving_warnings(server.settings.host, server.settings.public_url):
        print(terminal_text(f"warning: {warning}"), file=sys.stderr)
    say(_("stop it with Ctrl+C"))
    sys.stdout.flush()
