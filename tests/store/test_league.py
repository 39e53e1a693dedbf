"""Leagues in the database: seasons, teams, the schedule, season games and standings.

Every expected figure below is worked out by hand from the league's definition
(the issue's "Standings"): per team over its finished games, forfeits
included, gp, w, l, t, pct = (w + t/2) / gp to 3 decimals, pf, pa, diff,
made, sets, reneges; ordered by pct, then head-to-head pct among the teams
sharing that pct (one pass), then diff, then pf, then team name.

The hand-worked season (league "Club", season "Spring", default rules, target
500; "A" is the first side named in ``sides``)::

    G1 Eagles v Owls            Eagles  Owls
      A makes   150 / 12          150    12      Eagles made
      B makes   92 / XX           242    12      Owls set
      A makes, B reneges          404    12      Owls renege (Eagles +162)
      B makes, both renege        404    12      both renege (void)
      A makes   100 / 62          504    74      Eagles made; Eagles win 504-74

    G2 Hawks v Crows            Hawks   Crows
      A makes   162 / -           162     0      Hawks made
      B makes   12 / 150 (x3)     198   450      Crows made x3
      A makes   XX / 92           198   542      Hawks set; Crows win 542-198

    G3 Eagles v Hawks           Eagles  Hawks
      B makes   12 / 150 (x2)      24   300      Hawks made x2
      A makes   150 / 12 (x2)     324   324      Eagles made x2
      B makes   50 / 132          374   456      Hawks made (112 tricks + dad 20)
      A makes   132 / 50          506   506      Eagles made; tied at 506

    G4 Owls v Crows             Owls    Crows
      B makes   12 / 150 (x3)      36   450      Crows made x3
      A makes   162 / - (x2)      360   450      Owls made x2
      A makes   150 / 12          510   462      Owls made; Owls win 510-462

    team    gp w l t  pct   pf    pa    diff  made sets reneges
    Eagles   2 1 0 1  .750  1010   580   430    5    0     1
    Owls     2 1 1 0  .500   584   966  -382    3    1     2
    Crows    2 1 1 0  .500  1004   708   296    6    0     0
    Hawks    2 0 1 1  .250   704  1048  -344    4    1     0

Owls and Crows share .500; Owls beat Crows (G4), so head-to-head puts Owls
first although Crows have the better diff and pf.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import col, select

from clabber_league.rules import GameError, WrittenHand
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import export_game
from clabber_league.store.imports import ImportCancelledError, import_game, import_games
from clabber_league.store.league import (
    ENTERED,
    FORFEIT,
    POSTPONED,
    SCHEDULED,
    TO_PLAY,
    MatchInfo,
    ScheduleExistsError,
    add_player,
    add_team,
    create_season,
    edit_match,
    generate_schedule,
    list_teams,
    remove_player,
    retire_team,
    schedule,
    season_games,
    season_info,
    season_schedule,
    set_match_status,
)
from clabber_league.store.matches import start_match_game
from clabber_league.store.models import (
    Fixture,
    GameSeat,
    Player,
    Season,
    StoredGame,
    StoredHand,
)
from tests.store.helpers import count, season_player_standings, season_standings

TEAMS = ("Eagles", "Owls", "Hawks", "Crows")
DEFAULT_ORDER = ["pct", "h2h", "diff", "pf", "name"]
DIFF_FIRST_ORDER = ["pct", "diff", "h2h", "pf", "name"]


# ------------------------------------------------------------------ helpers
def w(makers: str, a: str, b: str) -> dict[str, Any]:
    """A written hand: the marks exactly as the paper shows them."""
    return {"makers": makers, "written": {"A": a, "B": b}}


def sheet(
    a: str, b: str, hands: Sequence[dict[str, Any]], options: dict[str, Any] | None = None
) -> dict[str, Any]:
    document: dict[str, Any] = {"format": "clabber-game/1", "sides": [a, b], "hands": list(hands)}
    if options is not None:
        document["options"] = options
    return document


def g1() -> dict[str, Any]:
    return sheet(
        "Eagles",
        "Owls",
        [
            w("A", "150", "12"),
            w("B", "92", "XX"),
            {"makers": "A", "renege": "B"},
            {"makers": "B", "renege": "both"},
            w("A", "100", "62"),
        ],
    )


def g1_again() -> dict[str, Any]:
    """Another game of Eagles v Owls with g1's result: its first two hands the other way
    round (the same hands in the same order would be g1 itself, stored once)."""
    first, second, *rest = g1()["hands"]
    return sheet("Eagles", "Owls", [second, first, *rest])


def g2() -> dict[str, Any]:
    return sheet(
        "Hawks",
        "Crows",
        [w("A", "162", "-"), *[w("B", "12", "150")] * 3, w("A", "XX", "92")],
    )


def g3() -> dict[str, Any]:
    return sheet(
        "Eagles",
        "Hawks",
        [
            *[w("B", "12", "150")] * 2,
            *[w("A", "150", "12")] * 2,
            w("B", "50", "132"),
            w("A", "132", "50"),
        ],
    )


def g4() -> dict[str, Any]:
    return sheet(
        "Owls",
        "Crows",
        [*[w("B", "12", "150")] * 3, *[w("A", "162", "-")] * 2, w("A", "150", "12")],
    )


def spring_games() -> list[dict[str, Any]]:
    return [g1(), g2(), g3(), g4()]


def row(  # noqa: PLR0917 - the columns of a standings line, in order
    rank: int,
    team: str,
    gp: int,
    wins: int,
    losses: int,
    ties: int,
    pct: float,
    pf: int,
    pa: int,
    made: int = 0,
    sets: int = 0,
    reneges: int = 0,
    unknown_makers: int = 0,
    division: str | None = None,
) -> dict[str, Any]:
    """An expected ``clabber-standings/1`` row; diff is pf - pa."""
    return {
        "rank": rank,
        "team": team,
        "gp": gp,
        "w": wins,
        "l": losses,
        "t": ties,
        "pct": pct,
        "pf": pf,
        "pa": pa,
        "diff": pf - pa,
        "made": made,
        "sets": sets,
        "reneges": reneges,
        "unknown_makers": unknown_makers,
        "division": division,
    }


EAGLES = ("Eagles", 2, 1, 0, 1, 0.75, 1010, 580, 5, 0, 1)
OWLS = ("Owls", 2, 1, 1, 0, 0.5, 584, 966, 3, 1, 2)
CROWS = ("Crows", 2, 1, 1, 0, 0.5, 1004, 708, 6, 0, 0)
HAWKS = ("Hawks", 2, 0, 1, 1, 0.25, 704, 1048, 4, 1, 0)


def ranked(*teams: tuple[Any, ...]) -> list[dict[str, Any]]:
    return [row(rank, *figures) for rank, figures in enumerate(teams, start=1)]


def spring(
    database: Database,
    *,
    season: str = "Spring",
    league: str = "Club",
    teams: Sequence[str] = TEAMS,
    scheduled: bool = True,
    **settings: Any,
) -> None:
    create_season(database, league=league, season=season, **settings)
    for name in teams:
        add_team(database, season, name, league=league)
    if scheduled:
        generate_schedule(database, season, league=league)


def table(database: Database, season: str = "Spring", league: str | None = None) -> list[Any]:
    return [line.as_dict() for line in season_standings(database, season, league)]


def games_stored(database: Database) -> int:
    return count(database, StoredGame)


def hands_stored(database: Database) -> int:
    return count(database, StoredHand)


def match(database: Database, home: str, away: str, season: str = "Spring") -> MatchInfo:
    """The one scheduled match between two teams, whichever of them is at home."""
    found = [m for m in schedule(database, season) if {m.home, m.away} == {home, away}]
    assert len(found) == 1, found
    return found[0]


def state_of(database: Database, match_id: int, season: str = "Spring") -> str:
    return next(m.state for m in schedule(database, season) if m.id == match_id)


# ------------------------------------------------------ the hand-worked season
def test_a_hand_worked_season_gives_the_hand_worked_standings(database: Database) -> None:
    spring(database)
    report = import_games(database, spring_games(), "Spring")
    assert len(report.ids) == 4
    assert report.already_stored == ()
    assert table(database) == ranked(EAGLES, OWLS, CROWS, HAWKS)


def test_games_imported_one_by_one_with_their_weeks_give_the_same_standings(
    database: Database,
) -> None:
    spring(database)
    # The round robin of four teams: E-O and H-C in week 1, E-H and O-C in week 2.
    weeks = {1: [g1(), g2()], 2: [g3(), g4()]}
    for week, documents in weeks.items():
        for document in documents:
            import_games(database, [document], "Spring", week=week)
    assert table(database) == ranked(EAGLES, OWLS, CROWS, HAWKS)
    entered = {(m.home, m.away): m.state for m in schedule(database, "Spring") if m.week <= 2}
    assert set(entered.values()) == {ENTERED}


def test_head_to_head_puts_the_winner_of_the_meeting_first(database: Database) -> None:
    spring(database)
    import_games(database, list(reversed(spring_games())), "Spring")
    owls, crows = table(database)[1:3]
    assert (owls["team"], crows["team"]) == ("Owls", "Crows")
    # Level on pct, and Crows better on diff and pf: only the meeting (G4) puts Owls first.
    assert owls["pct"] == crows["pct"]
    assert crows["diff"] > owls["diff"]
    assert crows["pf"] > owls["pf"]


def test_the_tie_break_order_is_a_season_setting(database: Database) -> None:
    spring(database, season="Spring", tie_break=DIFF_FIRST_ORDER)
    spring(database, season="Autumn", tie_break=DEFAULT_ORDER)
    import_games(database, spring_games(), "Spring")
    import_games(database, spring_games(), "Autumn")
    assert season_info(database, "Spring").tie_break == tuple(DIFF_FIRST_ORDER)
    assert season_info(database, "Autumn").tie_break == tuple(DEFAULT_ORDER)
    # diff before head-to-head: Crows (+296) above Owls (-382).
    assert table(database, "Spring") == ranked(EAGLES, CROWS, OWLS, HAWKS)
    assert table(database, "Autumn") == ranked(EAGLES, OWLS, CROWS, HAWKS)


def test_a_bad_tie_break_order_is_refused(database: Database) -> None:
    with pytest.raises(StoreError, match="bogus"):
        create_season(database, league="Club", season="Spring", tie_break=["pct", "bogus", "diff"])


def test_the_team_name_breaks_the_last_ties(database: Database) -> None:
    # Two teams that never played: gp 0, pct 0.0, every figure level: name decides.
    spring(database, teams=("Zebras", "Ants"), scheduled=False)
    assert table(database) == [
        row(1, "Ants", 0, 0, 0, 0, 0.0, 0, 0),
        row(2, "Zebras", 0, 0, 0, 0, 0.0, 0, 0),
    ]


def narrow(winner: str, loser: str, *, again: bool = False) -> dict[str, Any]:
    """``winner`` (side A) wins 510-462; ``again``: another game of theirs, same score."""
    close = [w("A", "162", "-"), w("A", "150", "12")]
    return sheet(
        winner,
        loser,
        [*[w("B", "12", "150")] * 3, *close[:: -1 if again else 1], w("A", "162", "-")],
    )


def rout(winner: str, loser: str, *, again: bool = False) -> dict[str, Any]:
    """``winner`` (side A) wins 648-0; ``again`` ends it with the loser's renege instead."""
    last = {"makers": "A", "renege": "B"} if again else w("A", "162", "-")
    return sheet(winner, loser, [*[w("A", "162", "-")] * 3, last])


