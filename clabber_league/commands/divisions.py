"""Divisions and halves on the command line: ``team division``, ``season split`` and
``schedule generate``'s ``--within`` and ``--across`` (``store.divisions``).

``commands.league`` makes the ``team``, ``season`` and ``schedule`` commands and hands
their parsers here, so that the divisions' options live in one module.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from clabber_league.commands.common import (
    EXIT_OK,
    add_season_options,
    opened_database,
    say,
    whole_number,
)
from clabber_league.i18n import _
from clabber_league.rules.limits import ROUNDS, WEEKS
from clabber_league.rules.names import name_key
from clabber_league.store.divisions import set_team_division, split_season
from clabber_league.store.league import TeamInfo, season_team


def division_names(teams: Iterable[TeamInfo]) -> list[str]:
    """The teams' divisions, each once (``season list --format json``)."""
    kept: dict[str, str] = {}
    for team in teams:
        if team.division is not None:
            kept.setdefault(name_key(team.division), team.division)
    return sorted(kept.values(), key=name_key)


def add_division_option(parser: argparse.ArgumentParser) -> None:
    """``team add --division NAME``."""
    parser.add_argument("--division", metavar="NAME", help=_("the division the team plays in"))


def add_schedule_options(parser: argparse.ArgumentParser) -> None:
    """``schedule generate --within N --across M``, for a season with divisions."""
    parser.add_argument(
        "--within",
        type=whole_number(ROUNDS),
        metavar="N",
        help=_("with divisions: rounds inside each division (default 1 without --across)"),
    )
    parser.add_argument(
        "--across",
        type=whole_number(ROUNDS),
        metavar="M",
        help=_("with divisions: rounds against every team of the other divisions"),
    )


def register_team_division(team: Any) -> None:
    """``team division --team T --to NAME`` (or ``--none``)."""
    move = team.add_parser("division", help=_("put a team in a division, or in none"))
    add_season_options(move)
    move.add_argument("--team", required=True, metavar="NAME")
    where = move.add_mutually_exclusive_group(required=True)
    where.add_argument("--to", metavar="NAME")
    where.add_argument("--none", action="store_true", help=_("in no division"))
    move.set_defaults(handler=run_team_division)


def register_season_split(season: Any) -> None:
    """``season split --first-half-weeks N`` (or ``--none``)."""
    split = season.add_parser("split", help=_("split a season into two halves, or join them"))
    add_season_options(split)
    where = split.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--first-half-weeks",
        type=whole_number(WEEKS),
        metavar="N",
        help=_("weeks 1 to N are the first half"),
    )
    where.add_argument("--none", action="store_true", help=_("one season, no halves"))
    split.set_defaults(handler=run_season_split)


def run_team_division(args: argparse.Namespace) -> int:
    with opened_database(args.db) as database:
        team = season_team(database, args.season, args.team, args.league)
        kept = set_team_division(database, team.id, None if args.none else args.to)
    if kept is None:
        say(_("{team} is in no division").format(team=team.name))
    else:
        say(_("{team} plays in {division}").format(team=team.name, division=kept))
    return EXIT_OK


def run_season_split(args: argparse.Namespace) -> int:
    with opened_database(args.db) as database:
        weeks = split_season(
            database, args.season, None if args.none else args.first_half_weeks, args.league
        )
    if weeks is None:
        say(_("{season} is one season, no halves").format(season=args.season))
    else:
        say(_("{season}: the first half is weeks 1 to {weeks}").format(
            season=args.season, weeks=weeks
        ))  # fmt: skip
    return EXIT_OK
