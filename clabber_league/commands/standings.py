"""``standings``: a season's standings as text, JSON or CSV.

The command scripts call most: the store counts the standings (``store.standings``) in
one read-only session, and ``cli`` reads the arguments with this command's options alone
(``standings_args``). Retired teams come after the ranked ones, with no rank.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from itertools import groupby
from typing import Any, NoReturn

from clabber_league import APP_ID
from clabber_league.commands.common import (
    EXIT_OK,
    CommandParser,
    UnprintedHelp,
    add_season_options,
    opened_database,
    say,
    to_csv,
)
from clabber_league.escaping import json_text
from clabber_league.i18n import _
from clabber_league.i18n.standings_words import (
    TIE_BREAK_WORDS,
    half_title,
    half_winners,
    unknown_makers_note,
)
from clabber_league.league.ranking import pct_text, unknown_makers_total
from clabber_league.store.models import League
from clabber_league.store.seasons import find_season
from clabber_league.store.standings import standings

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
    "division",
)


def register(commands: Any) -> None:
    _standings_options(commands.add_parser("standings", help=_("print a season's standings")))


def _standings_options(parser: argparse.ArgumentParser) -> None:
    add_season_options(parser)
    parser.add_argument("--format", choices=("text", "json", "csv"), default="text")
    parser.add_argument(
        "--half",
        type=int,
        choices=(1, 2),
        help=_("a split season's first or second half (default: the whole season)"),
    )
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
    with opened_database(args.db, read_only=True) as database, database.session() as session:
        season = find_season(session, args.season, args.league)
        league = session.get(League, season.league_id)
        assert season.id is not None
        assert league is not None
        found = standings(session=session, season_id=season.id, half=args.half)
        order = tuple(json.loads(season.tie_break_json))
        league_name, season_name = league.name, season.name
    rows = [row.as_dict() for row in found]
    unknown = unknown_makers_total(found)
    if args.format == "json":
        document = {
            "format": STANDINGS_FORMAT,
            "season": season_name,
            "half": args.half,
            "rows": rows,
            "unknown_makers": unknown,
        }
        print(json_text(document))
    elif args.format == "csv":
        print(to_csv(STANDINGS_COLUMNS, rows), end="")
    else:
        say(standings_text(league_name, season_name, rows, order, unknown, half=args.half))
    return EXIT_OK


def standings_text(
    league: str,
    season: str,
    rows: Sequence[dict[str, Any]],
    order: Sequence[str],
    unknown_makers: int = 0,
    *,
    half: int | None = None,
) -> str:
    """The table as it would be pinned on the club's board: a heading and a table per
    division when the season has divisions, and the half's winners for a half."""
    width = max([len("Team"), *(len(str(row["team"])) for row in rows)])
    head = (
        f"{'Rank':>4}  {'Team':<{width}}  {'GP':>3} {'W':>3} {'L':>3} {'T':>3} {'Pct':>5}"
        f" {'PF':>6} {'PA':>6} {'Diff':>6} {'Made':>5} {'Sets':>5} {'Reneges':>7}"
    )
    lines = [f"{league} — {season}"]
    if half is not None:
        lines.append(half_title(half))
    divided = any(row.get("division") for row in rows)
    winners: list[str] = []
    for division, group in groupby(rows, key=lambda row: row.get("division")):
        lines.append("")
        if divided:
            lines.append(division or _("No division"))
        lines += [head, "-" * len(head)]
        apart = False
        for row in group:
            if row["rank"] is None and not apart:
                apart = True  # the retired teams, after the ranked ones
                lines += ["", _("Retired (not ranked)")]
            if row["rank"] == 1 and row["gp"]:
                winners.append(str(row["team"]))
            pct, rank = pct_text(row["pct"]), row["rank"] or ""
            lines.append(
                f"{rank:>4}  {row['team']:<{width}}  {row['gp']:>3} {row['w']:>3} {row['l']:>3}"
                f" {row['t']:>3} {pct:>5} {row['pf']:>6} {row['pa']:>6} {row['diff']:>+6}"
                f" {row['made']:>5} {row['sets']:>5} {row['reneges']:>7}"
            )
    if half is not None and winners:
        lines += ["", half_winners(half, winners)]
    lines += ["", "Ties broken by " + ", then ".join(TIE_BREAK_WORDS[key] for key in order)]
    if unknown_makers:
        lines.append(unknown_makers_note(unknown_makers))
    return "\n".join(lines)