def test_head_to_head_is_worked_out_once_for_the_teams_level_on_pct(database: Database) -> None:
    """X, Y and Z all go 3-2 (.600), D 1-4 (.200).

    Among X, Y, Z: X 3-1 (.750), Y 1-2 and Z 1-2 (.333 each), so X is first.
    Y beat Z in their own game, but head-to-head is applied once, to the
    three teams sharing .600: Y and Z stay level on it and diff decides —
    Y +48 (three narrow wins, two narrow losses), Z +1248 (two routs).
    """
    spring(database, teams=("X", "Y", "Z", "D"), scheduled=False)
    games = [
        narrow("X", "Y"),
        narrow("X", "Y", again=True),
        narrow("X", "Z"),
        narrow("Z", "X"),
        narrow("Y", "Z"),
        narrow("D", "X"),
        narrow("Y", "D"),
        narrow("Y", "D", again=True),
        rout("Z", "D"),
        rout("Z", "D", again=True),
    ]
    import_games(database, games, "Spring")
    rows = table(database)
    assert [r["team"] for r in rows] == ["X", "Z", "Y", "D"]
    assert [r["pct"] for r in rows] == [0.6, 0.6, 0.6, 0.2]
    assert [r["diff"] for r in rows] == [48, 1248, 48, -1344]


