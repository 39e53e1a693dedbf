"""What the scorekeeper feels: a hand keyed into a real ``MainWindow``, and quitting it.

The window holds a season of 100 teams with 1,000 to 300,000 games (``league_bench``),
the league panel open on its Standings tab. A match is keyed in and its paper sheet
copied at the keyboard through ``QTest``. Each hand is timed twice from the Enter that
records it: until the window has painted the frame that shows its row on the sheet (with
the W, the totals and the heading), and until the window is idle again, having done
what it leaves for after that frame too (the league panel's match row, the status
line, starting the season's read). The standings a game's last hand changes are read
on a worker thread and land later still: timed from the frame that showed the hand to
the standings shown. The floor is the same window and the same keystrokes with the
season's teams and schedule but no games stored: what a hand costs when the season
costs nothing. Last, a match postponed by another station (its own connection, as
another process has) is timed until the open window's schedule shows it.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QEventLoop, QObject, QSettings, Qt
from PySide6.QtGui import QPaintEvent, QRegion
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QMainWindow

from benchmarks.league_bench import SIZES, copy_of
from benchmarks.timing import report
from clabber_league.store.database import Database
from clabber_league.store.league import POSTPONED, TO_PLAY, set_match_status
from clabber_league.ui.changes import POLL_MS
from clabber_league.ui.main_window import MainWindow
from tests.ui.league.helpers import NIGHT

GAMES_KEYED = 6
POSTPONED_ELSEWHERE = 3


def bench_window() -> None:
    if QApplication.instance() is None:
        QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLABBER_LEAGUE_DATA"] = str(Path(folder) / "data")
        empty = _hands_in_window(copy_of(0, Path(folder)), Path(folder))
        quit_floor = _bare_close()
        for games in SIZES:
            timed = _hands_in_window(copy_of(games, Path(folder)), Path(folder))
            for kind, within in (("a hand", 16), ("the hand that ends a game", 50)):
                report(
                    f"window: {kind}, {games:,} games",
                    timed[kind],
                    empty[kind],
                    "same, no games stored",
                    target=f"≤ {within} ms" + (", ratio ≤ 1.5" if within == 16 else ""),
                )
                report(
                    f"window: {kind}, until idle, {games:,} games",
                    timed[f"{kind}, until idle"],
                    empty[f"{kind}, until idle"],
                    "same, no games stored",
                    target="ratio ≤ 1.5",
                )
            report(
                f"window: the standings after the game's last hand is shown, {games:,} games",
                timed["standings"],
                empty["standings"],
                "same, no games stored",
                target="≤ 250 ms",
            )
            report(
                f"window: a match postponed by another station shown, {games:,} games",
                timed["elsewhere"],
                POLL_MS / 1e3,
                "the window's look for changes",
                target="≤ 1000 ms",
            )
            report(
                f"window: quit after a hand, {games:,} games",
                timed["quit"],
                quit_floor,
                "closing a bare QMainWindow",
                target="≤ 100 ms",
            )


class _WatchedWindow(MainWindow):
    """The real window, noting when it has finished painting a frame in which the sheet's
    last line (the new hand, or the W) was painted (Qt paints a window when it handles
    its ``UpdateRequest``)."""

    sheet_painted = False
    frame_done: float | None = None
    standings_shown: float | None = None

    def __init__(self, database: Database, settings: QSettings) -> None:
        super().__init__(database, settings)
        self._sheet_paints = _Paints(self)
        self.sheet_view.viewport().installEventFilter(self._sheet_paints)
        assert self.league_panel is not None
        standings = self.league_panel.standings_page.model
        for signal in (standings.dataChanged, standings.layoutChanged, standings.modelReset):
            signal.connect(self._standings_moved)

    def _standings_moved(self, *_args: object) -> None:
        self.standings_shown = self.standings_shown or time.perf_counter()

    def watch(self) -> None:
        """From now on, wait for a frame that paints the sheet's last line."""
        self.sheet_painted = False
        self.frame_done = None
        self.standings_shown = None

    def paints_last_line(self, region: QRegion) -> bool:
        model = self.sheet_model
        if model is None or model.rowCount() == 0:
            return False
        return region.intersects(self.sheet_view.visualRect(model.index(model.rowCount() - 1, 0)))

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.UpdateRequest and self.sheet_painted:
            self.frame_done = self.frame_done or time.perf_counter()
        return handled


class _Paints(QObject):
    def __init__(self, window: _WatchedWindow) -> None:
        super().__init__(window)
        self._window = window

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 -- Qt's name
        if isinstance(event, QPaintEvent) and self._window.paints_last_line(event.region()):
            self._window.sheet_painted = True
        return False


