"""The ``clabber-league`` command: the window by default, and scriptable subcommands.

Every subcommand reports bad input as plain lines on standard error and
exits with status 2; nothing else ever reaches the user as a traceback.
Ctrl+C and SIGTERM stop a subcommand cleanly (exit 130 / 143): half-written
outputs are removed and open transactions rolled back on the way out.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable, Sequence

from clabber_league import APP_ID, APP_NAME, __version__
from clabber_league.commands import games, league, printing, score
from clabber_league.commands.common import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    CommandInputError,
    add_db_option,
    one_db,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=APP_ID,
        description=f"{APP_NAME}: scoresheets, leagues and standings for Clabber. "
        "With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"{APP_ID} {__version__}")
    add_db_option(parser, top_level=True)
    parser.add_argument(
        "--screenshot",
        metavar="OUT.png",
        help="render the window offscreen to a PNG and exit (with --game, showing that game)",
    )
    parser.add_argument(
        "--game", metavar="FILE.json", help="with --screenshot: the game sheet to show"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    score.register(commands)
    games.register(commands)
    league.register(commands)
    printing.register(commands)
    window = commands.add_parser("gui", help="open the window (the default)")
    add_db_option(window)
    window.set_defaults(handler=_gui)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = getattr(args, "handler", _gui)
    if handler is not _gui:
        signal.signal(signal.SIGTERM, _stop)
    try:
        one_db(args)
        return handler(args)
    except CommandInputError as exc:
        for line in exc.lines:
            print(line, file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted: nothing more was written", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader (say, `| head`) stopped early: not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _stop(signum: int, _frame: object) -> None:
    """SIGTERM: leave through the ordinary exits, so that ``finally`` blocks clean up."""
    raise SystemExit(128 + signum)


def _gui(args: argparse.Namespace) -> int:
    from clabber_league import app  # noqa: PLC0415 -- Qt loads only for the window

    if args.screenshot:
        return app.screenshot(args.screenshot, args.game, args.db)
    return app.run(args.db)


if __name__ == "__main__":
    sys.exit(main())