# ------------------------------------------------------------------- a tie
def test_a_tied_game_is_a_tie_for_both_teams(database: Database) -> None:
    spring(database)
    import_games(database, [g3()], "Spring")
    assert table(database) == [
        row(1, "Eagles", 1, 0, 0, 1, 0.5, 506, 506, made=3),
        row(2, "Hawks", 1, 0, 0, 1, 0.5, 506, 506, made=3),
        row(3, "Crows", 0, 0, 0, 0, 0.0, 0, 0),
        row(4, "Owls", 0, 0, 0, 0, 0.0, 0, 0),
    ]


def test_a_tie_at_a_lower_target_under_the_seasons_options(database: Database) -> None:
    spring(database, options={"target": 300}, scheduled=False)
    # Eagles 150 / 12, 162 / 162, then 312 / 174: Eagles reach 300 and win; no hand 4.
    hands = [w("A", "150", "12"), w("B", "12", "150"), w("A", "150", "12"), w("B", "12", "150")]
    with pytest.raises(GameError, match="hand 4"):
        import_games(database, [sheet("Eagles", "Hawks", hands, {"target": 300})], "Spring")
    # E 150/12, H 12/150 -> 162 / 162; then H makes 50 / 132 -> 212 / 294;
    # then E makes 132 / 50 -> 344 / 344: both past 300 and level: a tie.
    tied = [w("A", "150", "12"), w("B", "12", "150"), w("B", "50", "132"), w("A", "132", "50")]
    import_games(database, [sheet("Eagles", "Hawks", tied, {"target": 300})], "Spring")
    rows = {r["team"]: r for r in table(database)}
    assert rows["Eagles"] == row(1, "Eagles", 1, 0, 0, 1, 0.5, 344, 344, made=2)
    assert rows["Hawks"] == row(2, "Hawks", 1, 0, 0, 1, 0.5, 344, 344, made=2)


def test_under_play_on_a_tie_at_the_target_is_not_finished_and_not_counted(
    database: Database,
) -> None:
    spring(database, options={"tie_at_target": "play_on"})
    level = sheet("Eagles", "Hawks", g3()["hands"], {"tie_at_target": "play_on"})
    import_games(database, [level], "Spring")
    assert games_stored(database) == 1
    assert [r["gp"] for r in table(database)] == [0, 0, 0, 0]
    assert state_of(database, match(database, "Eagles", "Hawks").id) == TO_PLAY
    # One more hand settles it: Hawks make 150 / 12 -> Eagles 518, Hawks 656.
    settled = sheet(
        "Eagles", "Hawks", [*g3()["hands"], w("B", "12", "150")], {"tie_at_target": "play_on"}
    )
    spring(database, season="Summer", options={"tie_at_target": "play_on"})
    import_games(database, [settled], "Summer")
    rows = {r["team"]: r for r in table(database, "Summer")}
    assert rows["Hawks"] == row(1, "Hawks", 1, 1, 0, 0, 1.0, 656, 518, made=4)
    # Eagles .000 like the two teams that did not play, but the worst diff: last.
    assert rows["Eagles"] == row(4, "Eagles", 1, 0, 1, 0, 0.0, 518, 656, made=3)


# ---------------------------------------------------------------- forfeits
def test_a_forfeit_is_a_500_to_0_win_for_the_other_team(database: Database) -> None:
    spring(database)
    fixture = match(database, "Eagles", "Owls")
    set_match_status(database, fixture.id, FORFEIT, forfeited_by="Owls")
    assert state_of(database, fixture.id) == FORFEIT
    assert games_stored(database) == 0
    assert table(database) == [
        row(1, "Eagles", 1, 1, 0, 0, 1.0, 500, 0),
        row(2, "Crows", 0, 0, 0, 0, 0.0, 0, 0),
        row(3, "Hawks", 0, 0, 0, 0, 0.0, 0, 0),
        row(4, "Owls", 1, 0, 1, 0, 0.0, 0, 500),
    ]


def test_a_forfeit_counts_for_every_game_of_the_match(database: Database) -> None:
    spring(database, games_per_match=2)
    fixture = match(database, "Hawks", "Crows")
    set_match_status(database, fixture.id, FORFEIT, forfeited_by="Hawks")
    rows = {r["team"]: r for r in table(database)}
    assert rows["Crows"] == row(1, "Crows", 2, 2, 0, 0, 1.0, 1000, 0)
    assert rows["Hawks"] == row(4, "Hawks", 2, 0, 2, 0, 0.0, 0, 1000)


