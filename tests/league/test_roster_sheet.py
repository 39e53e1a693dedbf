"""``roster_plan``: every good row is planned once, every bad row named by its number,
and a sheet with any problem plans nothing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from clabber_league.league.roster_sheet import roster_plan
from clabber_league.rules.names import name_key

TEAM = st.sampled_from(["Eagles", "Owls", "eagles", "Doves", ""])
PLAYER = st.sampled_from(["Ann", "Bob", "ann", "Cat", "Dan", "", "Bad\x01"])
ROSTERS = {"Eagles": ("Ann",), "Owls": ("Cat",)}


@given(st.lists(st.tuples(TEAM, PLAYER), max_size=12))
def test_a_plan_or_its_problems_never_both(rows: list[tuple[str, str]]) -> None:
    plan = roster_plan([["Team", "Player"], *[list(row) for row in rows]], ROSTERS)
    if plan.problems:
        assert (plan.new_teams, plan.added, plan.already) == ((), (), ())
        numbers = [int(line.split(":")[0].removeprefix("row ")) for line in plan.problems]
        assert numbers == sorted(numbers)
        assert all(2 <= number <= len(rows) + 1 for number in numbers)
        return
    players = [name_key(player) for _, player in (*plan.added, *plan.already)]
    assert len(players) == len(set(players))  # nobody twice
    assert all(team not in ROSTERS for team in plan.new_teams)
    given_players = {name_key(player) for team, player in rows if team and player}
    assert set(players) == given_players
    for team, player in plan.already:
        assert player in ROSTERS[team]


def test_the_header_may_be_in_any_case_and_order_with_other_columns() -> None:
    plan = roster_plan([["Note", "PLAYER", "team"], ["x", "Zed", "Eagles"]], ROSTERS)
    assert plan.added == (("Eagles", "Zed"),)


def test_translated_header_words_count_too() -> None:
    words = {"équipe": "team", "joueur": "player"}
    plan = roster_plan([["Équipe", "joueur"], ["Doves", "Zed"]], {}, words)
    assert (plan.new_teams, plan.added) == (("Doves",), (("Doves", "Zed"),))
