"""Team and player standings (``standings``, ``player_standings_from_totals``, ``check_order``).

Every expected row below is worked out by hand from the league's definition
(pct = (w + t/2) / gp to 3 decimals; pct, h2h, diff, pf, name), never taken
from the code.
"""

from __future__ import annotations

import ast
import math
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import clabber_league.league
from clabber_league.league import (
    FORFEIT_SCORE,
    TIE_BREAK_KEYS,
    PlayerRow,
    StandingRow,
    StandingsError,
    check_order,
    round_robin,
)
from clabber_league.league.players import PlayerTotals, player_standings_from_totals
from clabber_league.league.ranking import HandCounts, TeamRecord, standings_from_records
from clabber_league.league.schedule import Pairing
from tests.league.game_results import GameResult, standings
from tests.rules.test_purity import (
    FORBIDDEN_IMPORTS,
    FORBIDDEN_MODULES,
    _calls_open,
    _imported_names,
)


def win(winner: int, loser: int, score: tuple[int, int] = (500, 300)) -> GameResult:
    """A game ``winner`` won, ``score`` written winner first."""
    return GameResult((winner, loser), score, winner)


def tie(first: int, second: int, total: int = 500) -> GameResult:
    return GameResult((first, second), (total, total), None)


def names(rows: list[StandingRow]) -> list[str]:
    return [row.name for row in rows]


# ------------------------------------------------------- a small season by hand

ACES, BELLS, CLUBS = 1, 2, 3
SMALL = {ACES: "Aces", BELLS: "Bells", CLUBS: "Clubs"}
SMALL_GAMES = [
    GameResult((ACES, BELLS), (510, 320), ACES),
    GameResult((BELLS, CLUBS), (500, 500), None),
    GameResult((CLUBS, ACES), (520, 480), CLUBS),
    GameResult((ACES, CLUBS), (505, 410), ACES),
]
SMALL_HANDS = {ACES: HandCounts(made=20, sets=3, reneges=1), CLUBS: HandCounts(10, 4, 1)}


def test_a_small_season_with_a_tie_row_by_row() -> None:
    # Aces: W 510-320, L 480-520, W 505-410 -> 2-1-0, .667, 1495 for, 1250 against.
    # Clubs: T 500-500, W 520-480, L 410-505 -> 1-1-1, .500, 1430 for, 1485 against.
    # Bells: L 320-510, T 500-500 -> 0-1-1, .250, 820 for, 1010 against.
    assert standings(SMALL, SMALL_GAMES, SMALL_HANDS) == [
        StandingRow(1, ACES, "Aces", 3, 2, 1, 0, 0.667, 1495, 1250, 245, 20, 3, 1),
        StandingRow(2, CLUBS, "Clubs", 3, 1, 1, 1, 0.5, 1430, 1485, -55, 10, 4, 1),
        StandingRow(3, BELLS, "Bells", 2, 0, 1, 1, 0.25, 820, 1010, -190, 0, 0, 0),
    ]


def test_a_row_as_a_standings_document_row_names_the_team() -> None:
    row = standings(SMALL, SMALL_GAMES, SMALL_HANDS)[0]
    assert row.as_dict() == {
        "rank": 1,
        "team": "Aces",
        "gp": 3,
        "w": 2,
        "l": 1,
        "t": 0,
        "pct": 0.667,
        "pf": 1495,
        "pa": 1250,
        "diff": 245,
        "made": 20,
        "sets": 3,
        "reneges": 1,
        "unknown_makers": 0,
        "division": None,
    }
    assert list(row.as_dict()) == [
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
    ]