def test_the_forfeit_score_is_the_seasons_setting(database: Database) -> None:
    # No function sets it yet, so the season's row is changed directly.
    spring(database)
    with database.session() as session:
        season = session.exec(select(Season).where(Season.name == "Spring")).one()
        season.forfeit_winner_score, season.forfeit_loser_score = 300, 100
        session.add(season)
        session.commit()
    set_match_status(database, match(database, "Eagles", "Owls").id, FORFEIT, forfeited_by="Eagles")
    rows = {r["team"]: r for r in table(database)}
    assert rows["Owls"] == row(1, "Owls", 1, 1, 0, 0, 1.0, 300, 100)
    assert rows["Eagles"] == row(4, "Eagles", 1, 0, 1, 0, 0.0, 100, 300)


def test_a_forfeit_counts_in_head_to_head(database: Database) -> None:
    """Eagles beat Owls 504-74 (G1), Crows rout Hawks 648-0, Crows forfeit to Owls.

    Owls 1-1 .500, pf 74 + 500, pa 504 + 0, diff +70; Crows 1-1 .500, pf 648 + 0,
    pa 0 + 500, diff +148. Level on pct, Owls won the meeting (by forfeit).
    """
    spring(database)
    import_games(database, [g1(), rout("Crows", "Hawks")], "Spring")
    set_match_status(database, match(database, "Owls", "Crows").id, FORFEIT, forfeited_by="Crows")
    assert table(database) == [
        row(1, "Eagles", 1, 1, 0, 0, 1.0, 504, 74, made=2, reneges=1),
        row(2, "Owls", 2, 1, 1, 0, 0.5, 574, 504, sets=1, reneges=2),
        row(3, "Crows", 2, 1, 1, 0, 0.5, 648, 500, made=4),
        row(4, "Hawks", 1, 0, 1, 0, 0.0, 0, 648),
    ]


def test_a_forfeit_must_name_one_of_the_two_teams(database: Database) -> None:
    spring(database)
    fixture = match(database, "Eagles", "Owls")
    for who in (None, "Hawks", "Nobody"):
        with pytest.raises(StoreError, match="name the team that forfeited"):
            set_match_status(database, fixture.id, FORFEIT, forfeited_by=who)
    assert state_of(database, fixture.id) == TO_PLAY
    assert [r["gp"] for r in table(database)] == [0, 0, 0, 0]


def test_a_forfeited_match_takes_no_imported_game(database: Database) -> None:
    spring(database)
    fixture = match(database, "Eagles", "Owls")
    set_match_status(database, fixture.id, FORFEIT, forfeited_by="Owls")
    with pytest.raises(StoreError, match="no open match"):
        import_games(database, [g1()], "Spring", week=1)
    assert games_stored(database) == 0
    with pytest.raises(StoreError, match="forfeit"):
        start_match_game(database, fixture.id)
    assert games_stored(database) == 0


def test_a_match_with_a_game_stored_cannot_be_forfeited(database: Database) -> None:
    """Refused by the store, for every caller, as the window greys Forfeit… for it: the
    match's game is what counts, never a forfeit on top of it."""
    spring(database)
    fixture = match(database, "Eagles", "Owls")
    recorder = start_match_game(database, fixture.id)
    with pytest.raises(StoreError, match="already has a game stored"):
        set_match_status(database, fixture.id, FORFEIT, forfeited_by="Owls")  # under way
    record(recorder, [("A", "150", "12")] * 4)
    assert recorder.game.finished
    played = table(database)
    with pytest.raises(StoreError, match="already has a game stored"):
        set_match_status(database, fixture.id, FORFEIT, forfeited_by="Owls")
    assert table(database) == played
    eagles = next(line for line in played if line["team"] == "Eagles")
    assert (eagles["gp"], eagles["pf"]) == (1, 600)
    assert state_of(database, fixture.id) == ENTERED


# -------------------------------------------------------------------- byes
def test_an_odd_number_of_teams_gives_each_team_one_bye_per_round(database: Database) -> None:
    spring(database, teams=("Eagles", "Owls", "Hawks"))
    matches = schedule(database, "Spring")
    weeks = sorted({m.week for m in matches})
    assert weeks == [1, 2, 3]
    byes = [m for m in matches if m.away is None]
    assert [m.week for m in byes] == [1, 2, 3]
    assert sorted(m.home for m in byes) == ["Eagles", "Hawks", "Owls"]
    assert {m.state for m in byes} == {"bye"}
    games = [m for m in matches if m.away is not None]
    assert sorted(tuple(sorted((m.home, m.away or ""))) for m in games) == [
        ("Eagles", "Hawks"),
        ("Eagles", "Owls"),
        ("Hawks", "Owls"),
    ]


def test_a_bye_counts_for_nothing(database: Database) -> None:
    spring(database, teams=("Eagles", "Owls", "Hawks"))
    bye = next(m for m in schedule(database, "Spring") if m.away is None)
    assert table(database) == [
        row(rank, name, 0, 0, 0, 0, 0.0, 0, 0)
        for rank, name in enumerate(("Eagles", "Hawks", "Owls"), 1)
    ]
    with pytest.raises(StoreError, match="bye"):
        set_match_status(database, bye.id, FORFEIT, forfeited_by=bye.home)
    with pytest.raises(StoreError, match="bye"):
        start_match_game(database, bye.id)
    import_games(database, [g1()], "Spring")
    rows = {r["team"]: r for r in table(database)}
    # Hawks (the bye) and Owls are both .000; Hawks' diff 0 beats Owls' -430.
    assert rows["Hawks"] == row(2, "Hawks", 0, 0, 0, 0, 0.0, 0, 0)
    assert rows["Eagles"] == row(1, "Eagles", 1, 1, 0, 0, 1.0, 504, 74, made=2, reneges=1)
    assert rows["Owls"] == row(3, "Owls", 1, 0, 1, 0, 0.0, 74, 504, sets=1, reneges=2)


# ------------------------------------------------------------- substitutes
def record(recorder: Any, hands: Sequence[tuple[str, str, str]]) -> None:
    for makers, a, b in hands:
        recorder.record(WrittenHand(makers, {"A": a, "B": b}))


