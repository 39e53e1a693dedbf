"""``team remove``, ``team import`` and ``player sub``: the secretary's roster fixes
(registered by ``commands.league`` beside ``team add`` and ``player add``)."""

from __future__ import annotations

import argparse
from typing import Any

from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    add_db_option,
    add_season_options,
    opened_database,
    say,
    whole_number,
)
from clabber_league.escaping import json_text
from clabber_league.i18n import _, fill
from clabber_league.inputs import InputError
from clabber_league.league.roster_sheet import RosterPlan
from clabber_league.roster_file import roster_rows
from clabber_league.rules.limits import RECORD_ID
from clabber_league.rules.names import name_key
from clabber_league.store.league import season_team
from clabber_league.store.roster_import import RosterImportError, import_rosters
from clabber_league.store.substitutes import set_substitute
from clabber_league.store.team_removal import remove_team


def register_team_actions(team: Any, add_team_options: Any) -> None:
    """``team remove`` and ``team import``, on the ``team`` subcommands."""
    remove = team.add_parser(
        "remove", help=_("remove a team entered by mistake (only while it has no games)")
    )
    add_team_options(remove)
    remove.set_defaults(handler=run_team_remove)
    sheet = team.add_parser(
        "import", help=_("add teams and players from a spreadsheet (CSV or XLSX: team, player)")
    )
    add_season_options(sheet)
    sheet.add_argument("file", metavar="FILE")
    sheet.add_argument("--dry-run", action="store_true", help=_("only show what would be added"))
    sheet.add_argument("--format", choices=("text", "json"), default="text")
    sheet.set_defaults(handler=run_team_import)


def register_player_actions(player: Any) -> None:
    """``player sub``, on the ``player`` subcommands."""
    sub = player.add_parser("sub", help=_("a substitute in one seat for one match"))
    add_db_option(sub)
    sub.add_argument(
        "--match", type=whole_number(RECORD_ID, "a match id"), required=True, metavar="ID"
    )
    sub.add_argument("--seat", required=True, metavar="SEAT", help=_("A1, A2, B1 or B2"))
    who = sub.add_mutually_exclusive_group(required=True)
    who.add_argument("--name", metavar="NAME")
    who.add_argument("--clear", action="store_true", help=_("the roster's player sits there again"))
    sub.set_defaults(handler=run_player_sub)


def run_team_remove(args: argparse.Namespace) -> int:
    with opened_database(args.db) as database:
        team = season_team(database, args.season, args.team, args.league)
        done = remove_team(database, team.id)
    say(f"{done.team} removed; {done.byes} matches became byes, {done.removed} removed")
    return EXIT_OK


def header_words() -> dict[str, str]:
    """The header words in the user's language, beside the English (always read)."""
    return {name_key(_("team")): "team", name_key(_("player")): "player"}


def run_team_import(args: argparse.Namespace) -> int:
    try:
        rows = roster_rows(args.file)
    except InputError as exc:
        raise CommandInputError(exc.lines) from None
    with opened_database(args.db, read_only=args.dry_run) as database:
        try:
            plan = import_rosters(
                database,
                args.season,
                rows,
                league=args.league,
                words=header_words(),
                dry_run=args.dry_run,
            )
        except RosterImportError as exc:
            raise CommandInputError(exc.lines) from None
    if args.format == "json":
        print(json_text(plan_document(plan, dry_run=args.dry_run)))
        return EXIT_OK
    for line in plan_lines(plan):
        say(line)
    say("nothing was added (--dry-run)" if args.dry_run else "added")
    return EXIT_OK


def plan_document(plan: RosterPlan, *, dry_run: bool) -> dict[str, Any]:
    return {
        "dry_run": dry_run,
        "new_teams": list(plan.new_teams),
        "added": [{"team": team, "player": player} for team, player in plan.added],
        "already_on_roster": [{"team": team, "player": player} for team, player in plan.already],
    }


def plan_lines(plan: RosterPlan) -> list[str]:
    """The plan as the command and the window show it: a line per new team, per player
    added, and per player already on that roster."""
    return [
        *(fill(_("new team: {team}"), team=team) for team in plan.new_teams),
        *(fill(_("{team}: add {player}"), team=team, player=player) for team, player in plan.added),
        *(
            fill(_("{team}: {player} is already on the roster (left as is)"), team=team,
                 player=player)
            for team, player in plan.already
        ),
    ]  # fmt: skip


def run_player_sub(args: argparse.Namespace) -> int:
    with opened_database(args.db) as database:
        set_substitute(database, args.match, args.seat, None if args.clear else args.name)
    seat = args.seat.strip().upper()
    if args.clear:
        say(f"match #{args.match}: the roster's player sits in {seat} again")
    else:
        say(f"match #{args.match}: {args.name.strip()} sits in {seat} from the next game begun")
    return EXIT_OK
