"""A knockout for teams in the store (``store.knockout``): its own league, season and
teams, the bracket seeded or drawn, single or double, played to its champion through the
game writers, and every refusal changing nothing."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from clabber_league.league.double_bracket import FINAL, LOSERS, WINNERS, MatchKey, champion
from clabber_league.rules import PRESETS, WrittenHand
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.knockout import create_knockout, knockout_bracket
from clabber_league.store.league import list_seasons, list_teams, schedule
from clabber_league.store.matches import open_match_game
from clabber_league.store.playoffs import Bracket, BracketMatch
from clabber_league.store.tournaments import create_tournament
from tests.store.test_tournaments import PLAYERS

HOME_WINS = WrittenHand("A", {"A": "150", "B": "12"})
AWAY_WINS = WrittenHand("B", {"A": "12", "B": "150"})
NAMES = ("Eagles", "Owls", "Hawks", "Crows", "Larks", "Doves", "Wrens", "Rooks")


def entries(count: int) -> list[tuple[str, list[str]]]:
    return [(name, [f"{name} A", f"{name} B"]) for name in NAMES[:count]]


def matches(bracket: Bracket) -> list[BracketMatch]:
    stages = [*bracket.rounds, *bracket.losers, bracket.finals]
    return [match for stage in stages for match in stage]


def play(database: Database, match_id: int, home_wins: bool) -> None:
    recorder = open_match_game(database, match_id)
    while not recorder.game.finished:
        recorder.record(HOME_WINS if home_wins else AWAY_WINS)


def played_through(database: Database, name: str, pick: random.Random) -> Bracket:
    """Every match the bracket makes played, first made first, its winner drawn."""
    while True:
        bracket = knockout_bracket(database, name)
        waiting = [m for m in matches(bracket) if m.away is not None and m.winner is None]
        if not waiting:
            return bracket
        play(database, min(waiting, key=lambda m: m.match_id).match_id, pick.random() < 0.5)


def results(bracket: Bracket) -> dict[MatchKey, tuple[int, int]]:
    """The played matches as ``league.double_bracket`` names them: winner and loser."""
    found = {}
    for match in matches(bracket):
        if match.away is not None and match.winner is not None:
            loser = match.away if match.winner == match.home else match.home
            assert match.bracket is not None
            found[MatchKey(match.bracket, match.round, match.slot)] = (
                match.winner.seed,
                loser.seed,
            )
    return found


@pytest.mark.parametrize("draw_seed", [1, 2, 3, 4])
def test_eight_teams_double_elimination_played_to_a_champion(
    database: Database, draw_seed: int
) -> None:
    made = create_knockout(database, name="Winter Cup", teams=entries(8), double=True)
    assert [side.team for side in made.seeds] == list(NAMES)  # seeded as given
    assert [len(stage) for stage in made.rounds] == [4, 0, 0]
    done = played_through(database, "Winter Cup", random.Random(draw_seed))
    played = [m for m in matches(done) if m.away is not None]
    losses = Counter(
        (m.away if m.winner == m.home else m.home).team for m in played if m.away is not None
    )
    assert done.champion is not None
    assert {team for team in NAMES if losses[team] != 2} == {done.champion.team}
    assert len(played) == 14 + losses[done.champion.team]
    assert champion(8, results(done)) == done.champion.seed
    assert [len(stage) for stage in done.losers] == [2, 2, 1, 1]
    assert not any(m.disputed for m in matches(done))
    lines = schedule(database, "Winter Cup")
    weeks = {line.id: line.week for line in lines}
    names = {line.id: str(line.playoff) for line in lines}
    assert {names[m.match_id] for m in done.losers[0]} == {"Losers' round 1"}
    assert names[done.finals[0].match_id] == "Grand final"
    assert {weeks[m.match_id] for m in done.rounds[0]} == {1}
    assert {weeks[m.match_id] for m in done.losers[0]} == {2}
    assert weeks[done.finals[0].match_id] == 6


def test_the_losers_champion_winning_the_final_plays_a_reset(database: Database) -> None:
    create_knockout(database, name="Cup", teams=entries(4), double=True)
    bracket = knockout_bracket(database, "Cup")
    while not bracket.finals:  # the better seed wins all but the losers' final
        waiting = [m for m in matches(bracket) if m.away is not None and m.winner is None]
        play(database, waiting[0].match_id, True)
        bracket = knockout_bracket(database, "Cup")
    (final,) = bracket.finals
    assert (final.home.seed, final.away.seed if final.away else None) == (1, 2)
    play(database, final.match_id, False)
    bracket = knockout_bracket(database, "Cup")
    assert bracket.champion is None
    assert [m.bracket for m in bracket.finals] == [FINAL, FINAL]
    play(database, bracket.finals[1].match_id, False)
    assert knockout_bracket(database, "Cup").champion == bracket.seeds[1]


def test_five_teams_double_elimination_with_byes(database: Database) -> None:
    made = create_knockout(database, name="Small Cup", teams=entries(5), double=True)
    opening = made.rounds[0]
    assert [(m.home.seed, m.away.seed if m.away else None) for m in opening] == [
        (1, None),
        (4, 5),
        (2, None),
        (3, None),
    ]
    assert [(m.home.seed, m.away.seed if m.away else None) for m in made.rounds[1]] == [(2, 3)]
    done = played_through(database, "Small Cup", random.Random(5))
    played = [m for m in matches(done) if m.away is not None]
    assert done.champion is not None
    assert len(played) in (8, 9)
    byes = [m for m in matches(done) if m.away is None]
    assert {m.bracket for m in byes} == {WINNERS, LOSERS}
    assert champion(5, results(done)) == done.champion.seed


def test_single_elimination_knockout_is_the_playoff_bracket(database: Database) -> None:
    made = create_knockout(database, name="Open", teams=entries(6), games_per_match=1)
    assert not made.double
    assert [(m.home.seed, m.away.seed if m.away else None) for m in made.rounds[0]] == [
        (1, None),
        (4, 5),
        (2, None),
        (3, 6),
    ]
    done = played_through(database, "Open", random.Random(3))
    assert done.champion is not None
    assert len([m for m in matches(done) if m.away is not None]) == 5
    (season,) = list_seasons(database)
    assert (season.league, season.name) == ("Open", "Open")
    assert {team.players for team in list_teams(database, "Open")} == {
        (f"{name} A", f"{name} B") for name in NAMES[:6]
    }


def test_a_draw_with_the_same_seed_is_the_same(database: Database) -> None:
    one = create_knockout(database, name="A", teams=entries(8), draw=True, seed=42)
    two = create_knockout(database, name="B", teams=entries(8), draw=True, seed=42, league="A")
    other = create_knockout(database, name="C", teams=entries(8), draw=True, seed=43)
    assert [s.team for s in one.seeds] == [s.team for s in two.seeds]
    assert [s.team for s in one.seeds] != list(NAMES)
    assert [s.team for s in other.seeds] != [s.team for s in one.seeds]
    assert sorted(s.team for s in one.seeds) == sorted(NAMES)


def test_a_league_of_that_name_is_reused(database: Database) -> None:
    create_knockout(database, name="Spring Cup", teams=entries(2), league="Club")
    create_knockout(database, name="Fall Cup", teams=entries(2), league="club")
    assert {(season.league, season.name) for season in list_seasons(database)} == {
        ("Club", "Spring Cup"),
        ("Club", "Fall Cup"),
    }


@pytest.mark.parametrize(
    ("teams", "words"),
    [
        (entries(1), "from 2 to 16"),
        ([(f"T{n}", [f"P{n}a", f"P{n}b"]) for n in range(17)], "from 2 to 16"),
        ([("Eagles", ["Ann", "Bob"]), ("eagles", ["Cal", "Dee"])], "two teams are called eagles"),
        ([("Eagles", ["Ann"]), ("Owls", ["Cal", "Dee"])], "two players, not 1"),
        ([("Eagles", ["Ann", "ann"]), ("Owls", ["Cal", "Dee"])], "two players, not 1"),
        ([("Eagles", ["Ann", "Bob", "Cy"]), ("Owls", ["Cal", "Dee"])], "two players, not 3"),
        ([("Eagles", ["Ann", "Bob"]), ("Owls", ["Cal", "ANN"])], "ANN is on two teams"),
    ],
)
def test_refused_changing_nothing(
    database: Database, teams: list[tuple[str, list[str]]], words: str
) -> None:
    with pytest.raises(StoreError, match=words):
        create_knockout(database, name="Cup", teams=teams)
    assert list_seasons(database) == []


def test_refused_a_second_tournament_of_a_name(database: Database) -> None:
    create_knockout(database, name="Cup", teams=entries(2))
    with pytest.raises(StoreError, match="already a tournament called Cup"):
        create_knockout(database, name="CUP", teams=entries(2), league="Other")
    assert len(list_seasons(database)) == 1


def three_handed() -> str:
    return next(name for name, rules in PRESETS.items() if len(rules.sides) != 2)


def test_refused_an_unknown_rule_set_and_games(database: Database) -> None:
    with pytest.raises(StoreError, match="no rule set"):
        create_knockout(database, name="Cup", teams=entries(2), rules_preset="nonesuch")
    with pytest.raises(StoreError, match="needs a four-handed rule set"):
        create_knockout(database, name="Cup", teams=entries(2), rules_preset=three_handed())
    with pytest.raises(StoreError, match="from 1 to 10"):
        create_knockout(database, name="Cup", teams=entries(2), games_per_match=11)
    with pytest.raises(StoreError, match="no tournament called 'Cup'"):
        knockout_bracket(database, "Cup")
    create_tournament(database, name="Party", players=PLAYERS, rounds=2)
    with pytest.raises(StoreError, match="Party is a progressive tournament, not a knockout"):
        knockout_bracket(database, "Party")


def test_a_correction_re_points_the_losers_bracket(database: Database) -> None:
    made = create_knockout(database, name="Cup", teams=entries(4), double=True)
    for match in made.rounds[0]:
        play(database, match.match_id, True)
    before = knockout_bracket(database, "Cup")
    (drop,) = before.losers[0]
    assert {drop.home.seed, drop.away.seed if drop.away else None} == {3, 4}
    recorder = open_match_game(database, made.rounds[0][0].match_id)
    recorder.reopen()
    for n in range(1, len(recorder.game.entries) + 1):
        recorder.replace(n, AWAY_WINS)
    after = knockout_bracket(database, "Cup")
    (drop,) = after.losers[0]
    assert {drop.home.seed, drop.away.seed if drop.away else None} == {1, 3}
    assert (after.rounds[1][0].home.seed, after.rounds[1][0].away) == (2, after.seeds[3])
    assert not any(m.disputed for m in matches(after))


def test_a_match_two_byes_decide_is_made_with_round_1(database: Database) -> None:
    """5 teams, single elimination: seeds 2 and 3 both have byes, so their semi-final is
    on the schedule (week 2) before any game is played."""
    made = create_knockout(database, name="Cup", teams=entries(5))
    assert [(m.home.seed, m.away.seed if m.away else None) for m in made.rounds[1]] == [(2, 3)]
    weeks = {line.id: line.week for line in schedule(database, "Cup")}
    assert weeks[made.rounds[1][0].match_id] == 2
