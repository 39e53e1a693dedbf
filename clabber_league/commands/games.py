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
    importer.add_argument("file", metavar="FILE", help="the game sheet, or - for standard input")
    add_db_option(importer)
    importer.set_defaults(handler=run_import)

    exporter = commands.add_parser(
        "export", help="print a stored game as a clabber-game/1 document"
    )
    add_db_option(exporter)
    exporter.add_argument("--game", type=int, required=True, metavar="ID", help="the game's id")
    exporter.set_defaults(handler=run_export)

    backup = commands.add_parser(
        "backup", help="copy the database to a file, safely while the app is running"
    )
    add_db_option(backup)
    backup.add_argument("--out", required=True, metavar="FILE", help="the copy to write")
    backup.set_defaults(handler=run_backup)


def run_import(args: argparse.Namespace) -> int:
    from clabber_league.store import import_game  # noqa: PLC0415 -- SQL only when needed

    document = read_json(args.file)
    with opened_database(args.db) as database:
        try:
            game_id = import_game(database, document)
        except ClabberError as exc:
            raise CommandInputError(messages_of(exc)) from None
    print(game_id)
    return EXIT_OK


def run_export(args: argparse.Namespace) -> int:
    from clabber_league.store import export_game  # noqa: PLC0415 -- SQL only when needed

    with opened_database(args.db) as database:
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
