"""``playoffs``: a season's bracket — ``create`` seeds it from the standings and puts
round 1 on the schedule; ``show`` prints the rounds, the winners and the champion, as
text or JSON. Everything shown is read from the stored matches (``store.playoffs``).
"""

from __future__ import annotations

import argparse
from typing import Any

from clabber_league.commands.common import (
    EXIT_OK,
    add_season_options,
    opened_database,
    say,
    whole_number,
)
from clabber_league.escaping import json_text
from clabber_league.i18n import _, said
from clabber_league.league.double_bracket import FINAL, LOSERS, WINNERS, bracket_round_name
from clabber_league.rules.limits import GAMES_PER_MATCH, PLAYOFF_TEAMS
from clabber_league.store.playoffs import (
    Bracket,
    BracketMatch,
    bracket_document,
    create_playoffs,
)
from clabber_league.store.playoffs import playoff_bracket as stored_bracket


def register(commands: Any) -> None:
    playoffs = commands.add_parser("playoffs", help=_("a season's playoff bracket")).add_subparsers(
        dest="playoffs_command", metavar="ACTION", required=True
    )
    create = playoffs.add_parser("create", help=_("seed the bracket from the standings"))
    add_season_options(create)
    create.add_argument(
        "--teams",
        type=whole_number(PLAYOFF_TEAMS),
        required=True,
        metavar="N",
        help=_("how many teams go through (2 to 16; byes for the top seeds)"),
    )
    create.add_argument(
        "--games-per-match",
        type=whole_number(GAMES_PER_MATCH),
        metavar="N",
        help=_("games in each playoff match (default: the season's)"),
    )
    create.add_argument(
        "--reseed",
        action="store_true",
        help=_("pair the best seed left with the worst each round"),
    )
    create.add_argument(
        "--force",
        action="store_true",
        help=_("make the playoffs though regular-season matches are still to play"),
    )
    create.set_defaults(handler=run_playoffs_create)
    show = playoffs.add_parser("show", help=_("print the bracket, its winners and champion"))
    add_season_options(show)
    show.add_argument("--format", choices=("text", "json"), default="text")
    show.set_defaults(handler=run_playoffs_show, stopped="stopped")


def run_playoffs_create(args: argparse.Namespace) -> int:
    with opened_database(args.db) as database:
        bracket = create_playoffs(
            database,
            season=args.season,
            league=args.league,
            teams=args.teams,
            games_per_match=args.games_per_match,
            reseed=args.reseed,
            force=args.force,
        )
    print_bracket(bracket)
    return EXIT_OK


def run_playoffs_show(args: argparse.Namespace) -> int:
    with opened_database(args.db, read_only=True) as database:
        bracket = stored_bracket(database, args.season, args.league)
    if args.format == "json":
        print(json_text(bracket_document(bracket)))
    else:
        print_bracket(bracket)
    return EXIT_OK


def print_bracket(bracket: Bracket) -> None:
    """The bracket's lines on standard output (``playoffs``, ``tournament bracket``)."""
    for line in bracket_lines(bracket):
        say(line)


def bracket_lines(bracket: Bracket) -> list[str]:
    """The bracket as lines of text (``playoffs show``, the window's Playoffs view)."""
    lines = [
        _("{season} playoffs — teams: {teams}, games a match: {games}").format(
            season=bracket.season, teams=bracket.teams, games=bracket.games_per_match
        )
    ]
    if bracket.double:
        lines.append(_("Double elimination: a team is out after its second loss"))
    stages = [(WINNERS, number, matches) for number, matches in enumerate(bracket.rounds, 1)]
    stages += [(LOSERS, number, matches) for number, matches in enumerate(bracket.losers, 1)]
    if bracket.double:
        stages += [(FINAL, found.round, (found,)) for found in bracket.finals] or [(FINAL, 1, ())]
    for part, number, matches in stages:
        lines.append(said(bracket_round_name(bracket.teams, bracket.double, part, number)))
        if not matches:
            lines.append("  " + _("not yet known"))
        lines.extend("  " + match_line(found) for found in matches)
    if bracket.champion is not None:
        lines.append(_("Champion: {team}").format(team=bracket.champion.team))
    return lines


def match_line(found: BracketMatch) -> str:
    """A match as one line: its id, the seeded teams, each game's score and who went on."""
    home = f"({found.home.seed}) {found.home.team}"
    if found.away is None:
        return f"#{found.match_id:<4} {home} — " + _("bye")
    away = f"({found.away.seed}) {found.away.team}"
    scores = ", ".join(f"{mine}–{theirs}" for mine, theirs in found.games)
    line = f"#{found.match_id:<4} {home} v {away}" + (f"  {scores}" if scores else "")
    if found.status not in ("scheduled", "bye"):
        line += f"  ({found.status})"
    if found.winner is not None:
        line += "  → " + found.winner.team
    if found.disputed:
        line += "  " + _("(disputed: a feeder's winner changed after this match was played)")
    return line
