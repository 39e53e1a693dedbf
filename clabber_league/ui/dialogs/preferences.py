"""Edit → Preferences: the window's language.

The choice is kept in the settings and applied at once: the window is built
again in the new language with the same game open (``MainWindow.relaunched``).
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QWidget

from clabber_league.i18n import LANGUAGES, _, current


class PreferencesDialog(QDialog):
    """The language the window speaks, by each language's own name."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Preferences"))
        self.language_box = QComboBox(self)
        self.language_box.setObjectName("language")
        for code, name in LANGUAGES.items():
            self.language_box.addItem(name, code)
        self.language_box.setCurrentIndex(self.language_box.findData(current()))
        form = QFormLayout(self)
        form.addRow(_("&Language"), self.language_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def language(self) -> str:
        return str(self.language_box.currentData())
