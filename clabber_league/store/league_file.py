"""A whole league as one ``clabber-league/1`` document (docs/league-file.md): its seasons,
teams and rosters, schedule, playoffs, tournaments and every season game with its
corrections.

The document names things, never the database's ids: a team by its name (unique in
its season), a match by its week and its place in that week's list, a seed by its
number. Lists keep the order the database made their rows in (seasons, teams, matches
and games by id, rosters by who joined first, games of a match by number), and every
mapping (seats, substitutes) is written in seat order, so the same league always gives
the same bytes: a document imported into another database (``league_file_import``)
exports again exactly as it was.

The whole league is read in one read transaction: a few queries per season, and a few
more per few hundred games, never one per team, match or game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import Any

from sqlmodel import Session, col, select

from clabber_league.rules.messages import problem
from clabber_league.rules.names import name_key
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import game_documents, seats_of
from clabber_league.store.models import (
    CorrectionEntry,
    Fixture,
    FixtureSubstitute,
    League,
    Player,
    Playoff,
    PlayoffSeed,
    Season,
    StoredGame,
    Team,
    TeamMember,
    Tournament,
    Week,
)
from clabber_league.store.tournaments import tournament_players

LEAGUE_FORMAT = "clabber-league/1"
LEAGUE_SCHEMA = "clabber-league-1.schema.json"

#: Games whose corrections one query reads: well under SQLite's limit on bound parameters.
_IDS_PER_QUERY = 500


def moment_text(moment: datetime) -> str:
    """A stored moment as the file writes it: ISO 8601 in UTC, to the microsecond."""
    aware = moment if moment.utcoffset() is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat(timespec="microseconds")


def _day_text(day: date | None) -> str | None:
    return day.isoformat() if day is not None else None


def _moment_or_none(moment: datetime | None) -> str | None:
    return moment_text(moment) if moment is not None else None


def export_league(database: Database, league: str) -> dict[str, Any]:
    """The league called ``league`` (by its name's key) as a ``clabber-league/1`` document."""
    with database.session() as session:
        found = session.exec(select(League).where(League.name_key == name_key(league))).first()
        if found is None:
            raise StoreError(problem("there is no league called {league!r}", league=league))
        seasons = session.exec(
            select(Season).where(Season.league_id == found.id).order_by(col(Season.id))
        ).all()
        return {
            "format": LEAGUE_FORMAT,
            "league": {"name": found.name, "created_at": moment_text(found.created_at)},
            "seasons": [_season(session, season) for season in seasons],
        }


def _season(session: Session, season: Season) -> dict[str, Any]:
    teams = session.exec(
        select(Team).where(Team.season_id == season.id).order_by(col(Team.id))
    ).all()
    names = {team.id: team.name for team in teams}
    rosters = _rosters(session, season)
    weeks, places = _weeks(session, season, names)
    return {
        "name": season.name,
        "created_at": moment_text(season.created_at),
        "rules": season.rules_preset,
        "options": dict(sorted(json.loads(season.options_json).items())),
        "games_per_match": season.games_per_match,
        "tie_break": json.loads(season.tie_break_json),
        "forfeit_score": [season.forfeit_winner_score, season.forfeit_loser_score],
        "first_half_weeks": season.first_half_weeks,
        "teams": [
            {
                "name": team.name,
                "retired": team.retired,
                "division": team.division,
                "created_at": moment_text(team.created_at),
                "roster": rosters.get(team.id, []),
            }
            for team in teams
        ],
        "weeks": weeks,
        "playoff": _playoff(session, season, names),
        "tournament": _tournament(session, season),
        "games": _games(session, season, names, places),
    }


def _tournament(session: Session, season: Season) -> dict[str, Any] | None:
    """The tournament the season is played as, with its players in sign-up order, or
    ``None``: its rounds, tables and partnerships are the season's own weeks, matches
    and teams."""
    found = session.exec(select(Tournament).where(Tournament.season_id == season.id)).first()
    if found is None:
        return None
    assert found.id is not None
    players = tournament_players(session, found.id)
    return {
        "name": found.name,
        "kind": found.kind,
        "seed": found.seed,
        "hands_per_round": found.hands_per_round,
        "created_at": moment_text(found.created_at),
        "players": players,
    }


def _rosters(session: Session, season: Season) -> dict[int | None, list[dict[str, Any]]]:
    """Every team's roster, past players too, in the order they joined: one query."""
    rosters: dict[int | None, list[dict[str, Any]]] = {}
    for member, player in session.exec(
        select(TeamMember, Player.name)
        .join(Player, col(TeamMember.player_id) == col(Player.id))
        .join(Team, col(TeamMember.team_id) == col(Team.id))
        .where(Team.season_id == season.id)
        .order_by(col(TeamMember.joined_at), col(TeamMember.id))
    ).all():
        rosters.setdefault(member.team_id, []).append(
            {
                "player": player,
                "joined_at": moment_text(member.joined_at),
                "left_at": _moment_or_none(member.left_at),
            }
        )
    return rosters


def _weeks(
    session: Session, season: Season, names: dict[int | None, str]
) -> tuple[list[dict[str, Any]], dict[int, dict[str, int]]]:
    """The schedule, and each match's place in it (match id → week and position): three
    queries, whatever the schedule's length."""
    weeks = session.exec(
        select(Week).where(Week.season_id == season.id).order_by(col(Week.number))
    ).all()
    substitutes: dict[int, dict[str, str]] = {}
    for fixture_id, seat, player in session.exec(
        select(FixtureSubstitute.fixture_id, FixtureSubstitute.seat, Player.name)
        .join(Player, col(FixtureSubstitute.player_id) == col(Player.id))
        .join(Fixture, col(FixtureSubstitute.fixture_id) == col(Fixture.id))
        .join(Week, col(Fixture.week_id) == col(Week.id))
        .where(Week.season_id == season.id)
        .order_by(col(FixtureSubstitute.fixture_id), col(FixtureSubstitute.seat))
    ).all():
        substitutes.setdefault(fixture_id, {})[seat] = player
    fixtures: dict[int | None, list[Fixture]] = {}
    for fixture in session.exec(
        select(Fixture)
        .join(Week, col(Fixture.week_id) == col(Week.id))
        .where(Week.season_id == season.id)
        .order_by(col(Fixture.id))
    ).all():
        fixtures.setdefault(fixture.week_id, []).append(fixture)
    places: dict[int, dict[str, int]] = {}
    documents = []
    for week in weeks:
        matches = []
        for position, fixture in enumerate(fixtures.get(week.id, []), 1):
            assert fixture.id is not None
            places[fixture.id] = {"week": week.number, "match": position}
            matches.append(_match(fixture, names, substitutes.get(fixture.id, {})))
        documents.append(
            {"number": week.number, "played_on": _day_text(week.played_on), "matches": matches}
        )
    return documents, places


def _match(
    fixture: Fixture, names: dict[int | None, str], substitutes: dict[str, str]
) -> dict[str, Any]:
    return {
        "table": fixture.table_no,
        "home": names[fixture.home_team_id],
        "away": names.get(fixture.away_team_id),
        "status": fixture.status,
        "forfeited_by": names.get(fixture.forfeited_by),
        "games_per_match": fixture.games_per_match,
        "playoff_round": fixture.playoff_round,
        "playoff_slot": fixture.playoff_slot,
        "makeup_on": _day_text(fixture.makeup_on),
        "substitutes": substitutes,
        # Only a double bracket's matches name their bracket: older files stay as they were.
        **({"playoff_bracket": fixture.playoff_bracket} if fixture.playoff_bracket else {}),
    }


def _playoff(
    session: Session, season: Season, names: dict[int | None, str]
) -> dict[str, Any] | None:
    playoff = session.exec(select(Playoff).where(Playoff.season_id == season.id)).first()
    if playoff is None:
        return None
    seeds = session.exec(
        select(PlayoffSeed)
        .where(PlayoffSeed.playoff_id == playoff.id)
        .order_by(col(PlayoffSeed.seed))
    ).all()
    return {
        "team_count": playoff.team_count,
        "games_per_match": playoff.games_per_match,
        "reseed": playoff.reseed,
        "created_at": moment_text(playoff.created_at),
        "seeds": [{"seed": seed.seed, "team": names[seed.team_id]} for seed in seeds],
        **({"double_elimination": True} if playoff.double_elimination else {}),
    }


def _games(
    session: Session,
    season: Season,
    names: dict[int | None, str],
    places: dict[int, dict[str, int]],
) -> list[dict[str, Any]]:
    """The season's games in the order they were stored, each with its place, who sat,
    its sheet (``clabber-game/1``, as entered) and its correction log as stored."""
    games = session.exec(
        select(StoredGame).where(StoredGame.season_id == season.id).order_by(col(StoredGame.id))
    ).all()
    ids = [game.id for game in games if game.id is not None]
    sheets = game_documents(session, ids)
    seats = seats_of(session, ids)
    logs = _corrections(session, ids)
    return [
        {
            "match": places.get(game.fixture_id) if game.fixture_id is not None else None,
            "game_no": game.game_no,
            "teams": [
                names.get(team) if team is not None else None
                for team in (game.team_a_id, game.team_b_id, game.team_c_id)[: len(sheet_sides)]
            ],
            "started_at": moment_text(game.started_at),
            "finished_at": _moment_or_none(game.finished_at),
            "paper_copy": game.paper_copy,
            "seats": dict(sorted(seats[game.id].items())),
            "sheet": sheets[game.id],
            "corrections": logs.get(game.id, []),
        }
        for game in games
        if game.id is not None
        for sheet_sides in [sheets[game.id]["sides"]]
    ]


def _corrections(session: Session, game_ids: Sequence[int]) -> dict[int, list[dict[str, Any]]]:
    """Each game's correction log, oldest first, each entry's hands as stored."""
    logs: dict[int, list[dict[str, Any]]] = {}
    entries = [
        entry
        for start in range(0, len(game_ids), _IDS_PER_QUERY)
        for entry in session.exec(
            select(CorrectionEntry).where(
                col(CorrectionEntry.game_id).in_(game_ids[start : start + _IDS_PER_QUERY])
            )
        ).all()
    ]
    for entry in sorted(entries, key=lambda entry: entry.id or 0):
        logs.setdefault(entry.game_id, []).append(
            {
                "n": entry.n,
                "old": json.loads(entry.old_json) if entry.old_json else None,
                "new": json.loads(entry.new_json) if entry.new_json else None,
                "at": moment_text(entry.at),
            }
        )
    return logs
