"""The standings and player figures counted by the store (``store.standings``) always
equal a recount, and migration 0008's downgrade refills the old tallies as one.

A state machine keys hands into a season's matches, corrects, undoes and
deletes them, seats substitutes, imports sheets, forfeits matches, puts them
back on and moves their teams; after every step the standings (head-to-head
included) and the player figures must equal those ranked by the pure code
(``league``) from a recount that shares none of the store's code: it re-scores
every game with the rules, counts made, set, reneged and unknown-makers hands
from the hand rows, and walks the seats and the forfeited matches itself.
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from alembic import command
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule
from sqlalchemy import create_engine, select, text
from sqlmodel import col

from clabber_league.league import PlayerRow, StandingRow
from clabber_league.league.players import PlayerTotals, player_standings_from_totals
from clabber_league.league.ranking import HandCounts, TeamRecord, standings_from_records
from clabber_league.rules import RENEGE_BOTH, TIE, ClabberError, RenegeHand, WrittenHand
from clabber_league.store.database import Database
from clabber_league.store.divisions import set_team_division, split_season
from clabber_league.store.errors import StoreError
from clabber_league.store.games import open_game
from clabber_league.store.imports import import_games
from clabber_league.store.league import (
    FORFEIT,
    SCHEDULED,
    add_team,
    create_season,
    edit_match,
    generate_schedule,
    list_teams,
    schedule,
    season_team,
    set_match_status,
)
from clabber_league.store.league_file import export_league
from clabber_league.store.league_file_import import import_league
from clabber_league.store.matches import open_match_game
from clabber_league.store.migrate import alembic_config
from clabber_league.store.models import (
    Fixture,
    GameSeat,
    Player,
    Season,
    StoredGame,
    StoredHand,
    Team,
    Week,
)
from clabber_league.store.paths import to_url
from clabber_league.store.playoffs import create_playoffs, playoff_bracket
from clabber_league.store.seasons import find_season
from clabber_league.store.standings import standings
from clabber_league.store.substitutes import set_substitute
from clabber_league.store.team_removal import remove_team
from tests.league.game_results import PairRecord, standings_from_pairs
from tests.store import career_recount
from tests.store.helpers import season_player_standings, season_standings
from tests.store.test_league import sheet, w

TEAMS = ("Eagles", "Owls", "Hawks", "Crows")
DIVISIONS = {"Eagles": "North", "Owls": "north", "Hawks": "south", "Crows": "South"}
"""The state machine's divisions, put in after its schedule is made (so it stays the
plain round robin): two spellings each, one division each."""
Key = tuple[int, ...]
Tallies = dict[str, dict[Key, tuple[int, ...]]]

#: Hands that end a game in a few: 150–12 for either side, a set, unknown makers, reneges.
HANDS: tuple[Any, ...] = (
    WrittenHand("A", {"A": "150", "B": "12"}),
    WrittenHand("B", {"A": "12", "B": "150"}),
    WrittenHand("A", {"A": "XX", "B": "162"}),
    WrittenHand(None, {"A": "150", "B": "12"}),
    RenegeHand("A", "B"),
    RenegeHand("B", RENEGE_BOTH),
)


def recount(database: Database, weeks: tuple[int, int] | None = None) -> Tallies:
    """Every tally worked out again from the games, hands, seats and forfeits; given
    ``weeks``, only those of the matches of those weeks."""
    teams: dict[Key, list[int]] = {}
    players: dict[Key, list[int]] = {}

    def add(into: dict[Key, list[int]], key: Key, figures: Sequence[int]) -> None:
        running = into.setdefault(key, [0] * len(figures))
        for index, figure in enumerate(figures):
            running[index] += figure

    with database.session() as session:
        in_playoffs = set(
            session.scalars(select(col(Fixture.id)).where(col(Fixture.playoff_round).is_not(None)))
        )

        def playoff(match_id: int | None) -> bool:
            return match_id in in_playoffs

        week_of = dict(
            session.execute(
                select(col(Fixture.id), col(Week.number)).join(
                    Week, col(Week.id) == col(Fixture.week_id)
                )
            ).all()
        )

        def counted(fixture: int | None) -> bool:
            if weeks is None:
                return True
            return fixture is not None and weeks[0] <= week_of[fixture] <= weeks[1]

        for stored in session.scalars(select(StoredGame)).all():
            assert stored.id is not None
            game = open_game(database, stored.id).game
            if (
                stored.season_id is None
                or game.winner is None
                or playoff(stored.fixture_id)
                or not counted(stored.fixture_id)
            ):
                continue
            season = stored.season_id
            hands = session.scalars(select(StoredHand).where(col(StoredHand.game_id) == stored.id))
            rows = list(hands)

            def made(side: str, rows: list[StoredHand] = rows) -> int:
                return sum(h.kind == "played" and h.makers == side and not h.is_set for h in rows)

            def sets(side: str, rows: list[StoredHand] = rows) -> int:
                return sum(h.is_set and h.makers == side for h in rows)

            def reneges(side: str, rows: list[StoredHand] = rows) -> int:
                return sum(h.reneged in (side, RENEGE_BOTH) for h in rows)

            unknown = sum(h.kind == "played" and h.makers is None for h in rows)
            sides = {"A": stored.team_a_id, "B": stored.team_b_id, "C": stored.team_c_id}
            if stored.team_a_id is not None and stored.team_b_id is not None:
                for me, them in (("A", "B"), ("B", "A")):
                    mine, theirs = sides[me], sides[them]
                    assert mine is not None
                    assert theirs is not None
                    add(
                        teams,
                        (season, mine, theirs),
                        (
                            1,
                            game.winner == me,
                            game.winner == them,
                            game.winner == TIE,
                            game.totals[me],
                            game.totals[them],
                            made(me),
                            sets(me),
                            reneges(me),
                            unknown,
                        ),
                    )
            for seat in session.scalars(select(GameSeat).where(col(GameSeat.game_id) == stored.id)):
                side = seat.seat[0]
                team = sides[side] or 0
                add(players, (season, seat.player_id, team), (1, game.winner == side, sets(side)))
        forfeits = session.execute(
            select(Fixture, Season)
            .join(Week, col(Week.id) == col(Fixture.week_id))
            .join(Season, col(Season.id) == col(Week.season_id))
            .where(col(Fixture.status) == FORFEIT)
        ).all()
        for fixture, season_row in forfeits:
            assert season_row.id is not None
            if fixture.away_team_id is None or fixture.forfeited_by is None or playoff(fixture.id):
                continue
            if not counted(fixture.id):
                continue
            loser = fixture.forfeited_by
            winner = fixture.away_team_id if loser == fixture.home_team_id else fixture.home_team_id
            games = fixture.games_per_match or season_row.games_per_match
            high, low = season_row.forfeit_winner_score, season_row.forfeit_loser_score
            won = (games, games, 0, 0, high * games, low * games, 0, 0, 0, 0)
            lost = (games, 0, games, 0, low * games, high * games, 0, 0, 0, 0)
            add(teams, (season_row.id, winner, loser), won)
            add(teams, (season_row.id, loser, winner), lost)
    totals: dict[Key, list[int]] = {}
    for (season, team, _), figures in teams.items():
        add(totals, (season, team), figures)
    return {
        "team_tally": {key: tuple(figures) for key, figures in teams.items() if any(figures)},
        "team_total": {key: tuple(figures) for key, figures in totals.items() if any(figures)},
        "player_tally": {key: tuple(figures) for key, figures in players.items() if any(figures)},
    }


def standings_of(database: Database, counted: Tallies) -> list[StandingRow]:
    """The season's standings by the pure code (``league.standings``) from a recount."""
    with database.session() as session:
        season = find_season(session, "Spring")
        teams = {team.id: team.name for team in list_teams(database, "Spring")}
    pairs = []
    hands: dict[int, list[int]] = {}
    for (_, team, opponent), figures in counted["team_tally"].items():
        games, wins, losses, ties, points_for, points_against, *counts = figures
        if team < opponent:
            pairs.append(
                PairRecord(
                    (team, opponent), games, (wins, losses), ties, (points_for, points_against)
                )
            )
        running = hands.setdefault(team, [0, 0, 0, 0])
        for index, count in enumerate(counts):
            running[index] += count
    order = json.loads(season.tie_break_json)
    return standings_from_pairs(
        teams, pairs, {team: HandCounts(*tally) for team, tally in hands.items()}, order
    )


