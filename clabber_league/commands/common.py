"""What every subcommand shares: bad input as plain lines, JSON reading, the database."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from clabber_league.rules import ClabberError, GameError, HandError

EXIT_OK = 0
EXIT_BAD_INPUT = 2


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


def add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="the database: a file path or an SQLAlchemy URL "
        "(default: $CLABBER_LEAGUE_DB, else the file in your data folder)",
    )


@contextmanager
def opened_database(location: str | None) -> Iterator[Any]:
    """The database for a command; its problems become exit-2 messages."""
    from clabber_league.store import Database, StoreError  # noqa: PLC0415 -- SQL only when needed

    try:
        database = Database.open(location)
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