def seats(database: Database, game_id: int) -> dict[str, str]:
    with database.session() as session:
        return dict(
            session.exec(
                select(GameSeat.seat, Player.name)
                .join(Player, col(GameSeat.player_id) == col(Player.id))
                .where(GameSeat.game_id == game_id)
            ).all()
        )


def test_an_imported_league_game_seats_the_rosters_and_counts_for_its_players(
    database: Database,
) -> None:
    """A game sheet names no players: the teams' rosters sat, in order, as at the window
    (not seats A1, B1), and the game counts in the player figures. Eagles win 600-48."""
    create_season(database, league="Club", season="Spring")
    add_team(database, "Spring", "Eagles", ["Ann", "Bob"])
    add_team(database, "Spring", "Owls", ["Cat"])
    generate_schedule(database, "Spring")
    (game_id,) = import_games(
        database, [sheet("Eagles", "Owls", [w("A", "150", "12")] * 4)], "Spring", week=1
    ).ids
    assert seats(database, game_id) == {"A1": "Ann", "A2": "Bob", "B1": "Cat"}
    figures = {
        row.name: (row.games, row.won) for row in season_player_standings(database, "Spring")
    }
    assert figures == {"Ann": (1, 1), "Bob": (1, 1), "Cat": (1, 0)}


def test_start_match_game_seats_the_roster_and_a_substitute_counts_for_themself(
    database: Database,
) -> None:
    """Two games of one match (games_per_match=2), Bob replaced by Sue for the second.

    Game 1 (Eagles A, Owls B): Eagles set once (XX / 92), then 162 / - three
    times and 150 / 12: Eagles win 636-104. Game 2: Owls set twice (92 / XX),
    then - / 162 four times: Owls win 648-184.
    """
    create_season(database, league="Club", season="Spring", games_per_match=2)
    add_team(database, "Spring", "Eagles", ["Ann", "Bob"])
    add_team(database, "Spring", "Owls", ["Cat", "Dan"])
    generate_schedule(database, "Spring")
    fixture = match(database, "Eagles", "Owls")
    first = start_match_game(database, fixture.id)
    assert list(first.game.sides) == ["Eagles", "Owls"]
    record(first, [("A", "XX", "92"), *[("A", "162", "-")] * 3, ("A", "150", "12")])
    assert first.game.winner == "A"
    assert state_of(database, fixture.id) == TO_PLAY  # one of two games

    eagles = next(team for team in list_teams(database, "Spring") if team.name == "Eagles")
    remove_player(database, eagles.id, "Bob")
    add_player(database, eagles.id, "Sue")
    second = start_match_game(database, fixture.id)
    record(second, [*[("B", "92", "XX")] * 2, *[("B", "-", "162")] * 4])
    assert second.game.winner == "B"
    assert state_of(database, fixture.id) == ENTERED

    assert seats(database, first.id) == {"A1": "Ann", "A2": "Bob", "B1": "Cat", "B2": "Dan"}
    assert seats(database, second.id) == {"A1": "Ann", "A2": "Sue", "B1": "Cat", "B2": "Dan"}
    players = {
        p.name: (p.games, p.won, p.sets) for p in season_player_standings(database, "Spring")
    }
    assert players == {
        "Ann": (2, 1, 1),
        "Bob": (1, 1, 1),
        "Sue": (1, 0, 0),
        "Cat": (2, 1, 2),
        "Dan": (2, 1, 2),
    }
    rows = {r["team"]: r for r in table(database)}
    assert rows["Eagles"] == row(1, "Eagles", 2, 1, 1, 0, 0.5, 820, 752, made=4, sets=1)
    assert rows["Owls"] == row(2, "Owls", 2, 1, 1, 0, 0.5, 752, 820, made=4, sets=2)


def test_the_schedule_lists_each_matchs_games_in_the_order_started_and_none_of_the_others(
    database: Database,
) -> None:
    """One query reads the schedule (``season_schedule``): a match's games, finished or
    not, in the order started, and only its finished ones entered; a game of another
    match only in that match."""
    create_season(database, league="Club", season="Spring", games_per_match=2)
    add_team(database, "Spring", "Eagles", ["Ann", "Bob"])
    add_team(database, "Spring", "Owls", ["Cat", "Dan"])
    add_team(database, "Spring", "Hawks", ["Eve", "Fay"])
    generate_schedule(database, "Spring")
    fixture = match(database, "Eagles", "Owls")
    first = start_match_game(database, fixture.id)
    record(first, [*[("A", "162", "-")] * 4])
    second = start_match_game(database, fixture.id)
    record(second, [("A", "XX", "92")])
    (other,) = import_games(
        database, [sheet("Eagles", "Hawks", [w("A", "162", "-")] * 4)], "Spring"
    ).ids
    lines = schedule(database, "Spring")
    found = season_info(database, "Spring")
    assert database.read(season_schedule, season_id=found.id) == lines
    line = next(m for m in lines if m.id == fixture.id)
    assert line.game_ids == (first.id, second.id)
    assert (line.games_entered, line.state) == (1, TO_PLAY)
    elsewhere = sorted(m.game_ids for m in lines if m.id != fixture.id)
    assert elsewhere == [()] * (len(lines) - 2) + [(other,)]
    assert [(m.week, m.table) for m in lines] == sorted((m.week, m.table) for m in lines)


def test_an_unfinished_game_counts_nowhere(database: Database) -> None:
    create_season(database, league="Club", season="Spring")
    add_team(database, "Spring", "Eagles", ["Ann", "Bob"])
    add_team(database, "Spring", "Owls", ["Cat", "Dan"])
    generate_schedule(database, "Spring")
    fixture = match(database, "Eagles", "Owls")
    recorder = start_match_game(database, fixture.id)
    record(recorder, [("A", "XX", "92"), ("A", "162", "-")])
    assert [r["gp"] for r in table(database)] == [0, 0]
    assert [(r["made"], r["sets"]) for r in table(database)] == [(0, 0), (0, 0)]
    assert season_player_standings(database, "Spring") == []
    assert state_of(database, fixture.id) == TO_PLAY


