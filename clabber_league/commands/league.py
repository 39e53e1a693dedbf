"""``season``, ``team``, ``schedule`` and the season export (``standings`` is
``commands.standings``, registered here, after them)."""

from __future__ import annotations

import argparse
from typing import Any

from clabber_league.commands import divisions, ratings, rosters, standings
from clabber_league.commands.common import (
    EXIT_OK,
    CommandInputError,
    add_db_option,
    add_season_options,
    csv_text,
    opened_database,
    say,
    schedule_date,
    whole_number,
)
from clabber_league.escaping import json_text
from clabber_league.gamesheet.season_games import PlayedIn, season_game
from clabber_league.i18n import _, said, said_error
from clabber_league.league import TIE_BREAK_KEYS
from clabber_league.league.results import match_result
from clabber_league.rules import PRESETS, ClabberError
from clabber_league.rules.limits import (
    DAYS_BETWEEN,
    FORFEIT_POINTS,
    GAMES_PER_MATCH,
    RECORD_ID,
    ROUNDS,
    TABLE,
    LimitError,
)
from clabber_league.rules.messages import problem
from clabber_league.store.exports import HAND_COLUMNS, season_csv_rows
from clabber_league.store.league import (
    MatchInfo,
    ScheduleExistsError,
    add_player,
    add_team,
    create_season,
    edit_match,
    generate_schedule,
    list_seasons,
    list_teams,
    remove_player,
    rename_team,
    retire_team,
    schedule,
    season_games,
    season_info,
    season_team,
    set_match_status,
)


def _score_pair(text: str) -> tuple[int, int]:
    """``500-0`` → (500, 0), for argparse; each figure within ``FORFEIT_POINTS``."""
    winner, dash, loser = text.strip().partition("-")
    if not dash:
        raise argparse.ArgumentTypeError(f"{text!r} is not a score like 500-0")
    try:
        return FORFEIT_POINTS.parse(winner), FORFEIT_POINTS.parse(loser)
    except LimitError as exc:
        raise argparse.ArgumentTypeError(said_error(exc)) from None


_match_id = whole_number(RECORD_ID, "a match id")


def register(commands: Any) -> None:
    season = commands.add_parser("season", help=_("create league seasons")).add_subparsers(
        dest="season_command", metavar="ACTION", required=True
    )
    create = season.add_parser("create", help=_("create a season (and its league)"))
    add_db_option(create)
    create.add_argument("--league", required=True, metavar="NAME")
    create.add_argument("--season", required=True, metavar="NAME")
    create.add_argument("--rules", default="evansville", choices=sorted(PRESETS), metavar="PRESET")
    create.add_argument(
        "--games-per-match", type=whole_number(GAMES_PER_MATCH), default=1, metavar="N"
    )
    create.add_argument(
        "--tie-break",
        metavar="KEYS",
        help=_("the standings tie-break order, comma-separated (default pct,h2h,diff,pf,name)"),
    )
    create.add_argument(
        "--forfeit-score",
        type=_score_pair,
        default=(500, 0),
        metavar="W-L",
        help=_("what a forfeited game counts, winner first (default 500-0)"),
    )
    create.add_argument(
        "--copy-teams-from",
        metavar="SEASON",
        help=_("start with the teams and rosters of that season of the league (not the retired)"),
    )
    create.set_defaults(handler=run_season_create)
    listed = season.add_parser("list", help=_("list the leagues' seasons"))
    add_db_option(listed)
    listed.add_argument("--format", choices=("text", "json"), default="text")
    listed.set_defaults(handler=run_season_list)
    divisions.register_season_split(season)

    _register_teams(commands)

    plan = commands.add_parser("schedule", help=_("a season's schedule")).add_subparsers(
        dest="schedule_command", metavar="ACTION", required=True
    )
    generate = plan.add_parser("generate", help=_("make the round-robin schedule"))
    add_season_options(generate)
    generate.add_argument("--rounds", type=whole_number(ROUNDS), default=1, metavar="N")
    generate.add_argument("--start", type=schedule_date, metavar="YYYY-MM-DD")
    generate.add_argument("--every", type=whole_number(DAYS_BETWEEN), default=7, metavar="DAYS")
    generate.add_argument(
        "--replace",
        action="store_true",
        help=_("replace the season's schedule, its dates and states (never once a game is in)"),
    )
    divisions.add_schedule_options(generate)
    generate.set_defaults(handler=run_schedule_generate)
    show = plan.add_parser("show", help=_("print the schedule with each match's state"))
    add_season_options(show)
    show.add_argument("--format", choices=("text", "json"), default="text")
    show.set_defaults(handler=run_schedule_show, stopped="stopped")
    edit = plan.add_parser("edit", help=_("change a match's table, teams or its night's date"))
    add_db_option(edit)
    edit.add_argument(
        "--match", type=_match_id, required=True, metavar="ID", help=_("as schedule show")
    )
    edit.add_argument("--table", type=whole_number(TABLE), metavar="N")
    edit.add_argument("--home", metavar="TEAM")
    edit.add_argument("--away", metavar="TEAM")
    edit.add_argument(
        "--date",
        type=schedule_date,
        metavar="YYYY-MM-DD",
        help=_("the night's date; for a postponed match, its make-up date"),
    )
    edit.set_defaults(handler=run_schedule_edit)
    status = plan.add_parser(
        "status", help=_("postpone a match, record a forfeit, or put it back on")
    )
    add_db_option(status)
    status.add_argument("--match", type=_match_id, required=True, metavar="ID")
    status.add_argument("--status", required=True, choices=("postponed", "forfeit", "scheduled"))
    status.add_argument("--forfeited-by", metavar="TEAM", help=_("with --status forfeit"))
    status.set_defaults(handler=run_schedule_status)

    standings.register(commands)
    ratings.register(commands)


