"""``tournament``: a progressive tournament's movement — ``plan`` prints who partners
whom, against whom, at which table, round by round (``league.movement``), as text or
JSON; ``cards`` prints each player's movement card (``reports.movement_cards``).
Nothing is stored: the players come from the command line or a file.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    checked_output,
    say,
    whole_number,
)
from clabber_league.commands.printing import STOPPED, add_pdf_options, write_pdf
from clabber_league.escaping import json_text
from clabber_league.i18n import _
from clabber_league.inputs import InputError, read_capped
from clabber_league.league.movement import MOST_PLAYERS, Movement, MovementError, plan_movement
from clabber_league.reports.movement_cards import MovementCardsRenderer, movement_cards
from clabber_league.reports.styles import Paper
from clabber_league.roster_file import KINDS, ROSTER_FILE_BYTES, roster_rows
from clabber_league.rules.limits import Limit
from clabber_league.rules.messages import problem

ROUNDS = Limit(
    "tournament_rounds",
    problem("the rounds"),
    1,
    MOST_PLAYERS,
    "",
    "`tournament plan --rounds`",
)
SEED = Limit("seed", problem("the seed"), 0, 2_147_483_647, "", "`tournament plan --seed`")


def register(commands: Any) -> None:
    tournament = commands.add_parser(
        "tournament", help=_("a progressive tournament: partners change every round")
    ).add_subparsers(dest="tournament_command", metavar="ACTION", required=True)
    plan = tournament.add_parser("plan", help=_("print the rounds: tables, partners, sit-outs"))
    add_movement_options(plan)
    plan.add_argument("--format", choices=("text", "json"), default="text")
    plan.set_defaults(handler=run_tournament_plan)
    cards = tournament.add_parser("cards", help=_("print a movement card for each player"))
    add_movement_options(cards)
    add_pdf_options(cards)
    cards.set_defaults(handler=run_tournament_cards, stopped=STOPPED)


def add_movement_options(parser: argparse.ArgumentParser) -> None:
    """The players, rounds and seed of a movement (``plan`` and ``cards``)."""
    players = parser.add_mutually_exclusive_group(required=True)
    players.add_argument(
        "--players",
        metavar="FILE",
        help=_("the players, one name a line (UTF-8), or a CSV or XLSX file's first column"),
    )
    players.add_argument(
        "--player", action="append", metavar="NAME", help=_("a player (give one per player)")
    )
    parser.add_argument(
        "--rounds", type=whole_number(ROUNDS), required=True, metavar="R", help=_("how many rounds")
    )
    parser.add_argument(
        "--seed",
        type=whole_number(SEED),
        default=0,
        metavar="S",
        help=_("another seed, another movement (default 0)"),
    )


def planned(args: argparse.Namespace) -> Movement:
    """The movement the options ask for, or ``CommandInputError`` saying why not."""
    try:
        names = args.player if args.players is None else player_file(args.players)
        return plan_movement(names, args.rounds, seed=args.seed)
    except (InputError, MovementError) as exc:
        raise CommandInputError(exc.lines) from None


def player_file(path: str) -> list[str]:
    """The names in ``path``: a CSV or XLSX file's first filled cell of each row, else
    one name a line of UTF-8 text; blank lines skipped."""
    if Path(path).suffix.lower() in KINDS:
        rows = roster_rows(path)
        return [cells[0] for cells in ([c for c in row if c.strip()] for row in rows) if cells]
    raw = read_capped(path, ROSTER_FILE_BYTES, problem("a list of players"))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(problem("{name} is not UTF-8 text", name=path)) from None
    return [line for line in text.splitlines() if line.strip()]


def movement_document(movement: Movement) -> dict[str, Any]:
    """The movement as JSON: rounds of tables (each two sides, North–South first) and
    byes."""
    return {
        "rounds": [
            {
                "round": found.round,
                "tables": [
                    {"table": table.table, "sides": [list(side) for side in table.sides]}
                    for table in found.tables
                ],
                "byes": list(found.byes),
            }
            for found in movement.rounds
        ]
    }


def movement_lines(movement: Movement) -> list[str]:
    """One line per table per round, and one for a round's sit-outs."""
    lines: list[str] = []
    for found in movement.rounds:
        for table in found.tables:
            (north, south), (east, west) = table.sides
            lines.append(
                _(
                    "Round {round}, table {table}: {north} and {south} (North–South) "
                    "against {east} and {west} (East–West)"
                ).format(
                    round=found.round,
                    table=table.table,
                    north=north,
                    south=south,
                    east=east,
                    west=west,
                )
            )
        if found.byes:
            lines.append(
                _("Round {round}: sitting out: {players}").format(
                    round=found.round, players=", ".join(found.byes)
                )
            )
    return lines


def run_tournament_plan(args: argparse.Namespace) -> int:
    movement = planned(args)
    if args.format == "json":
        print(json_text(movement_document(movement)))
    else:
        for line in movement_lines(movement):
            say(line)
    return EXIT_OK


def run_tournament_cards(args: argparse.Namespace) -> int:
    checked_output(args)
    movement = planned(args)
    renderer = MovementCardsRenderer(movement_cards(movement), paper=Paper(args.paper))
    return write_pdf(renderer, args)
