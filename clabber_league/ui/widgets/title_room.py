"""Room in a small dialog's title bar for its whole title.

A dialog of a few short fields ("Rounds", a date) is narrower than its title
("Generate schedule", "Составить расписание"), and the window manager cuts the
title to "Составить… сп". The title bar's font and buttons are the window
manager's, not ours: the room asked for is the title in a bold font the
size of the window's, and room for the bar's icon and buttons.
"""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QWidget

#: The title bar's own room, in pixels: the window's icon and its close, maximise and
#: minimise buttons, with the bar's margins (about 30 pixels each on common desktops).
TITLE_BAR_BUTTONS = 150


def title_width(window: QWidget) -> int:
    """The width ``window`` needs for its title bar to show the title whole."""
    font = window.font()
    font.setBold(True)
    return QFontMetrics(font).horizontalAdvance(window.windowTitle()) + TITLE_BAR_BUTTONS


def room_for_title(window: QWidget) -> None:
    """Make ``window`` no narrower than its title needs (call once its title is set)."""
    window.setMinimumWidth(max(window.minimumWidth(), title_width(window)))
