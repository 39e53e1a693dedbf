"""What every subcommand shares: bad input as plain lines, JSON reading, the database."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from clabber_league.rules import ClabberError, GameError, HandError

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  # as a shell reports a command stopped by Ctrl+C


class CommandInputError(Exception):
    """Input the command cannot use; ``lines`` say why, one problem each (exit 2)."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = tuple(lines)


def messages_of(error: ClabberError) -> list[str]:
    """One line per problem, whichever kind of rules error it is."""
    if isinstance(error, GameError | HandError):
        return list(error.messages)
    return [str(error)]


def read_json(path: str) -> Any:
    """A JSON document from a file or ``-`` (standard input), or ``CommandInputError``."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as stream:
                raw = stream.read()
        text = raw.decode("utf-8-sig")
    except OSError as exc:
        raise CommandInputError([f"cannot read {name}: {exc.strerror or exc}"]) from None
    except UnicodeDecodeError:
        raise CommandInputError(
            [f"{name} is not UTF-8 text, so it cannot be a game sheet"]
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandInputError(
            [f"{name} is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"]
        ) from None
    except RecursionError:
        raise CommandInputError([f"{name} is nested too deeply to be a game sheet"]) from None
    except ValueError as exc:  # e.g. a number with thousands of digits
        raise CommandInputError([f"{name} cannot be read as JSON: {exc}"]) from None


DB_HELP = (
    "the database: a file path or an SQLAlchemy URL "
    "(default: $CLABBER_LEAGUE_DB, else the file in your data folder)"
)
#: Where a subcommand's own ``--db`` lands, to be checked against the global one.
SUBCOMMAND_DB = "subcommand_db"


def add_db_option(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    """``--db``, the same option before the subcommand or after it (``one_db`` joins them).

    The subcommand's copy leaves no default behind (``SUPPRESS``), so it
    never overwrites a ``--db`` given before the subcommand.
    """
    if top_level:
        parser.add_argument("--db", metavar="PATH", help=DB_HELP)
    else:
        parser.add_argument(
            "--db", dest=SUBCOMMAND_DB, metavar="PATH", default=argparse.SUPPRESS, help=DB_HELP
        )


def one_db(args: argparse.Namespace) -> None:
    """Settle ``args.db`` from the global ``--db`` and the subcommand's; two different
    databases named at once is an error, not a guess."""
    chosen = getattr(args, SUBCOMMAND_DB, None)
    if chosen is None:
        return
    if args.db is not None and args.db != chosen:
        from clabber_league.store.database import same_database  # noqa: PLC0415

        if not same_database(args.db, chosen):
            raise CommandInputError(
                [f"--db is given twice, as {args.db} and as {chosen}: give one database"]
            )
    args.db = chosen


@contextmanager
def opened_database(location: str | None, *, read_only: bool = False) -> Iterator[Any]:
    """The database for a command; its problems become exit-2 messages.

    ``read_only`` for commands that only read (standings, export, print,
    backup): a missing database is an error rather than a new empty file,
    and a file the user may only read works.
    """
    from clabber_league.store import Database, StoreError  # noqa: PLC0415 -- SQL only when needed

    try:
        database = Database.open(location, read_only=read_only)
    except StoreError as exc:
        raise CommandInputError([str(exc)]) from None
    try:
        yield database
    except StoreError as exc:
        raise CommandInputError([str(exc)]) from None
    finally:
        database.close()


def print_json(document: Any) -> None:
    print(json.dumps(document, indent=2, ensure_ascii=False))


def add_output_options(parser: argparse.ArgumentParser, *, required: bool, what: str) -> None:
    """``--out FILE`` and ``--force``: see ``clabber_league.outputs``."""
    parser.add_argument(
        "--out",
        required=required,
        metavar="FILE",
        help=f"the {what} to write" + ("" if required else " (default: standard output)"),
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace --out if it exists (never a folder, a device or the database itself)",
    )


def checked_output(args: argparse.Namespace) -> Path:
    """``--out``, checked before any work is done, or ``CommandInputError``."""
    from clabber_league.outputs import OutputError, check_output  # noqa: PLC0415

    try:
        return check_output(Path(args.out), force=args.force)
    except OutputError as exc:
        raise CommandInputError([str(exc)]) from None


def write_text_output(args: argparse.Namespace, text: str) -> None:
    """``text`` to ``--out`` (atomically; see ``outputs``), else to standard output."""
    if args.out is None:
        print(text, end="")
        return
    from clabber_league.outputs import OutputError, write_output  # noqa: PLC0415

    def write(stream: IO[bytes]) -> None:
        stream.write(text.encode("utf-8"))

    try:
        written = write_output(Path(args.out), write, force=args.force)
    except OutputError as exc:
        raise CommandInputError([str(exc)]) from None
    print(written)
