"""The correction log in table words, without the changes undone straight away."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from clabber_league.correction_log import change_words, correction_line, net_corrections
from clabber_league.recording import Correction
from clabber_league.rules import Game, PassedHand, PlayedHand, Suit, rule_set
from tests.reports.conftest import utc

pytestmark = pytest.mark.usefixtures(utc.__name__)

AT = datetime(2026, 12, 1, 21, 14, tzinfo=UTC)
GAME = Game(rule_set(), ["Eagles", "Owls"], entries=[PlayedHand("A", {"A": 92})] * 3)
NINETY_TWO = PlayedHand("A", {"A": 92})
HUNDRED = PlayedHand("A", {"A": 100})


def change(n: int, old: object, new: object) -> Correction:
    return Correction(n, old, new, AT)  # type: ignore[arg-type]


def test_a_correction_is_said_in_the_marks_that_changed() -> None:
    line = correction_line(GAME, change(3, NINETY_TWO, HUNDRED))
    assert line == "Hand 3: Eagles 92, Owls 70 → Eagles 100, Owls 62, 21:14"


def test_only_the_marks_that_changed_are_said() -> None:
    melds = PlayedHand("A", {"A": 92}, melds={"A": 20})
    assert change_words(GAME, change(3, NINETY_TWO, melds)) == ("Eagles 92", "Eagles 112")


def test_a_change_that_writes_the_same_marks_says_what_did_change() -> None:
    trump = PlayedHand("A", {"A": 92}, Suit.SPADES)
    assert change_words(GAME, change(1, NINETY_TWO, trump)) == ("trump none", "trump ♠")


def test_deleted_and_put_back_hands_and_a_passed_hand() -> None:
    assert correction_line(GAME, change(2, PassedHand(), None)) == (
        "Hand 2 deleted (it was all passed), 21:14"
    )
    assert correction_line(GAME, change(2, None, NINETY_TWO)) == (
        "Hand 2 put back in: Eagles 92, Owls 70, 21:14"
    )


def test_changes_undone_straight_away_are_left_out() -> None:
    fix = change(3, NINETY_TWO, HUNDRED)
    undo = change(3, HUNDRED, NINETY_TWO)
    delete, put_back = change(2, NINETY_TWO, None), change(2, None, NINETY_TWO)
    assert net_corrections([fix, undo]) == []
    assert net_corrections([delete, put_back]) == []
    # Two undos then two redos unwind as a stack: nothing happened.
    assert net_corrections([fix, delete, put_back, undo]) == []
    # A change undone after something else happened stays, as does that something.
    assert net_corrections([fix, delete, undo]) == [fix, delete, undo]
    assert net_corrections([fix, undo, fix]) == [fix]
