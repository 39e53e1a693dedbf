"""Report data from the database: the one place the reports meet the store.

The renderers and ``*_data`` builders take plain data; these functions look
it up (through the store's public functions, never a session) for the
command line and the window's print actions alike. A season is read in bulk
(``store.games.stored_sheets``): a few queries for the whole book.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from datetime import date

from clabber_league.i18n import _, date_text
from clabber_league.reports.awards import AwardsData, awards_data
from clabber_league.reports.blank import BlankSheetData, blank_sheet_data, week_sheets
from clabber_league.reports.book import BookEntry, SeasonBookData, season_book_data
from clabber_league.reports.bracket import BracketData, bracket_data
from clabber_league.reports.document import Progress, check_progress
from clabber_league.reports.filled import TitledSheet, matchup
from clabber_league.reports.layout import Sponsor
from clabber_league.reports.movement_sheet import MovementSheetData, movement_sheet_data
from clabber_league.reports.recap import RecapData, recap_data
from clabber_league.reports.schedule import ScheduleData, schedule_data
from clabber_league.reports.sheet import FilledSheetData, SheetHeading, filled_sheet_data
from clabber_league.reports.standings import StandingsData, standings_data
from clabber_league.reports.tournament_standings import (
    RoundProgress,
    TournamentStandingsData,
    tournament_standings_data,
)
from clabber_league.rules.messages import problem
from clabber_league.store.careers import career
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import StoredSheet, stored_sheets
from clabber_league.store.league import (
    GamePlace,
    MatchInfo,
    SeasonInfo,
    game_places,
    schedule,
    season_info,
    season_schedule,
)
from clabber_league.store.playoffs import playoff_bracket
from clabber_league.store.recap import week_lineups, week_records
from clabber_league.store.standings import Weeks, standings
from clabber_league.store.tournaments import (
    PROGRESSIVE,
    partnership_name,
    tournament_info,
    tournament_movement,
    tournament_standings,
)


def sheet_heading(place: GamePlace) -> SheetHeading:
    """What a stored game's sheet says on its league, date and table lines.

    The week is left out: the date says which night it was, and the league
    line has no room to spare for a long league's name.
    """
    return SheetHeading(
        # A tournament's league is often named as its season: said once.
        league=" — ".join(dict.fromkeys(name for name in (place.league, place.season) if name)),
        date=date_text(place.played_on, "EEE dd MMM y"),
        table=str(place.table) if place.table else "",
    )


def _sheet(place: GamePlace, stored: StoredSheet) -> FilledSheetData:
    return filled_sheet_data(
        stored.game(), stored.corrections, sheet_heading(place), stored.players
    )


def filled_sheet_from_store(database: Database, game_id: int) -> FilledSheetData:
    """A stored game's sheet, with its correction log and where it was played."""
    (place,) = game_places(database, game_id=game_id)
    return _sheet(place, stored_sheets(database, [place.id])[place.id])


def standings_from_store(
    database: Database,
    season: str,
    league: str | None = None,
    *,
    stamp: date | None = None,
    weeks: Weeks | None = None,
    half: int | None = None,
) -> StandingsData:
    """The season's standings as printed: the whole season, some ``weeks`` of it, or its
    ``half`` 1 or 2."""
    info = season_info(database, season, league)
    return standings_data(
        league=info.league,
        season=info.name,
        rules_name=info.rules.name,
        rows=database.read(standings, season_id=info.id, weeks=weeks, half=half),
        order=info.tie_break,
        stamp=stamp or date.today(),
        half=half,
    )


def awards_from_store(
    database: Database, season: str, league: str | None = None, *, stamp: date | None = None
) -> AwardsData:
    """The season's awards page: its awards, ratings and records (``store.careers``)."""
    info = season_info(database, season, league)
    found = database.read(career, season_id=info.id)
    return awards_data(
        league=info.league,
        season=info.name,
        awards=found.awards(),
        ratings=found.rating_rows(),
        records=found.records(),
        names=found.names,
        teams=found.teams,
        stamp=stamp or date.today(),
    )


def schedule_from_store(
    database: Database, season: str, league: str | None = None, *, stamp: date | None = None
) -> ScheduleData:
    info = season_info(database, season, league)
    return schedule_data(
        league=info.league,
        season=info.name,
        matches=schedule(database, season, league),
        stamp=stamp or date.today(),
    )


def bracket_from_store(
    database: Database, season: str, league: str | None = None, *, stamp: date | None = None
) -> BracketData:
    info = season_info(database, season, league)
    return bracket_data(
        league=info.league,
        bracket=playoff_bracket(database, season, league),
        stamp=stamp or date.today(),
    )


def season_book_from_store(
    database: Database,
    season: str,
    league: str | None = None,
    *,
    stamp: date | None = None,
    progress: Progress | None = None,
) -> SeasonBookData:
    """Every game of the season in the order entered, with the standings for the cover.

    ``progress(games read, games)`` is told after each game, as the book
    renderer's is after each page; returning False stops with
    ``ReportCancelledError``.
    """
    info = season_info(database, season, league)
    places = game_places(database, season=season, league=league)
    # The whole season in a few queries; each game is scored as its turn comes.
    stored = stored_sheets(database, [place.id for place in places])
    entries: list[BookEntry] = []
    for done, place in enumerate(places, start=1):
        entries.append(BookEntry(place.week, place.table, _sheet(place, stored[place.id])))
        check_progress(progress, done, len(places))
    return season_book_data(
        league=info.league,
        season=info.name,
        rules=info.rules,
        standings=standings_from_store(database, season, league, stamp=stamp),
        entries=entries,
    )