def division_standings_of(database: Database, counted: Tallies) -> list[StandingRow]:
    """The season's standings division by division (each team's as stored), by the
    pure ranking (``league.standings_from_records``) from a recount: each team's figures
    from all its games, head-to-head only from its games against its division's level
    teams; the divisions by name, each spelled as its first team (by id) has it."""
    with database.session() as session:
        season = find_season(session, "Spring")
        listed = list_teams(database, "Spring")
    order = json.loads(season.tie_break_json)
    spelled: dict[str, str] = {}
    groups: dict[str, dict[int, str]] = {}
    for team in sorted(listed, key=lambda team: team.id):
        division = team.division
        assert division is not None
        kept = spelled.setdefault(division.casefold(), division)
        groups.setdefault(kept, {})[team.id] = team.name
    totals = {team: figures for (_, team), figures in counted["team_total"].items()}
    rows: list[StandingRow] = []
    for division in sorted(groups, key=str.casefold):
        teams = groups[division]
        records = {team: TeamRecord(*totals[team][1:6]) for team in teams if team in totals}
        hands = {team: HandCounts(*totals[team][6:]) for team in teams if team in totals}

        def head_to_head(level: list[list[int]]) -> dict[int, TeamRecord]:
            among: dict[int, TeamRecord] = {}
            for group in level:
                for team in group:
                    figures = [0] * 5
                    for (_, mine, theirs), tally in counted["team_tally"].items():
                        if mine == team and theirs in group:
                            figures = [a + b for a, b in zip(figures, tally[1:6], strict=True)]
                    among[team] = TeamRecord(*figures)
            return among

        ranked = standings_from_records(teams, records, head_to_head, hands, order)
        rows += [row._replace(division=division) for row in ranked]
    return rows