@pytest.mark.parametrize(
    ("won", "lost", "tied", "pct"),
    [
        (2, 1, 0, 0.667),
        (1, 5, 0, 0.167),
        (0, 0, 1, 0.5),
        (1, 15, 0, 0.063),  # .0625: half rounds up, as written on a standings sheet
        (0, 7, 1, 0.063),  # a tie is half a win: .5 / 8
        (3, 0, 0, 1.0),
    ],
)
def test_pct_is_wins_and_half_ties_over_games_to_three_decimals(
    won: int, lost: int, tied: int, pct: float
) -> None:
    games = [win(1, 2)] * won + [win(2, 1)] * lost + [tie(1, 2)] * tied
    row = next(row for row in standings({1: "One", 2: "Two"}, games) if row.team == 1)
    assert (row.w, row.l, row.t, row.pct) == (won, lost, tied, pct)


# ------------------------------------------------------------------ the order


def test_head_to_head_settles_two_teams_level_on_pct() -> None:
    a, b, x, y = 1, 2, 3, 4
    games = [
        win(a, b, (500, 490)),  # a beat b, but only by 10
        win(y, a, (500, 300)),
        win(b, x, (500, 100)),
    ]
    rows = standings({a: "A", b: "B", x: "X", y: "Y"}, games)
    assert names(rows) == ["Y", "A", "B", "X"]
    # Without head-to-head, B's better diff would have put it above A.
    assert (rows[1].pct, rows[1].diff) == (0.5, -190)
    assert (rows[2].pct, rows[2].diff) == (0.5, 390)


KINGS, QUEENS, JACKS, NINES, TENS = 1, 2, 3, 4, 5
THREE_WAY = {KINGS: "Kings", QUEENS: "Queens", JACKS: "Jacks", NINES: "Nines", TENS: "Tens"}
THREE_WAY_GAMES = [
    # Among the three level teams: Kings 2-1, Queens 2-1, Jacks 1-3.
    win(KINGS, QUEENS, (500, 480)),
    win(QUEENS, JACKS, (500, 100)),
    win(QUEENS, JACKS, (500, 100)),
    win(KINGS, JACKS, (500, 400)),
    win(JACKS, KINGS, (500, 400)),
    # Outside it, each ends on .500: Kings 2-2, Queens 2-2, Jacks 3-3.
    win(NINES, KINGS, (500, 300)),
    win(TENS, QUEENS, (500, 300)),
    win(JACKS, NINES, (500, 300)),
    win(JACKS, NINES, (500, 300)),
]


def test_three_way_head_to_head_is_one_pass_not_recursive() -> None:
    """Kings and Queens stay level after head-to-head among three, so diff decides.

    Head-to-head among Kings, Queens and Jacks: Kings .667, Queens .667,
    Jacks .250, so Jacks drop to third of the three. A recursive rule would
    now take head-to-head again between Kings and Queens alone, where Kings
    beat Queens, and put Kings first; the league's rule goes on to diff:
    Queens +580 (-20 +400 +400 -200), Kings -180 (+20 +100 -100 -200).
    """
    rows = standings(THREE_WAY, THREE_WAY_GAMES)
    assert names(rows) == ["Tens", "Queens", "Kings", "Jacks", "Nines"]
    assert [(row.pct, row.diff) for row in rows] == [
        (1.0, 200),
        (0.5, 580),
        (0.5, -180),
        (0.5, -400),
        (0.333, -200),
    ]


def test_a_team_that_met_none_of_the_others_has_head_to_head_zero() -> None:
    """A beat B; C met neither, so C's head-to-head is 0.0 like B's, and diff puts B above C.

    (Had C been given a neutral .500 it would have gone above B.)
    """
    a, b, c, e, f = 1, 2, 3, 4, 5
    games = [
        win(a, b, (500, 490)),
        win(e, a, (500, 300)),
        win(b, f, (500, 300)),  # B: -10 +200 = +190
        win(e, c, (500, 100)),
        win(c, f, (500, 400)),  # C: -400 +100 = -300
    ]
    rows = standings({a: "A", b: "B", c: "C", e: "E", f: "F"}, games)
    assert names(rows) == ["E", "A", "B", "C", "F"]


