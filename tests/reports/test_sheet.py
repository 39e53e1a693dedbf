"""What a filled sheet draws, asserted exactly: lines, marks, totals, checks, W, footnotes."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from clabber_league.gamesheet import read_game
from clabber_league.recording import Correction
from clabber_league.reports import FilledSheetData, filled_sheet_data
from clabber_league.reports.reference import quick_reference
from clabber_league.reports.sheet import Cell, SheetHeading, SheetLine
from clabber_league.resources import resource
from clabber_league.rules import Game, PassedHand, RenegeHand, WrittenHand, rule_set
from clabber_league.rules.hands import Mark, MarkKind
from clabber_league.rules.sheet import (
    ALL_PASSED,
    BELL,
    BOTH_RENEGED,
    RENEGE,
    Note,
    NoteKind,
    Outcome,
)

N, S, Z, B = MarkKind.NUMBER, MarkKind.SET, MarkKind.ZERO, MarkKind.BLANK
AT = datetime(2025, 3, 6, 20, 15, tzinfo=UTC)


def example_game() -> Game:
    path = resource("examples", "evansville-full-game.json")
    return read_game(json.loads(path.read_text(encoding="utf-8"))).game()


def line(  # noqa: PLR0917 -- a sheet line's cells, in the order the sheet shows them
    n: int,
    dealer: str,
    trump: str,
    makers: int | None,
    a: Cell,
    b: Cell,
    hand_check: int,
    running_check: int,
    **extra: Any,
) -> SheetLine:
    return SheetLine(
        n, dealer, trump, makers, (a, b), hand_check, running_check, **extra
    )  # fmt: skip


def cell(kind: MarkKind, text: str, total: int, *notes: Note) -> Cell:
    return Cell(Mark(kind, text), total, notes)


def melds(points: int) -> Note:
    return Note(NoteKind.MELDS, points)


def written(makers: str, a: str, b: str) -> WrittenHand:
    return WrittenHand(makers, {"A": a, "B": b})


def test_the_example_game_sheet_line_by_line() -> None:
    heading = SheetHeading("Club — Spring", "Thu 06 Mar 2025", "3")
    data = filled_sheet_data(example_game(), heading=heading)
    assert data == FilledSheetData(
        heading=heading,
        rules_name="Evansville",
        sides=("Jack-Nine Club", "West Side Deuces"),
        lines=(
            line(1, "A1", "♣", 1, cell(N, "70", 70), cell(N, "92", 92), 162, 162),
            line(
                2,
                "B1",
                "♠",
                0,
                cell(N, "150", 220, melds(50)),
                cell(N, "62", 154),
                212,
                374,
            ),
            line(
                3,
                "A2",
                "",
                None,
                cell(B, "", 220, ALL_PASSED),
                cell(B, "", 154, ALL_PASSED),
                0,
                374,
            ),
            line(4, "B2", "♥", 1, cell(N, "92", 312), cell(S, "XX", 154), 92, 466),
            line(
                5,
                "A1",
                "♦",
                0,
                cell(S, "XX", 312, RENEGE),
                cell(N, "182", 336, melds(20)),
                182,
                648,
            ),
            line(
                6,
                "B1",
                "♠",
                1,
                cell(N, "80", 392),
                cell(N, "102", 438, BELL),
                182,
                830,
            ),
            line(
                7,
                "A2",
                "♣",
                0,
                cell(N, "282", 674, melds(100), BELL),
                cell(Z, "-", 438),
                282,
                1112,
            ),
        ),
        totals=(674, 438),
        outcomes=(Outcome.WON, Outcome.LOST),
        footnotes=(),
        reference=quick_reference(rule_set()),
    )
    assert data.outcomes


def test_the_running_check_is_always_the_totals_added_up() -> None:
    for line in filled_sheet_data(example_game()).lines:
        assert line.running_check == sum(mark.total for mark in line.marks)


def test_a_tie_writes_the_tie_word_for_both_sides() -> None:
    # The hand-worked G3 of tests/store/test_league.py: tied at 506.
    hands = [written("B", "12", "150")] * 2 + [written("A", "150", "12")] * 2
    hands += [written("B", "50", "132"), written("A", "132", "50")]
    data = filled_sheet_data(Game(rule_set(), ["Eagles", "Hawks"], entries=hands))
    assert data.outcomes == (Outcome.TIED, Outcome.TIED)
    assert data.w_marks == ("Tie", "Tie")
    assert data.totals == (506, 506)


def test_a_game_in_progress_has_no_w() -> None:
    game = Game(rule_set(), ["Eagles", "Owls"], entries=[written("A", "92", "70")])
    data = filled_sheet_data(game)
    assert data.w_marks == ("", "")
    assert not data.outcomes


def test_a_double_renege_writes_nothing_and_says_so() -> None:
    game = Game(rule_set(), ["Eagles", "Owls"], entries=[RenegeHand("A", "both")])
    (line,) = filled_sheet_data(game).lines
    assert line.marks == (cell(B, "", 0, BOTH_RENEGED), cell(B, "", 0, BOTH_RENEGED))
    assert line.makers == 0


def test_the_tilde_zero_mark_is_a_zero() -> None:
    rules = rule_set("evansville", {"zero_mark": "~"})
    game = Game(rules, ["Eagles", "Owls"], entries=[written("A", "162", "~")])
    (line,) = filled_sheet_data(game).lines
    assert line.marks[1] == cell(Z, "~", 0)


def test_three_sides_get_three_columns() -> None:
    game = Game(
        rule_set("three-handed"),
        ["Ann", "Bob", "Cy"],
        entries=[WrittenHand("A", {"A": "XX", "B": "50", "C": "60"})],
    )
    data = filled_sheet_data(game)
    assert data.sides == ("Ann", "Bob", "Cy")
    assert data.lines[0].marks == (cell(S, "XX", 0), cell(N, "50", 50), cell(N, "60", 60))
    assert data.w_marks == ("", "", "")


def test_corrections_are_footnoted_and_marked_on_their_hands() -> None:
    game = Game(
        rule_set(),
        ["Eagles", "Owls"],
        entries=[written("A", "92", "70"), written("B", "92", "XX"), written("A", "150", "12")],
    )
    corrections = [
        Correction(2, written("B", "70", "92"), written("B", "92", "XX"), AT),
        Correction(4, PassedHand(), None, AT),
        Correction(3, None, written("A", "150", "12"), AT),
        Correction(2, written("B", "92", "XX"), written("B", "92", "XX"), AT),
    ]
    data = filled_sheet_data(game, corrections)
    assert data.footnotes == (
        "Hand 2: Eagles 70, Owls 92 → Eagles 92, Owls XX, 06 Mar 2025 20:15.",
        "Hand 4 deleted (it was all passed), 06 Mar 2025 20:15.",
        "Hand 3 put back in: Eagles 150, Owls 12, 06 Mar 2025 20:15.",
        "Hand 2: Eagles 92, Owls XX → Eagles 92, Owls XX, 06 Mar 2025 20:15.",
    )
    assert [line.footnotes for line in data.lines] == [(), (1, 4), (3,)]


def test_a_logged_entry_the_rules_now_refuse_is_said_so() -> None:
    game = Game(rule_set(), ["Eagles", "Owls"], entries=[written("A", "92", "70")])
    refused = written("A", "70", "92")  # makers behind are set, never written 70
    data = filled_sheet_data(game, [Correction(1, refused, written("A", "92", "70"), AT)])
    assert data.footnotes == (
        "Hand 1: an entry the rules no longer accept → Eagles 92, Owls 70, 06 Mar 2025 20:15.",
    )


def test_stored_times_without_a_zone_are_utc() -> None:
    game = Game(rule_set(), ["Eagles", "Owls"], entries=[written("A", "92", "70")])
    naive = datetime(2025, 3, 6, 20, 15)
    data = filled_sheet_data(game, [Correction(1, None, written("A", "92", "70"), naive)])
    assert data.footnotes[0].endswith(", 06 Mar 2025 20:15.")


def test_dealers_are_printed_by_name_where_the_seats_were_named() -> None:
    game = Game(
        rule_set(),
        ["Eagles", "Owls"],
        entries=[written("A", "92", "70"), written("B", "62", "100")],
    )
    named = filled_sheet_data(game, players={"A1": "Ann", "B1": "Cal"})
    assert [line.dealer for line in named.lines] == ["Ann", "Cal"]
    assert [line.dealer for line in filled_sheet_data(game).lines] == ["A1", "B1"]


def test_a_change_undone_straight_away_is_no_footnote() -> None:
    game = Game(rule_set(), ["Eagles", "Owls"], entries=[written("A", "100", "62")])
    was, now = written("A", "92", "70"), written("A", "100", "62")
    later = datetime(2025, 3, 6, 20, 30, tzinfo=UTC)
    corrections = [
        Correction(1, was, now, AT),
        Correction(1, now, was, AT),  # Ctrl+Z
        Correction(1, was, now, AT),  # Ctrl+Shift+Z
        Correction(1, now, was, later),  # Ctrl+Z again...
        Correction(1, was, now, later),  # ...and back: the same hand as before
    ]
    data = filled_sheet_data(game, corrections)
    assert data.footnotes == (
        "Hand 1: Eagles 92, Owls 70 → Eagles 100, Owls 62, 06 Mar 2025 20:30.",
    )
    assert data.lines[0].footnotes == (1,)