# ------------------------------------------------------- games per match
def test_two_games_per_match_fill_one_match(database: Database) -> None:
    spring(database, games_per_match=2)
    fixture = match(database, "Eagles", "Owls")
    import_games(database, [g1()], "Spring", week=1)
    assert state_of(database, fixture.id) == TO_PLAY
    import_games(database, [g1_again()], "Spring", week=1)
    assert state_of(database, fixture.id) == ENTERED
    assert next(m.games_entered for m in schedule(database, "Spring") if m.id == fixture.id) == 2
    with database.session() as session:
        linked = session.exec(
            select(StoredGame.fixture_id)
            .where(col(StoredGame.season_id).is_not(None))
            .order_by(col(StoredGame.id))
        ).all()
    assert linked == [fixture.id, fixture.id]
    # A third game between them in week 1 has no open match.
    with pytest.raises(StoreError, match="week 1 of Spring has no open match"):
        import_games(database, [narrow("Eagles", "Owls")], "Spring", week=1)
    assert games_stored(database) == 2
    rows = {r["team"]: r for r in table(database)}
    assert rows["Eagles"] == row(1, "Eagles", 2, 2, 0, 0, 1.0, 1008, 148, made=4, reneges=2)
    assert rows["Owls"] == row(4, "Owls", 2, 0, 2, 0, 0.0, 148, 1008, sets=2, reneges=4)


# ----------------------------------------------------------- the schedule
def test_match_states_follow_entries_postponements_and_forfeits(database: Database) -> None:
    spring(database)
    eo, hc = match(database, "Eagles", "Owls"), match(database, "Hawks", "Crows")
    eh = match(database, "Eagles", "Hawks")
    assert {m.state for m in schedule(database, "Spring")} == {TO_PLAY}
    import_games(database, [g1()], "Spring")
    assert state_of(database, eo.id) == ENTERED
    set_match_status(database, hc.id, POSTPONED)
    assert state_of(database, hc.id) == POSTPONED
    with pytest.raises(StoreError, match="postponed"):
        start_match_game(database, hc.id)
    set_match_status(database, hc.id, SCHEDULED)
    assert state_of(database, hc.id) == TO_PLAY
    set_match_status(database, eh.id, FORFEIT, forfeited_by="Hawks")
    assert state_of(database, eh.id) == FORFEIT
    set_match_status(database, eh.id, SCHEDULED)
    assert state_of(database, eh.id) == TO_PLAY
    # Put back on, the forfeit no longer counts.
    assert {r["team"]: r["gp"] for r in table(database)} == {
        "Eagles": 1,
        "Owls": 1,
        "Hawks": 0,
        "Crows": 0,
    }
    with pytest.raises(StoreError):
        set_match_status(database, eh.id, "cancelled")


def test_edit_match_changes_table_teams_and_date(database: Database) -> None:
    spring(database)
    eo = match(database, "Eagles", "Owls")
    edit_match(database, eo.id, table=5, home="Owls", away="Hawks", played_on=date(2025, 1, 6))
    edited = next(m for m in schedule(database, "Spring") if m.id == eo.id)
    assert (edited.table, edited.home, edited.away, edited.played_on) == (
        5,
        "Owls",
        "Hawks",
        date(2025, 1, 6),
    )
    with pytest.raises(StoreError, match="no team called"):
        edit_match(database, eo.id, home="Geese")
    with pytest.raises(StoreError, match="itself"):
        edit_match(database, eo.id, home="Hawks")
    unchanged = next(m for m in schedule(database, "Spring") if m.id == eo.id)
    assert (unchanged.home, unchanged.away) == ("Owls", "Hawks")
    # The game between Owls and Hawks now links to the edited match.
    import_games(database, [sheet("Owls", "Hawks", [w("A", "162", "-")] * 4)], "Spring", week=1)
    assert state_of(database, eo.id) == ENTERED


def test_a_forfeited_match_keeps_its_teams(database: Database) -> None:
    """The forfeit names one of the match's teams: with others in the match, its result
    went to teams that never forfeited (and head-to-head ranked them by it)."""
    spring(database)
    eo = match(database, "Eagles", "Owls")
    set_match_status(database, eo.id, FORFEIT, forfeited_by="Owls")
    before = table(database)
    with pytest.raises(StoreError, match="this match is forfeit: put it back on before"):
        edit_match(database, eo.id, home="Hawks", away="Crows")
    assert table(database) == before
    edit_match(database, eo.id, table=4)  # its table may still move
    set_match_status(database, eo.id, SCHEDULED)
    edit_match(database, eo.id, home="Hawks", away="Crows")


def test_a_retired_team_keeps_its_matches_but_is_put_in_no_other(database: Database) -> None:
    spring(database)
    crows = next(team for team in list_teams(database, "Spring") if team.name == "Crows")
    retire_team(database, crows.id)
    eo, hc = match(database, "Eagles", "Owls"), match(database, "Hawks", "Crows")
    with pytest.raises(StoreError, match="Crows is retired: it is never put in another match"):
        edit_match(database, eo.id, home="crows")
    with pytest.raises(StoreError, match="Crows is retired"):
        edit_match(database, eo.id, away="Crows")
    assert match(database, "Eagles", "Owls") == eo
    # Its own match it keeps: a new table, even the sides swapped.
    edit_match(database, hc.id, table=7, home=hc.away, away=hc.home)
    edited = next(m for m in schedule(database, "Spring") if m.id == hc.id)
    assert (edited.table, edited.home, edited.away) == (7, hc.away, hc.home)


