"""The main window. For now a shell with the menus; the scoresheet fills it next."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QWidget

from clabber_league import APP_NAME, __version__


class MainWindow(QMainWindow):
    """The Clabber League window."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(APP_NAME)
        self.resize(900, 640)
        welcome = QLabel(
            f"<h1>{APP_NAME}</h1>"
            "<p>The digital Clabber scoresheet is on its way.<br>"
            "Until then, check a game sheet from the command line:<br>"
            "<code>clabber-league score game.json</code></p>"
        )
        welcome.setAlignment(Qt.AlignmentFlag.AlignCenter)
        welcome.setObjectName("welcome")
        self.setCentralWidget(welcome)
        self._build_menus()

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        help_menu = self.menuBar().addMenu("&Help")
        about = QAction(f"&About {APP_NAME}", self)
        about.triggered.connect(self._about)
        help_menu.addAction(about)

    def _about(self) -> None:
        QMessageBox.about(
            self,
            f"About {APP_NAME}",
            f"<b>{APP_NAME}</b> {__version__}<br>"
            "Scoresheets, leagues and standings for Clabber, the Evansville card game.",
        )
