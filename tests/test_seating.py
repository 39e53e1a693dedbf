"""Seats said the way the table says them: by name, the seat code only where nobody was named."""

from __future__ import annotations

import pytest

from clabber_league.rules import Game, rule_set
from clabber_league.seating import Seating

FOUR = Game(rule_set(), ["Eagles", "Owls"])


@pytest.mark.parametrize(
    ("seat", "person", "short", "full", "choice"),
    [
        ("B1", "Bob", "Bob", "Bob", "B1 · Bob"),
        ("A2", None, "A2", "A2 (Eagles)", "A2 · Eagles"),
    ],
)
def test_a_named_seat_is_its_player_and_an_unnamed_one_its_code(
    seat: str, person: str | None, short: str, full: str, choice: str
) -> None:
    seating = Seating.of(FOUR, {"B1": " Bob ", "A1": "Ann", "B2": "  "})
    assert seating.person(seat) == person
    assert (seating.short(seat), seating.full(seat), seating.choice(seat)) == (short, full, choice)


@pytest.mark.parametrize("preset", ["two-handed", "three-handed", "klaberjass"])
def test_where_a_side_is_one_player_the_side_is_the_person(preset: str) -> None:
    rules = rule_set(preset)
    names = ["Ann", "Bob", "Cy"][: len(rules.sides)]
    seating = Seating.of(Game(rules, names))
    assert [seating.full(seat) for seat in rules.seats] == names
