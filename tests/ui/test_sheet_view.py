"""The scoresheet view: drawn like the paper pad, readable, in light and dark palettes."""

from typing import Any

import pytest
from PySide6.QtCore import QIdentityProxyModel, QModelIndex, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QImage, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from clabber_league import i18n
from clabber_league.rules import Game, HandEntry, PassedHand, PlayedHand, Suit, rule_set
from clabber_league.rules.sheet import ALL_PASSED
from clabber_league.ui.models.sheet_model import SheetColumn, SheetModel, SheetRole
from clabber_league.ui.widgets.sheet_view import MarkDelegate, SheetHeader, SheetInk, SheetView


def evansville(*entries: HandEntry, **options: object) -> Game:
    return Game(rule_set("evansville", options), ["Eagles", "Owls"], entries=entries)


def made(makers: str, points: int, **extra: Any) -> PlayedHand:
    return PlayedHand(makers, {makers: points}, **extra)


def finished_game() -> Game:
    """Eagles set on hand 1 (XX), Owls with the dash on hand 2, Eagles win on hand 3."""
    return evansville(
        made("A", 40, melds={"B": 50}, trump=Suit.HEARTS),
        made("A", 162, melds={"A": 50}, trump=Suit.SPADES),
        PassedHand(),
        made("A", 162, melds={"A": 100}),
        target=300,
    )


def palette(dark: bool) -> QPalette:
    pal = QPalette()
    window, text, base = ("#353535", "#e6e6e6", "#232323") if dark else ("#efefef", "#000", "#fff")
    for role, colour in (
        (QPalette.ColorRole.Window, window),
        (QPalette.ColorRole.WindowText, text),
        (QPalette.ColorRole.Base, base),
        (QPalette.ColorRole.AlternateBase, base),
        (QPalette.ColorRole.Text, text),
        (QPalette.ColorRole.Button, window),
        (QPalette.ColorRole.ButtonText, text),
        (QPalette.ColorRole.Highlight, "#2a82da"),
    ):
        pal.setColor(role, QColor(colour))
    return pal


def show(qtbot: QtBot, game: Game, width: int = 900, height: int = 600) -> SheetView:
    view = SheetView()
    qtbot.addWidget(view)
    view.setModel(SheetModel(game, view))
    view.resize(width, height)
    view.show()
    qtbot.waitExposed(view)
    return view


def sheet(view: SheetView) -> SheetModel:
    model = view.model()
    assert isinstance(model, SheetModel)
    return model


def grab_cell(view: SheetView, row: int, column: int) -> QImage:
    model = view.model()
    assert model is not None
    return view.viewport().grab(view.visualRect(model.index(row, column))).toImage()


def inked(image: QImage, paper: QColor) -> int:
    """Pixels that differ clearly from the paper: what the pen put down."""
    count = 0
    for y in range(image.height()):
        for x in range(image.width()):
            pixel = image.pixelColor(x, y)
            distance = (
                abs(pixel.red() - paper.red())
                + abs(pixel.green() - paper.green())
                + abs(pixel.blue() - paper.blue())
            )
            count += distance > 150
    return count


def ink_rows(image: QImage, paper: QColor) -> list[int]:
    """The rows of pixels that carry any ink."""
    rows = []
    for y in range(image.height()):
        row = image.copy(0, y, image.width(), 1)
        if inked(row, paper):
            rows.append(y)
    return rows


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_sheet_renders_on_paper_in_light_and_dark_palettes(qtbot: QtBot, dark: bool) -> None:
    view = show(qtbot, finished_game())
    view.setPalette(palette(dark))
    image = view.grab().toImage()
    assert not image.isNull()
    assert (image.width(), image.height()) == (900, 600)
    ink = SheetInk.from_palette(view.palette())
    assert ink.dark is dark
    # Below the W row there is only paper.
    blank = image.pixelColor(450, 590)
    assert blank.name() == ink.paper.name()
    assert (blank.lightness() > 200) if not dark else (blank.lightness() < 80)
    # The ink stands out from the paper either way.
    assert abs(ink.ink.lightness() - ink.paper.lightness()) > 120
    figure = grab_cell(view, 1, sheet(view).column_of(SheetColumn.MARK, "A"))
    assert inked(figure, ink.paper) > 50


def test_switching_palettes_repaints_the_paper(qtbot: QtBot) -> None:
    view = show(qtbot, finished_game())
    view.setPalette(palette(False))
    light = view.grab().toImage().pixelColor(450, 590)
    view.setPalette(palette(True))
    dark = view.grab().toImage().pixelColor(450, 590)
    assert light.lightness() - dark.lightness() > 120


