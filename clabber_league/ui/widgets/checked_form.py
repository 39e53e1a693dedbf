"""The parts shared by the forms that check what is typed as it is typed (New
tournament, New knockout): a box of lines, one entry a line, and the label under the
fields that says what is wrong."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QWidget

from clabber_league.ui.tones import Tone, tone_style
from clabber_league.ui.widgets.layouts import named


def lines_box(parent: QWidget, name: str, placeholder: str) -> QPlainTextEdit:
    """A box of lines (names, teams) that Tab leaves, as the form's other fields."""
    box = named(QPlainTextEdit(parent), name)
    box.setPlaceholderText(placeholder)
    box.setTabChangesFocus(True)
    # The lines start at the reading edge: a plain text box keeps its lines at the left
    # in a right-to-left window, whatever their letters.
    if parent.layoutDirection() == Qt.LayoutDirection.RightToLeft:
        option = box.document().defaultTextOption()
        option.setAlignment(Qt.AlignmentFlag.AlignRight)
        box.document().setDefaultTextOption(option)
    return box


def problems_label(parent: QWidget, name: str) -> QLabel:
    """What is wrong, in the error's tone, wrapped: the form says it under its fields."""
    label = named(QLabel(parent), name)
    label.setWordWrap(True)
    label.setStyleSheet(f"{tone_style(Tone.ERROR, parent.palette())} padding: 2px;")
    return label