def test_the_schedule_cannot_be_generated_again_once_games_are_entered(
    database: Database,
) -> None:
    spring(database)
    assert generate_schedule(database, "Spring", rounds=2, replace=True) == 6  # before games

    def layout() -> list[tuple[int, int, int, str, str | None]]:
        return [(m.id, m.week, m.table, m.home, m.away) for m in schedule(database, "Spring")]

    before = layout()
    assert len(before) == 12
    import_games(database, [g1()], "Spring")
    with pytest.raises(StoreError, match="already has games entered"):
        generate_schedule(database, "Spring", replace=True)
    assert layout() == before
    assert count(database, Fixture) == 12


def test_a_schedule_is_replaced_only_when_asked(database: Database) -> None:
    spring(database, scheduled=False)
    generate_schedule(database, "Spring", start=date(2026, 9, 3))
    before = schedule(database, "Spring")
    with pytest.raises(ScheduleExistsError, match=r"^Spring already has a schedule: a new one"):
        generate_schedule(database, "Spring", rounds=2)
    assert schedule(database, "Spring") == before
    assert generate_schedule(database, "Spring", rounds=2, replace=True) == 6
    assert {match.played_on for match in schedule(database, "Spring")} == {None}


# ------------------------------------------------------- imports that fail
@pytest.mark.parametrize(
    ("document", "week", "message"),
    [
        pytest.param(
            sheet("Eagles", "Geese", g1()["hands"]),
            None,
            "Spring has no team called 'Geese'; nothing was stored",
            id="unknown-team",
        ),
        pytest.param(
            sheet("Eagles", "Owls", [w("A", "162", "-")] * 2, {"target": 300}),
            None,
            "nothing was stored",
            id="wrong-rules",
        ),
        pytest.param(
            {**g1(), "rules": "evansville-alt"}, None, "nothing was stored", id="wrong-preset"
        ),
        pytest.param(
            g1(), 2, "week 2 of Spring has no open match between these teams", id="wrong-week"
        ),
        pytest.param(g1(), 9, "week 9 of Spring has no open match", id="no-such-week"),
    ],
)
def test_a_game_that_does_not_fit_the_season_stores_nothing(
    database: Database, document: dict[str, Any], week: int | None, message: str
) -> None:
    spring(database)
    import_games(database, [g2()], "Spring")
    games, hands = games_stored(database), hands_stored(database)
    with pytest.raises(StoreError, match=message):
        import_games(database, [document], "Spring", week=week)
    assert (games_stored(database), hands_stored(database)) == (games, hands)
    assert table(database)[0]["team"] == "Crows"


def test_the_wrong_rules_message_names_both_rule_sets(database: Database) -> None:
    spring(database)
    with pytest.raises(StoreError) as caught:
        import_games(database, [sheet("Eagles", "Owls", [], {"target": 300})], "Spring")
    text = str(caught.value)
    assert "300" in text
    assert "Spring" in text


def test_a_team_of_another_season_is_unknown(database: Database) -> None:
    spring(database)
    spring(database, season="Autumn", teams=("Eagles", "Geese"), scheduled=False)
    with pytest.raises(StoreError, match="Spring has no team called 'Geese'"):
        import_games(database, [sheet("Geese", "Eagles", [])], "Spring")
    assert games_stored(database) == 0


def test_a_game_of_a_team_against_itself_is_refused(database: Database) -> None:
    # Team names match whatever their case, so these two sides are one team.
    spring(database)
    import_games(database, [g1()], "Spring")
    games = games_stored(database)
    with pytest.raises(GameError, match="the sides need different names"):
        import_games(database, [sheet("Eagles", "EAGLES", [w("A", "162", "-")] * 4)], "Spring")
    assert games_stored(database) == games
    assert table(database)[0] == row(1, "Eagles", 1, 1, 0, 0, 1.0, 504, 74, made=2, reneges=1)


def test_a_game_list_is_imported_all_or_nothing_with_numbered_messages(
    database: Database,
) -> None:
    spring(database)
    bad_hand = sheet(
        "Hawks", "Crows", [w("A", "162", "-"), w("B", "12", "150"), w("A", "12", "161")]
    )
    bad_first = sheet("Owls", "Crows", [{"makers": "A", "tricks": {"A": 161}}])
    with pytest.raises(GameError) as caught:
        import_games(database, [g1(), bad_hand, g3(), bad_first], "Spring")
    messages = list(caught.value.messages)
    assert len(messages) == 2
    assert messages[0].startswith("game 2: hand 3: ")
    assert messages[1].startswith("game 4: hand 1: ")
    assert (games_stored(database), hands_stored(database)) == (0, 0)
    # A season problem in the third game: the first two were not kept either.
    with pytest.raises(StoreError, match=r"^game 3: Spring has no team called 'Geese'"):
        import_games(database, [g1(), g2(), sheet("Eagles", "Geese", [])], "Spring")
    assert (games_stored(database), hands_stored(database)) == (0, 0)
    assert [r["gp"] for r in table(database)] == [0, 0, 0, 0]


def test_a_single_game_s_messages_are_not_numbered(database: Database) -> None:
    spring(database)
    with pytest.raises(GameError) as caught:
        import_games(database, [sheet("Hawks", "Crows", [w("A", "12", "161")])], "Spring")
    assert [m.startswith("hand 1: ") for m in caught.value.messages] == [True]


def test_cancelling_an_import_from_the_progress_callback_stores_nothing(
    database: Database,
) -> None:
    spring(database)
    calls: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> bool:
        calls.append((done, total))
        return done < 3

    with pytest.raises(ImportCancelledError):
        import_games(database, spring_games(), "Spring", progress=progress)
    assert calls == [(1, 4), (2, 4), (3, 4)]
    assert (games_stored(database), hands_stored(database)) == (0, 0)
    assert {m.state for m in schedule(database, "Spring")} == {TO_PLAY}
    # Letting it run to the end stores everything.
    calls.clear()

    def carry_on(done: int, total: int) -> bool:
        calls.append((done, total))
        return True

    import_games(database, spring_games(), "Spring", progress=carry_on)
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert games_stored(database) == 4


