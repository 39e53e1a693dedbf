"""The Generate schedule dialog is wide enough for its whole title, in every language
(issue 26, item 4)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetrics
from pytestqt.qtbot import QtBot

from clabber_league.ui.language import apply_language
from clabber_league.ui.league.dialogs import ScheduleDialog
from clabber_league.ui.widgets.title_room import TITLE_BAR_BUTTONS


@pytest.mark.parametrize("divisions", [False, True])
@pytest.mark.parametrize("code", ["en", "fa", "ru", "ko"])
def test_the_schedule_dialog_has_room_for_its_title(
    qtbot: QtBot, code: str, divisions: bool
) -> None:
    apply_language(code)
    dialog = ScheduleDialog(divisions=divisions)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    font = dialog.font()
    font.setBold(True)
    title = QFontMetrics(font).horizontalAdvance(dialog.windowTitle())
    assert dialog.width() >= title + TITLE_BAR_BUTTONS
    # Still no wider than it needs: the fields or the title, whichever is wider.
    layout = dialog.layout()
    assert layout is not None
    assert dialog.width() <= max(layout.sizeHint().width(), title + TITLE_BAR_BUTTONS)
