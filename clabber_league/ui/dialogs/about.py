"""Help → About: the app's name and version, its licence (MIT) and the third-party
notices of the libraries it runs on (``clabber_league.notices``)."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clabber_league import APP_NAME, __version__
from clabber_league.i18n import _, fill
from clabber_league.notices import app_licence, third_party_notices
from clabber_league.ui.widgets.layouts import named


def _text_page(text: str, parent: QWidget, name: str) -> QPlainTextEdit:
    """A licence as its authors laid it out: fixed-width, read-only, not wrapped."""
    page = named(QPlainTextEdit(text, parent), name)
    page.setReadOnly(True)
    page.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    page.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    return page


class AboutDialog(QDialog):
    """What the app is, its version, and the licences it and its libraries are under."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(fill(_("About {app_name}"), app_name=APP_NAME))
        self.resize(680, 520)
        heading = named(
            QLabel(
                _(
                    "<b>{app_name}</b> {version}<br>Scoresheets, leagues and standings "
                    "for Clabber, the Evansville card game."
                ).format(app_name=APP_NAME, version=__version__),
                self,
            ),
            "heading",
        )
        summary = QLabel(
            _(
                "Free software under the MIT licence. It runs on libraries under their own "
                "licences, among them Qt and PySide6 (LGPL): their notices are below."
            ),
            self,
        )
        summary.setWordWrap(True)
        self.tabs = named(QTabWidget(self), "licences")
        self.tabs.addTab(_text_page(app_licence(), self, "licence"), _("Licence"))
        self.tabs.addTab(
            _text_page(third_party_notices(), self, "notices"), _("Third-party notices")
        )
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(summary)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
