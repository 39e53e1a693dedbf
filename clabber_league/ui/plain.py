"""Text from data shown exactly as typed, never read as Qt rich text.

QLabel, QMessageBox, QInputDialog and tooltips guess that text starting with a
tag is HTML (``Qt.mightBeRichText``), and QtCharts' titles and legends always
read HTML; so a team called ``<img src="/home/…/photo.png">`` would show a
picture and one called ``<b>Owls`` a bold word. Hence:

- a label that shows data is plain text (``plain_label``);
- text from data given to a message box, a question, an input dialog's
  label or a tooltip goes through ``shown``, which leaves ordinary text as it
  is and turns anything Qt would take for HTML into HTML that shows it as typed;
- rich text of our own that holds data (the meld calculator's summary, a chart's
  title and legend) escapes each piece of data in it (``escaped``);
- a label that names a field (its buddy) reads ``&`` as the shortcut mark, so
  data there doubles it (``literal_ampersands``).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as TextQt
from PySide6.QtWidgets import QLabel


def escaped(text: str) -> str:
    """``text`` for a place in rich text: ``<``, ``>``, ``&`` and quotes shown as themselves."""
    return html.escape(text, quote=True)


def shown(text: str) -> str:
    """``text`` for a widget that guesses its format (a message box, a tooltip): shown
    exactly as typed, whatever it holds."""
    if not TextQt.mightBeRichText(text):
        return text
    return TextQt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)


def plain_label(label: QLabel) -> QLabel:
    """``label``, showing its text as plain text from now on."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def literal_ampersands(text: str) -> str:
    """``text`` for a label with a buddy, where ``&`` marks the shortcut letter: shown as
    typed ("Smith & Sons"), with no shortcut taken from it."""
    return text.replace("&", "&&")
