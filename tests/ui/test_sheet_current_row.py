"""Correcting a hand from the keyboard: the sheet shows its current line, Ctrl+E edits it
(or says how to pick one), and the correction's heading says who dealt by name."""

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from clabber_league.rules import PlayedHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import create_game
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.models.sheet_model import SheetColumn
from clabber_league.ui.widgets.sheet_view import SheetInk, SheetView
from tests.ui.test_sheet_view import evansville, made, palette, sheet, show

PLAYERS = {"A1": "Ann Archer", "B1": "Bob Brown", "A2": "Cy Cole", "B2": "Di Dunn"}


def three_hands(window: MainWindow, database: Database) -> None:
    recorder = create_game(database, rule_set("evansville"), ["Eagles", "Owls"], players=PLAYERS)
    for _ in range(3):
        recorder.record(PlayedHand("A", {"A": 92}))
    window.show_recorder(recorder)
    window.activateWindow()


def row_colour(view: SheetView, row: int) -> QColor:
    """The paper's colour halfway along a line, away from its ink (the check columns)."""
    model = view.model()
    assert model is not None
    rect = view.visualRect(model.index(row, 0))
    image: QImage = view.viewport().grab(rect).toImage()
    return image.pixelColor(2, image.height() // 2 - 2)


def distance(a: QColor, b: QColor) -> int:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


@pytest.mark.parametrize("dark", [False, True])
def test_the_keyboard_brings_a_lit_line_that_the_arrows_move(qtbot: QtBot, dark: bool) -> None:
    game = evansville(*(made("A", 92) for _ in range(4)))
    view = show(qtbot, game)
    view.setPalette(palette(dark))
    paper = SheetInk.from_palette(view.palette()).paper
    view.setFocus(Qt.FocusReason.BacktabFocusReason)
    qtbot.waitUntil(view.hasFocus)
    assert view.current_hand() == 4  # the last hand, the one most often corrected
    assert distance(row_colour(view, 3), paper) > 40
    assert distance(row_colour(view, 2), paper) < 10
    QTest.keyClick(view, Qt.Key.Key_Up)
    QTest.keyClick(view, Qt.Key.Key_Up)
    assert view.current_hand() == 2
    assert distance(row_colour(view, 1), paper) > 40
    assert distance(row_colour(view, 3), paper) < 10


def test_the_lit_line_is_framed_while_the_sheet_has_the_keyboard(qtbot: QtBot) -> None:
    view = show(qtbot, evansville(made("A", 92), made("A", 92)))
    view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(view.hasFocus)
    model = view.model()
    assert model is not None
    rect = view.visualRect(model.index(1, 2))
    frame = SheetInk.from_palette(view.palette()).frame
    image = view.viewport().grab().toImage()
    assert distance(image.pixelColor(rect.center().x(), rect.top() + 1), frame) < 40


def test_ctrl_e_corrects_the_lit_hand_and_names_its_dealer(
    window: MainWindow, database: Database
) -> None:
    three_hands(window, database)
    window.sheet_view.setFocus(Qt.FocusReason.BacktabFocusReason)
    QTest.keyClick(window.sheet_view, Qt.Key.Key_Up)
    QTest.keyClick(window.sheet_view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert window.editing == 2
    header = window.entry_panel.findChild(QLabel, "header")
    assert header is not None
    assert header.text() == "Correcting hand 2 — Bob Brown dealt"
    focused = QApplication.focusWidget()
    assert focused is not None
    assert window.entry_panel.isAncestorOf(focused)
    assert window.sheet_view.current_hand() == 2  # still lit, beside the correction


def test_ctrl_e_with_no_line_lit_says_how_to_pick_one(
    window: MainWindow, database: Database
) -> None:
    three_hands(window, database)
    window.sheet_view.clearSelection()
    window.edit_action.trigger()
    assert window.editing is None
    assert "Pick the hand to correct" in window.statusBar().currentMessage()
    # The sheet has the keyboard now, the last hand lit: Ctrl+E again corrects it.
    assert QApplication.focusWidget() is window.sheet_view
    assert window.sheet_view.current_hand() == 3
    window.edit_action.trigger()
    assert window.editing == 3


def test_ctrl_e_before_any_hand_says_there_is_none(window: MainWindow, database: Database) -> None:
    window.show_recorder(create_game(database, rule_set("evansville"), ["Eagles", "Owls"]))
    window.edit_action.trigger()
    assert window.editing is None
    assert window.statusBar().currentMessage() == "No hand to correct yet"


def test_the_dealer_column_fits_its_names_and_makers_only_theirs(qtbot: QtBot) -> None:
    view = show(qtbot, evansville(*(made("A", 82) for _ in range(4))), width=1000)
    sheet(view).set_players(PLAYERS)
    model = sheet(view)
    dealer = model.column_of(SheetColumn.DEALER)
    makers = model.column_of(SheetColumn.MAKERS)
    px = view.ink_pixels
    font = QFont(view.font())
    font.setPixelSize(round(px * 0.72))  # as the cell writes a dealer's name
    widest = max(QFontMetricsF(font).horizontalAdvance(name) for name in PLAYERS.values())
    assert view.columnWidth(dealer) >= widest + 2 * max(4.0, px * 0.3)
    # Makers is as wide as the teams' names, no wider: the teams' columns get the room.
    font.setPixelSize(round(px * 0.8))
    assert view.columnWidth(makers) < QFontMetricsF(font).horizontalAdvance("Eagles") + px * 2
    assert view.columnWidth(makers) < view.columnWidth(model.column_of(SheetColumn.MARK, "A"))
    assert sum(view.columnWidth(c) for c in range(model.columnCount())) == view.viewport().width()


def test_the_heading_reads_on_without_a_hanging_dash(
    window: MainWindow, database: Database
) -> None:
    window.resize(1024, 700)
    three_hands(window, database)
    QApplication.processEvents()
    assert window.heading.text() == "Eagles v Owls — Evansville, game to 500 —"
    assert window.heading_state.text() == "hand 4, Di Dunn deals"
    heading, state = window.heading, window.heading_state
    # Where the dash is written, and where the state starts: a space apart, no gap.
    dash = heading.x() + heading.contentsRect().left()
    dash += heading.fontMetrics().horizontalAdvance(heading.shown_text())
    gap = state.x() + state.contentsRect().left() - dash
    assert 0 < gap < heading.fontMetrics().horizontalAdvance("MM")
    assert not window.heading.elided()


def test_del_with_no_line_lit_deletes_nothing(window: MainWindow, database: Database) -> None:
    three_hands(window, database)
    model = window.sheet_model
    assert model is not None
    # A current cell that is not lit (as Qt leaves one) is no choice of a hand.
    selection = window.sheet_view.selectionModel()
    selection.setCurrentIndex(model.index(0, 0), QItemSelectionModel.SelectionFlag.Clear)
    window.delete_action.trigger()
    assert window.recorder is not None
    assert len(window.recorder.game.rows) == 3