def test_teams_that_never_met_go_on_to_diff() -> None:
    games = [win(1, 3, (500, 450)), win(2, 4, (500, 100))]
    rows = standings({1: "One", 2: "Two", 3: "Three", 4: "Four"}, games)
    assert names(rows) == ["Two", "One", "Three", "Four"]


def test_pct_compares_as_printed() -> None:
    """25/36 = .6944 and 43/62 = .6935 both print .694, so they are level: diff decides."""
    a, b, z = 1, 2, 9
    games = (
        [win(a, z, (500, 400))] * 12
        + [tie(a, z)]
        + [win(z, a, (500, 400))] * 5
        + [win(b, z, (500, 400))] * 21
        + [tie(b, z)]
        + [win(z, b, (500, 400))] * 9
    )
    rows = standings({a: "A", b: "B", z: "Z"}, games)
    assert [(row.name, row.pct, row.diff) for row in rows] == [
        ("B", 0.694, 1200),
        ("A", 0.694, 700),
        ("Z", 0.306, -1900),
    ]


def test_forfeits_count_as_games_won_and_lost_at_their_score() -> None:
    a, b, c = 1, 2, 3
    games = [
        GameResult((a, b), FORFEIT_SCORE, a, forfeit=True),
        GameResult((c, a), (510, 490), c),
        GameResult((c, b), (300, 0), c, forfeit=True),  # this season writes a forfeit 300-0
    ]
    assert FORFEIT_SCORE == (500, 0)
    assert standings({a: "A", b: "B", c: "C"}, games) == [
        StandingRow(1, c, "C", 2, 2, 0, 0, 1.0, 810, 490, 320, 0, 0, 0),
        StandingRow(2, a, "A", 2, 1, 1, 0, 0.5, 990, 510, 480, 0, 0, 0),
        StandingRow(3, b, "B", 2, 0, 2, 0, 0.0, 0, 800, -800, 0, 0, 0),
    ]


def test_a_forfeit_counts_in_head_to_head() -> None:
    """A and B are both 2-1; B's only win over A was a forfeit, and it still decides."""
    a, b, x, y = 1, 2, 3, 4
    games = [
        GameResult((b, a), FORFEIT_SCORE, b, forfeit=True),
        win(a, x, (500, 0)),
        win(a, x, (500, 0)),  # A: -500 +500 +500 = +500
        win(y, b, (500, 0)),
        win(b, x, (500, 490)),  # B: +500 -500 +10 = +10
    ]
    rows = standings({a: "A", b: "B", x: "X", y: "Y"}, games)
    assert [(row.name, row.pct, row.diff) for row in rows] == [
        ("Y", 1.0, 500),
        ("B", 0.667, 10),
        ("A", 0.667, 500),
        ("X", 0.0, -1010),
    ]


def test_teams_with_no_games_get_a_row_and_rank_by_the_later_keys() -> None:
    teams = {1: "bells", 2: "Aces", 3: "aces", 4: "Clubs", 5: "Aces"}
    rows = standings(teams, [win(4, 1, (500, 100))])
    # Clubs 1.0; then every 0.0: the four who met nobody level on h2h,
    # diff 0 above bells' -400; name case-insensitive, then exact, then id.
    assert [(row.rank, row.team, row.name) for row in rows] == [
        (1, 4, "Clubs"),
        (2, 2, "Aces"),
        (3, 5, "Aces"),
        (4, 3, "aces"),
        (5, 1, "bells"),
    ]
    assert rows[1] == StandingRow(2, 2, "Aces", 0, 0, 0, 0, 0.0, 0, 0, 0, 0, 0, 0)


def test_a_season_with_no_games_at_all() -> None:
    rows = standings({2: "B", 1: "A"}, [])
    assert [(row.rank, row.name, row.gp, row.pct) for row in rows] == [
        (1, "A", 0, 0.0),
        (2, "B", 0, 0.0),
    ]