def _week_of_schedule(
    database: Database, info: SeasonInfo, week: int
) -> tuple[list[MatchInfo], list[int]]:
    """The season's schedule and its week numbers; ``StoreError`` for a season with no
    schedule, or one without ``week``."""
    matches = database.read(season_schedule, season_id=info.id)
    if not matches:
        raise StoreError(problem("{season} has no schedule yet: make one first", season=info.name))
    weeks = sorted({match.week for match in matches})
    if week not in weeks:
        raise StoreError(
            problem(
                "{season} has no week {week}: its weeks are {first} to {last}",
                season=info.name, week=week, first=weeks[0], last=weeks[-1],
            )
        )  # fmt: skip
    return matches, weeks


def week_sheets_from_store(
    database: Database,
    season: str,
    week: int,
    league: str | None = None,
    *,
    games_per_page: int = 1,
    sponsor: Sponsor | None = None,
) -> BlankSheetData:
    """A week's sheets, one per game of each table's match, filled in from the store:
    teams, who sits where (rosters and the match's substitutes), table, night, rules."""
    info = season_info(database, season, league)
    matches, _weeks = _week_of_schedule(database, info, week)
    tables = week_sheets(
        league=info.league,
        season=info.name,
        week=week,
        matches=matches,
        lineups=database.read(week_lineups, season_id=info.id, week=week),
        rules=info.rules,
        games_per_match=info.games_per_match,
    )
    if not tables:
        raise StoreError(problem("week {week} has only byes: no sheet to print", week=week))
    return blank_sheet_data(
        games_per_page=games_per_page, rules=info.rules, sponsor=sponsor, tables=tables
    )


def recap_from_store(
    database: Database,
    season: str,
    week: int,
    league: str | None = None,
    *,
    stamp: date | None = None,
) -> RecapData:
    """The recap of a week of the season's schedule; ``StoreError`` for a season with no
    schedule or a week it does not have."""
    info = season_info(database, season, league)
    matches, weeks = _week_of_schedule(database, info, week)
    return recap_data(
        league=info.league,
        season=info.name,
        week=week,
        matches=matches,
        standings=standings_from_store(
            database, season, league, stamp=stamp, weeks=(weeks[0], week)
        ),
        records=database.read(week_records, season_id=info.id, week=week),
        stamp=stamp or date.today(),
    )


# ------------------------------------------------------------------ tournaments
def round_progress(matches: Sequence[MatchInfo]) -> tuple[RoundProgress, ...]:
    """Each week of a tournament's schedule as a round: its tables, and how many have
    finished their game."""
    rounds: dict[int, list[MatchInfo]] = {}
    for match in matches:
        if match.away is not None:
            rounds.setdefault(match.week, []).append(match)
    return tuple(
        RoundProgress(
            week,
            len(tables),
            sum(match.games_entered >= match.games_per_match for match in tables),
        )
        for week, tables in sorted(rounds.items())
    )


def tournament_standings_from_store(
    database: Database, name: str, *, stamp: date | None = None
) -> TournamentStandingsData:
    """A progressive tournament's standings as printed, counted from its games now."""
    info = tournament_info(database, name, kind=PROGRESSIVE)
    return tournament_standings_data(
        tournament=info.name,
        scores=database.read(tournament_standings, tournament_id=info.id),
        rounds=round_progress(schedule(database, info.season, info.league)),
        stamp=stamp or date.today(),
    )


def movement_sheet_from_store(database: Database, name: str) -> MovementSheetData:
    """A progressive tournament's movement as stored, round by round."""
    info = tournament_info(database, name, kind=PROGRESSIVE)
    return movement_sheet_data(
        tournament=info.name,
        movement=database.read(tournament_movement, tournament_id=info.id),
        pair=partnership_name,
    )


def tournament_sheets_from_store(
    database: Database, name: str, round_no: int | None = None
) -> tuple[str, list[TitledSheet]]:
    """The tournament's name and every table's game sheet of it (or of its round
    ``round_no``), round by round and table by table; an unfinished game's sheet as it
    stands. ``StoreError`` for
    a round the tournament does not have, or no game to print."""
    info = tournament_info(database, name)
    if round_no is not None and not 1 <= round_no <= info.rounds:
        raise StoreError(
            problem(
                "{name} has no round {round}: its rounds are 1 to {rounds}",
                name=info.name, round=round_no, rounds=info.rounds,
            )
        )  # fmt: skip
    places = [
        place
        for place in game_places(database, season=info.season, league=info.league)
        if round_no is None or place.week == round_no
    ]
    if not places:
        if round_no is None:
            raise StoreError(problem("{name} has no game yet: no sheet to print", name=info.name))
        raise StoreError(
            problem(
                "round {round} of {name} has no game yet: print blank sheets for its tables",
                round=round_no, name=info.name,
            ),
            command=f"clabber-league print blank --season {shlex.quote(info.season)} "
            f"--league {shlex.quote(info.league)} --week {round_no}",
        )  # fmt: skip
    places.sort(key=lambda place: (place.week or 0, place.table or 0, place.id))
    stored = stored_sheets(database, [place.id for place in places])
    entries = []
    for place in places:
        sheet = _sheet(place, stored[place.id])
        where = _("Round {round}, table {table}").format(round=place.week, table=place.table)
        entries.append(TitledSheet(f"{where} — {matchup(sheet.sides)}", sheet))
    return info.name, entries
