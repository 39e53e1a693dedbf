"""The scoresheet model: what each cell says (RULES.md §5, §8) and how it follows the game."""

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QSignalSpy
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from clabber_league.gamesheet import read_game
from clabber_league.reports import filled_sheet_data
from clabber_league.resources import resource
from clabber_league.rules import (
    Game,
    GameError,
    HandEntry,
    PassedHand,
    PlayedHand,
    RenegeHand,
    Suit,
    WrittenHand,
    rule_set,
)
from clabber_league.rules.hands import MarkKind
from clabber_league.rules.sheet import Outcome
from clabber_league.ui.models.sheet_model import SheetColumn, SheetModel, SheetRole
from tests.rules.strategies import hand_entries

DISPLAY = Qt.ItemDataRole.DisplayRole
TOOLTIP = Qt.ItemDataRole.ToolTipRole
ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def evansville(*entries: HandEntry, **options: object) -> Game:
    return Game(rule_set("evansville", options), ["Eagles", "Owls"], entries=entries)


def made(makers: str, points: int, **extra: Any) -> PlayedHand:
    return PlayedHand(makers, {makers: points}, **extra)


def check(tester: ModelTester, model: SheetModel) -> None:
    """Qt's model tester, watching every later signal too (its failures are Qt warnings)."""
    tester.check(model)  # type: ignore[no-untyped-call]


def cell(model: SheetModel, row: int, column: int, role: int = DISPLAY) -> Any:
    return model.data(model.index(row, column), role)


def line(model: SheetModel, row: int, role: int = DISPLAY) -> list[Any]:
    return [cell(model, row, column, role) for column in range(model.columnCount())]


def won_by_eagles() -> Game:
    """A short game (to 300) that the Eagles win 324–70 on the second hand."""
    return evansville(made("A", 92), made("A", 162, melds={"A": 70}), target=300)


def tied() -> Game:
    """A game to 320 that ends 324–324 on the fourth hand."""
    return evansville(*(made(side, 150) for side in "ABAB"), target=320)


def three_handed() -> Game:
    game = Game(rule_set("three-handed"), ["Ann", "Bob", "Cy"])
    game.push(PlayedHand("A", {"A": 92, "B": 40}, trump=Suit.SPADES))
    game.push(PlayedHand("B", {"A": 92, "B": 40}))
    game.push(PassedHand())
    return game


# -- layout --------------------------------------------------------------------


def test_columns_follow_the_paper_sheet() -> None:
    model = SheetModel(evansville())
    headers = [model.headerData(column, Qt.Orientation.Horizontal) for column in range(10)]
    assert headers == [
        "Hand",
        "Dealer",
        "Trump",
        "Makers",
        "Eagles",
        "Eagles total",
        "Owls",
        "Owls total",
        "Hand check",
        "Running check",
    ]
    assert model.columnCount() == 10
    kinds = [
        model.headerData(column, Qt.Orientation.Horizontal, SheetRole.COLUMN_KIND)
        for column in range(10)
    ]
    assert kinds[4:8] == ["mark", "total", "mark", "total"]
    assert (model.column_of(SheetColumn.MARK, "B"), model.column_of(SheetColumn.TOTAL, "B")) == (
        6,
        7,
    )
    assert model.column_of(SheetColumn.RUNNING_CHECK) == 9


def test_three_handed_game_has_a_mark_and_total_per_player(qtmodeltester: ModelTester) -> None:
    model = SheetModel(three_handed())
    check(qtmodeltester, model)
    assert model.columnCount() == 12
    assert model.headerData(8, Qt.Orientation.Horizontal) == "Cy"
    # Bob made it with 40 against 92 and 30: set; each opponent keeps their own.
    assert line(model, 1)[4:10] == ["92", "184", "XX", "40", "30", "60"]
    assert cell(model, 1, model.column_of(SheetColumn.MARK, "B"), SheetRole.MARK_KIND) == "set"
    assert cell(model, 1, model.column_of(SheetColumn.HAND_CHECK)) == "122"
    assert cell(model, 0, 1) == "Ann"  # one player a side: the dealer is the side's player


