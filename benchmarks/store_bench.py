"""Recording a hand in a big database, as a ratio to a bare floor; and the start, against
a database holding only the last game."""

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

from PySide6.QtCore import QSettings

from benchmarks.timing import median_seconds, report
from clabber_league import APP_NAME
from clabber_league.app import MARKS_ENV
from clabber_league.i18n import ENV_VAR, LANGUAGES, SOURCE
from clabber_league.rules import PlayedHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import DatabaseRecorder, create_game
from clabber_league.ui.main_window import LAST_GAME_KEY, database_key

if TYPE_CHECKING:
    from clabber_league.ui.models.sheet_model import SheetModel

GAMES = 30_000
#: The languages whose start is timed against English's.
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)


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
#: The first: a database holding only the last game, the floor of the others.
START_SIZES = (1, 30_000, 300_000)
START_RUNS = 7


@dataclass(frozen=True)
class _Start:
    painted: float
    """Seconds from exec to the first frame painted."""
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
    peak_kb = 0
    for line in process.stdout:
        word, *value = line.split()
        if word == "peak":
            peak_kb = int(value[0])
    assert process.wait() == 0
    assert first.strip() == "painted", first
    return _Start(painted, peak_kb / 1024)


def _fill_copies(path: Path, games: int) -> int:
    """``games`` stored games, copies of one finished game, made by SQLite itself (seconds
    for 300,000); returns the id of the last one."""
    database = Database.open(str(path))
    recorder = create_game(database, rule_set(), ["Eagles", "Owls"])
    while not recorder.game.finished:
        recorder.record(PlayedHand("A", {"A": 120}, melds={"A": 20}))
    database.close()
    if games == 1:
        return recorder.id
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
    """From exec to the sheet of the last game painted: within 0.6 s, and at 300,000 games
    within 1.3x of a database holding that game alone (the start must not grow with the
    league). The same start in Persian, Russian and Korean within 1.1x of English (their
    catalogues come compiled: reading one must not cost what compiling it did).

    Every run has its bytecode cached (as an installed app's is), and the sizes take turns
    run by run, so that a busy moment of the machine falls on all of them.
    """
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "config"
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "CLABBER_LEAGUE_DATA": str(Path(folder) / "data"),
            "XDG_CONFIG_HOME": str(config),  # the app's settings: the last game is there
            "PYTHONPYCACHEPREFIX": str(Path(folder) / "bytecode"),
            MARKS_ENV: "painted",
            ENV_VAR: SOURCE,  # the sizes are timed in English, the floor of the languages
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        settings = QSettings(
            str(config / APP_NAME / f"{APP_NAME}.conf"), QSettings.Format.IniFormat
        )
        envs = {}
        for games in START_SIZES:
            path = Path(folder) / f"start-{games}.sqlite3"
            last = _fill_copies(path, games)
            database = Database.open(str(path))
            settings.setValue(f"{database_key(database)}/{LAST_GAME_KEY}", last)
            database.close()
            envs[games] = {**env, "CLABBER_LEAGUE_DB": str(path)}
        settings.sync()
        spoken = {code: {**envs[START_SIZES[0]], ENV_VAR: code} for code in TRANSLATED}
        for every in (*envs.values(), *spoken.values()):
            _start(_APP, every)  # bytecode written, caches warm
        runs: dict[int, list[_Start]] = {games: [] for games in START_SIZES}
        in_language: dict[str, list[_Start]] = {code: [] for code in TRANSLATED}
        for _ in range(START_RUNS):
            for games in START_SIZES:
                runs[games].append(_start(_APP, envs[games]))
            for code in TRANSLATED:
                in_language[code].append(_start(_APP, spoken[code]))
        floor = statistics.median(run.painted for run in runs[START_SIZES[0]])
        for code in TRANSLATED:
            report(
                f"start to the last game painted in {code} (one game stored)",
                statistics.median(run.painted for run in in_language[code]),
                floor,
                "the same start in English",
                target="ratio ≤ 1.1",
            )
        for games in START_SIZES:
            report(
                f"start to the last game painted ({games:,} games stored)",
                statistics.median(run.painted for run in runs[games]),
                floor,
                "a database holding only that game",
                target="≤ 600 ms" + (", ratio ≤ 1.3" if games == START_SIZES[-1] else ""),
            )
            report(
                f"start peak memory to the first frame ({games:,} games stored)",
                statistics.median(run.peak_mb for run in runs[games]),
                statistics.median(run.peak_mb for run in runs[START_SIZES[0]]),
                "a database holding only that game",
                unit="MB",
            )
