"""Recording a hand in a big database, and cold start, as ratios to bare floors."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.timing import median_seconds, report
from clabber_league.rules import PlayedHand, rule_set
from clabber_league.store import Database, DatabaseRecorder, create_game

if TYPE_CHECKING:
    from clabber_league.ui.models.sheet_model import SheetModel

GAMES = 30_000


def _fill(database: Database, games: int) -> None:
    """Copy one finished game ``games`` times with plain SQL (fast set-up, same shape)."""
    recorder = create_game(database, rule_set(), ["Eagles", "Owls"])
    while not recorder.game.finished:
        recorder.record(PlayedHand("A", {"A": 120}, melds={"A": 20}))
    assert database.path is not None
    with sqlite3.connect(database.path) as connection:
        game_columns = [row[1] for row in connection.execute("PRAGMA table_info(game)")][1:]
        hand_columns = [row[1] for row in connection.execute("PRAGMA table_info(hand)")][2:]
        template = connection.execute(
            f"SELECT {', '.join(game_columns)} FROM game WHERE id = ?", (recorder.id,)
        ).fetchone()
        hands = connection.execute(
            f"SELECT {', '.join(hand_columns)} FROM hand WHERE game_id = ?", (recorder.id,)
        ).fetchall()
        first = recorder.id + 1
        connection.executemany(
            f"INSERT INTO game ({', '.join(game_columns)}) VALUES "
            f"({', '.join('?' * len(game_columns))})",
            (template for _ in range(games - 1)),
        )
        connection.executemany(
            f"INSERT INTO hand (game_id, {', '.join(hand_columns)}) VALUES "
            f"(?, {', '.join('?' * len(hand_columns))})",
            ((game_id, *hand) for game_id in range(first, first + games - 1) for hand in hands),
        )


def bench_record_hand() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLABBER_LEAGUE_DATA"] = folder
        path = Path(folder) / "big.sqlite3"
        database = Database.open(str(path))
        _fill(database, GAMES)
        floor_db = sqlite3.connect(path, isolation_level=None)
        floor_db.execute("PRAGMA synchronous=FULL")
        floor_db.execute("CREATE TABLE floor (id INTEGER PRIMARY KEY, x INTEGER)")

        def floor() -> None:
            floor_db.execute("BEGIN")
            floor_db.execute("INSERT INTO floor (x) VALUES (1)")
            floor_db.execute("COMMIT")

        # Four hands a game, so no game ends; fresh games are made before timing starts.
        recorders = [create_game(database, rule_set(), ["Eagles", "Owls"]) for _ in range(20)]
        model = _sheet_model(recorders[0])

        def record() -> None:
            if len(recorders[0].game.rows) == 4:
                recorders.pop(0)
                model.set_game(recorders[0].game)
            recorders[0].record(PlayedHand("A", {"A": 92}))
            model.refresh()

        report(
            f"record a hand ({GAMES} games stored; validate + commit + model update)",
            median_seconds(record, 60),
            median_seconds(floor, 60),
            "a bare SQLite INSERT+COMMIT in the same file",
            target="under 16 ms",
        )
        floor_db.close()
        database.close()


def _sheet_model(recorder: DatabaseRecorder) -> SheetModel:
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415 -- after QT_QPA_PLATFORM

    from clabber_league.ui.models.sheet_model import SheetModel  # noqa: PLC0415

    if QApplication.instance() is None:
        QApplication([])
    return SheetModel(recorder.game)


_BARE = """
import time, sys
start = time.perf_counter()
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow(); window.show(); app.processEvents()
print(time.perf_counter() - start)
"""
_APP = """
import time, sys
start = time.perf_counter()
from clabber_league.app import _qt_application
from clabber_league.store import Database
from clabber_league.ui.main_window import MainWindow
app = _qt_application()
window = MainWindow(Database.open(sys.argv[1])); window.open_stored(1); window.show()
app.processEvents()
assert window.recorder is not None
print(time.perf_counter() - start)
"""


def bench_cold_start() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CLABBER_LEAGUE_DATA": folder}
        path = str(Path(folder) / "start.sqlite3")
        database = Database.open(path)
        recorder = create_game(database, rule_set(), ["Eagles", "Owls"])
        recorder.record(PlayedHand("A", {"A": 92}))
        database.close()

        def timed(script: str, *args: str) -> float:
            done = subprocess.run(
                [sys.executable, "-c", script, *args],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            return float(done.stdout.strip().splitlines()[-1])

        bare = sorted(timed(_BARE) for _ in range(7))[3]
        app = sorted(timed(_APP, path) for _ in range(7))[3]
        report(
            "cold start to a shown window with an open game",
            app,
            bare,
            "a bare PySide6 QMainWindow start",
            target="ratio ≤ 1.3",
        )
