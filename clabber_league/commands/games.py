"""``import``, ``export`` and ``backup``: games in and out of the database."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    add_db_option,
    messages_of,
    opened_database,
    print_json,
    read_json,
)
from clabber_league.rules import ClabberError


def register(commands: Any) -> None:
    importer = commands.add_parser(
        "import",
        help="store a game from a clabber-game/1 file and print its id",
        description="Check the game against the rules and store it; an invalid file stores "
        "nothing and exits 2.",
    )
    importer.add_argument(
        "file",
        metavar="FILE",
        help="a game sheet, a JSON list of them (a season export), or - for standard input",
    )
    add_db_option(importer)
    importer.add_argument(
        "--season", metavar="NAME", help="a season game: its sides must be the season's teams"
    )
    importer.add_argument("--week", type=int, metavar="N", help="the week of the season's match")
    importer.add_argument("--league", metavar="NAME", help="the league, when seasons share a name")
    importer.set_defaults(handler=run_import)

    exporter = commands.add_parser(
        "export",
        help="print a stored game as a game sheet, or a season's games as JSON or CSV",
    )
    add_db_option(exporter)
    which = exporter.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", type=int, metavar="ID", help="one game, by id")
    which.add_argument("--season", metavar="NAME", help="every game of a season")
    exporter.add_argument("--league", metavar="NAME", help="the league, when seasons share a name")
    exporter.add_argument(
        "--format",
        choices=("json", "csv"),
        default="json",
        help="for --season: a JSON list of game sheets, or CSV with one row per hand",
    )
    exporter.set_defaults(handler=run_export)

    backup = commands.add_parser(
        "backup", help="copy the database to a file, safely while the app is running"
    )
    add_db_option(backup)
    backup.add_argument("--out", required=True, metavar="FILE", help="the copy to write")
    backup.set_defaults(handler=run_backup)


def run_import(args: argparse.Namespace) -> int:
    from clabber_league.store.league import import_games  # noqa: PLC0415 -- SQL only when needed

    document = read_json(args.file)
    documents = document if isinstance(document, list) else [document]
    if args.week is not None and args.season is None:
        raise CommandInputError(["--week needs --season"])
    with opened_database(args.db) as database:
        try:
            ids = import_games(database, documents, args.season, week=args.week, league=args.league)
        except ClabberError as exc:
            raise CommandInputError(messages_of(exc)) from None
    for game_id in ids:
        print(game_id)
    return EXIT_OK


def run_export(args: argparse.Namespace) -> int:
    from clabber_league.commands.league import season_export  # noqa: PLC0415
    from clabber_league.store import export_game  # noqa: PLC0415 -- SQL only when needed

    with opened_database(args.db) as database:
        if args.season is not None:
            print(season_export(database, args.season, args.league, args.format), end="")
            return EXIT_OK
        if args.format != "json":
            raise CommandInputError(["one game is exported as a JSON game sheet; drop --format"])
        document = export_game(database, args.game)
    print_json(document)
    return EXIT_OK


def run_backup(args: argparse.Namespace) -> int:
    from clabber_league.store.backup import copy_database  # noqa: PLC0415 -- SQL only when needed

    out = Path(args.out)
    if out.exists():
        raise CommandInputError([f"{out} already exists: choose a new file for the backup"])
    with opened_database(args.db) as database:
        if database.path is None:
            raise CommandInputError(["backup copies SQLite files; use pg_dump for PostgreSQL"])
        copy_database(database.path, out)
    print(out)
    return EXIT_OK
