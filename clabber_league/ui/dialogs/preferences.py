"""Edit → Preferences: the window's language, and how it writes figures.

The choice is kept in the settings and applied at once: the window is built
again in the new language with the same game open (``MainWindow.relaunched``).
*System default* is kept as such (``i18n.SYSTEM_DEFAULT``), so the window follows the
system's language when that changes, rather than the one it meant the day it was chosen.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QWidget

from clabber_league.i18n import DIGIT_STYLES, LANGUAGES, N_, SYSTEM_DEFAULT, _, digit_style
from clabber_league.ui.widgets.layouts import named, ok_cancel

#: The ways of writing figures, as the chooser offers them.
_DIGIT_CHOICES = {
    "locale": N_("As the language writes them"),
    "latin": N_("Latin digits (0123)"),
    "persian": N_("Persian digits (۰۱۲۳)"),
}


class PreferencesDialog(QDialog):
    """The language the window speaks, by each language's own name, or the system's;
    ``language`` is the choice kept now (``ui.language.saved_language``)."""

    def __init__(self, parent: QWidget | None = None, language: str = SYSTEM_DEFAULT) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Preferences"))
        self.language_box = named(QComboBox(self), "language")
        self.language_box.addItem(_("System default"), SYSTEM_DEFAULT)
        for code, name in LANGUAGES.items():
            self.language_box.addItem(name, code)
        self.language_box.setCurrentIndex(max(0, self.language_box.findData(language)))
        self.digits_box = named(QComboBox(self), "digits")
        for style in DIGIT_STYLES:
            self.digits_box.addItem(_(_DIGIT_CHOICES[style]), style)
        self.digits_box.setCurrentIndex(self.digits_box.findData(digit_style()))
        self.digits_box.setToolTip(_("Persian is written with Persian digits unless you choose"))
        form = QFormLayout(self)
        form.addRow(_("&Language"), self.language_box)
        form.addRow(_("&Figures"), self.digits_box)
        form.addRow(ok_cancel(self))

    def language(self) -> str:
        """A language's code, or ``SYSTEM_DEFAULT``."""
        return str(self.language_box.currentData())

    def digits(self) -> str:
        return str(self.digits_box.currentData())
