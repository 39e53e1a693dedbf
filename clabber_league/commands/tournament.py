"""``tournament``: a progressive tournament — ``plan`` prints a movement without keeping
it (``league.movement``), ``create`` keeps one in the database as a season of its own
(``store.tournaments``), ``show`` prints the stored movement, ``standings`` ranks the
players from the games played, and ``cards`` prints each player's movement card
(``reports.movement_cards``), planned or stored.
"""

from __future__ import annotations

import argparse
from typing import Any

from clabber_league.commands import tournament_print
from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    add_db_option,
    checked_output,
    opened_database,
    say,
    to_csv,
    whole_number,
)
from clabber_league.commands.knockout import register as register_knockout
from clabber_league.commands.printing import STOPPED, add_pdf_options, write_pdf
from clabber_league.escaping import json_text
from clabber_league.i18n import _
from clabber_league.inputs import InputError
from clabber_league.league.movement import MOST_PLAYERS, Movement, MovementError, plan_movement
from clabber_league.league.progressive import ORDER
from clabber_league.reports.movement_cards import MovementCardsRenderer, movement_cards
from clabber_league.reports.styles import Paper
from clabber_league.roster_file import player_file
from clabber_league.rules import PRESETS
from clabber_league.rules.limits import ROUND_HANDS, TARGET, TOURNAMENT_SEED, Limit
from clabber_league.rules.messages import problem
from clabber_league.store.tournaments import (
    PROGRESSIVE,
    TournamentInfo,
    create_tournament,
    find_tournament,
    tournament_info,
    tournament_movement,
    tournament_standings,
)

ROUNDS = Limit(
    "tournament_rounds",
    problem("the rounds"),
    1,
    MOST_PLAYERS,
    "",
    "`tournament plan --rounds`",
)


STANDINGS_COLUMNS = ("rank", "player", "points", "wins")


def register(commands: Any) -> None:
    tournament = commands.add_parser(
        "tournament", help=_("a progressive tournament: partners change every round")
    ).add_subparsers(dest="tournament_command", metavar="ACTION", required=True)
    plan = tournament.add_parser("plan", help=_("print the rounds: tables, partners, sit-outs"))
    add_players_options(plan)
    add_movement_options(plan)
    plan.add_argument("--format", choices=("text", "json"), default="text")
    plan.set_defaults(handler=run_tournament_plan)
    create = tournament.add_parser(
        "create", help=_("keep a tournament in the database: its players, rounds and tables")
    )
    add_db_option(create)
    add_name_option(create)
    add_players_options(create)
    add_movement_options(create)
    length = create.add_mutually_exclusive_group()
    length.add_argument(
        "--hands-per-round",
        type=whole_number(ROUND_HANDS),
        metavar="H",
        help=_("a round is H hands, whoever leads then wins it"),
    )
    length.add_argument(
        "--to",
        type=whole_number(TARGET),
        metavar="POINTS",
        help=_("a round is one game to POINTS (default: the rules' 500)"),
    )
    create.add_argument("--rules", default="evansville", choices=sorted(PRESETS), metavar="PRESET")
    create.add_argument(
        "--league", metavar="NAME", help=_("the league it belongs to (default: its own name)")
    )
    create.add_argument("--format", choices=("text", "json"), default="text")
    create.set_defaults(handler=run_tournament_create, stopped=STOPPED)
    show = tournament.add_parser("show", help=_("print a stored tournament's rounds"))
    add_db_option(show)
    add_name_option(show)
    show.add_argument("--format", choices=("text", "json"), default="text")
    show.set_defaults(handler=run_tournament_show)
    ranked = tournament.add_parser(
        "standings", help=_("rank a tournament's players: points, then games won")
    )
    add_db_option(ranked)
    add_name_option(ranked)
    ranked.add_argument("--format", choices=("text", "json", "csv"), default="text")
    ranked.set_defaults(handler=run_tournament_standings)
    cards = tournament.add_parser("cards", help=_("print a movement card for each player"))
    add_db_option(cards)
    chosen = cards.add_mutually_exclusive_group(required=True)
    chosen.add_argument("--name", metavar="NAME", help=_("a stored tournament"))
    add_players_options(cards, chosen)
    add_movement_options(cards, rounds_required=False)
    add_pdf_options(cards)
    cards.set_defaults(handler=run_tournament_cards, stopped=STOPPED)
    tournament_print.register(tournament)
    register_knockout(tournament, name_option=add_name_option)


def add_name_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", required=True, metavar="NAME", help=_("the tournament"))


def add_players_options(
    parser: argparse.ArgumentParser, group: argparse._MutuallyExclusiveGroup | None = None
) -> None:
    """``--players FILE`` or ``--player NAME`` (one of them, or of ``group``'s)."""
    players = group or parser.add_mutually_exclusive_group(required=True)
    players.add_argument(
        "--players",
        metavar="FILE",
        help=_("the players, one name a line (UTF-8), or a CSV or XLSX file's first column"),
    )
    players.add_argument(
        "--player", action="append", metavar="NAME", help=_("a player (give one per player)")
    )