def test_a_custom_order_puts_diff_first() -> None:
    games = [*SMALL_GAMES, win(BELLS, CLUBS, (900, 100))]
    # Aces 2-1-0 .667 (+245), Bells 1-1-1 .500 (+610), Clubs 1-2-1 .375 (-855).
    assert names(standings(SMALL, games)) == ["Aces", "Bells", "Clubs"]
    assert names(standings(SMALL, games, order=("diff", "pct", "h2h", "pf", "name"))) == [
        "Bells",
        "Aces",
        "Clubs",
    ]
    assert names(standings(SMALL, games, order=("name", "pct", "h2h", "diff", "pf"))) == [
        "Aces",
        "Bells",
        "Clubs",
    ]


def test_head_to_head_first_is_pct_over_the_whole_season() -> None:
    """With h2h first, the level group is everyone, so every game counts."""
    order = ("h2h", "pct", "diff", "pf", "name")
    assert names(standings(THREE_WAY, THREE_WAY_GAMES, order=order)) == names(
        standings(THREE_WAY, THREE_WAY_GAMES)
    )


def test_byes_are_simply_weeks_without_a_game() -> None:
    """Three teams, one round: each has a bye and two games."""
    schedule = round_robin([1, 2, 3])
    games = [
        win(pairing.home, pairing.away)
        for week in schedule
        for pairing in week
        if pairing.away is not None
    ]
    byes = [pairing for week in schedule for pairing in week if pairing.away is None]
    assert byes == [Pairing(1, 0, 1, None), Pairing(2, 0, 2, None), Pairing(3, 0, 3, None)]
    rows = standings({1: "One", 2: "Two", 3: "Three"}, games)
    assert [(row.name, row.gp, row.w, row.l) for row in rows] == [
        ("One", 2, 1, 1),
        ("Three", 2, 1, 1),
        ("Two", 2, 1, 1),
    ]


# ------------------------------------------------------------------- errors


def test_a_game_with_a_team_outside_the_season_is_refused() -> None:
    with pytest.raises(StandingsError, match="names team 7, which is not in the season"):
        standings(SMALL, [*SMALL_GAMES, win(ACES, 7)])


def test_hand_counts_for_a_team_outside_the_season_are_refused() -> None:
    with pytest.raises(StandingsError, match=r"hand counts name teams \[8\]"):
        standings(SMALL, SMALL_GAMES, {8: HandCounts(1, 0, 0)})


@pytest.mark.parametrize(
    ("teams", "totals", "winner", "forfeit", "message"),
    [
        ((1, 1), (500, 0), 1, False, "two different teams"),
        ((1, 2), (500, 0), 3, False, "cannot be 3"),
        ((1, 2), (500, 500), None, True, "needs a winner"),
    ],
)
def test_an_impossible_game_is_refused(
    teams: tuple[int, int],
    totals: tuple[int, int],
    winner: int | None,
    forfeit: bool,
    message: str,
) -> None:
    with pytest.raises(StandingsError, match=message):
        GameResult(teams, totals, winner, forfeit)


def test_negative_counts_are_refused() -> None:
    with pytest.raises(StandingsError, match="sets=-1"):
        HandCounts(2, -1, 0)


def test_check_order_accepts_every_key_once_in_any_order() -> None:
    assert check_order(TIE_BREAK_KEYS) == ("pct", "h2h", "diff", "pf", "name")
    assert check_order(["diff", "pct", "h2h", "pf", "name"]) == ("diff", "pct", "h2h", "pf", "name")


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (("pct", "h2h", "diff", "pf", "name", "wins"), r"unknown tie-break keys \['wins'\]"),
        (("pct", "pct", "h2h", "diff", "pf", "name"), r"more than once \['pct'\]"),
        (("pct", "h2h", "diff", "pf"), r"missing \['name'\]"),
        ((), r"missing \['pct', 'h2h', 'diff', 'pf', 'name'\]"),
        ("pct", "not the single string 'pct'"),
    ],
)
def test_check_order_refuses_a_bad_order(order: tuple[str, ...] | str, message: str) -> None:
    with pytest.raises(StandingsError, match=message):
        check_order(order)
    with pytest.raises(StandingsError, match=message):
        standings(SMALL, SMALL_GAMES, order=order)


