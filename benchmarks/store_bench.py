"""Recording a hand in a big database, and cold start, as ratios to bare floors."""

from __future__ import annotations

import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.timing import median_seconds, report
from clabber_league import APP_NAME
from clabber_league.rules import PlayedHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import DatabaseRecorder, create_game
from clabber_league.ui.opening import MARKS_ENV

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


# The floor: a bare window, shown, and its first frame painted, said on standard output
# the moment it is (the same watch on the first paint as the app's own, ``ui.opening``).
_WATCH = """
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, painted)
        return False

def painted():
    print("painted", flush=True)
    app.quit()

app = QApplication([])
watch = FirstPaint()
"""
_BARE = (
    _WATCH
    + """
window = QMainWindow()
window.installEventFilter(watch)
window.show()
"""
)
_BARE_PAINTED = _BARE + "app.exec()\n"
# Two references between the floor and the app, to show what no first frame of a sheet can
# leave out: the rules (the sheet's figures are theirs) and Qt's namespace (every view's
# roles and flags) before a bare window; then a window holding nothing but the real sheet
# of the last game, read by the same light look as the app's.
_RULES_AND_QT = (
    "import clabber_league.rules.scoring\nfrom PySide6.QtCore import Qt\nQt.AlignmentFlag\n"
    + _BARE_PAINTED
)
_SHEET_ONLY = (
    """
import os
from clabber_league.store.glance import take_glance
"""
    + _WATCH
    + """
from clabber_league.ui.fonts import register_fonts
from clabber_league.ui.models.sheet_model import SheetModel
from clabber_league.ui.widgets.sheet_view import SheetView

register_fonts()
glance = take_glance(os.environ["CLABBER_LEAGUE_DB"], int(os.environ["LAST_GAME"]))
window = QMainWindow()
sheet = SheetView()
sheet.setModel(SheetModel(glance.game.game, window))
window.setCentralWidget(sheet)
window.resize(1100, 760)
sheet.viewport().installEventFilter(watch)
window.show()
app.exec()
"""
)
# The floor of the GUI thread's longest busy stretch after the first frame: a bare window
# left idle as long as the app takes to open its database, timed by the app's own timer.
_BARE_IDLE = (
    _BARE
    + """
import os, sys
from clabber_league.ui.opening import Ticks

def painted():
    print("painted", flush=True)
    ticks = Ticks(window)

    def ready():
        print("blocked", f"{ticks.longest_ms():.1f}", flush=True)
        app.quit()

    QTimer.singleShot(int(os.environ["BARE_IDLE_MS"]), ready)

app.exec()
"""
)
_APP = "import sys; from clabber_league.cli import main; sys.exit(main())"  # as the launcher
# Said by the process itself as it ends: its own peak (VmHWM). A child's ``ru_maxrss``
# would not do: Linux carries the parent's peak over into it when it is forked.
_PEAK = """
import atexit

def _peak():
    with open("/proc/self/status", encoding="ascii") as status:
        kb = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    print("peak", kb, flush=True)

atexit.register(_peak)
"""
START_SIZES = (1_000, 30_000, 300_000)
START_RUNS = 7
READY_RUNS = 3


@dataclass(frozen=True)
class _Start:
    painted: float
    """Seconds from exec to the first frame painted."""
    ready: float
    """Seconds from exec to the database open (when the run went that far, else 0)."""
    blocked: float
    """The GUI thread's longest busy stretch between the first frame and ``ready``
    (seconds; 0 when the run did not go that far)."""
    peak_mb: float
    """The process's peak resident memory."""


def _start(script: str, env: dict[str, str]) -> _Start:
    """Run a fresh Python process until it quits: when it said its first frame was painted,
    and its peak memory."""
    begun = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", _PEAK + script], env=env, stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    painted = time.perf_counter() - begun
    ready, blocked, peak_kb = 0.0, 0.0, 0
    for line in process.stdout:
        word, *value = line.split()
        if word == "ready":
            ready = time.perf_counter() - begun
        elif word == "blocked":
            blocked = float(value[0]) / 1e3
        elif word == "peak":
            peak_kb = int(value[0])
    assert process.wait() == 0
    assert first.strip() == "painted", first
    return _Start(painted, ready, blocked, peak_kb / 1024)