def test_without_a_season_a_game_is_a_friendly(database: Database) -> None:
    spring(database)
    game_id = import_game(database, g1())
    with database.session() as session:
        stored = session.get(StoredGame, game_id)
        assert stored is not None
        assert (stored.season_id, stored.fixture_id, stored.team_a_id) == (None, None, None)
    assert [r["gp"] for r in table(database)] == [0, 0, 0, 0]
    assert season_games(database, "Spring") == []
    assert state_of(database, match(database, "Eagles", "Owls").id) == TO_PLAY


# ---------------------------------------------------- leagues sharing names
def test_a_season_name_shared_by_two_leagues_needs_the_league(database: Database) -> None:
    spring(database, league="Club")
    spring(database, league="Plant")
    with pytest.raises(StoreError, match="several leagues have a season called 'Spring'"):
        import_games(database, [g1()], "Spring")
    with pytest.raises(StoreError, match="name the league"):
        season_standings(database, "Spring")
    assert games_stored(database) == 0
    import_games(database, [g1()], "Spring", league="Plant")
    assert table(database, "Spring", "Plant")[0] == row(
        1, "Eagles", 1, 1, 0, 0, 1.0, 504, 74, made=2, reneges=1
    )
    assert [r["gp"] for r in table(database, "Spring", "Club")] == [0, 0, 0, 0]
    with pytest.raises(StoreError, match="no season called 'Spring' in Nowhere"):
        season_standings(database, "Spring", "Nowhere")


def test_a_season_name_is_unique_within_its_league(database: Database) -> None:
    spring(database)
    with pytest.raises(StoreError, match="already has a season called Spring"):
        create_season(database, league="Club", season="Spring")


# --------------------------------------------------------------- exports
def test_the_season_export_is_every_game_as_imported(database: Database) -> None:
    spring(database)
    import_games(database, [g1(), g2()], "Spring", week=1)
    import_games(database, [g3(), g4()], "Spring", week=2)
    import_game(database, g1())  # a friendly: not the season's
    exported = season_games(database, "Spring")
    assert [game.document for game in exported] == spring_games()
    assert [game.week for game in exported] == [1, 1, 2, 2]
    assert all(game.document == export_game(database, game.id) for game in exported)


def test_re_importing_a_season_export_reproduces_the_standings(
    database: Database, tmp_path: Path
) -> None:
    spring(database)
    import_games(database, spring_games(), "Spring")
    exported = json.loads(json.dumps([game.document for game in season_games(database, "Spring")]))
    fresh = Database.open(str(tmp_path / "fresh.sqlite3"))
    try:
        spring(fresh, scheduled=False)
        import_games(fresh, exported, "Spring")
        assert table(fresh) == table(database) == ranked(EAGLES, OWLS, CROWS, HAWKS)
    finally:
        fresh.close()


# -------------------------------------------------------------- a property
#: Written hands and what they score (A, B).
TOKENS: list[tuple[dict[str, Any], tuple[int, int]]] = [
    (w("A", "150", "12"), (150, 12)),
    (w("B", "12", "150"), (12, 150)),
    (w("A", "XX", "92"), (0, 92)),
    (w("B", "92", "XX"), (92, 0)),
    (w("A", "162", "-"), (162, 0)),
    (w("B", "50", "132"), (50, 132)),
    (w("A", "132", "50"), (132, 50)),
    ({"makers": "A", "renege": "B"}, (162, 0)),
    ({"makers": "B", "renege": "A"}, (0, 162)),
    ({"makers": "B", "renege": "both"}, (0, 0)),
    ({"passed": True}, (0, 0)),
]


@st.composite
def season_game(draw: st.DrawFn, a: str, b: str) -> dict[str, Any]:
    """A finished game of ``a`` v ``b``, from the hands in ``TOKENS``."""
    picks = draw(st.lists(st.sampled_from(range(len(TOKENS))), max_size=12))
    hands: list[dict[str, Any]] = []
    total_a = total_b = 0
    for pick in [*picks, *[4] * 4]:  # 162 / - until someone reaches 500
        if max(total_a, total_b) >= 500:
            break
        hand, (score_a, score_b) = TOKENS[pick]
        hands.append(hand)
        total_a, total_b = total_a + score_a, total_b + score_b
    return sheet(a, b, hands)


def standings_in_order(documents: Sequence[dict[str, Any]], folder: str, name: str) -> Any:
    database = Database.open(str(Path(folder) / name))
    try:
        spring(database)
        import_games(database, documents, "Spring")
        return json.dumps(
            {"format": "clabber-standings/1", "season": "Spring", "rows": table(database)}
        )
    finally:
        database.close()


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_standings_do_not_depend_on_the_import_order(data: st.DataObject) -> None:
    # One game per pairing: each pair of the four teams meets once in the schedule.
    pairs = data.draw(
        st.lists(
            st.permutations(TEAMS).map(lambda order: tuple(order[:2])),
            min_size=1,
            max_size=6,
            unique_by=frozenset,
        ),
        label="pairings",
    )
    games = [data.draw(season_game(a, b), label=f"{a} v {b}") for a, b in pairs]
    first: list[dict[str, Any]] = data.draw(st.permutations(games), label="first order")
    second: list[dict[str, Any]] = data.draw(st.permutations(games), label="second order")
    with tempfile.TemporaryDirectory() as folder:
        assert standings_in_order(first, folder, "one.sqlite3") == standings_in_order(
            second, folder, "two.sqlite3"
        )


def test_team_names_match_whatever_their_case_in_any_alphabet(database: Database) -> None:
    create_season(database, league="Club", season="Fall")
    add_team(database, "Fall", "Čížek")
    add_team(database, "Fall", "Орлы")
    sheet_doc = sheet("čÍŽEK", "орлы", [w("A", "162", "-")] * 4)
    (game_id,) = import_games(database, [sheet_doc], "Fall").ids
    assert game_id > 0