def expected_of(database: Database, counted: Tallies) -> list[StandingRow]:
    """The standings a recount ranks: by division when the teams are in divisions."""
    if any(team.division for team in list_teams(database, "Spring")):
        return division_standings_of(database, counted)
    return standings_of(database, counted)


def players_of(database: Database, counted: Tallies) -> list[PlayerRow]:
    """The season's player figures by the pure code from a recount."""
    with database.session() as session:
        names = dict(session.execute(select(col(Player.id), col(Player.name))).all())
    return player_standings_from_totals(
        PlayerTotals(player, names[player], team, *figures)
        for (_, player, team), figures in counted["player_tally"].items()
    )


#: The tallies an older version kept (dropped by migration 0008, refilled by its downgrade).
TALLY_KEYS = {
    "team_tally": ("season_id", "team_id", "opponent_id"),
    "team_total": ("season_id", "team_id"),
    "player_tally": ("season_id", "player_id", "team_id"),
}
TEAM_FIGURES = (
    "games, wins, losses, ties, points_for, points_against, made, sets, reneges, unknown_makers"
)


def stored_tallies(location: str) -> Tallies:
    """The tallies as a downgraded database holds them (rows with nothing in them left out)."""
    found: Tallies = {}
    engine = create_engine(to_url(location))
    with engine.connect() as connection:
        for name, keys in TALLY_KEYS.items():
            figures = "games, won, sets" if name == "player_tally" else TEAM_FIGURES
            rows: dict[Key, tuple[int, ...]] = {}
            for row in connection.execute(text(f"SELECT {', '.join(keys)}, {figures} FROM {name}")):
                if any(row[len(keys) :]):
                    rows[tuple(row[: len(keys)])] = tuple(row[len(keys) :])
            found[name] = rows
    engine.dispose()
    return found