def test_standings_errors_are_value_errors() -> None:
    assert issubclass(StandingsError, ValueError)


# ----------------------------------------------------------- player standings

ANN, BOB, CY, DI, SUE = 10, 11, 20, 21, 30


def appearance(player: int, name: str, team: int, won: bool, sets: int) -> PlayerTotals:
    """One player's one game: for which team, whether that team won, its sets as makers."""
    return PlayerTotals(player, name, team, 1, int(won), sets)


def appearances_with_a_substitute() -> list[PlayerTotals]:
    """Team 1 (Ann, Bob) and team 2 (Cy, Di) play three games; Sue sits in for each once.

    Game 1: team 1 wins; sets: team 1 had 1, team 2 had 2.
    Game 2: team 2 (Cy, Sue for Di) wins; sets: team 1 had 3, team 2 none.
    Game 3: a tie, team 1 (Ann, Sue for Bob); sets: 1 each.
    """
    return [
        appearance(ANN, "Ann", 1, True, 1),
        appearance(BOB, "Bob", 1, True, 1),
        appearance(CY, "Cy", 2, False, 2),
        appearance(DI, "Di", 2, False, 2),
        appearance(ANN, "Ann", 1, False, 3),
        appearance(BOB, "Bob", 1, False, 3),
        appearance(CY, "Cy", 2, True, 0),
        appearance(SUE, "Sue", 2, True, 0),
        appearance(ANN, "Ann", 1, False, 1),
        appearance(SUE, "Sue", 1, False, 1),
        appearance(CY, "Cy", 2, False, 1),
        appearance(DI, "Di", 2, False, 1),
    ]


def test_player_standings_with_a_substitute() -> None:
    # Ann 3 games 1 won 5 sets; Cy 3-1-3; Bob 2-1-4; Sue 2-1-1 (one game for
    # each team); Di 2-0-3. Won, then games, then name.
    assert player_standings_from_totals(appearances_with_a_substitute()) == [
        PlayerRow(1, ANN, "Ann", 3, 1, 5, (1,)),
        PlayerRow(2, CY, "Cy", 3, 1, 3, (2,)),
        PlayerRow(3, BOB, "Bob", 2, 1, 4, (1,)),
        PlayerRow(4, SUE, "Sue", 2, 1, 1, (1, 2)),
        PlayerRow(5, DI, "Di", 2, 0, 3, (2,)),
    ]


def test_a_substitute_does_not_change_the_team_standings() -> None:
    """Team standings come from the games alone, whoever sat at the table."""
    games = [win(1, 2), win(2, 1), tie(1, 2)]
    assert [(row.team, row.w, row.l, row.t) for row in standings({1: "1", 2: "2"}, games)] == [
        (1, 1, 1, 1),
        (2, 1, 1, 1),
    ]


def test_player_names_order_case_insensitively_then_exactly_then_by_id() -> None:
    rows = player_standings_from_totals(
        [
            appearance(3, "bea", 1, True, 0),
            appearance(2, "Bea", 1, True, 0),
            appearance(1, "al", 1, True, 0),
            appearance(4, "Bea", 2, True, 0),
        ]
    )
    assert [(row.rank, row.player, row.name) for row in rows] == [
        (1, 1, "al"),
        (2, 2, "Bea"),
        (3, 4, "Bea"),
        (4, 3, "bea"),
    ]


def test_no_appearances_no_rows() -> None:
    assert player_standings_from_totals([]) == []


def test_one_player_under_two_names_is_refused() -> None:
    with pytest.raises(StandingsError, match="player 5 appears as both 'Ann' and 'Anne'"):
        player_standings_from_totals(
            [appearance(5, "Ann", 1, True, 0), appearance(5, "Anne", 1, True, 0)]
        )


# ---------------------------------------------------------------- properties