@pytest.mark.parametrize(
    "game",
    [evansville(), evansville(made("A", 92), PassedHand()), won_by_eagles(), tied()],
    ids=["empty", "mid-game", "won", "tied"],
)
def test_model_passes_the_qt_model_tester(qtmodeltester: ModelTester, game: Game) -> None:
    model = SheetModel(game)
    check(qtmodeltester, model)
    assert model.rowCount() == len(game.rows) + (1 if game.finished else 0)


def test_empty_game_has_no_lines() -> None:
    model = SheetModel(evansville())
    assert model.rowCount() == 0
    assert not model.has_w_row()
    assert cell(model, 0, 0) is None


def test_the_model_is_read_only() -> None:
    model = SheetModel(evansville(made("A", 92)))
    flags = model.flags(model.index(0, 4))
    assert flags == Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    assert not flags & Qt.ItemFlag.ItemIsEditable
    assert model.flags(QModelIndex()) == Qt.ItemFlag.NoItemFlags


# -- a hand's line -------------------------------------------------------------


def test_made_hand_writes_both_scores_totals_and_checks() -> None:
    model = SheetModel(evansville(made("A", 92, trump=Suit.SPADES)))
    assert line(model, 0) == ["1", "A1", "♠", "Eagles", "92", "92", "70", "70", "162", "162"]
    kinds = line(model, 0, SheetRole.MARK_KIND)
    assert kinds[4:10] == ["number"] * 6
    assert kinds[1:4] == [None, None, None]
    assert cell(model, 0, 4, ALIGNMENT) == RIGHT
    assert cell(model, 0, 4, TOOLTIP) == "Eagles: 92 trick points"
    assert cell(model, 0, 8, TOOLTIP) == "162 trick points = 162 (Eagles 92 + Owls 70)"
    assert cell(model, 0, 9, TOOLTIP).endswith("the same as the totals: Eagles 92 + Owls 70")


def test_melds_and_bell_are_explained_in_the_tooltips() -> None:
    hand = PlayedHand("B", {"B": 100}, melds={"B": 20}, bell="B", trump=Suit.HEARTS)
    model = SheetModel(evansville(hand))
    assert line(model, 0)[2:10] == ["♥", "Owls", "62", "62", "140", "140", "202", "202"]
    assert cell(model, 0, 6, TOOLTIP) == "Owls: 100 trick points + 20 melds + 20 bell = 140"
    assert cell(model, 0, 8, TOOLTIP) == (
        "162 trick points + 20 melds + 20 bell = 202 (Eagles 62 + Owls 140)"
    )


def test_a_two_handed_hand_check_is_the_two_figures_not_162() -> None:
    # RULES.md §8, §10: 18 cards are played, so the check holds what was taken.
    hand = PlayedHand("A", {"A": 80, "B": 64}, melds={"A": 50}, trump=Suit.CLUBS)
    model = SheetModel(Game(rule_set("two-handed"), ["Eagles", "Owls"], entries=[hand]))
    assert line(model, 0)[4:10] == ["130", "130", "64", "64", "194", "194"]
    assert cell(model, 0, 8, TOOLTIP) == "144 trick points + 50 melds = 194 (Eagles 130 + Owls 64)"
    tip = model.headerData(8, Qt.Orientation.Horizontal, TOOLTIP)
    assert tip == (
        "Both sides' points for the hand together: both players' trick points + melds + bell "
        "when the makers made it"
    )
    four_handed = SheetModel(evansville())
    assert "together: 162 trick points + melds + bell" in four_handed.headerData(
        8, Qt.Orientation.Horizontal, TOOLTIP
    )


