"""The main window opens with its menus (the scoresheet arrives with the next issue)."""

from pytestqt.qtbot import QtBot

from clabber_league import APP_NAME
from clabber_league.ui.main_window import MainWindow


def test_main_window_opens_with_its_menus(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.windowTitle() == APP_NAME
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&File", "&Edit", "&View", "&Help"]
