"""``import``, ``export``, ``backup`` and ``restore``: games and databases in and out."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    add_db_option,
    add_output_options,
    checked_output,
    messages_of,
    opened_database,
    say,
    whole_number,
    write_text_output,
)
from clabber_league.commands.game_files import GameFile
from clabber_league.commands.league import season_export
from clabber_league.escaping import json_text
from clabber_league.i18n import _
from clabber_league.rules import ClabberError
from clabber_league.rules.limits import RECORD_ID, WEEKS
from clabber_league.rules.messages import problem, tidy
from clabber_league.store.backup import copy_database, restore, verify_backup
from clabber_league.store.errors import StoreError
from clabber_league.store.games import export_game
from clabber_league.store.imports import import_games
from clabber_league.store.league_file import export_league
from clabber_league.store.league_file_import import import_league, league_document
from clabber_league.store.paths import sqlite_file, user_path


def register(commands: Any) -> None:
    importer = commands.add_parser(
        "import",
        help=_("store a game from a clabber-game/1 file and print its id"),
        description=_(
            "Check the games against the rules and store them; an invalid file "
            "stores nothing and exits 2. A game already stored (the same sides and hands) is "
            "not stored again: it is named on standard error, and when no game of the file was "
            "new the command exits 2."
        ),
    )
    importer.add_argument(
        "file",
        metavar="FILE",
        help=_("a game sheet, a JSON list of them (a season export), or - for standard input"),
    )
    add_db_option(importer)
    importer.add_argument(
        "--season", metavar="NAME", help=_("a season game: its sides must be the season's teams")
    )
    importer.add_argument(
        "--week", type=whole_number(WEEKS), metavar="N", help=_("the week of the season's match")
    )
    importer.add_argument(
        "--season-from-file",
        action="store_true",
        help=_("a season export: each game into the season and week the file names"),
    )
    importer.add_argument(
        "--league", metavar="NAME", help=_("the league, when seasons share a name")
    )
    importer.set_defaults(handler=run_import, stopped="stopped; nothing of this import was stored")

    exporter = commands.add_parser(
        "export",
        help=_(
            "print a stored game as a game sheet, a season's games as JSON or CSV, "
            "or a whole league as one file"
        ),
        description=_(
            "Write to standard output, or to --out (a new file unless --force). "
            "The database is only read."
        ),
    )
    add_db_option(exporter)
    which = exporter.add_mutually_exclusive_group()
    which.add_argument(
        "--game", type=whole_number(RECORD_ID, "a game id"), metavar="ID", help=_("one game, by id")
    )
    which.add_argument("--season", metavar="NAME", help=_("every game of a season"))
    exporter.add_argument(
        "--league",
        metavar="NAME",
        help=_(
            "the league, when seasons share a name; alone: the whole league as one "
            "clabber-league/1 file"
        ),
    )
    exporter.add_argument(
        "--format",
        choices=("json", "csv"),
        default="json",
        help=_("for --season: a JSON list of game sheets, or CSV with one row per hand"),
    )
    add_output_options(exporter, required=False, what=_("the file to write"))
    exporter.set_defaults(handler=run_export, stopped="stopped; nothing was written")

    backup = commands.add_parser(
        "backup",
        help=_("copy the database to a file, safely while the app is running; or check a copy"),
        description=_(
            "Copy an SQLite database (checked before and after, written atomically), "
            "or with --verify check that a file is a good backup (exit 0) or not (exit 2). "
            "PostgreSQL databases are backed up with pg_dump."
        ),
    )
    add_db_option(backup)
    what = backup.add_mutually_exclusive_group(required=True)
    what.add_argument("--out", metavar="FILE", help=_("the copy to write"))
    what.add_argument("--verify", metavar="FILE", help=_("check a backup instead of making one"))
    backup.add_argument(
        "--force",
        action="store_true",
        help=_("replace --out if it exists (never a folder, a device or the database itself)"),
    )
    backup.set_defaults(handler=run_backup, stopped="stopped; no copy was made")

    restorer = commands.add_parser(
        "restore",
        help=_("replace the database with a backup (keeping a copy of what it replaces)"),
        description=_(
            "Check the backup, keep a copy of the database (a damaged one is moved "
            "aside as NAME.damaged-DATE), then put the backup in its place."
        ),
    )
    restorer.add_argument("backup", metavar="BACKUP", help=_("the backup file to restore"))
    add_db_option(restorer)
    restorer.set_defaults(handler=run_restore, stopped="stopped; the database was not replaced")


def run_import(args: argparse.Namespace) -> int:
    documents = GameFile(args.file)
    league = league_document(documents)
    if league is not None:
        return _import_league(args, league)
    if args.season_from_file and args.season is not None:
        raise CommandInputError(
            ["--season-from-file takes the season from the file: drop --season"]
        )
    if args.week is not None and args.season is None:
        raise CommandInputError(["--week needs --season"])
    with opened_database(args.db) as database:
        try:
            report = import_games(
                database,
                documents,
                args.season,
                week=args.week,
                league=args.league,
                season_from_file=args.season_from_file,
            )
        except ClabberError as exc:
            raise CommandInputError(messages_of(exc)) from None
    for game_id in report.ids:
        say(game_id)
    notes = report.messages()
    if notes and not report.ids:
        *others, last = notes
        raise CommandInputError([*others, f"{last}; nothing was stored"])
    for line in tidy(notes):
        print(line, file=sys.stderr)
    return EXIT_OK


def _import_league(args: argparse.Namespace, document: Any) -> int:
    """A ``clabber-league/1`` file: the whole league into a database that has none of its
    name; the options that place games in a season do not apply."""
    given = [
        option
        for option, value in (
            ("--season", args.season),
            ("--week", args.week),
            ("--season-from-file", args.season_from_file or None),
            ("--league", args.league),
        )
        if value is not None
    ]
    if given:
        raise CommandInputError(
            [
                problem(
                    "a league file brings its own league and seasons: drop {options}",
                    options=", ".join(given),
                )
            ]
        )
    with opened_database(args.db) as database:
        stored = import_league(database, document)
    say(
        _("stored the league {league} (seasons: {seasons}; games: {games})").format(
            league=stored.league, seasons=stored.seasons, games=stored.games
        )
    )
    return EXIT_OK


def run_export(args: argparse.Namespace) -> int:
    if args.out is not None:
        checked_output(args)
    if args.game is None and args.season is None and args.league is None:
        raise CommandInputError(["name what to export: --game, --season or --league"])
    if args.season is None and args.format != "json":
        raise CommandInputError(
            ["one game is exported as a JSON game sheet; drop --format"]
            if args.game is not None
            else ["a league is exported as one JSON file; drop --format"]
        )
    with opened_database(args.db, read_only=True) as database:
        if args.game is None and args.season is None:
            text = json_text(export_league(database, args.league)) + "\n"
        elif args.season is not None:
            text = season_export(database, args.season, args.league, args.format)
        else:
            text = json_text(export_game(database, args.game)) + "\n"
        write_text_output(args, text)
    return EXIT_OK


def run_backup(args: argparse.Namespace) -> int:
    if args.verify is not None:
        try:
            say(verify_backup(user_path(args.verify)))
        except StoreError as exc:
            raise CommandInputError([exc.message], [exc.command]) from None
        return EXIT_OK
    checked_output(args)
    with opened_database(args.db, read_only=True) as database:
        if database.path is None:
            raise CommandInputError(
                ["backup copies SQLite files; back up a PostgreSQL database with pg_dump"]
            )
        written = copy_database(database.path, Path(args.out), force=args.force)
    say(written)
    return EXIT_OK


def run_restore(args: argparse.Namespace) -> int:
    database = sqlite_file(args.db)
    if database is None:
        raise CommandInputError(["restore replaces SQLite files; use pg_restore for PostgreSQL"])
    backup = user_path(args.backup)
    try:
        kept = restore(backup, database)
    except StoreError as exc:
        raise CommandInputError([exc.message], [exc.command]) from None
    say(f"{database} restored from {backup}")
    if kept is not None:
        say(f"what it held before is kept as {kept}")
    return EXIT_OK