class SeasonOfChanges(RuleBasedStateMachine):
    """A season of four teams, two games a match, two players a team."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.database = Database.open(str(Path(self.folder.name) / "league.sqlite3"))
        create_season(self.database, league="Club", season="Spring", games_per_match=2)
        for number, name in enumerate(TEAMS):
            add_team(self.database, "Spring", name, [f"P{number}a", f"P{number}b"])
        generate_schedule(self.database, "Spring")
        self.matches = [match for match in schedule(self.database, "Spring") if match.away]
        split_season(self.database, "Spring", 1)  # weeks 2 and 3 the second half

    def teardown(self) -> None:
        self.database.close()
        self.folder.cleanup()

    def _recorder(self, match: int) -> Any:
        self.matches = [match for match in schedule(self.database, "Spring") if match.away]
        if match >= len(self.matches):
            return None
        try:
            return open_match_game(self.database, self.matches[match].id)
        except StoreError:
            return None

    @rule(teams=st.integers(2, 4), games=st.integers(1, 2), reseed=st.booleans())
    def make_playoffs(self, teams: int, games: int, reseed: bool) -> None:
        """Playoffs made mid-season (forced): their games must never count."""
        with contextlib.suppress(StoreError):
            create_playoffs(
                self.database,
                season="Spring",
                teams=teams,
                games_per_match=games,
                reseed=reseed,
                force=True,
            )

    @rule(match=st.integers(0, 8), hand=st.sampled_from(HANDS))
    def record(self, match: int, hand: Any) -> None:
        recorder = self._recorder(match)
        if recorder is not None and not recorder.game.finished:
            with contextlib.suppress(ClabberError):
                recorder.record(hand)

    @rule(match=st.integers(0, 8), hand=st.sampled_from(HANDS[:4]))
    def play_out(self, match: int, hand: Any) -> None:
        """The game of the match played to its end, the same hand over and over."""
        recorder = self._recorder(match)
        while recorder is not None and not recorder.game.finished:
            recorder.record(hand)

    @rule(match=st.integers(0, 8), n=st.integers(1, 8), hand=st.sampled_from(HANDS))
    def correct(self, match: int, n: int, hand: Any) -> None:
        recorder = self._recorder(match)
        if recorder is not None and n <= len(recorder.game.entries):
            with contextlib.suppress(ClabberError):
                recorder.replace(n, hand)

    @rule(match=st.integers(0, 8), n=st.integers(1, 8), last=st.booleans())
    def delete(self, match: int, n: int, last: bool) -> None:
        """A hand deleted, or the last one undone."""
        recorder = self._recorder(match)
        if recorder is not None and recorder.game.entries:
            n = len(recorder.game.entries) if last else min(n, len(recorder.game.entries))
            with contextlib.suppress(ClabberError):
                recorder.delete(n)

    @rule(
        match=st.integers(0, 8),
        seat=st.sampled_from(["A1", "B2"]),
        name=st.sampled_from(["Sub", "P0a"]),
    )
    def substitute(self, match: int, seat: str, name: str) -> None:
        recorder = self._recorder(match)
        if recorder is not None:
            with contextlib.suppress(StoreError):
                recorder.seat({**recorder.players, seat: name})

    @rule(match=st.integers(0, 8), home=st.booleans(), back_on=st.booleans())
    def forfeit(self, match: int, home: bool, back_on: bool) -> None:
        if match >= len(self.matches):
            return
        chosen = self.matches[match]
        loser = chosen.home if home else chosen.away
        try:
            if back_on:
                set_match_status(self.database, chosen.id, SCHEDULED)
            else:
                set_match_status(self.database, chosen.id, FORFEIT, forfeited_by=loser)
        except StoreError:
            pass

    @rule(match=st.integers(0, 8), teams=st.permutations(TEAMS))
    def move_teams(self, match: int, teams: list[str]) -> None:
        if match >= len(self.matches):
            return
        with contextlib.suppress(StoreError):
            edit_match(self.database, self.matches[match].id, home=teams[0], away=teams[1])

    @rule(teams=st.permutations(TEAMS), winner=st.sampled_from(["A", "B"]))
    def import_sheet(self, teams: list[str], winner: str) -> None:
        hands = [w(winner, "150", "12") if winner == "A" else w("B", "12", "150")] * 4
        with contextlib.suppress(StoreError, ClabberError):
            import_games(self.database, [sheet(teams[0], teams[1], hands)], "Spring")

    @rule(team=st.sampled_from(TEAMS))
    def remove_team(self, team: str) -> None:
        """A team removed while it has no game (its matches become byes or go)."""
        with contextlib.suppress(StoreError):
            remove_team(self.database, season_team(self.database, "Spring", team).id)

    @rule(match=st.integers(0, 8), seat=st.sampled_from(["A2", "B1"]), clear=st.booleans())
    def match_substitute(self, match: int, seat: str, clear: bool) -> None:
        """A substitute for the match's next games (or the roster's player again)."""
        if match >= len(self.matches):
            return
        with contextlib.suppress(StoreError):
            set_substitute(self.database, self.matches[match].id, seat, None if clear else "Sub")

    @rule()
    def copy_by_league_file(self) -> None:
        """The league exported and imported into an empty database counts the same."""
        assert_same_standings_after_a_league_file(self.database)

    @rule(division=st.booleans())
    def divide(self, division: bool) -> None:
        """The teams put in their divisions, or in none again."""
        for team in list_teams(self.database, "Spring"):
            set_team_division(self.database, team.id, DIVISIONS[team.name] if division else None)

    @invariant()
    def the_champion_won_every_match_it_played(self) -> None:
        with contextlib.suppress(StoreError):  # no playoffs yet
            bracket = playoff_bracket(self.database, "Spring")
            matches = [match for stage in bracket.rounds for match in stage]
            champion = bracket.champion
            for match in matches:
                assert match.winner in (None, match.home, match.away)
            if champion is None or any(match.disputed for match in matches):
                return  # a disputed bracket is the secretary's to sort out
            for match in matches:
                if champion in (match.home, match.away):
                    assert match.winner == champion

    @invariant()
    def figures_equal_a_recount(self) -> None:
        counted = recount(self.database)
        assert season_standings(self.database, "Spring") == expected_of(self.database, counted)
        with self.database.session() as session:
            season = find_season(session, "Spring")
            assert season.id is not None
            whole = standings(session=session, season_id=season.id, by_division=False)
            assert whole == standings_of(self.database, counted)
            halves = [standings(session=session, season_id=season.id, half=half) for half in (1, 2)]
        for stored, weeks in zip(halves, ((1, 1), (2, 3)), strict=True):
            assert stored == expected_of(self.database, recount(self.database, weeks)), weeks
        assert season_player_standings(self.database, "Spring") == players_of(
            self.database, counted
        )

    @invariant()
    def careers_equal_a_recount(self) -> None:
        """Every player's records, the season's and the whole database's (its friendlies
        too), as a recount of the re-scored sheets finds them."""
        with self.database.session() as session:
            season = find_season(session, "Spring").id
        for which in (season, None):
            assert career_recount.read(self.database, which) == career_recount.recounted(
                self.database, which
            )

    @invariant()
    def a_stretch_of_weeks_equals_its_recount(self) -> None:
        """The standings after a week (the recap's), and over the later weeks (a half's)."""
        with self.database.session() as session:
            season = find_season(session, "Spring").id
        for weeks in ((1, 1), (1, 2), (2, 3)):
            counted = recount(self.database, weeks)
            stored = self.database.read(standings, season_id=season, weeks=weeks)
            assert stored == expected_of(self.database, counted), weeks


SeasonOfChanges.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestTheFiguresFollowEveryChange = SeasonOfChanges.TestCase


def _by_name(database: Database) -> tuple[list[Any], list[Any]]:
    """The season's team and player standings with names for the database's ids (a copy
    numbers its rows afresh)."""
    with database.session() as session:
        team_names = dict(session.execute(select(col(Team.id), col(Team.name))).all())
    teams = [row.as_dict() for row in season_standings(database, "Spring")]
    players = [
        (row.rank, row.name, row.games, row.won, row.sets, tuple(team_names[t] for t in row.teams))
        for row in season_player_standings(database, "Spring")
    ]
    return teams, players


def assert_same_standings_after_a_league_file(database: Database) -> None:
    """Export the league, import it into an empty database: the same standings, team and
    player, as the original's and as a recount of the copy."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Database.open(str(Path(folder) / "copy.sqlite3"))
        try:
            import_league(copy, export_league(database, "Club"))
            counted = recount(copy)
            assert _by_name(copy) == _by_name(database)
            assert season_standings(copy, "Spring") == expected_of(copy, counted)
            assert season_player_standings(copy, "Spring") == players_of(copy, counted)
        finally:
            copy.close()


