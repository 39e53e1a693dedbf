"""``tournament knockout`` and ``tournament bracket``: a knockout for teams — made from
the teams given (``store.knockout``), single or double elimination, seeded in the
order given or drawn — and its bracket shown as ``playoffs show`` shows a league's.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    add_db_option,
    opened_database,
    whole_number,
)
from clabber_league.commands.playoffs import print_bracket
from clabber_league.escaping import json_text
from clabber_league.i18n import _
from clabber_league.inputs import InputError
from clabber_league.roster_file import team_entry, team_file
from clabber_league.rules import PRESETS
from clabber_league.rules.limits import GAMES_PER_MATCH, TOURNAMENT_SEED
from clabber_league.store.knockout import create_knockout, knockout_bracket
from clabber_league.store.playoffs import bracket_document


def register(actions: Any, *, name_option: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add ``knockout`` and ``bracket`` to the ``tournament`` command's actions;
    ``name_option`` adds its ``--name`` (the ``tournament`` command owns it)."""
    knockout = actions.add_parser(
        "knockout", help=_("a knockout for teams: a single- or double-elimination bracket")
    )
    add_db_option(knockout)
    name_option(knockout)
    teams = knockout.add_mutually_exclusive_group(required=True)
    teams.add_argument(
        "--teams",
        metavar="FILE",
        help=_("the teams, a row each: team, player, player (CSV, XLSX or UTF-8 text)"),
    )
    teams.add_argument(
        "--team",
        action="append",
        metavar='"TEAM: PLAYER, PLAYER"',
        help=_("a team and its two players (give one per team)"),
    )
    knockout.add_argument(
        "--double", action="store_true", help=_("double elimination: out after a second loss")
    )
    knockout.add_argument(
        "--draw", action="store_true", help=_("draw the bracket instead of seeding it as given")
    )
    knockout.add_argument(
        "--seed",
        type=whole_number(TOURNAMENT_SEED),
        default=0,
        metavar="S",
        help=_("another seed, another draw (default 0)"),
    )
    knockout.add_argument(
        "--games-per-match",
        type=whole_number(GAMES_PER_MATCH),
        metavar="G",
        help=_("games in each match (default 1)"),
    )
    knockout.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        default="evansville",
        metavar="PRESET",
        help=_("the rule set (default evansville)"),
    )
    knockout.add_argument(
        "--league",
        metavar="L",
        help=_("the league it is kept in (default: one named as the tournament)"),
    )
    knockout.set_defaults(handler=run_knockout)
    bracket = actions.add_parser("bracket", help=_("print a knockout's bracket"))
    add_db_option(bracket)
    name_option(bracket)
    bracket.add_argument("--format", choices=("text", "json"), default="text")
    bracket.set_defaults(handler=run_bracket, stopped="stopped")


def run_knockout(args: argparse.Namespace) -> int:
    entries = [team_entry(text) for text in args.team] if args.teams is None else None
    try:
        teams = entries if entries is not None else team_file(args.teams)
    except InputError as exc:
        raise CommandInputError(exc.lines) from None
    with opened_database(args.db) as database:
        bracket = create_knockout(
            database,
            name=args.name,
            teams=teams,
            double=args.double,
            draw=args.draw,
            seed=args.seed,
            games_per_match=args.games_per_match,
            rules_preset=args.rules,
            league=args.league,
        )
    print_bracket(bracket)
    return EXIT_OK


def run_bracket(args: argparse.Namespace) -> int:
    with opened_database(args.db, read_only=True) as database:
        bracket = knockout_bracket(database, args.name)
    if args.format == "json":
        print(json_text(bracket_document(bracket)))
    else:
        print_bracket(bracket)
    return EXIT_OK