def test_set_makers_get_turkey_tracks() -> None:
    # RULES.md §5: A 40, B 122 + fifty 50 → A XX, B 172.
    model = SheetModel(evansville(made("A", 40, melds={"B": 50})))
    assert line(model, 0)[4:10] == ["XX", "0", "172", "172", "172", "172"]
    assert cell(model, 0, 4, SheetRole.MARK_KIND) == MarkKind.SET.value
    assert cell(model, 0, 4, TOOLTIP) == "Eagles were set: turkey tracks"
    assert cell(model, 0, 4, Qt.ItemDataRole.AccessibleTextRole) == "XX, set"
    assert cell(model, 0, 6, TOOLTIP) == "Owls: 122 trick points + 50 melds = 172"
    assert cell(model, 0, 8, TOOLTIP) == "Eagles were set, so only the 172 Owls wrote counts"
    assert cell(model, 0, 0, TOOLTIP) == "Hand 1: Eagles went set"


@pytest.mark.parametrize("zero", ["-", "~"])
def test_defenders_with_nothing_get_the_zero_mark(zero: str) -> None:
    model = SheetModel(evansville(made("A", 162), zero_mark=zero))
    assert line(model, 0)[4:8] == ["162", "162", zero, "0"]
    assert cell(model, 0, 6, SheetRole.MARK_KIND) == "zero"
    assert cell(model, 0, 6, TOOLTIP) == "Owls: nothing scored (no trick, no meld)"


def test_passed_hand_writes_no_marks() -> None:
    model = SheetModel(evansville(made("A", 92), PassedHand()))
    assert line(model, 1) == ["2", "B1", "", "", "", "92", "", "70", "0", "162"]
    assert line(model, 1, SheetRole.MARK_KIND)[4:8] == ["blank", "number", "blank", "number"]
    assert cell(model, 1, 3, TOOLTIP) == "All passed twice: the hand was not played"
    assert cell(model, 1, 4, TOOLTIP) == "All passed twice: nobody scored"
    assert cell(model, 1, 8, TOOLTIP) == "Not played, so the hand check is 0"


def test_double_renege_writes_no_marks_and_the_dealer_deals_again() -> None:
    model = SheetModel(evansville(RenegeHand("A", "both"), made("A", 92)))
    assert line(model, 0)[:8] == ["1", "A1", "", "Eagles", "", "0", "", "0"]
    assert cell(model, 1, 1) == "A1"
    assert cell(model, 0, 6, SheetRole.MARK_KIND) == "blank"
    assert cell(model, 0, 6, TOOLTIP) == "Both sides reneged: nobody scored"


def test_renege_by_the_defenders() -> None:
    model = SheetModel(evansville(RenegeHand("A", "B", melds={"A": 50})))
    assert line(model, 0)[4:9] == ["212", "212", "-", "0", "212"]
    assert cell(model, 0, 4, TOOLTIP) == "Owls reneged, so Eagles score 162 + 50 melds = 212"
    assert cell(model, 0, 6, TOOLTIP) == "Owls reneged: nothing scored"
    assert cell(model, 0, 8, TOOLTIP) == "Owls reneged: Eagles 162 + 50 melds = 212"


def test_renege_by_the_makers_is_crossed_out() -> None:
    model = SheetModel(evansville(RenegeHand("A", "A")))
    assert line(model, 0)[4:7] == ["XX", "0", "162"]
    assert cell(model, 0, 4, TOOLTIP) == "Eagles reneged and were set: turkey tracks"


def test_written_hand_from_a_paper_sheet() -> None:
    model = SheetModel(evansville(WrittenHand("A", {"A": "XX", "B": "162"})))
    assert line(model, 0)[4:7] == ["XX", "0", "162"]
    assert cell(model, 0, 6, TOOLTIP) == "Owls wrote 162 (copied from a paper sheet)"


# -- the W ---------------------------------------------------------------------