def run_season_create(args: argparse.Namespace) -> int:
    order = [key.strip() for key in args.tie_break.split(",")] if args.tie_break else TIE_BREAK_KEYS
    with opened_database(args.db) as database:
        try:
            info = create_season(
                database,
                league=args.league,
                season=args.season,
                preset=args.rules,
                games_per_match=args.games_per_match,
                tie_break=order,
                forfeit_score=args.forfeit_score,
                copy_teams_from=args.copy_teams_from,
            )
        except ClabberError as exc:
            raise CommandInputError([str(exc)]) from None
        copied = list_teams(database, info.name, info.league) if args.copy_teams_from else []
    say(f"{info.league}: season {info.name} ({info.rules.name})")
    if args.copy_teams_from:
        say(f"{len(copied)} teams copied from {args.copy_teams_from.strip()}")
    return EXIT_OK


def run_season_list(args: argparse.Namespace) -> int:
    with opened_database(args.db, read_only=True) as database:
        seasons = [(info, list_teams(database, info.name, info.league)) for info in
                   list_seasons(database)]  # fmt: skip
    if args.format == "json":
        print(json_text([
            {"league": info.league, "season": info.name, "rules": info.rules.preset,
             "games_per_match": info.games_per_match, "teams": len(teams),
             "divisions": divisions.division_names(teams),
             "first_half_weeks": info.first_half_weeks}
            for info, teams in seasons
        ]))  # fmt: skip
        return EXIT_OK
    if not seasons:
        say("no seasons yet: clabber-league season create")
    for info, teams in seasons:
        say(f"{info.league}: {info.name} ({info.rules.name}, {len(teams)} teams)")
    return EXIT_OK


def run_team_add(args: argparse.Namespace) -> int:
    players = [name.strip() for name in args.players.split(",") if name.strip()]
    with opened_database(args.db) as database:
        team = add_team(
            database, args.season, args.name, players, league=args.league, division=args.division
        )
    say(f"{team.name}" + (f": {', '.join(team.players)}" if team.players else ""))
    return EXIT_OK


def _register_teams(commands: Any) -> None:
    """``team`` (add, rename, retire, remove, import) and ``player`` (add, remove, sub)."""
    team = commands.add_parser("team", help=_("a season's teams")).add_subparsers(
        dest="team_command", metavar="ACTION", required=True
    )
    add = team.add_parser("add", help=_("add a team to a season"))
    add_season_options(add)
    add.add_argument("--name", required=True, metavar="NAME")
    add.add_argument(
        "--players", default="", metavar='"A,B"', help=_("its players, comma-separated")
    )
    divisions.add_division_option(add)
    add.set_defaults(handler=run_team_add)
    rename = team.add_parser("rename", help=_("give a team another name"))
    _add_team_options(rename)
    rename.add_argument("--to", required=True, metavar="NAME")
    rename.set_defaults(handler=run_team_rename)
    retire = team.add_parser("retire", help=_("retire a team: its games stay, it plays no more"))
    _add_team_options(retire)
    retire.set_defaults(handler=run_team_retire)
    rosters.register_team_actions(team, _add_team_options)
    divisions.register_team_division(team)

    player = commands.add_parser("player", help=_("a team's roster")).add_subparsers(
        dest="player_command", metavar="ACTION", required=True
    )
    for action, words, roster_change in (
        ("add", _("put a player on a team's roster"), add_player),
        ("remove", _("take a player off a team's roster (past games keep who sat)"),
         remove_player),
    ):  # fmt: skip
        change = player.add_parser(action, help=words)
        _add_team_options(change)
        change.add_argument("--name", required=True, metavar="NAME")
        change.set_defaults(handler=run_roster_change, roster_change=roster_change)
    rosters.register_player_actions(player)


