"""``clabber-league score FILE|-``: the contract of SHEET_JSON.md."""

from __future__ import annotations

import argparse
from typing import Any

from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    messages_of,
    read_json,
)
from clabber_league.escaping import json_text
from clabber_league.gamesheet import read_game, sheet_document
from clabber_league.i18n import SOURCE, _, install, said
from clabber_league.rules import ClabberError
from clabber_league.rules.limits import SCORE_FILES


def register(commands: Any) -> None:
    score = commands.add_parser(
        "score",
        help=_("check a game sheet against the rules and print the computed sheet as JSON"),
        description=_(
            "Read a clabber-game/1 document, check every hand against the rules, and "
            "print the computed clabber-sheet/1 document. Exit 0 when the game is valid; "
            "otherwise print one line per problem on standard error and exit 2."
        ),
    )
    score.add_argument(
        "files",
        metavar="FILE",
        nargs="+",
        help=_(
            "a game sheet, or - for standard input; with several, each sheet is printed in turn"
        ),
    )
    score.set_defaults(handler=run, stopped="stopped")


def run(args: argparse.Namespace) -> int:
    # SHEET_JSON.md: score's lines are the English ones a script can match, whatever the
    # locale or CLABBER_LEAGUE_LANG; --lang asks for them in another language.
    if getattr(args, "lang", None) is None:
        install(SOURCE)
    # Every file is checked before anything is printed: a bad file means no output.
    sheets: list[dict[str, Any]] = []
    problems: list[str] = []
    if not SCORE_FILES.allows(len(args.files)):
        raise CommandInputError(
            [f"score checks at most {SCORE_FILES.high} files at once, not {len(args.files):,}"]
        )
    for path in args.files:
        prefix = f"{path}: " if len(args.files) > 1 else ""
        try:
            game = read_game(read_json(path)).game()
        except CommandInputError as exc:
            problems.extend(prefix + said(line) for line in exc.lines)
        except ClabberError as exc:
            problems.extend(prefix + line for line in messages_of(exc))
        else:
            sheets.append(sheet_document(game))
    if problems:
        raise CommandInputError(problems)
    for sheet in sheets:
        print(json_text(sheet))
    return EXIT_OK