def test_winner_gets_a_w_under_their_total() -> None:
    model = SheetModel(won_by_eagles())
    assert model.rowCount() == 3
    assert model.has_w_row()
    w_row = line(model, 2)
    assert w_row[model.column_of(SheetColumn.TOTAL, "A")] == "W"
    assert [text for text in w_row if text] == ["W"]
    assert line(model, 2, SheetRole.IS_W_ROW) == [True] * 10
    assert line(model, 2, SheetRole.MARK_KIND) == [None] * 10
    assert cell(model, 2, 5, TOOLTIP) == "Eagles won the game, 324–70"
    assert cell(model, 1, 5, SheetRole.IS_W_ROW) is False


def test_tie_is_written_across() -> None:
    model = SheetModel(tied())
    assert model.rowCount() == 5
    w_row = line(model, 4)
    assert w_row[model.column_of(SheetColumn.MARK, "A")] == "Tie"
    assert [text for text in w_row if text] == ["Tie"]
    assert cell(model, 4, 4, TOOLTIP) == "The game is tied at 324–324"


# -- following the game ---------------------------------------------------------


def spies(model: SheetModel) -> dict[str, QSignalSpy]:
    return {
        "inserted": QSignalSpy(model.rowsInserted),
        "removed": QSignalSpy(model.rowsRemoved),
        "changed": QSignalSpy(model.dataChanged),
        "reset": QSignalSpy(model.modelReset),
    }


def ranges(spy: QSignalSpy) -> list[tuple[int, int]]:
    """First and last row of each insert/remove, or of each dataChanged block."""
    found = []
    for i in range(spy.count()):
        args = spy.at(i)
        if isinstance(args[1], int):
            found.append((args[1], args[2]))
        else:
            found.append((args[0].row(), args[1].row()))
    return found


ROLES = (DISPLAY, TOOLTIP, SheetRole.MARK_KIND, SheetRole.IS_W_ROW)


class Mirror:
    """What a view shows if it re-reads only the rows the model's signals name.

    If a refresh forgets a signal, the mirror goes stale and no longer matches
    a fresh model of the same game.
    """

    def __init__(self, model: SheetModel) -> None:
        self.model = model
        self.rows = self.read_all()
        model.rowsInserted.connect(self.inserted)
        model.rowsRemoved.connect(self.removed)
        model.dataChanged.connect(self.changed)
        model.modelReset.connect(self.reset)

    def read(self, row: int) -> list[Any]:
        return [line(self.model, row, role) for role in ROLES]

    def read_all(self) -> list[list[Any]]:
        return [self.read(row) for row in range(self.model.rowCount())]

    def inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        self.rows[first:first] = [self.read(row) for row in range(first, last + 1)]

    def removed(self, parent: QModelIndex, first: int, last: int) -> None:
        del self.rows[first : last + 1]

    def changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *roles: object) -> None:
        for row in range(top_left.row(), bottom_right.row() + 1):
            self.rows[row] = self.read(row)

    def reset(self) -> None:
        self.rows = self.read_all()


def assert_shows(mirror: Mirror, game: Game) -> None:
    """The model, as followed through its signals, shows what a fresh one would."""
    assert mirror.rows == Mirror(SheetModel(game)).rows
    assert mirror.rows == mirror.read_all()


def test_push_inserts_one_row(qtmodeltester: ModelTester, qtbot: QtBot) -> None:
    game = evansville(made("A", 92))
    model = SheetModel(game)
    check(qtmodeltester, model)
    found = spies(model)
    mirror = Mirror(model)
    game.push(made("B", 100))
    with qtbot.waitSignal(model.rowsInserted) as inserted:
        model.refresh()
    assert inserted.args is not None
    assert inserted.args[1:] == [1, 1]
    assert found["changed"].count() == 0
    assert found["removed"].count() == 0
    assert_shows(mirror, game)


def test_push_that_ends_the_game_adds_the_hand_and_the_w(qtmodeltester: ModelTester) -> None:
    game = evansville(made("A", 92), target=300)
    model = SheetModel(game)
    check(qtmodeltester, model)
    found = spies(model)
    mirror = Mirror(model)
    game.push(made("A", 162, melds={"A": 70}))
    model.refresh()
    assert ranges(found["inserted"]) == [(1, 1), (2, 2)]
    assert found["changed"].count() == 0
    assert_shows(mirror, game)