def test_a_league_file_carries_the_standings_of_every_kind_of_season(
    database: Database,
) -> None:
    season_of_every_kind(database)
    assert_same_standings_after_a_league_file(database)


def test_a_reopened_game_whose_w_is_undone_counts_for_nobody_until_it_has_it_again(
    database: Database,
) -> None:
    """The standings follow a reopening as they follow any change: recounted from the
    games, the game without its W is not finished, and counts again once it is."""
    before = season_of_every_kind(database)
    first = next(m for m in schedule(database, "Spring") if m.away)
    recorder = open_game(database, first.game_ids[0])
    assert recorder.game.finished
    recorder.reopen()
    assert recount(database) == before  # a reopening alone moves no figure
    last = len(recorder.game.rows)
    winning = recorder.delete(last)
    undone = recount(database)
    assert undone != before
    assert season_standings(database, "Spring") == standings_of(database, undone)
    recorder.insert(last, winning)
    assert recorder.closed
    assert recount(database) == before
    assert season_standings(database, "Spring") == standings_of(database, before)


def season_of_every_kind(database: Database) -> Tallies:
    """Finished and unfinished games, a substitute, unknown makers, a set, a forfeit and a
    friendly; returns the recount, after checking the store's figures already equal it."""
    create_season(database, league="Club", season="Spring")
    for number, name in enumerate(TEAMS):
        add_team(database, "Spring", name, [f"P{number}a", f"P{number}b"])
    generate_schedule(database, "Spring")
    first, second, third, *_ = [m for m in schedule(database, "Spring") if m.away]
    recorder = open_match_game(database, first.id)
    recorder.seat({**recorder.players, "B2": "Sub"})
    for hand in (HANDS[3], HANDS[2], *[HANDS[0]] * 5):
        if not recorder.game.finished:
            recorder.record(hand)
    open_match_game(database, second.id).record(HANDS[1])  # under way: counts nothing
    set_match_status(database, third.id, FORFEIT, forfeited_by=third.away)
    import_games(database, [sheet("Eagles", "Owls", [w("A", "150", "12")] * 4)])
    expected = recount(database)
    assert season_standings(database, "Spring") == standings_of(database, expected)
    assert season_player_standings(database, "Spring") == players_of(database, expected)
    assert expected["team_tally"]
    assert expected["team_total"]
    assert expected["player_tally"]
    return expected


