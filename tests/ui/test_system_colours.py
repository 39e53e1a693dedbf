"""The window follows the system's colours: under a dark palette the entry panel, its
messages, the meld calculator, the dialogs' notes and the charts are drawn dark with
light words; nothing paints a fixed light box (``ui/tones.py``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from clabber_league.gamesheet import read_game
from clabber_league.rules import Game, Suit, rule_set
from clabber_league.ui.league.charts import score_race_chart, standings_chart
from clabber_league.ui.tones import Tone, is_dark, text_colour, tone_colours
from clabber_league.ui.widgets.entry_panel import EntryPanel

from .league.helpers import game_document
from .test_entry_panel import open_panel, type_keys
from .test_meld_calculator import button, calculator

ROLES = {
    QPalette.ColorRole.Window: "#2b2d31",
    QPalette.ColorRole.WindowText: "#e8e8e8",
    QPalette.ColorRole.Base: "#1e1f22",
    QPalette.ColorRole.AlternateBase: "#26282c",
    QPalette.ColorRole.Text: "#e8e8e8",
    QPalette.ColorRole.Button: "#33363b",
    QPalette.ColorRole.ButtonText: "#e8e8e8",
    QPalette.ColorRole.Highlight: "#3d6fb4",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.PlaceholderText: "#9aa0a6",
    QPalette.ColorRole.ToolTipBase: "#33363b",
    QPalette.ColorRole.ToolTipText: "#e8e8e8",
    QPalette.ColorRole.Light: "#45484e",
    QPalette.ColorRole.Midlight: "#3a3d42",
    QPalette.ColorRole.Mid: "#50545a",
    QPalette.ColorRole.Dark: "#18191b",
    QPalette.ColorRole.Shadow: "#000000",
}


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in ROLES.items():
        palette.setColor(role, QColor(colour))
    return palette


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[QPalette]:
    """The application in a dark palette, as a dark desktop gives it, for one test."""
    before = QApplication.palette()
    palette = dark_palette()
    QApplication.setPalette(palette)
    yield palette
    QApplication.setPalette(before)


def brightness(widget: QWidget) -> float:
    """The mean lightness of what ``widget`` draws, from 0 (black) to 1 (white)."""
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_Grayscale8)
    width, height = image.width(), image.height()
    row = image.bytesPerLine()
    data = bytes(image.constBits())
    total = sum(sum(data[y * row : y * row + width]) for y in range(height))
    return total / (width * height * 255)


def shown_message(panel: EntryPanel) -> QLabel:
    label = panel.findChild(QLabel, "message")
    assert label is not None
    QApplication.processEvents()
    return label


def test_the_tones_are_dark_grounds_with_light_words_in_a_dark_palette(dark: QPalette) -> None:
    assert is_dark(dark)
    for tone in (Tone.ERROR, Tone.GOOD, Tone.WARNING):
        colours = tone_colours(tone, dark)
        assert QColor(colours.background).lightness() < 90, tone
        assert QColor(colours.text).lightness() > 150, tone
    assert text_colour(Tone.QUIET, dark) == dark.color(QPalette.ColorRole.PlaceholderText)


def test_the_entry_panel_and_its_messages_are_dark(qtbot: QtBot, dark: QPalette) -> None:
    panel = open_panel(qtbot, Game(rule_set(), ["Eagles", "Owls"]))
    assert brightness(panel) < 0.3
    for keys, tone in (
        (("A", Qt.Key.Key_Tab, "92"), Tone.GOOD),  # the preview
        (("1",), Tone.ERROR),  # 921 trick points: a mistake
    ):
        type_keys(*keys)
        label = shown_message(panel)
        assert brightness(label) < 0.35, tone
        assert tone_colours(tone, dark).background in label.styleSheet()


def test_the_message_follows_a_switch_between_light_and_dark(qtbot: QtBot) -> None:
    panel = open_panel(qtbot, Game(rule_set(), ["Eagles", "Owls"]))
    type_keys("A", Qt.Key.Key_Tab, "921")
    light = brightness(shown_message(panel))
    before = QApplication.palette()
    QApplication.setPalette(dark_palette())
    try:
        assert brightness(shown_message(panel)) < light - 0.3
    finally:
        QApplication.setPalette(before)


def test_the_meld_calculators_shown_cards_are_dark(qtbot: QtBot, dark: QPalette) -> None:
    dialog = calculator(qtbot, Suit.HEARTS, [("A1", "JH 9H")])
    dialog.show()
    qtbot.waitExposed(dialog)
    assert brightness(dialog) < 0.3
    assert brightness(button(dialog, "A1", "JH")) < 0.35


def test_the_charts_take_the_dark_palette(qtbot: QtBot, dark: QPalette) -> None:
    game = read_game(game_document("Eagles", "Owls")).game()
    for view in (score_race_chart(game), standings_chart({"Eagles": [(1, 0.5), (2, 0.75)]})):
        qtbot.addWidget(view)
        view.resize(400, 300)
        view.show()
        qtbot.waitExposed(view)
        chart = view.chart()
        assert chart.backgroundBrush().color() == dark.color(QPalette.ColorRole.Base)
        assert chart.titleBrush().color().lightness() > 150
        assert brightness(view) < 0.3