def test_header_names_the_teams_and_rows_have_no_numbers(qtbot: QtBot) -> None:
    view = show(qtbot, finished_game())
    assert isinstance(view.horizontalHeader(), SheetHeader)
    assert view.verticalHeader().isHidden()
    assert not view.showGrid()
    model = sheet(view)
    assert (
        model.headerData(model.column_of(SheetColumn.MARK, "A"), Qt.Orientation.Horizontal)
        == "Eagles"
    )
    assert (
        model.headerData(model.column_of(SheetColumn.MARK, "B"), Qt.Orientation.Horizontal)
        == "Owls"
    )
    header = view.horizontalHeader().grab().toImage()
    ink = SheetInk.from_palette(view.palette())
    left = view.columnViewportPosition(model.column_of(SheetColumn.MARK, "A"))
    width = view.columnWidth(model.column_of(SheetColumn.MARK, "A")) * 2
    team = header.copy(left, 0, width, header.height() - 6)
    assert inked(team, ink.paper) > 30


def test_columns_fill_the_width_and_team_columns_get_the_room(qtbot: QtBot) -> None:
    view = show(qtbot, finished_game())
    model = sheet(view)
    widths = [view.columnWidth(column) for column in range(model.columnCount())]
    assert sum(widths) == view.viewport().width()
    assert view.columnWidth(model.column_of(SheetColumn.MARK, "A")) > view.columnWidth(0)
    assert view.horizontalScrollBar().maximum() == 0


def test_ink_grows_with_the_view(qtbot: QtBot) -> None:
    view = show(qtbot, finished_game(), 500, 350)
    small, small_row = view.ink_pixels, view.rowHeight(0)
    view.resize(1400, 900)
    assert view.ink_pixels > small * 2
    assert view.rowHeight(0) > small_row * 2
    assert view.font().pixelSize() == view.ink_pixels
    assert view.rowHeight(0) >= view.ink_pixels * 1.5


def test_w_is_written_big_under_the_winners_total(qtbot: QtBot) -> None:
    view = show(qtbot, finished_game())
    model = sheet(view)
    w_row = model.rowCount() - 1
    assert view.rowHeight(w_row) > view.rowHeight(0)
    ink = SheetInk.from_palette(view.palette())
    w_cell = grab_cell(view, w_row, model.column_of(SheetColumn.TOTAL, "A"))
    rows = ink_rows(w_cell, ink.paper)
    # Under the double rule the W stands more than half the line's height.
    letter = [y for y in rows if y > w_cell.height() * 0.15]
    assert letter[-1] - letter[0] > w_cell.height() * 0.5
    empty = grab_cell(view, w_row, model.column_of(SheetColumn.TOTAL, "B"))
    assert inked(empty, ink.paper) < inked(w_cell, ink.paper) / 4


@pytest.mark.parametrize("code", ["en", "fa", "ru", "ko"])
def test_tie_is_spanned_across_the_teams(qtbot: QtBot, code: str) -> None:
    i18n.install(code)  # the tie's word in the language shown
    view = show(qtbot, evansville(*(made(side, 150) for side in "ABAB"), target=320))
    model = sheet(view)
    w_row = model.rowCount() - 1
    assert view.columnSpan(w_row, model.column_of(SheetColumn.MARK, "A")) == 4
    assert view.columnSpan(0, model.column_of(SheetColumn.MARK, "A")) == 1


def test_view_follows_refresh(qtbot: QtBot) -> None:
    game = evansville(made("A", 92), target=300)
    view = show(qtbot, game)
    model = sheet(view)
    game.push(made("A", 162, melds={"A": 70}))
    with qtbot.waitSignal(model.rowsInserted):
        model.refresh()
    assert model.rowCount() == 3
    assert view.rowHeight(2) > view.rowHeight(1)
    game.pop()
    model.refresh()
    assert model.rowCount() == 1
    # The row where the W stood is an ordinary hand's line again.
    game.push(made("B", 100))
    model.refresh()
    assert view.rowHeight(1) == view.rowHeight(0)
    assert not view.grab().isNull()


