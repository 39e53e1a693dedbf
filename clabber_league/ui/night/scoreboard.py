"""View → Scoreboard: the league night's board in a window of its own, for a second
screen or a television on the desk's computer.

It shows what the board page shows (every table's totals, hands, who deals, the W,
and the standings as if the night ended now), read from the same service function
(``NightActions.board``), and reads it again whenever the service tells the window
of a change: a signal, never a poll; the reading is done off the GUI thread, so the
secretary's sheet never waits for it. F11 toggles full screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import N_, _, fill, ngettext

#: Changes that arrive together (a whole night's first hands) are read once.
from clabber_league.night.service import NightError
from clabber_league.night.signals import NightSignals
from clabber_league.store.errors import StoreError
from clabber_league.ui.key_sequences import full_screen_keys
from clabber_league.ui.league.workers import Task
from clabber_league.ui.plain import plain_label
from clabber_league.ui.widgets.elided_label import ElidedLabel
from clabber_league.ui.widgets.layouts import clear_layout, named

_GATHER_MS = 120
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
STANDINGS_COLUMNS = (
    ("#", "rank"),
    (N_("Team"), "team"),
    (N_("GP"), "gp"),
    (N_("W"), "w"),
    (N_("L"), "l"),
    (N_("T"), "t"),
    (N_("Pct"), "pct"),
    (N_("Diff"), "diff"),
)
_STYLE = """
QWidget#scoreboard {{ background: #10161f; }}
QWidget#scoreboard QLabel {{ color: #f3f5f7; }}
QLabel#night {{ font-size: {heading}px; font-weight: 700; }}
QLabel#state {{ font-size: {small}px; color: #b9c3cf; }}
QFrame#tile {{ background: #1c2633; border-radius: 8px; border: 2px solid #1c2633; }}
QFrame#tile[finished="true"] {{ border-color: #ffd54a; }}
QLabel#tile_number {{ font-size: {small}px; font-weight: 800; }}
QLabel#tile_info {{ font-size: {small}px; color: #b9c3cf; }}
QLabel#side_name {{ font-size: {name}px; font-weight: 600; }}
QLabel#side_total {{ font-size: {total}px; font-weight: 800; }}
QLabel#w {{ font-size: {total}px; font-weight: 900; color: #ffd54a; }}
QLabel#standings_title {{ font-size: {small}px; color: #b9c3cf; }}
QTableWidget#standings {{
    background: #10161f; color: #f3f5f7; font-size: {name}px; border: none;
    gridline-color: #3a4858;
}}
QHeaderView::section {{
    background: #10161f; color: #b9c3cf; font-size: {small}px; border: none; padding: 4px;
}}
"""


class ScoreboardWindow(QWidget):
    """Every table and the standings, in type sized for the far side of the room."""

    def __init__(
        self,
        board: Callable[[], dict[str, Any]],
        signals: NightSignals,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("scoreboard")
        self.setWindowTitle(_("Scoreboard"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.resize(1280, 720)
        self._board = board
        self._reading: Task | None = None
        self._again = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(_GATHER_MS)
        self._timer.timeout.connect(self.refresh)
        signals.tableChanged.connect(lambda _match, _version: self._timer.start())

        self.night = named(plain_label(QLabel(self)), "night")
        self.state = named(plain_label(QLabel(self)), "state")
        top = QHBoxLayout()
        top.addWidget(self.night, 1)
        top.addWidget(self.state)

        self.tables = QGridLayout()
        self.tables.setSpacing(12)
        tables_box = QVBoxLayout()
        tables_box.addLayout(self.tables)
        tables_box.addStretch(1)

        standings_box = self._build_standings()

        middle = QHBoxLayout()
        middle.addLayout(tables_box, 2)
        middle.addLayout(standings_box, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 12, 20, 12)
        layout.addLayout(top)
        layout.addLayout(middle, 1)

        for keys in full_screen_keys():
            full_screen = QShortcut(keys, self)
            full_screen.activated.connect(self.toggle_full_screen)
        leave = QShortcut(QKeySequence("Esc"), self)
        leave.activated.connect(self.showNormal)
        self._scale()
        self.refresh()

    def _build_standings(self) -> QVBoxLayout:
        title = plain_label(QLabel(_("Standings if the night ended now"), self))
        title.setObjectName("standings_title")
        self.standings = named(QTableWidget(0, len(STANDINGS_COLUMNS), self), "standings")
        self.standings.setHorizontalHeaderLabels(
            [_(heading) for heading, _key in STANDINGS_COLUMNS]
        )
        self.standings.verticalHeader().hide()
        self.standings.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.standings.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.standings.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.standings.setShowGrid(False)
        header = self.standings.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        box = QVBoxLayout()
        box.addWidget(title)
        box.addWidget(self.standings, 1)
        return box

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    # ---------------------------------------------------------------- reading
    def refresh(self) -> None:
        """Read the board again, off the GUI thread (a dozen tables and the standings take
        a moment), and show it when read; changes meanwhile make one more read."""
        if self._reading is not None:
            self._again = True
            return
        task = Task(lambda _progress: self._board(), self)
        task.finished.connect(lambda: self._read(task))
        self._reading = task
        task.start()

    def _read(self, task: Task) -> None:
        self._reading = None
        task.deleteLater()
        error = task.error
        if isinstance(error, StoreError):
            self.state.setText(
                _("The board could not be read: {message}").format(message=error.message)
            )
        elif isinstance(error, NightError):
            self.state.setText(_("The night is closed"))
        elif error is not None:
            raise error
        else:
            board = task.result
            assert isinstance(board, dict)
            self.night.setText(
                fill(_("{season}, week {week}"), season=board["season"], week=board["week"])
            )
            self.state.setText(_("Live · F11: full screen"))
            self._show_tables(board["tables"])
            self._show_standings(board["standings"])
        if self._again:
            self._again = False
            self.refresh()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 -- Qt's name
        if self._reading is not None:
            self._reading.wait()
        super().closeEvent(event)

    def _show_tables(self, tables: list[dict[str, Any]]) -> None:
        clear_layout(self.tables)
        columns = 3 if len(tables) <= 12 else 4 if len(tables) <= 20 else 5
        for index, table in enumerate(tables):
            self.tables.addWidget(self._tile(table), index // columns, index % columns)
        if not tables:
            self.tables.addWidget(plain_label(QLabel(_("No tables tonight."), self)), 0, 0)

    def _tile(self, table: dict[str, Any]) -> QFrame:
        tile = named(QFrame(self), "tile")
        tile.setProperty("finished", bool(table["finished"]))
        tile.setProperty("table", table["table"])
        grid = QGridLayout(tile)
        grid.setContentsMargins(12, 8, 12, 8)
        number = plain_label(QLabel(fill(_("Table {table}"), table=table["table"]), tile))
        number.setObjectName("tile_number")
        hands = int(table["hands"])
        info = [ngettext("{count} hand", "{count} hands", hands).format(count=hands)]
        dealer = table.get("dealer_name") or table.get("dealer")
        if dealer and not table["finished"]:
            info.append(_("deals: {dealer}").format(dealer=dealer))
        details = named(ElidedLabel(" · ".join(info), tile), "tile_info")
        details.setAlignment(Qt.AlignmentFlag.AlignRight)
        grid.addWidget(number, 0, 0)
        grid.addWidget(details, 0, 1, 1, 2)
        for row, (side, name) in enumerate(zip("AB", table["sides"], strict=False), start=1):
            label = named(ElidedLabel(name, tile), "side_name")
            grid.addWidget(label, row, 0)
            if table["finished"] and table["winner"] == side:
                w = named(plain_label(QLabel("W", tile)), "w")
                w.setAccessibleName("won")
                grid.addWidget(w, row, 1)
            total = plain_label(QLabel(str(table["totals"].get(side, 0)), tile))
            total.setObjectName("side_total")
            total.setAlignment(_RIGHT)
            grid.addWidget(total, row, 2)
        if table["finished"] and table["winner"] == "tie":
            grid.addWidget(plain_label(QLabel(_("A tie"), tile)), 3, 0, 1, 3)
        grid.setColumnStretch(0, 1)
        return tile

    def _show_standings(self, rows: list[dict[str, Any]]) -> None:
        self.standings.setRowCount(len(rows))
        for line, row in enumerate(rows):
            for column, (_heading, key) in enumerate(STANDINGS_COLUMNS):
                value = row[key]
                if key == "pct":
                    text = f"{value:.3f}".removeprefix("0")
                elif key == "diff":
                    text = f"{value:+d}" if value else "0"
                else:
                    text = str(value)
                item = QTableWidgetItem(text)
                if key != "team":
                    item.setTextAlignment(_RIGHT)
                self.standings.setItem(line, column, item)

    # ---------------------------------------------------------------- size
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 -- Qt's name
        super().resizeEvent(event)
        self._scale()

    def _scale(self) -> None:
        """Type in proportion to the window: a 1080-line screen gets 56-pixel totals."""
        unit = max(self.height(), 360) / 1080
        sizes = {"heading": 44, "small": 22, "name": 30, "total": 56}
        self.setStyleSheet(_STYLE.format(**{key: round(px * unit) for key, px in sizes.items()}))