def _hands_in_window(path: Path, folder: Path) -> dict[str, float]:
    """Median times of the ordinary and the game-ending hands of ``GAMES_KEYED`` games, to
    the repainted row and until idle, and the time the window then takes to close."""
    database = Database.open(str(path))
    window = _WatchedWindow(
        database, QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    )
    window.resize(1280, 800)
    window.show()
    panel = window.league_panel
    assert panel is not None
    panel.show()
    panel.tabs.setCurrentWidget(panel.standings_page)
    _settle(window)
    matches = [m for m in panel.schedule_page.model.records() if m.state == TO_PLAY][:GAMES_KEYED]
    ordinary: list[tuple[float, float]] = []
    ending: list[tuple[float, float]] = []
    standings: list[float] = []
    for match in matches:
        window.key_in_match(match)
        _settle(window)
        for number, hand in enumerate(NIGHT, start=1):
            taken = _key_hand(window, *hand)
            (ending if number == len(NIGHT) else ordinary).append(taken)
        _settle(window)
        _wait(lambda: window.standings_shown is not None)
        assert window.standings_shown is not None
        assert window.frame_done is not None
        standings.append(window.standings_shown - window.frame_done)
    elsewhere = _postponed_elsewhere(window, path)
    start = time.perf_counter()
    window.close()
    closing = time.perf_counter() - start
    window.deleteLater()
    QApplication.processEvents()
    database.close()
    timed = {
        "quit": closing,
        "standings": statistics.median(standings),
        "elsewhere": statistics.median(elsewhere),
    }
    for kind, samples in (("a hand", ordinary), ("the hand that ends a game", ending)):
        timed[kind] = statistics.median(painted for painted, _idle in samples)
        timed[f"{kind}, until idle"] = statistics.median(idle for _painted, idle in samples)
    return timed


def _key_hand(window: _WatchedWindow, makers: str, a: str, b: str) -> tuple[float, float]:
    """Type a hand's marks, then time Enter until the window has painted the frame that
    shows the hand on the sheet, and until it is idle again."""
    fields = {name: _field(window, name) for name in ("makers", "mark_A", "mark_B")}
    for name, text in (("makers", makers), ("mark_A", a), ("mark_B", b)):
        QTest.keyClicks(fields[name], text)
    QApplication.processEvents()
    window.watch()
    start = time.perf_counter()
    QTest.keyClick(fields["mark_B"], Qt.Key.Key_Return)
    QApplication.processEvents()  # the repaints the hand asked for, and what follows them
    deadline = start + 30
    while window.frame_done is None and time.perf_counter() < deadline:
        QApplication.processEvents()
    idle = time.perf_counter() - start
    assert window.frame_done is not None, "the sheet was never repainted"
    return window.frame_done - start, idle


def _postponed_elsewhere(window: MainWindow, path: Path) -> list[float]:
    """Matches postponed on another connection, each timed until the window shows it."""
    panel = window.league_panel
    assert panel is not None
    page = panel.schedule_page
    waiting = [m for m in page.model.records() if m.state == TO_PLAY][:POSTPONED_ELSEWHERE]
    other = Database.open(str(path))
    taken = []
    try:
        for match in waiting:
            start = time.perf_counter()
            set_match_status(other, match.id, POSTPONED)

            def shown(match_id: int = match.id) -> bool:
                return any(m.id == match_id and m.state == POSTPONED for m in page.model.records())

            _wait(shown)
            taken.append(time.perf_counter() - start)
    finally:
        other.close()
    return taken


def _wait(done: Callable[[], bool]) -> None:
    """Let the window work until ``done``, as its event loop would: waiting for each next
    event rather than spinning. A GUI thread spinning in Python holds the interpreter, and
    a worker's read then waits for it at every row the driver fetches (a 50 ms read took
    20 s so on a quiet machine), which no user's idle window does."""
    deadline = time.perf_counter() + 30
    while not done() and time.perf_counter() < deadline:
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    assert done(), "waited 30 s"


def _settle(window: MainWindow) -> None:
    """Let the background reads the last step started finish, so each hand starts quiet."""
    panel = window.league_panel
    _wait(lambda: panel is None or not panel.reading())
    QApplication.processEvents()


def _field(window: MainWindow, name: str) -> QLineEdit:
    found = window.entry_panel.findChild(QLineEdit, name)
    assert found is not None, name
    return found


def _bare_close() -> float:
    samples = []
    for _ in range(5):
        bare = QMainWindow()
        bare.resize(1280, 800)
        bare.show()
        QApplication.processEvents()
        start = time.perf_counter()
        bare.close()
        samples.append(time.perf_counter() - start)
        bare.deleteLater()
    return statistics.median(samples)