def test_pop_of_the_winning_hand_removes_it_and_the_w(qtmodeltester: ModelTester) -> None:
    game = won_by_eagles()
    model = SheetModel(game)
    check(qtmodeltester, model)
    found = spies(model)
    mirror = Mirror(model)
    game.pop()
    model.refresh()
    assert ranges(found["removed"]) == [(2, 2), (1, 1)]
    assert found["changed"].count() == 0
    assert_shows(mirror, game)


def test_replace_changes_that_row_and_the_ones_below(qtmodeltester: ModelTester) -> None:
    game = evansville(made("A", 92), made("B", 100), made("A", 82))
    model = SheetModel(game)
    check(qtmodeltester, model)
    found = spies(model)
    mirror = Mirror(model)
    game.replace(2, made("B", 120))
    model.refresh()
    assert found["inserted"].count() == found["removed"].count() == 0
    assert ranges(found["changed"]) == [(1, 2)]
    assert_shows(mirror, game)


def test_delete_removes_the_row_and_renumbers_the_rest(qtmodeltester: ModelTester) -> None:
    game = evansville(made("A", 92), made("B", 100), made("A", 82))
    model = SheetModel(game)
    check(qtmodeltester, model)
    found = spies(model)
    mirror = Mirror(model)
    game.delete(1)
    model.refresh()
    assert ranges(found["removed"]) == [(0, 0)]
    assert ranges(found["changed"]) == [(0, 1)]
    assert_shows(mirror, game)


def test_insert_puts_the_row_in_its_place(qtmodeltester: ModelTester) -> None:
    game = evansville(made("A", 92), made("A", 82))
    model = SheetModel(game)
    check(qtmodeltester, model)
    found = spies(model)
    mirror = Mirror(model)
    game.insert(2, made("B", 100))
    model.refresh()
    assert ranges(found["inserted"]) == [(1, 1)]
    assert ranges(found["changed"]) == [(2, 2)]
    assert_shows(mirror, game)


def test_a_correction_that_hands_the_win_to_the_other_side(
    qtmodeltester: ModelTester,
) -> None:
    game = won_by_eagles()
    model = SheetModel(game)
    check(qtmodeltester, model)
    found = spies(model)
    mirror = Mirror(model)
    game.replace(2, made("B", 162, melds={"B": 100}))
    model.refresh()
    assert found["inserted"].count() == found["removed"].count() == 0
    assert ranges(found["changed"]) == [(1, 2)]
    assert cell(model, 2, model.column_of(SheetColumn.TOTAL, "B")) == "W"
    assert_shows(mirror, game)


def test_refresh_without_a_change_says_nothing() -> None:
    game = evansville(made("A", 92))
    model = SheetModel(game)
    found = spies(model)
    mirror = Mirror(model)
    model.refresh()
    assert all(spy.count() == 0 for spy in found.values())
    assert_shows(mirror, game)


def test_the_same_players_again_repaint_nothing_and_new_ones_the_dealers() -> None:
    model = SheetModel(evansville(made("A", 92), made("B", 100)))
    found = spies(model)
    model.set_players({"A1": "Ann"})
    dealer = model.column_of(SheetColumn.DEALER)
    first, last, *_roles = found["changed"].at(0)
    assert (found["changed"].count(), first.column(), last.column()) == (1, dealer, dealer)
    model.set_players({"A1": "Ann"})  # the window says so after every change
    assert found["changed"].count() == 1


def test_refresh_with_a_new_game_object_of_the_same_sheet(qtmodeltester: ModelTester) -> None:
    model = SheetModel(evansville(made("A", 92)))
    check(qtmodeltester, model)
    found = spies(model)
    mirror = Mirror(model)
    copy = evansville(made("A", 92), made("B", 100))
    model.refresh(copy)
    assert model.game is copy
    assert found["reset"].count() == 0
    assert ranges(found["inserted"]) == [(1, 1)]
    assert_shows(mirror, copy)