def _fill_copies(path: Path, games: int) -> int:
    """``games`` stored games, copies of one finished game, made by SQLite itself (seconds
    for 300,000); returns the id of the last one."""
    database = Database.open(str(path))
    recorder = create_game(database, rule_set(), ["Eagles", "Owls"])
    while not recorder.game.finished:
        recorder.record(PlayedHand("A", {"A": 120}, melds={"A": 20}))
    database.close()
    with closing(sqlite3.connect(path)) as connection, connection:
        game_columns = ", ".join(row[1] for row in connection.execute("PRAGMA table_info(game)"))
        game_columns = game_columns.removeprefix("id, ")
        hand_columns = [row[1] for row in connection.execute("PRAGMA table_info(hand)")][2:]
        hand_list = ", ".join(hand_columns)
        connection.execute(
            f"WITH RECURSIVE copy(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM copy "
            f"WHERE k < ?) INSERT INTO game ({game_columns}) SELECT {game_columns} "
            "FROM copy, game WHERE game.id = ?",
            (games - 1, recorder.id),
        )
        connection.execute(
            f"INSERT INTO hand (game_id, {hand_list}) SELECT game.id, "
            f"{', '.join(f'hand.{column}' for column in hand_columns)} FROM game, hand "
            "WHERE hand.game_id = ? AND game.id > ? ORDER BY game.id, hand.n",
            (recorder.id, recorder.id),
        )
        last: int = connection.execute("SELECT max(id) FROM game").fetchone()[0]
    return last


def bench_cold_start() -> None:
    """From exec to the sheet of the last game painted, against a bare window's first frame.

    Both run with their bytecode cached (as an installed app's is), interleaved run by
    run so that a busy moment of the machine falls on both. So do two references at the
    first size, with no target of their own: they show how much of the gap no first frame
    of the sheet can close (``_RULES_AND_QT``, ``_SHEET_ONLY``).
    """
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "config"
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "CLABBER_LEAGUE_DATA": str(Path(folder) / "data"),
            "XDG_CONFIG_HOME": str(config),  # the app's settings: the last game is there
            "PYTHONPYCACHEPREFIX": str(Path(folder) / "bytecode"),
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for games in START_SIZES:
            path = Path(folder) / f"start-{games}.sqlite3"
            last = _fill_copies(path, games)
            (config / APP_NAME).mkdir(parents=True, exist_ok=True)
            (config / APP_NAME / f"{APP_NAME}.conf").write_text(
                f"[session]\nlast_game={last}\n", encoding="utf-8"
            )
            app_env = {**env, "CLABBER_LEAGUE_DB": str(path), MARKS_ENV: "painted"}
            # The references do not depend on the size: they run with the first.
            references = (
                {
                    "the rules imported and Qt's namespace made, then a bare window": (
                        _RULES_AND_QT,
                        env,
                    ),
                    "a window holding only the real sheet of the last game": (
                        _SHEET_ONLY,
                        {**env, "CLABBER_LEAGUE_DB": str(path), "LAST_GAME": str(last)},
                    ),
                }
                if games == START_SIZES[0]
                else {}
            )
            for script, script_env in (
                (_APP, app_env),  # bytecode written, caches warm
                (_BARE_PAINTED, env),
                *references.values(),
            ):
                _start(script, script_env)
            bare, app = [], []
            referenced: dict[str, list[_Start]] = {name: [] for name in references}
            for _ in range(START_RUNS):
                bare.append(_start(_BARE_PAINTED, env))
                app.append(_start(_APP, app_env))
                for name, (script, script_env) in references.items():
                    referenced[name].append(_start(script, script_env))
            ready = [_start(_APP, {**app_env, MARKS_ENV: "ready"}) for _ in range(READY_RUNS)]
            opening_ms = statistics.median(run.ready - run.painted for run in ready) * 1e3
            idle_env = {**env, "BARE_IDLE_MS": str(round(opening_ms))}
            idle = [_start(_BARE_IDLE, idle_env) for _ in range(READY_RUNS)]
            size = f"{games:,} games stored"
            floor_name = "a bare QMainWindow's first frame"
            report(
                f"cold start to the last game painted ({size})",
                statistics.median(run.painted for run in app),
                statistics.median(run.painted for run in bare),
                floor_name,
                target="ratio ≤ 1.5",
            )
            for name, runs in referenced.items():
                report(
                    f"for reference, no target: {name}",
                    statistics.median(run.painted for run in runs),
                    statistics.median(run.painted for run in bare),
                    floor_name,
                )
            report(
                f"cold start peak memory to the first frame ({size})",
                statistics.median(run.peak_mb for run in app),
                statistics.median(run.peak_mb for run in bare),
                floor_name,
                target="ratio ≤ 1.5",
                unit="MB",
            )
            whole = statistics.median(run.ready for run in ready)
            print(f"  the database open, checked and the window whole after {whole * 1e3:.0f} ms")
            report(
                f"GUI thread's longest busy stretch from the first frame to ready ({size})",
                statistics.median(run.blocked for run in ready),
                statistics.median(run.blocked for run in idle),
                "a bare window left idle as long",
                target="≤ 50 ms",
            )
            report(
                f"cold start peak memory once the store is open ({size})",
                statistics.median(run.peak_mb for run in ready),
                statistics.median(run.peak_mb for run in bare),
                floor_name,
                target="ratio ≤ 1.5",
                unit="MB",
            )