def down_and_up(location: str) -> Tallies:
    """Down to 0007 (the tallies made again and filled from the games), the tallies read,
    and up again (dropped)."""
    config = alembic_config(to_url(location))
    command.downgrade(config, "0007")
    found = stored_tallies(location)
    command.upgrade(config, "head")
    return found


def test_the_downgrade_from_0008_refills_the_tallies_and_the_upgrade_drops_them(
    tmp_path: Path,
) -> None:
    path = tmp_path / "league.sqlite3"
    database = Database.open(str(path))
    try:
        expected = season_of_every_kind(database)
    finally:
        database.close()
    assert down_and_up(str(path)) == expected
    database = Database.open(str(path))
    try:
        with database.engine.connect() as connection:
            tables = set(connection.dialect.get_table_names(connection))
        assert not tables & set(TALLY_KEYS)
        assert season_standings(database, "Spring") == standings_of(database, expected)
    finally:
        database.close()


def test_a_season_file_imported_in_batches_is_counted_as_a_recount_counts_it(
    database: Database, monkeypatch: Any
) -> None:
    """Games imported in bulk (``store_games``, a batch at a time) count like any other."""
    monkeypatch.setattr("clabber_league.store.imports.BATCH", 2)  # several batches
    create_season(database, league="Club", season="Spring", games_per_match=2)
    for name in TEAMS:
        add_team(database, "Spring", name)
    generate_schedule(database, "Spring")
    matches = [m for m in schedule(database, "Spring") if m.away]
    games = [
        sheet(match.home, match.away or "", [hand] * 4)
        for match in matches
        for hand in (w("A", "150", "12"), w("B", "12", "150"))
    ]
    assert len(import_games(database, games, "Spring").ids) == len(games) > 2
    expected = recount(database)
    assert season_standings(database, "Spring") == standings_of(database, expected)
    assert expected["team_tally"]