def add_movement_options(parser: argparse.ArgumentParser, *, rounds_required: bool = True) -> None:
    """The rounds and seed of a movement."""
    parser.add_argument(
        "--rounds",
        type=whole_number(ROUNDS),
        required=rounds_required,
        metavar="R",
        help=_("how many rounds"),
    )
    parser.add_argument(
        "--seed",
        type=whole_number(TOURNAMENT_SEED),
        default=0,
        metavar="S",
        help=_("another seed, another movement (default 0)"),
    )


def players_given(args: argparse.Namespace) -> list[str]:
    """The names of ``--player`` or of the ``--players`` file, or ``CommandInputError``."""
    try:
        names: list[str] = args.player if args.players is None else player_file(args.players)
    except InputError as exc:
        raise CommandInputError(exc.lines) from None
    return names


def planned(args: argparse.Namespace) -> Movement:
    """The movement the options ask for, or ``CommandInputError`` saying why not."""
    names = players_given(args)
    try:
        return plan_movement(names, args.rounds, seed=args.seed)
    except MovementError as exc:
        raise CommandInputError(exc.lines) from None


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


def run_tournament_create(args: argparse.Namespace) -> int:
    names = players_given(args)
    if args.rounds is None:
        raise CommandInputError([problem("give --rounds")])
    with opened_database(args.db) as database:
        info = create_tournament(
            database,
            name=args.name,
            players=names,
            rounds=args.rounds,
            seed=args.seed,
            hands_per_round=args.hands_per_round,
            to_points=args.to,
            preset=args.rules,
            league=args.league,
        )
    if args.format == "json":
        print(json_text(info_document(info)))
    else:
        say(created_line(info))
    return EXIT_OK


def info_document(info: TournamentInfo) -> dict[str, Any]:
    return {
        "tournament": info.name,
        "league": info.league,
        "season": info.season,
        "players": len(info.players),
        "rounds": info.rounds,
        "hands_per_round": info.hands_per_round,
        "target": info.target,
        "seed": info.seed,
    }


def created_line(info: TournamentInfo) -> str:
    """What ``create`` made, in one line."""
    if info.hands_per_round is None:
        length = _("a round is one game to {target}").format(target=info.target)
    else:
        length = _("a round is {hands} hands").format(hands=info.hands_per_round)
    return _(
        "{name}: {players} players, {rounds} rounds, {length}; its rounds are the weeks "
        "of the season {season} of {league}"
    ).format(
        name=info.name,
        players=len(info.players),
        rounds=info.rounds,
        length=length,
        season=info.season,
        league=info.league,
    )


def stored_movement(database: Any, name: str) -> Movement:
    with database.session() as session:
        found = find_tournament(session, name, kind=PROGRESSIVE)
        assert found.id is not None
        return tournament_movement(session=session, tournament_id=found.id)


def run_tournament_show(args: argparse.Namespace) -> int:
    with opened_database(args.db, read_only=True) as database:
        info = tournament_info(database, args.name, kind=PROGRESSIVE)
        movement = stored_movement(database, args.name)
    if args.format == "json":
        print(json_text(movement_document(movement)))
    else:
        say(created_line(info))
        for line in movement_lines(movement):
            say(line)
    return EXIT_OK


def run_tournament_standings(args: argparse.Namespace) -> int:
    with opened_database(args.db, read_only=True) as database, database.session() as session:
        found = find_tournament(session, args.name, kind=PROGRESSIVE)
        assert found.id is not None
        rows = tournament_standings(session=session, tournament_id=found.id)
        name = found.name
    plain = [
        {"player": row.player, "points": row.points, "wins": row.wins, "rank": row.rank}
        for row in rows
    ]
    if args.format == "json":
        print(json_text({"tournament": name, "rows": plain}))
    elif args.format == "csv":
        print(to_csv(STANDINGS_COLUMNS, plain), end="")
    else:
        width = max([len(_("Player")), *(len(row.player) for row in rows)])
        say(name)
        say()
        head = (
            f"{_('Rank'):>4}  {_('Player'):<{width}}  {_('Points'):>6} {_('Wins'):>4}"
            f" {_('Games'):>5} {_('Byes'):>4}"
        )
        say(head)
        say("-" * len(head))
        for row in rows:
            say(
                f"{row.rank:>4}  {row.player:<{width}}  {row.points:>6} {row.wins:>4}"
                f" {row.played:>5} {row.byes:>4}"
            )
        say()
        say(_(ORDER))
    return EXIT_OK


def run_tournament_cards(args: argparse.Namespace) -> int:
    checked_output(args)
    tournament = ""
    if args.name is not None:
        with opened_database(args.db, read_only=True) as database:
            tournament = tournament_info(database, args.name, kind=PROGRESSIVE).name
            movement = stored_movement(database, args.name)
    elif args.rounds is None:
        raise CommandInputError([problem("give --rounds, or --name for a stored tournament")])
    else:
        movement = planned(args)
    renderer = MovementCardsRenderer(
        movement_cards(movement), paper=Paper(args.paper), tournament=tournament
    )
    return write_pdf(renderer, args)
