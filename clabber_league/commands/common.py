"""What every subcommand shares: bad input as plain lines, bounded numbers and dates,
JSON reading, the database, and output fit for a terminal (CSV too).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

from clabber_league.escaping import CsvCells, terminal_text
from clabber_league.i18n import ENV_VAR, LANGUAGES, N_, _, said, said_error
from clabber_league.inputs import InputError, read_capped
from clabber_league.outputs import OutputError, check_output, write_output
from clabber_league.rules.limits import GAME_FILE_BYTES, SCHEDULE_DATES, WEEKS, LimitError
from clabber_league.rules.messages import one_line, problem, tidy
from clabber_league.store.database import Database, same_database
from clabber_league.store.errors import StoreError

if TYPE_CHECKING:
    from clabber_league.rules import ClabberError
    from clabber_league.rules.limits import Limit

EXIT_OK = 0
EXIT_BAD_INPUT = 2
#: What Ctrl+C says when a command gives no words of its own (``set_defaults(stopped=…)``).
STOPPED = "stopped; nothing was changed"


class CommandInputError(Exception):
    """Input the command cannot use; ``lines`` say why, one problem each (exit 2).

    ``commands`` are commands that mend it (a restore), printed whole after the lines.
    """

    def __init__(self, lines: Sequence[str], commands: Sequence[str] = ()) -> None:
        self.lines = tidy(lines)
        self.commands = tuple(terminal_text(command) for command in commands if command)
        super().__init__("\n".join((*self.lines, *self.commands)))


LANG_HELP = N_("the language to speak: {languages} (default: {variable}, else the system's)")


class CommandParser(argparse.ArgumentParser):
    """argparse, but a mistake is one line naming the command, not a usage dump; and
    ``--lang`` taken before the subcommand or after it (``standings --lang ru``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The language is spoken from the start (cli reads --lang wherever it stands,
        # before any parser is built); each command's copy leaves no default behind
        # (SUPPRESS), so it never overwrites a --lang given before the command.
        self.add_argument(
            "--lang",
            metavar="LANG",
            default=argparse.SUPPRESS,
            help=_(LANG_HELP).format(languages=", ".join(LANGUAGES), variable=ENV_VAR),
        )

    def error(self, message: str) -> NoReturn:
        self.exit(
            EXIT_BAD_INPUT,
            one_line(
                _("{prog}: {message} (see {prog} --help)").format(prog=self.prog, message=message)
            )
            + "\n",
        )


class UnprintedHelp(argparse.HelpFormatter):
    """The help formatter of a parser whose help is never printed (one that reads a few
    options ahead of the whole parser): a fixed width, where argparse's own loads
    ``shutil`` and measures the terminal for every option added."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=80)


def whole_number(limit: Limit, what: str | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number within ``limit`` (``rules.limits``), or one line
    saying the range — never ``OverflowError`` or a database's "integer out of range"."""

    def parse(text: str) -> int:
        try:
            return limit.parse(text, what)
        except LimitError as exc:
            raise argparse.ArgumentTypeError(said_error(exc)) from None

    parse.__name__ = limit.key
    return parse


def schedule_date(text: str) -> date:
    """An argparse type: a date like 2026-09-03 within ``SCHEDULE_DATES``."""
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{one_line(repr(text), 60)} is not a date like 2026-09-03"
        ) from None
    try:
        return SCHEDULE_DATES.check(day)
    except LimitError as exc:
        raise argparse.ArgumentTypeError(said_error(exc)) from None


#: Where a subcommand's own ``--db`` lands, to be checked against the global one.
SUBCOMMAND_DB = "subcommand_db"
#: Arguments that are file paths: on Linux a path may hold bytes that are not UTF-8.
_PATH_ARGUMENTS = frozenset(
    {
        "db",
        SUBCOMMAND_DB,
        "out",
        "file",
        "files",
        "backup",
        "verify",
        "sponsor_logo",
        "screenshot",
        "game",
        "access_log",
    }
)


def check_text_arguments(args: argparse.Namespace) -> None:
    """Names and words typed on the command line are UTF-8 text, or ``CommandInputError``.

    A terminal set to another encoding passes bytes Python keeps as lone
    surrogates, which no database, PDF or JSON can hold.
    """
    for name, value in vars(args).items():
        if name in _PATH_ARGUMENTS or not isinstance(value, str):
            continue
        if any("\ud800" <= char <= "\udfff" for char in value):
            raise CommandInputError(
                [
                    f"--{name.replace('_', '-')} holds bytes that are not UTF-8 text: "
                    "set the terminal to UTF-8 and type it again"
                ]
            )


def messages_of(error: ClabberError) -> list[str]:
    """One line per problem, whichever kind of rules error it is, in the current language."""
    return [said(line) for line in error.lines]


def read_json(path: str) -> Any:
    """A JSON document from a file or ``-`` (standard input), or ``CommandInputError``.

    Only a plain file or standard input is read, and no more than a game file's
    limit (``inputs.read_capped``).
    """
    name = "standard input" if path == "-" else path
    try:
        raw = read_capped(path, GAME_FILE_BYTES, "a game file")
    except InputError as exc:
        raise CommandInputError(exc.lines) from None
    return json_from_bytes(raw, name)


def json_from_bytes(raw: bytes, name: str) -> Any:
    """The JSON document in a game file's bytes, or ``CommandInputError`` saying why not."""
    try:
        text = raw.decode("utf-8-sig")
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
    except ValueError:  # Python reads no number of 4,300 digits or more
        raise CommandInputError(
            [f"{name} holds a number thousands of digits long, so it cannot be a game sheet"]
        ) from None


DB_HELP = N_(
    "the database: a file path or an SQLAlchemy URL "
    "(default: $CLABBER_LEAGUE_DB, else the file in your data folder)"
)


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """A subcommand's ``--db``, the same option as the one before the subcommand (``one_db``
    joins them). It leaves no default behind (``SUPPRESS``), so it never overwrites a
    ``--db`` given before the subcommand.
    """
    parser.add_argument(
        "--db", dest=SUBCOMMAND_DB, metavar="PATH", default=argparse.SUPPRESS, help=_(DB_HELP)
    )


def add_season_options(parser: argparse.ArgumentParser) -> None:
    """``--db``, ``--season`` and ``--league``: which season."""
    add_db_option(parser)
    parser.add_argument("--season", required=True, metavar="NAME", help=_("the season"))
    parser.add_argument("--league", metavar="NAME", help=_("the league, when seasons share a name"))


def add_night_options(parser: argparse.ArgumentParser) -> None:
    """``--db``, ``--season``, ``--week`` and ``--league``: which league night. A
    tournament's round is a week of its season (``store.tournaments``), so ``--round``
    is ``--week`` by the name its players know."""
    add_db_option(parser)
    parser.add_argument("--season", required=True, metavar="NAME", help="the season")
    parser.add_argument("--week", "--round", required=True, type=whole_number(WEEKS), metavar="N")
    parser.add_argument("--league", metavar="NAME", help="the league, when seasons share a name")


def add_public_url(parser: argparse.ArgumentParser, default: str) -> None:
    """``--public-url``: the base of every link (``night.links.base_url``)."""
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help=f"the address phones reach this computer at, written into the links "
        f"(default {default})",
    )


