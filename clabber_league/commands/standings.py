"""``standings``: a season's standings as text, JSON or CSV.

The command scripts call most, and the one that answers in a blink: its module
loads only what printing the standings needs (``store.standings_read`` reads them
with plain ``sqlite3``), and ``cli`` reads its arguments with its own options
alone (``standings_args``), without loading every other command.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from clabber_league import APP_ID
from clabber_league.commands.common import (
    EXIT_OK,
    CommandParser,
    UnprintedHelp,
    add_season_options,
    opened_database,
    print_json,
    say,
    to_csv,
)
from clabber_league.i18n import _
from clabber_league.i18n.standings_words import TIE_BREAK_WORDS, unknown_makers_note
from clabber_league.league.ranking import pct_text, unknown_makers_total

if TYPE_CHECKING:
    from clabber_league.store.standings_read import SeasonStandings

STANDINGS_FORMAT = "clabber-standings/1"
STANDINGS_COLUMNS = (
    "rank",
    "team",
    "gp",
    "w",
    "l",
    "t",
    "pct",
    "pf",
    "pa",
    "diff",
    "made",
    "sets",
    "reneges",
    "unknown_makers",
)


def register(commands: Any) -> None:
    _standings_options(commands.add_parser("standings", help=_("print a season's standings")))


def _standings_options(parser: argparse.ArgumentParser) -> None:
    add_season_options(parser)
    parser.add_argument("--format", choices=("text", "json", "csv"), default="text")
    parser.set_defaults(handler=run_standings, stopped="stopped")


class _NotQuickError(Exception):
    """What ``standings_args`` cannot read alone: the whole parser reads it and answers."""


class _QuickParser(CommandParser):
    def error(self, message: str) -> NoReturn:
        raise _NotQuickError(message)


def standings_args(words: Sequence[str]) -> argparse.Namespace | None:
    """``standings …``'s arguments (``words``, after ``standings``) read by the command's
    own options alone, without loading every other command (``cli``); ``None`` for
    anything but a plain, well-formed call — help, a mistake — which the whole parser
    then reads, to answer in its usual words."""
    parser = _QuickParser(prog=f"{APP_ID} standings", add_help=False, formatter_class=UnprintedHelp)
    _standings_options(parser)
    try:
        return parser.parse_args(words, argparse.Namespace(db=None, command="standings"))
    except _NotQuickError:
        return None


def run_standings(args: argparse.Namespace) -> int:
    """Read with plain ``sqlite3`` where it can (``store.standings_read``), else through
    the store (a server, an older schema, or anything the store must put in words)."""
    from clabber_league.store.standings_read import read_standings  # noqa: PLC0415

    found = read_standings(args.db, args.season, args.league) or _stored_standings(args)
    rows = [row.as_dict() for row in found.rows]
    unknown = unknown_makers_total(found.rows)
    if args.format == "json":
        print_json(
            {
                "format": STANDINGS_FORMAT,
                "season": found.season,
                "rows": rows,
                "unknown_makers": unknown,
            }
        )
    elif args.format == "csv":
        print(to_csv(STANDINGS_COLUMNS, rows), end="")
    else:
        say(standings_text(found.league, found.season, rows, found.order, unknown))
    return EXIT_OK


def _stored_standings(args: argparse.Namespace) -> SeasonStandings:
    from clabber_league.store.league import season_info, season_standings  # noqa: PLC0415
    from clabber_league.store.standings_read import SeasonStandings  # noqa: PLC0415

    with opened_database(args.db, read_only=True) as database:
        info = season_info(database, args.season, args.league)
        rows = season_standings(database, args.season, args.league)
    return SeasonStandings(info.league, info.name, info.tie_break, rows)


def standings_text(
    league: str,
    season: str,
    rows: Sequence[dict[str, Any]],
    order: Sequence[str],
    unknown_makers: int = 0,
) -> str:
    """The table as it would be pinned on the club's board."""
    width = max([len("Team"), *(len(str(row["team"])) for row in rows)])
    head = (
        f"{'Rank':>4}  {'Team':<{width}}  {'GP':>3} {'W':>3} {'L':>3} {'T':>3} {'Pct':>5}"
        f" {'PF':>6} {'PA':>6} {'Diff':>6} {'Made':>5} {'Sets':>5} {'Reneges':>7}"
    )
    lines = [f"{league} — {season}", "", head, "-" * len(head)]
    for row in rows:
        pct = pct_text(row["pct"])
        lines.append(
            f"{row['rank']:>4}  {row['team']:<{width}}  {row['gp']:>3} {row['w']:>3} {row['l']:>3}"
            f" {row['t']:>3} {pct:>5} {row['pf']:>6} {row['pa']:>6} {row['diff']:>+6}"
            f" {row['made']:>5} {row['sets']:>5} {row['reneges']:>7}"
        )
    lines += ["", "Ties broken by " + ", then ".join(TIE_BREAK_WORDS[key] for key in order)]
    if unknown_makers:
        lines.append(unknown_makers_note(unknown_makers))
    return "\n".join(lines)
