"""``publish``: the league's site as static HTML and CSS files in a folder.

One season (``--season``, or the one a tournament is played as: ``--tournament``) at
the top of ``--out``, or every season of a league (``--league`` alone) under an index
of them. The database is only read; the folder gets
only the pages that changed, and loses only the stale pages an earlier publish wrote
(``site.builder``). See docs/publishing.md.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    add_db_option,
    opened_database,
    say,
)
from clabber_league.escaping import json_text
from clabber_league.i18n import _, fill
from clabber_league.outputs import OutputError
from clabber_league.store.league import season_info
from clabber_league.store.tournaments import tournament_info

PUBLISH_FORMAT = "clabber-publish/1"


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "publish",
        help=_("publish the league's site: static HTML pages for any web host"),
        description=_(
            "Write the league's site (home, schedule, standings, matches, teams, players, "
            "printouts) into a folder: only the pages that changed are written."
        ),
    )
    add_db_option(parser)
    parser.add_argument(
        "--season", metavar="NAME", help=_("the season (else every season of --league)")
    )
    parser.add_argument(
        "--league", metavar="NAME", help=_("the league: with --season, when seasons share a name")
    )
    parser.add_argument(
        "--tournament",
        metavar="NAME",
        help=_("a tournament's site: the season it is played as (instead of --season)"),
    )
    parser.add_argument("--out", required=True, metavar="DIR", help=_("the folder of the site"))
    parser.add_argument(
        "--base-url",
        metavar="URL",
        help=_("the address the site is published at (https://…), for the results feed's links"),
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(handler=run_publish, stopped=_("stopped; the site may be half written"))


def run_publish(args: argparse.Namespace) -> int:
    # Jinja2 and the site's templates load only for this command (the CLI's start stays quick).
    from clabber_league.site.publish import league_seasons, publish  # noqa: PLC0415

    if args.tournament is not None and (args.season is not None or args.league is not None):
        raise CommandInputError(
            [_("--tournament is a season of its own: leave out --season and --league")]
        )
    if args.season is None and args.league is None and args.tournament is None:
        raise CommandInputError([_("give --season, or --league for every season of a league")])
    if args.base_url is not None and not _web_address(args.base_url):
        raise CommandInputError([_("--base-url is a web address: https://… or http://…")])
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise CommandInputError([fill(_("{path} is not a folder"), path=out)])
    with opened_database(args.db, read_only=True) as database:
        if args.tournament is not None:
            found = tournament_info(database, args.tournament)
            seasons = [season_info(database, found.season, found.league)]
        elif args.season is not None:
            seasons = [season_info(database, args.season, args.league)]
        else:
            seasons = league_seasons(database, args.league)
        try:
            outcome = publish(
                database,
                out,
                seasons,
                league_index=args.season is None and args.tournament is None,
                base_url=args.base_url,
            )
        except OutputError as exc:
            raise CommandInputError(exc.lines) from None
    if args.format == "json":
        print(
            json_text(
                {
                    "format": PUBLISH_FORMAT,
                    "out": str(out),
                    "seasons": [info.name for info in seasons],
                    "written": outcome.written,
                    "unchanged": outcome.unchanged,
                    "removed": outcome.removed,
                }
            )
        )
    else:
        say(
            fill(
                _("{out}: {written} files written, {unchanged} unchanged, {removed} removed"),
                out=out,
                written=outcome.written,
                unchanged=outcome.unchanged,
                removed=outcome.removed,
            )
        )
    return EXIT_OK


def _web_address(text: str) -> bool:
    parts = urlsplit(text)
    return parts.scheme in {"http", "https"} and bool(parts.netloc)
