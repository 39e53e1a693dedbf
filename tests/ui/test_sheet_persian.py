"""The sheet and the Open game list in Persian: right to left, in Persian digits, the
hand-drawn marks beside the figures they go with."""

import itertools
from collections.abc import Iterator
from datetime import datetime

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter
from PySide6.QtWidgets import QApplication, QListWidget, QStyle, QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from clabber_league import i18n
from clabber_league.rules import PlayedHand, rule_set
from clabber_league.rules.sheet import Note, NoteKind
from clabber_league.store.database import Database
from clabber_league.store.games import GameSummary, create_game
from clabber_league.ui.dialogs.open_game import OpenGameDialog
from clabber_league.ui.language import apply_language
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.models.sheet_model import SheetColumn, SheetModel
from clabber_league.ui.widgets.elided_label import ElidedLabel
from clabber_league.ui.widgets.sheet_view import MarkDelegate, SheetInk, note_text
from tests.ui.test_sheet_view import finished_game, inked, palette

WIDTH, HEIGHT = 200, 64


@pytest.fixture
def persian(qapp: QApplication) -> Iterator[None]:
    apply_language("fa")
    yield
    apply_language(i18n.SOURCE)


def painted(model: SheetModel, row: int, column: int, direction: Qt.LayoutDirection) -> QImage:
    """One cell as the delegate paints it, laid out ``direction``."""
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    option = QStyleOptionViewItem()
    option.rect = QRect(0, 0, WIDTH, HEIGHT)
    font = QFont()
    font.setPixelSize(32)
    option.font = font
    option.palette = palette(False)
    option.state = QStyle.StateFlag.State_Enabled
    option.direction = direction
    painter = QPainter(image)
    MarkDelegate().paint(painter, option, model.index(row, column))
    painter.end()
    return image


def ink_columns(image: QImage, rows: range) -> range:
    """The first to the last column of pixels with ink in ``rows`` (the printed rules at the
    cell's edges and bottom left out)."""
    paper = SheetInk.from_palette(palette(False)).paper
    xs = [
        x
        for x in range(4, image.width() - 4)
        if any(inked(image.copy(x, y, 1, 1), paper) for y in rows)
    ]
    return range(min(xs), max(xs) + 1) if xs else range(0)


def ink_lines(image: QImage) -> list[int]:
    paper = SheetInk.from_palette(palette(False)).paper
    return [y for y in range(image.height() - 3) if inked(image.copy(4, y, WIDTH - 8, 1), paper)]


@pytest.mark.parametrize(
    "direction", [Qt.LayoutDirection.LeftToRight, Qt.LayoutDirection.RightToLeft]
)
def test_the_running_total_is_underlined_under_its_figure(
    qapp: QApplication, direction: Qt.LayoutDirection
) -> None:
    model = SheetModel(finished_game())
    image = painted(model, 1, model.column_of(SheetColumn.TOTAL, "B"), direction)  # 42
    lines = ink_lines(image)
    # The underline is the lowest ink; the figure stands above it, a gap between.
    gap = max(y for y, below in itertools.pairwise(lines) if below - y > 1)
    figure = ink_columns(image, range(lines[0], gap + 1))
    underline = ink_columns(image, range(gap + 2, lines[-1] + 1))
    assert figure
    assert underline
    assert underline.start <= figure.start + 2
    assert figure.stop <= underline.stop + 2
    # At the column's end, as the printed sheet writes it: its left, right to left.
    at_left = figure.start < WIDTH / 2
    assert at_left == (direction == Qt.LayoutDirection.RightToLeft)


def test_turkey_tracks_go_where_the_figures_do_right_to_left(qapp: QApplication) -> None:
    model = SheetModel(finished_game())
    column = model.column_of(SheetColumn.MARK, "A")
    image = painted(model, 0, column, Qt.LayoutDirection.RightToLeft)  # XX
    tracks = ink_columns(image, range(12, HEIGHT - 8))
    assert tracks.stop < WIDTH / 2


def test_the_notes_are_written_in_persian_digits(persian: None) -> None:
    metrics = QFontMetricsF(QFont())
    melds = (Note(NoteKind.MELDS, 50), Note(NoteKind.BELL))
    assert note_text(melds, metrics, 1000) == "ترکیب ۵۰ · بل"
    assert "۵۰" in note_text(melds, metrics, 5)
    assert not any(digit in note_text(melds, metrics, 1000) for digit in "0123456789")


def summary(number: int) -> GameSummary:
    return GameSummary(
        number, ("Eagles", "Owls"), (512, 300), 6, "A", datetime(2026, 12, number, 21, 14), None
    )


def test_open_game_runs_right_to_left_in_persian_digits(qtbot: QtBot, persian: None) -> None:
    dialog = OpenGameDialog([summary(1), summary(2)])
    qtbot.addWidget(dialog)
    games = dialog.findChild(QListWidget, "games")
    assert games is not None
    assert games.layoutDirection() == Qt.LayoutDirection.RightToLeft
    assert dialog.shown()[1].endswith("۲۰۲۶-۱۲-۰۲ ۲۱:۱۴")
    # The score is not isolated as a whole (that would run it left to right): only its
    # names are, so it reads from the right like the rest of the line.
    opened, _name, closed = dialog.shown()[0].removeprefix("#۱  ").partition("Eagles")
    assert opened.count(i18n.FIRST_STRONG_ISOLATE) == closed.index(" ۵۱۲ – ")
    # Either kind of digit finds a game.
    dialog.search.setText("12-02")
    assert dialog.game_id() == 2
    dialog.search.setText("۱۲-۰۱")
    assert dialog.game_id() == 1


def test_the_headings_over_the_sheet_and_the_entry_are_in_persian_digits(
    qtbot: QtBot, persian: None, database: Database, settings: QSettings
) -> None:
    window = MainWindow(database, settings)
    qtbot.addWidget(window)
    recorder = create_game(database, rule_set("evansville"), ["Eagles", "Owls"])
    recorder.record(PlayedHand("A", {"A": 92}))
    window.show_recorder(recorder)
    assert "۵۰۰" in window.heading.text()
    assert "۲" in window.heading_state.text()
    assert not any(digit in window.heading_state.text() for digit in "0123456789")
    header = window.entry_panel.findChild(ElidedLabel, "header")
    assert header is not None
    assert "۲" in header.text()  # hand 2 (its dealer has a seat code: "B1")
    assert "2" not in header.text()