def _add_team_options(parser: argparse.ArgumentParser) -> None:
    """Which season's team: ``--db``, ``--season``, ``--league`` and ``--team``."""
    add_season_options(parser)
    parser.add_argument("--team", required=True, metavar="NAME")


def run_team_rename(args: argparse.Namespace) -> int:
    with opened_database(args.db) as database:
        team = season_team(database, args.season, args.team, args.league)
        rename_team(database, team.id, args.to)
    say(f"{team.name} is now {args.to.strip()}")
    return EXIT_OK


def run_team_retire(args: argparse.Namespace) -> int:
    with opened_database(args.db) as database:
        team = season_team(database, args.season, args.team, args.league)
        retire_team(database, team.id)
    say(f"{team.name} retired")
    return EXIT_OK


def run_roster_change(args: argparse.Namespace) -> int:
    """``player add`` or ``player remove`` (``args.roster_change``), then the roster."""
    with opened_database(args.db) as database:
        team = season_team(database, args.season, args.team, args.league)
        args.roster_change(database, team.id, args.name)
        now = season_team(database, args.season, team.name, args.league)
    say(f"{now.name}: {', '.join(now.players) or 'nobody on the roster'}")
    return EXIT_OK


def run_schedule_generate(args: argparse.Namespace) -> int:
    with opened_database(args.db) as database:
        try:
            weeks = generate_schedule(
                database,
                args.season,
                rounds=args.rounds,
                start=args.start,
                days_between=args.every,
                league=args.league,
                replace=args.replace,
                within_rounds=args.within,
                across_rounds=args.across,
            )
        except ScheduleExistsError as exc:
            raise CommandInputError(
                [problem("{refusal}; give --replace to make it anyway", refusal=exc.message)]
            ) from None
    say(f"{weeks} weeks scheduled")
    return EXIT_OK


def run_schedule_show(args: argparse.Namespace) -> int:
    with opened_database(args.db, read_only=True) as database:
        matches = schedule(database, args.season, args.league)
    if args.format == "json":
        print(json_text([_match_json(match) for match in matches]))
        return EXIT_OK
    if not matches:
        say("no schedule yet: clabber-league schedule generate")
        return EXIT_OK
    week = None
    for match in matches:
        if match.week != week:
            week = match.week
            when = f" — {match.played_on:%a %d %b %Y}" if match.played_on else ""
            say(f"Week {week}{when}")
        if match.away is None:
            say(
                f"  #{match.id:<4} bye        {match.home}"
                + (f"  [{said(match.playoff)}]" if match.playoff else "")
            )
        else:
            result = match_result(match)
            say(
                f"  #{match.id:<4} table {match.table:<3} {match.home} v {match.away}"
                f"  ({match.state})"
                + (f"  {result}" if result else "")
                + (f"  [{said(match.playoff)}]" if match.playoff else "")
                + (f"  make-up {match.makeup_on:%a %d %b %Y}" if match.makeup_on else "")
            )
        for seat, name in match.substitutes.items():
            say(f"         substitute in {seat}: {name}")
    return EXIT_OK


def _match_json(match: MatchInfo) -> dict[str, object]:
    """A match as ``schedule show --format json`` writes it, with its games' result."""
    return {
        "match": match.id, "week": match.week,
        "date": match.played_on.isoformat() if match.played_on else None,
        "table": match.table, "home": match.home, "away": match.away, "state": match.state,
        "games_entered": match.games_entered, "substitutes": dict(match.substitutes),
        "result": match_result(match),
        "forfeited_by": match.forfeited_by,
        "makeup_on": match.makeup_on.isoformat() if match.makeup_on else None,
        "games": [
            {"home_total": game.home_total, "away_total": game.away_total, "winner": game.winner}
            for game in match.results
        ],
    }  # fmt: skip


def run_schedule_edit(args: argparse.Namespace) -> int:
    with opened_database(args.db) as database:
        edit_match(
            database,
            args.match,
            table=args.table,
            home=args.home,
            away=args.away,
            played_on=args.date,
        )
    say(f"match #{args.match} changed")
    return EXIT_OK


def run_schedule_status(args: argparse.Namespace) -> int:
    with opened_database(args.db) as database:
        set_match_status(database, args.match, args.status, forfeited_by=args.forfeited_by)
    say(f"match #{args.match} is {args.status}")
    return EXIT_OK


def season_export(database: Any, season: str, league: str | None, form: str) -> str:
    """Every game of a season: JSON (a list of its games, each with the league, season and
    week it was played in: ``gamesheet.season_games``) or CSV (a row per hand, from the
    figures stored with each hand: no game is re-scored)."""
    if form == "json":
        info = season_info(database, season, league)
        games = [
            season_game(game.document, PlayedIn(info.league, info.name, game.week))
            for game in season_games(database, season, league)
        ]
        return json_text(games) + "\n"

    return csv_text(HAND_COLUMNS, season_csv_rows(database, season, league))