def test_a_game_between_other_teams_resets(qtmodeltester: ModelTester) -> None:
    model = SheetModel(evansville(made("A", 92)))
    check(qtmodeltester, model)
    found = spies(model)
    mirror = Mirror(model)
    model.refresh(three_handed())
    assert found["reset"].count() == 1
    assert model.columnCount() == 12
    assert_shows(mirror, model.game)
    model.set_game(evansville())
    assert found["reset"].count() == 2
    assert (model.rowCount(), model.columnCount()) == (0, 10)
    assert_shows(mirror, model.game)


Change = Callable[[Game], object]


@st.composite
def changes(draw: st.DrawFn, game: Game) -> Change:
    """One edit a scorekeeper might make; the rules may refuse it."""
    rules = game.rules
    entry = draw(hand_entries(rules))
    n = draw(st.integers(1, max(1, len(game.entries) + 1)))
    edits: list[Change] = [
        lambda g: g.push(entry),
        lambda g: g.pop(),
        lambda g: g.replace(n, entry),
        lambda g: g.delete(n),
        lambda g: g.insert(n, entry),
    ]
    return draw(st.sampled_from(edits))


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), preset=st.sampled_from(["evansville", "three-handed", "klaberjass"]))
def test_any_run_of_edits_keeps_the_model_in_step(
    qtmodeltester: ModelTester, data: st.DataObject, preset: str
) -> None:
    rules = rule_set(preset, {"target": 400})
    game = Game(rules, ["North", "South", "West"][: len(rules.sides)])
    model = SheetModel(game)
    check(qtmodeltester, model)
    mirror = Mirror(model)
    for _ in range(data.draw(st.integers(1, 12))):
        change = data.draw(changes(game))
        try:
            change(game)
        except GameError:
            continue
        model.refresh()
        assert_shows(mirror, game)


# -- the window and the printout show one sheet -----------------------------------


def assert_same_sheet(game: Game) -> None:
    """Every mark, its kind and its notes, and the W row, as the model shows them and as
    the PDF's sheet data (``reports.sheet``) holds them."""
    model = SheetModel(game)
    paper = filled_sheet_data(game)
    assert model.rowCount() == len(paper.lines) + bool(paper.outcomes)
    for row, printed in enumerate(paper.lines):
        for side, cell_ in zip(game.rules.sides, printed.marks, strict=True):
            column = model.column_of(SheetColumn.MARK, side)
            assert cell(model, row, column) == cell_.mark.text
            assert cell(model, row, column, SheetRole.MARK_KIND) == cell_.mark.kind.value
            assert cell(model, row, column, SheetRole.NOTE) == cell_.notes
            assert cell(model, row, model.column_of(SheetColumn.TOTAL, side)) == str(cell_.total)
    if paper.outcomes:
        written = [text for text in line(model, len(paper.lines)) if text]
        shown = [mark for mark in paper.w_marks if mark]
        # The window writes a tie's word once across every side's columns.
        assert written == (shown[:1] if Outcome.TIED in paper.outcomes else shown)


def test_the_example_game_is_one_sheet_on_screen_and_on_paper() -> None:
    path = resource("examples", "evansville-full-game.json")
    assert_same_sheet(read_game(json.loads(path.read_text(encoding="utf-8"))).game())
    assert_same_sheet(tied())


@settings(max_examples=60, deadline=None)
@given(data=st.data(), preset=st.sampled_from(["evansville", "three-handed", "klaberjass"]))
def test_any_game_is_one_sheet_on_screen_and_on_paper(data: st.DataObject, preset: str) -> None:
    rules = rule_set(preset, {"target": 300, "zero_mark": data.draw(st.sampled_from("-~"))})
    game = Game(rules, ["North", "South", "West"][: len(rules.sides)])
    for _ in range(data.draw(st.integers(0, 10))):
        if game.finished:
            break
        game.push(data.draw(hand_entries(rules)))
    assert_same_sheet(game)
