"""What a season's pages show, read once through the store's public reads.

The schedule (``store.league.schedule``), the teams and rosters (``list_teams``), the
standings and the player figures (``store.standings``), every game's sheet
(``store.games.stored_sheets``) and the players' careers (``store.careers``): the same
reads the window, the command line and the printouts make, so the site never counts a
figure of its own (one truth). A season played as a progressive tournament also reads
the tournament's movement and its players' standings (``store.tournaments``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from clabber_league.league.movement import Movement
from clabber_league.league.players import PlayerRow
from clabber_league.league.progressive import PlayerScore
from clabber_league.league.ranking import StandingRow
from clabber_league.reports.gather import round_progress
from clabber_league.reports.tournament_standings import RoundProgress
from clabber_league.rules.game import Game
from clabber_league.store.careers import Career, career
from clabber_league.store.database import Database
from clabber_league.store.games import stored_sheets
from clabber_league.store.league import (
    BYE,
    TO_PLAY,
    GamePlace,
    MatchInfo,
    SeasonInfo,
    TeamInfo,
    game_places,
    list_teams,
    schedule,
    season_info,
)
from clabber_league.store.seasons import season_row
from clabber_league.store.standings import player_standings, standings
from clabber_league.store.tournaments import (
    PROGRESSIVE,
    tournament_movement,
    tournament_of_season,
    tournament_standings,
)


@dataclass(frozen=True)
class SeasonGame:
    """A game of the season with its seats and where it was played."""

    id: int
    game: Game
    seats: dict[str, str]
    place: GamePlace
    match: MatchInfo | None


@dataclass(frozen=True)
class TournamentView:
    """The progressive tournament a season is played as: its players' standings, its
    movement (each round's tables and sit-outs) and how far each round has got."""

    name: str
    scores: list[PlayerScore]
    movement: Movement
    rounds: tuple[RoundProgress, ...]


@dataclass(frozen=True)
class Careers:
    """The players' games as the ratings, the awards and the player pages read them."""

    season: Career
    """The season's finished games: its ratings page and its awards."""
    players: Career
    """What a player page covers: the season's games, or (a league's site) the games of
    every season of the league, so a player's career does not start again each season."""
    league_wide: bool = False


@dataclass(frozen=True)
class SeasonData:
    info: SeasonInfo
    matches: list[MatchInfo]
    teams: list[TeamInfo]
    standings: list[StandingRow]
    players: list[PlayerRow]
    games: dict[int, SeasonGame]
    careers: Careers
    tournament: TournamentView | None = None
    """Set when the season is a progressive tournament: its pages rank players, not teams."""

    def played_weeks(self) -> list[int]:
        """The weeks with a result (a finished game or a forfeit), in order."""
        return sorted({match.week for match in self.matches if _has_result(match)})

    def latest_week(self) -> int | None:
        weeks = self.played_weeks()
        return weeks[-1] if weeks else None

    def next_week(self) -> int | None:
        """The first week with a match still to play after the latest played week."""
        latest = self.latest_week() or 0
        waiting = [
            match.week
            for match in self.matches
            if match.state == TO_PLAY and match.away is not None and match.week > latest
        ]
        return min(waiting, default=None)

    def week(self, number: int) -> list[MatchInfo]:
        return [match for match in self.matches if match.week == number]

    def last_day(self) -> date | None:
        """The latest night of a played week: the day the season's printouts are of."""
        nights = [
            match.played_on for match in self.matches if _has_result(match) and match.played_on
        ]
        return max(nights, default=None)

    def team_matches(self, name: str) -> list[MatchInfo]:
        return [match for match in self.matches if name in {match.home, match.away}]


def _has_result(match: MatchInfo) -> bool:
    return match.state != BYE and (match.forfeited_by is not None or match.games_entered > 0)


def read_season(
    database: Database, season: str, league: str | None = None, *, league_wide: bool = False
) -> SeasonData:
    """The season's reads; ``league_wide`` (a site of every season of the league): the
    player pages' careers cover all of the league's seasons."""
    info = season_info(database, season, league)
    matches = schedule(database, season, league)
    by_game = {game: match for match in matches for game in match.game_ids}
    places = game_places(database, season=season, league=league)
    sheets = stored_sheets(database, [place.id for place in places])
    games = {
        place.id: SeasonGame(
            place.id,
            sheets[place.id].game(),
            sheets[place.id].players,
            place,
            by_game.get(place.id),
        )
        for place in places
    }
    return SeasonData(
        info=info,
        matches=matches,
        teams=list_teams(database, season, league),
        standings=database.read(standings, season_id=info.id),
        players=database.read(player_standings, season_id=info.id),
        games=games,
        careers=_careers(database, info.id, league_wide=league_wide),
        tournament=_tournament(database, info.id, matches),
    )


def _tournament(
    database: Database, season_id: int, matches: list[MatchInfo]
) -> TournamentView | None:
    """The progressive tournament the season is played as, or None (a league's season,
    or a knockout's, whose teams are ranked as a season's are)."""
    row = database.read(tournament_of_season, season_id=season_id)
    if row is None or row.kind != PROGRESSIVE:
        return None
    assert row.id is not None
    return TournamentView(
        row.name,
        database.read(tournament_standings, tournament_id=row.id),
        database.read(tournament_movement, tournament_id=row.id),
        round_progress(matches),
    )


def _careers(database: Database, season_id: int, *, league_wide: bool) -> Careers:
    with database.session() as session:
        season = career(session, season_id=season_id)
        if not league_wide:
            return Careers(season, season)
        league_id = season_row(session, season_id).league_id
        return Careers(season, career(session, league_id=league_id), league_wide=True)
