"""File → League night… and View → Scoreboard: the window's league night, served from
inside the app (no second process) on the window's own database.

The window owns one ``NightActions``; it holds the running service, if any, and
stops the service when the window closes. What the service writes reaches the
window as any other change does (``ui.changes``).

The window makes its ``NightActions`` at start, but the night itself (its server,
the table cards' ReportLab, the dialog and the scoreboard) loads when the night is
first opened: loaded with the window, it and the Print menu's documents were a
fifth of the start (``docs/architecture.md``, "Speed techniques kept").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction

from clabber_league.i18n import _
from clabber_league.store.errors import StoreError

if TYPE_CHECKING:
    from clabber_league.night.server import NightServer, NightSettings
    from clabber_league.night.signals import NightSignals
    from clabber_league.ui.main_window import MainWindow
    from clabber_league.ui.night.dialog import LeagueNightDialog
    from clabber_league.ui.night.scoreboard import ScoreboardWindow


class NightStartError(Exception):
    """The night could not start; the message says why in one line."""


class NightActions(QObject):
    """The window's league night: its two menu actions and the service they run."""

    running_changed = Signal(bool)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self.server: NightServer | None = None
        self.signals: NightSignals | None = None
        self.dialog: LeagueNightDialog | None = None
        """The League night dialog, once it has been opened."""
        self.scoreboard: ScoreboardWindow | None = None
        """The scoreboard window while it is open."""
        self.dialog_action = QAction(_("League &night…"), window)
        self.dialog_action.setToolTip(
            _("Serve tonight's tables: each keeps its sheet on a phone, the board shows them all")
        )
        self.dialog_action.triggered.connect(self.open_dialog)
        self.scoreboard_action = QAction(_("&Scoreboard"), window)
        self.scoreboard_action.setToolTip(
            _("Every table and the standings, live, in a window for a second screen")
        )
        self.scoreboard_action.triggered.connect(self.open_scoreboard)
        self.update_actions()

    @property
    def running(self) -> bool:
        return self.server is not None and self.server.running

    def update_actions(self) -> None:
        self.dialog_action.setEnabled(self._window.database is not None)
        self.scoreboard_action.setEnabled(self.running)

    def follow_database(self) -> None:
        """The window opened another database: the dialog plans tonight from it. (Another
        league file is never opened while a night is served from this one.)"""
        if self.dialog is not None:
            self.dialog.set_database(self._window.database)
        self.update_actions()

    # ---------------------------------------------------------------- the service
    def start(self, settings: NightSettings) -> None:
        """Serve the night of ``settings`` (raises ``NightStartError``, starting nothing)."""
        from clabber_league.night.links import LinkError  # noqa: PLC0415 -- see the module's doc
        from clabber_league.night.server import NightServer, ServerError  # noqa: PLC0415
        from clabber_league.night.signals import NightSignals  # noqa: PLC0415

        database = self._window.database
        if database is None:
            raise NightStartError(_("open a league database first"))
        self.stop()
        try:
            server = NightServer(database, settings)
            server.start()
        except StoreError as exc:
            raise NightStartError(exc.message) from None
        except LinkError as exc:
            raise NightStartError(_("the public address: {exc}").format(exc=exc)) from None
        except ServerError as exc:
            raise NightStartError(str(exc)) from None
        signals = NightSignals(self)
        signals.follow(server)
        self.server, self.signals = server, signals
        self.update_actions()
        self.running_changed.emit(True)

    def stop(self) -> None:
        """Stop the service (the requests in flight are finished first); the links stay
        valid until the night is closed, so the phones carry on after a restart."""
        server, signals = self.server, self.signals
        if server is None:
            return
        self.server = self.signals = None
        if self.scoreboard is not None:
            self.scoreboard.close()
        server.stop()
        if signals is not None:
            signals.deleteLater()
        self.update_actions()
        self.running_changed.emit(False)

    def board(self) -> dict[str, Any]:
        """The board as the phones' board page reads it (``GET /api/board``)."""
        server = self.server
        if server is None or server.links is None:
            raise NightStartError(_("no league night is being served"))
        return server.service.board(server.links.board.token)

    # ---------------------------------------------------------------- windows
    def open_dialog(self) -> None:
        from clabber_league.ui.night.dialog import LeagueNightDialog  # noqa: PLC0415 -- as start

        if self.dialog is None:
            dialog = LeagueNightDialog(self, self._window.database, self._window)
            self.running_changed.connect(lambda _running: dialog.show_state())
            self.dialog = dialog
        self.dialog.show()
        self.dialog.activateWindow()

    def open_scoreboard(self) -> None:
        if not self.running or self.signals is None:
            return
        from clabber_league.ui.night.scoreboard import ScoreboardWindow  # noqa: PLC0415 -- as start

        if self.scoreboard is None:
            self.scoreboard = ScoreboardWindow(self.board, self.signals)
            self.scoreboard.destroyed.connect(self._scoreboard_gone)
        self.scoreboard.show()

    def _scoreboard_gone(self) -> None:
        self.scoreboard = None