NAMES = ["Aces", "aces", "Bells", "Clubs", "Clubs", "Diamonds"]


@st.composite
def seasons(draw: st.DrawFn) -> tuple[dict[int, str], list[GameResult], dict[int, HandCounts]]:
    ids = draw(st.lists(st.integers(1, 40), min_size=1, max_size=6, unique=True))
    teams = {team: draw(st.sampled_from(NAMES)) for team in ids}
    games: list[GameResult] = []
    if len(ids) >= 2:
        for _ in range(draw(st.integers(0, 14))):
            first, second = draw(st.permutations(ids))[:2]
            totals = (draw(st.integers(0, 700)), draw(st.integers(0, 700)))
            winner = draw(st.sampled_from([first, second, None]))
            forfeit = winner is not None and draw(st.booleans())
            games.append(GameResult((first, second), totals, winner, forfeit))
    hands = {
        team: HandCounts(draw(st.integers(0, 30)), draw(st.integers(0, 9)), draw(st.integers(0, 3)))
        for team in draw(st.lists(st.sampled_from(ids), unique=True))
    }
    return teams, games, hands


orders = st.permutations(TIE_BREAK_KEYS)


@settings(max_examples=200, deadline=None)
@given(seasons(), orders, st.data())
def test_standings_do_not_depend_on_the_order_games_were_entered(
    season: tuple[dict[int, str], list[GameResult], dict[int, HandCounts]],
    order: list[str],
    data: st.DataObject,
) -> None:
    teams, games, hands = season
    shuffled = data.draw(st.permutations(games))
    listed_backwards = dict(reversed(teams.items()))
    assert standings(teams, games, hands, order) == standings(
        listed_backwards, shuffled, hands, order
    )


@settings(max_examples=200, deadline=None)
@given(seasons(), orders)
def test_standings_add_up(
    season: tuple[dict[int, str], list[GameResult], dict[int, HandCounts]], order: list[str]
) -> None:
    teams, games, hands = season
    rows = standings(teams, games, hands, order)
    decided = sum(game.winner is not None for game in games)
    assert [row.rank for row in rows] == list(range(1, len(teams) + 1))
    assert sorted(row.team for row in rows) == sorted(teams)
    assert sum(row.w for row in rows) == sum(row.l for row in rows) == decided
    assert sum(row.t for row in rows) == 2 * (len(games) - decided)
    assert sum(row.gp for row in rows) == 2 * len(games)
    assert sum(row.pf for row in rows) == sum(row.pa for row in rows)
    assert all(row.diff == row.pf - row.pa and 0.0 <= row.pct <= 1.0 for row in rows)
    assert all(row.gp == row.w + row.l + row.t for row in rows)


@settings(max_examples=200, deadline=None)
@given(seasons(), orders)
def test_the_rows_follow_the_first_key(
    season: tuple[dict[int, str], list[GameResult], dict[int, HandCounts]], order: list[str]
) -> None:
    """The first key splits the whole season; h2h over everyone is the season pct."""
    teams, games, hands = season
    rows = standings(teams, games, hands, order)
    first = order[0]
    if first == "name":
        keys = [(row.name.casefold(), row.name) for row in rows]
        assert keys == sorted(keys)
    else:
        figure = {"pct": "pct", "h2h": "pct", "diff": "diff", "pf": "pf"}[first]
        values = [getattr(row, figure) for row in rows]
        assert values == sorted(values, reverse=True)


HALF = Fraction(1, 2)