def test_cells_are_drawn_again_when_the_model_changes_them(qtbot: QtBot) -> None:
    """Each cell's picture is kept between repaints: a changed hand, a new dealer's name
    or a selected row must still show as it now is, as a freshly made view draws it."""
    view = show(qtbot, evansville(made("A", 92), made("B", 100), target=500))
    model = sheet(view)
    total, dealer = model.column_of(SheetColumn.TOTAL, "A"), model.column_of(SheetColumn.DEALER)
    before = grab_cell(view, 0, total), grab_cell(view, 1, dealer)
    model.refresh(evansville(made("A", 120), made("B", 100), target=500))
    model.set_players({"A1": "Zed", "B1": "Yolanda", "A2": "Xavier", "B2": "Walt"})
    after = grab_cell(view, 0, total), grab_cell(view, 1, dealer)
    assert after[0] != before[0]
    assert after[1] != before[1]
    fresh = show(qtbot, model.game)
    sheet(fresh).set_players({"A1": "Zed", "B1": "Yolanda", "A2": "Xavier", "B2": "Walt"})
    assert grab_cell(fresh, 0, total) == after[0]
    assert grab_cell(fresh, 1, dealer) == after[1]
    unselected = grab_cell(view, 1, total)
    view.selectRow(1)
    assert grab_cell(view, 1, total) != unselected


def test_scroll_to_bottom_shows_the_newest_hand(qtbot: QtBot) -> None:
    game = evansville(*(PassedHand() for _ in range(30)))
    view = show(qtbot, game, 600, 300)
    assert view.verticalScrollBar().maximum() > 0
    view.scrollToBottom()
    bar = view.verticalScrollBar()
    assert bar.value() == bar.maximum()
    last = view.visualRect(sheet(view).index(29, 0))
    assert view.viewport().rect().contains(last.center())


class _TextOnly(QIdentityProxyModel):
    """The sheet, but with every mark a plain number: XX would be typed as text."""

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        if role == SheetRole.MARK_KIND and index.column() in (4, 6):
            return "number"
        return super().data(index, role)


def test_turkey_tracks_are_drawn_not_typed(qtbot: QtBot) -> None:
    view = show(qtbot, finished_game())
    model = sheet(view)
    drawn = grab_cell(view, 0, model.column_of(SheetColumn.MARK, "A"))
    proxy = _TextOnly(view)
    proxy.setSourceModel(model)
    view.setModel(proxy)
    typed = grab_cell(view, 0, model.column_of(SheetColumn.MARK, "A"))
    assert drawn.size() == typed.size()
    ink = SheetInk.from_palette(view.palette())
    assert inked(drawn, ink.paper) > 100
    assert inked(typed, ink.paper) > 100
    differing = sum(
        drawn.pixelColor(x, y) != typed.pixelColor(x, y)
        for y in range(drawn.height())
        for x in range(drawn.width())
    )
    assert differing > inked(typed, ink.paper) / 2


def paint_cell(model: SheetModel, row: int, column: int, family: str) -> QImage:
    """One cell painted by the delegate alone, in a given font."""
    image = QImage(160, 64, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    option = QStyleOptionViewItem()
    option.rect = QRect(0, 0, 160, 64)
    font = QFont(family)
    font.setPixelSize(36)
    option.font = font
    option.palette = palette(False)
    option.state = QStyle.StateFlag.State_Enabled
    painter = QPainter(image)
    MarkDelegate().paint(painter, option, model.index(row, column))
    painter.end()
    return image


def test_marks_are_pen_strokes_whatever_the_font() -> None:
    """A typed XX or dash would change with the font; drawn ones do not."""
    families = [
        QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont).family(),
        QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont).family(),
    ]
    model = SheetModel(finished_game())
    a_mark, b_mark = model.column_of(SheetColumn.MARK, "A"), model.column_of(SheetColumn.MARK, "B")
    figure = [paint_cell(model, 0, b_mark, family) for family in families]
    if figure[0] == figure[1]:
        pytest.skip("only one font face is installed")
    tracks = [paint_cell(model, 0, a_mark, family) for family in families]
    dash = [paint_cell(model, 1, b_mark, family) for family in families]
    assert tracks[0] == tracks[1]
    assert dash[0] == dash[1]
    paper = SheetInk.from_palette(palette(False)).paper
    assert inked(tracks[0], paper) > inked(dash[0], paper) > 30


def test_passed_hand_leaves_its_marks_blank(qtbot: QtBot) -> None:
    view = show(qtbot, finished_game())
    model = sheet(view)
    ink = SheetInk.from_palette(view.palette())
    column = model.column_of(SheetColumn.MARK, "A")
    blank = grab_cell(view, 2, column)
    # No pen stroke, only the printout's small words saying why nothing is written.
    assert model.data(model.index(2, column), SheetRole.NOTE) == (ALL_PASSED,)
    assert model.data(model.index(2, column), SheetRole.MARK_KIND) == "blank"
    assert inked(blank, ink.paper) > blank.width()