def one_db(args: argparse.Namespace) -> None:
    """Settle ``args.db`` from the global ``--db`` and the subcommand's; two different
    databases named at once is an error, not a guess, and so is an empty one (an unset
    shell variable, ``--db "$DB"``), which would otherwise mean the default database."""
    chosen = getattr(args, SUBCOMMAND_DB, None)
    for given in (args.db, chosen):
        if given is not None and not given.strip():
            raise CommandInputError(
                [problem("--db is empty: give a database file or URL, or leave --db out")]
            )
    if chosen is None:
        return
    if args.db is not None and args.db != chosen and not same_database(args.db, chosen):
        raise CommandInputError(
            [f"--db is given twice, as {args.db} and as {chosen}: give one database"]
        )
    args.db = chosen


@contextmanager
def opened_database(location: str | None, *, read_only: bool = False) -> Iterator[Any]:
    """The database for a command; its problems become exit-2 messages.

    ``read_only`` for commands that only read (standings, export, print,
    backup): a missing database is an error rather than a new empty file,
    and a file the user may only read works. Any other command opens a
    missing file ``provisional``: it is made only if the command writes, so a
    command whose input is refused leaves no file behind.
    """
    try:
        database = Database.open(location, read_only=read_only, provisional=not read_only)
        try:
            yield database
        finally:
            database.close()
    except StoreError as exc:
        raise CommandInputError([exc.message], [exc.command]) from None


def say(text: object = "") -> None:
    """A line on standard output, with no control character from the data in it."""
    print(terminal_text(str(text)))


def add_output_options(parser: argparse.ArgumentParser, *, required: bool, what: str) -> None:
    """``--out FILE`` and ``--force``: see ``clabber_league.outputs``. ``what`` says what
    is written, translated ("the PDF to write")."""
    parser.add_argument(
        "--out",
        required=required,
        metavar="FILE",
        help=what if required else _("{what} (default: standard output)").format(what=what),
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=_("replace --out if it exists (never a folder, a device or the database itself)"),
    )


def checked_output(args: argparse.Namespace) -> Path:
    """``--out``, checked before any work is done, or ``CommandInputError``."""
    try:
        return check_output(Path(args.out), force=args.force)
    except OutputError as exc:
        raise CommandInputError(exc.lines) from None


def write_text_output(args: argparse.Namespace, text: str) -> None:
    """``text`` to ``--out`` (atomically; see ``outputs``), else to standard output."""
    if args.out is None:
        print(terminal_text(text), end="")
        return

    def write(stream: IO[bytes]) -> None:
        stream.write(text.encode("utf-8"))

    try:
        written = write_output(Path(args.out), write, force=args.force)
    except OutputError as exc:
        raise CommandInputError(exc.lines) from None
    say(written)


def to_csv(columns: Sequence[str], rows: Sequence[dict[str, Any]]) -> str:
    """CSV that a spreadsheet opens as data: no cell is ever run as a formula
    (``escaping.csv_cell``; only text can start one)."""
    escaped = CsvCells()
    cells = ([row.get(key) for key in columns] for row in rows)
    return csv_text(
        columns,
        ([escaped[value] if isinstance(value, str) else value for value in row] for row in cells),
    )


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV of rows whose text cells are escaped already (``escaping.csv_cell``), with no
    control character left for a terminal."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return terminal_text(out.getvalue())
