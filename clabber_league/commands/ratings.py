"""``ratings``: every player's rating, best first, as text, JSON or CSV.

The store reads the finished games (``store.careers``) and ``league.ratings`` rates them
from scratch on every call: nothing is kept, so the figures are always the games'.
Without ``--season`` every game of the database counts, every league's and every
tournament's, and the friendlies.
"""

from __future__ import annotations

import argparse
from typing import Any

from clabber_league.commands.common import (
    EXIT_OK,
    add_db_option,
    opened_database,
    say,
    to_csv,
)
from clabber_league.escaping import json_text
from clabber_league.i18n import _
from clabber_league.league.ratings import RANKED_AFTER
from clabber_league.store.careers import career
from clabber_league.store.seasons import find_season

RATING_COLUMNS = ("rank", "player", "team", "rating", "uncertainty", "games")


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "ratings", help=_("print every player's rating, from the games (best first)")
    )
    add_db_option(parser)
    parser.add_argument(
        "--season", metavar="NAME", help=_("this season's games only (default: every game)")
    )
    parser.add_argument("--league", metavar="NAME", help=_("the league, when seasons share a name"))
    parser.add_argument("--format", choices=("text", "json", "csv"), default="text")
    parser.set_defaults(handler=run_ratings, stopped="stopped")


def run_ratings(args: argparse.Namespace) -> int:
    with opened_database(args.db, read_only=True) as database, database.session() as session:
        season = find_season(session, args.season, args.league) if args.season else None
        found = career(session, season_id=season.id if season is not None else None)
        season_name = season.name if season is not None else None
    rows = [
        {
            "player": found.names.get(row.player, ""),
            "team": found.teams.get(row.player, ""),
            "rating": row.rating,
            "uncertainty": row.uncertainty,
            "games": row.games,
            "rank": row.rank,
        }
        for row in found.rating_rows()
    ]
    if args.format == "json":
        document = {"season": season_name, "ranked_after": RANKED_AFTER, "rows": rows}
        print(json_text(document))
    elif args.format == "csv":
        print(to_csv(RATING_COLUMNS, rows), end="")
    else:
        for line in ratings_lines(season_name, rows):
            say(line)
    return EXIT_OK


def ratings_lines(season: str | None, rows: list[dict[str, Any]]) -> list[str]:
    """The table as it would be pinned up: ranked players first, then those with fewer
    than ``RANKED_AFTER`` games, marked unranked."""
    title = season if season is not None else _("Every game")
    if not rows:
        return [title, "", _("No finished game yet: nobody is rated.")]
    width = max([len(_("Player")), *(len(str(row["player"])) for row in rows)])
    team_width = max([len(_("Team")), *(len(str(row["team"])) for row in rows)])
    head = (
        f"{_('Rank'):>4}  {_('Player'):<{width}}  {_('Team'):<{team_width}}"
        f"  {_('Rating'):>6} {_('±'):>5} {_('Games'):>5}"
    )
    lines = [title, "", head, "-" * len(head)]
    for row in rows:
        rank = str(row["rank"]) if row["rank"] is not None else "–"
        lines.append(
            f"{rank:>4}  {row['player']:<{width}}  {row['team']:<{team_width}}"
            f"  {row['rating']:>6.2f} {row['uncertainty']:>5.2f} {row['games']:>5}"
        )
    lines += ["", _("Ranked after {count} games; “–”: not yet.").format(count=RANKED_AFTER)]
    return lines
