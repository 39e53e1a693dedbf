"""The window's ear on the league night: a Qt signal for every change the service makes or
notices, so the sheet and the league panel follow the phones without polling.

The service calls its listeners from its own threads; a signal emitted there
reaches slots of objects living in the GUI thread through Qt's queued
connection, so no widget is ever touched from a server thread.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from clabber_league.night.server import NightServer
from clabber_league.night.service import TableChange


class NightSignals(QObject):
    """``tableChanged(match, version)``: a match of the night is now at ``version``."""

    tableChanged = Signal(int, int)  # noqa: N815 -- Qt's naming

    def follow(self, server: NightServer) -> None:
        """Emit ``tableChanged`` for every change of ``server``'s night."""
        server.add_listener(self._changed)

    def _changed(self, change: TableChange) -> None:
        self.tableChanged.emit(change.match, change.version)
