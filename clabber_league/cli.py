"""The ``clabber-league`` command: the window by default, and scriptable subcommands.

Every subcommand reports bad input as plain lines on standard error and
exits with status 2; nothing else ever reaches the user as a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from clabber_league import APP_ID, APP_NAME, __version__
from clabber_league.gamesheet import read_game, sheet_document
from clabber_league.rules import ClabberError, GameError, HandError

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class CommandInputError(Exception):
    """Input the command cannot use; ``lines`` say why, one problem each."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = tuple(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=APP_ID,
        description=f"{APP_NAME}: scoresheets, leagues and standings for Clabber. "
        "With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"{APP_ID} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    score = commands.add_parser(
        "score",
        help="check a game sheet against the rules and print the computed sheet as JSON",
        description="Read a clabber-game/1 document, check every hand against the rules, and "
        "print the computed clabber-sheet/1 document. Exit 0 when the game is valid; "
        "otherwise print one line per problem on standard error and exit 2.",
    )
    score.add_argument(
        "files",
        metavar="FILE",
        nargs="+",
        help="a game sheet, or - for standard input; with several, each sheet is printed in turn",
    )
    score.set_defaults(handler=_score)
    commands.add_parser("gui", help="open the window (the default)").set_defaults(handler=_gui)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = getattr(args, "handler", _gui)
    try:
        return handler(args)
    except CommandInputError as exc:
        for line in exc.lines:
            print(line, file=sys.stderr)
        return EXIT_BAD_INPUT


def _gui(args: argparse.Namespace) -> int:
    from clabber_league.app import run  # noqa: PLC0415 -- Qt loads only for the window

    return run()


def _score(args: argparse.Namespace) -> int:
    # Every file is checked before anything is printed: a bad file means no output.
    sheets: list[dict[str, Any]] = []
    problems: list[str] = []
    for path in args.files:
        prefix = f"{path}: " if len(args.files) > 1 else ""
        try:
            game = read_game(read_json(path)).game()
        except CommandInputError as exc:
            problems.extend(prefix + line for line in exc.lines)
        except ClabberError as exc:
            problems.extend(prefix + line for line in messages_of(exc))
        else:
            sheets.append(sheet_document(game))
    if problems:
        raise CommandInputError(problems)
    for sheet in sheets:
        print(json.dumps(sheet, indent=2, ensure_ascii=False))
    return EXIT_OK


def read_json(path: str) -> Any:
    """A JSON document from a file or ``-`` (standard input); ``CommandInputError`` if not."""
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


def messages_of(error: ClabberError) -> list[str]:
    """One line per problem, whichever kind of rules error it is."""
    if isinstance(error, GameError | HandError):
        return list(error.messages)
    return [str(error)]


if __name__ == "__main__":
    sys.exit(main())