def _reference_order(
    teams: dict[int, str], games: list[GameResult], order: list[str]
) -> list[tuple[int, float]]:
    """The standings order worked out the long way, sharing no code with the league
    package: each key sorts every group still level (h2h over the games among the
    group's own teams), pct rounded half up with fractions; (team, pct) per row."""

    def record(team: int, among: set[int]) -> tuple[int, int, int, int, int]:
        won = lost = tied = points_for = points_against = 0
        for game in games:
            if team in game.teams and set(game.teams) <= among:
                me = game.teams.index(team)
                won += game.winner == team
                lost += game.winner not in (team, None)
                tied += game.winner is None
                points_for += game.totals[me]
                points_against += game.totals[1 - me]
        return won, lost, tied, points_for, points_against

    def pct(figures: tuple[int, int, int, int, int]) -> int:
        won, lost, tied = figures[:3]
        if not won + lost + tied:
            return 0
        return math.floor(Fraction(1000 * (2 * won + tied), 2 * (won + lost + tied)) + HALF)

    def value(key: str, team: int, group: list[int]) -> tuple[object, ...]:
        whole = record(team, everyone)
        if key == "name":
            return (teams[team].casefold(), teams[team])
        if key == "h2h":
            return (-pct(record(team, set(group))),)
        return (-{"pct": pct(whole), "diff": whole[3] - whole[4], "pf": whole[3]}[key],)

    everyone = set(teams)
    groups = [sorted(teams)]
    for key in order:
        split = []
        for group in groups:
            values = {team: value(key, team, group) for team in group}
            ordered = sorted(group, key=values.__getitem__)  # level teams keep their id order
            runs = [[ordered[0]]]
            for team in ordered[1:]:
                if values[team] == values[runs[-1][0]]:
                    runs[-1].append(team)
                else:
                    runs.append([team])
            split.extend(runs)
        groups = split
    return [(team, pct(record(team, everyone)) / 1000) for group in groups for team in group]


@settings(max_examples=300, deadline=None)
@given(seasons(), orders)
def test_the_ranking_is_the_long_way_s(
    season: tuple[dict[int, str], list[GameResult], dict[int, HandCounts]], order: list[str]
) -> None:
    teams, games, hands = season
    rows = standings(teams, games, hands, order)
    assert [(row.team, row.pct) for row in rows] == _reference_order(teams, games, order)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_player_standings_do_not_depend_on_the_order_of_appearances(
    data: st.DataObject,
) -> None:
    appearances = data.draw(st.permutations(appearances_with_a_substitute()))
    assert player_standings_from_totals(appearances) == player_standings_from_totals(
        appearances_with_a_substitute()
    )


def test_a_retired_team_is_never_ranked_nor_level_with_anyone() -> None:
    """Hawks retired after beating Owls once: their line comes last with no rank, and
    head-to-head among the teams level on pct never asks about them."""
    teams = {1: "Eagles", 2: "Owls", 3: "Hawks"}
    records = {1: TeamRecord(1, 1, 0, 600, 600), 2: TeamRecord(1, 1, 0, 600, 600)}
    records[3] = TeamRecord(1, 0, 0, 500, 400)
    asked: list[list[list[int]]] = []

    def head_to_head(groups: list[list[int]]) -> dict[int, TeamRecord]:
        asked.append(groups)
        return {1: TeamRecord(1, 0, 0), 2: TeamRecord(0, 1, 0)}

    rows = standings_from_records(teams, records, head_to_head, retired={3})
    assert [(row.rank, row.name) for row in rows] == [(1, "Eagles"), (2, "Owls"), (None, "Hawks")]
    assert rows[-1].w == 1
    assert asked == [[[1, 2]]]


# ---------------------------------------------------------------- purity


def test_the_league_package_is_pure() -> None:
    """Plain data in, plain data out: no Qt, SQL, PDF, files, nor other layers of the app
    but the one below (docs/architecture.md: ``league/`` uses ``rules/``, whose problem
    lines it words its refusals in)."""
    for path in sorted(Path(clabber_league.league.__file__).parent.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        imported = _imported_names(source)
        assert not imported & (FORBIDDEN_IMPORTS | set(FORBIDDEN_MODULES)), path.name
        assert not _calls_open(source), path.name
        own = [
            node.module
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("clabber_league")
        ]
        assert all(
            module.startswith(("clabber_league.league", "clabber_league.rules")) for module in own
        ), path.name
