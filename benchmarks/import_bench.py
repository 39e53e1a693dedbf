"""Importing a season file of 10,000 games vs a bare JSON parse + executemany insert.

The season is a real one: 50 teams, a four-round schedule with three games a
match, and games copied off paper (mostly written marks, some played hands
with tricks and melds, reneges and passes), each game different. The floor
parses the same file with ``json.loads`` and inserts the rows the import
stored (read back from its database) into a fresh SQLite file with plain
``executemany``: what any import must at least do.

Each import runs in a fresh process, as ``clabber-league import`` does (its
caches cold), timed from opening the database to the commit; the median of
three is reported. Memory is those processes' peak RSS, importing 1,000 and
10,000 games: flat means the second is hardly larger than the first.
"""

from __future__ import annotations

import json
import os
import random
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

from benchmarks.timing import report

GAMES = 10_000
SMALL = 1_000
TEAMS = 50
ROUNDS = 4
GAMES_PER_MATCH = 3
SEASON = "Benchmark"
LEAGUE = "Bench League"
REPEATS = 3


def _hand(chance: random.Random, rules: Any) -> dict[str, Any]:
    """One legal hand: written marks mostly, else a played hand, a renege or a pass."""
    from clabber_league.gamesheet import hand_document  # noqa: PLC0415
    from clabber_league.rules import PlayedHand, score_hand  # noqa: PLC0415

    roll = chance.random()
    if roll < 0.03:
        return {"passed": True}
    makers = chance.choice("AB")
    if roll < 0.10:
        offender = chance.choice(["A", "B", "A", "B", "both"])
        return {"makers": makers, "renege": offender}
    tricks = chance.choice([40, 50, 62, 70, 81, 82, 90, 100, 112, 120, 130, 150, 162])
    melds = {}
    if chance.random() < 0.4:
        melds = {chance.choice("AB"): chance.choice((20, 20, 20, 40, 50, 100))}
    entry = PlayedHand(makers, {makers: tricks}, None, melds, None, None)
    if roll < 0.30:
        return hand_document(entry)
    marks = score_hand(entry, rules, number=1).marks
    return {"makers": makers, "written": dict(marks)}


def season_documents(pairs: list[tuple[str, str]], seed: int = 7) -> list[dict[str, Any]]:
    """One finished game for each pair, in order, no two alike."""
    from clabber_league.gamesheet import read_hand  # noqa: PLC0415
    from clabber_league.rules import Game, GameError, rule_set  # noqa: PLC0415

    rules = rule_set("evansville", {})
    chance = random.Random(seed)
    documents = []
    for home, away in pairs:
        game = Game(rules, [home, away])
        hands: list[dict[str, Any]] = []
        while not game.finished:
            hand = _hand(chance, rules)
            try:
                game.push(read_hand(hand))
            except GameError:
                continue  # a hand the rules refuse (a tricks figure no deal gives): another
            hands.append(hand)
        documents.append({"format": "clabber-game/1", "sides": [home, away], "hands": hands})
    return documents


def prepare(folder: Path) -> tuple[Path, dict[int, Path]]:
    """A database with the season's teams and schedule, and season files of ``SMALL`` and
    ``GAMES`` games."""
    from clabber_league.store.database import Database  # noqa: PLC0415
    from clabber_league.store.league import (  # noqa: PLC0415
        add_team,
        create_season,
        generate_schedule,
        schedule,
    )

    empty = folder / "empty.sqlite3"
    database = Database.open(str(empty))
    create_season(database, league=LEAGUE, season=SEASON, games_per_match=GAMES_PER_MATCH)
    for number in range(TEAMS):
        add_team(database, SEASON, f"Team {number:02d}")
    generate_schedule(database, SEASON, rounds=ROUNDS)
    pairs = [
        (match.home, match.away)
        for match in schedule(database, SEASON)
        for _ in range(GAMES_PER_MATCH)
        if match.away is not None
    ]
    database.close()
    documents = season_documents(pairs[:GAMES])
    files = {}
    for count in (SMALL, GAMES):
        files[count] = folder / f"season-{count}.json"
        files[count].write_text(json.dumps(documents[:count], indent=1), encoding="utf-8")
    return empty, files


def import_file(database_path: Path, file_path: Path) -> int:
    """What ``clabber-league import FILE --season`` does; the number of games stored."""
    from clabber_league.commands.game_files import GameFile  # noqa: PLC0415
    from clabber_league.store.database import Database  # noqa: PLC0415
    from clabber_league.store.imports import import_games  # noqa: PLC0415

    database = Database.open(str(database_path))
    try:
        return len(import_games(database, GameFile(str(file_path)), SEASON).ids)
    finally:
        database.close()


def _peak_memory() -> int:
    """This process's peak RSS in bytes (``VmHWM``: unlike ``ru_maxrss``, not inherited from
    the parent across ``exec``)."""
    for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _child(database_path: str, file_path: str) -> None:
    """In a fresh process: import the file; print the games stored, the seconds and CPU
    seconds it took, and the peak RSS."""
    from clabber_league.store.database import Database  # noqa: F401, PLC0415 -- before timing

    start, cpu = time.perf_counter(), time.process_time()
    stored = import_file(Path(database_path), Path(file_path))
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(stored, took, cpu, _peak_memory())


class Run(NamedTuple):
    stored: int
    seconds: float
    cpu: float
    peak: int


def imported_in_a_process(empty: Path, file_path: Path, work: Path) -> Run:
    """An import into a copy of ``empty``, in a process of its own."""
    shutil.copyfile(empty, work)
    code = "import sys; from benchmarks.import_bench import _child; _child(*sys.argv[1:])"
    result = subprocess.run(
        [sys.executable, "-c", code, str(work), str(file_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    stored, seconds, cpu, peak = result.stdout.split()
    return Run(int(stored), float(seconds), float(cpu), int(peak))


def bare_floor(file_path: Path, rows_from: Path, into: Path) -> float:
    """Seconds to parse the file and insert the import's rows with plain ``executemany``."""
    source = sqlite3.connect(rows_from)
    tables = {}
    for table in ("game", "hand"):
        (schema,) = source.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
        ).fetchone()
        columns = [row[1] for row in source.execute(f"PRAGMA table_info({table})")]
        rows = source.execute(f"SELECT * FROM {table}").fetchall()
        tables[table] = (schema, columns, rows)
    source.close()
    into.unlink(missing_ok=True)
    target = sqlite3.connect(into)
    for schema, _, _ in tables.values():
        target.execute(schema)
    target.commit()
    start = time.perf_counter()
    json.loads(file_path.read_text(encoding="utf-8"))
    for table, (_, columns, rows) in tables.items():
        target.executemany(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            rows,
        )
    target.commit()
    took = time.perf_counter() - start
    target.close()
    return took


def bench_import() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        os.environ["CLABBER_LEAGUE_DATA"] = name
        empty, files = prepare(folder)
        work = folder / "work.sqlite3"
        runs = [imported_in_a_process(empty, files[GAMES], work) for _ in range(REPEATS)]
        assert all(run.stored == GAMES for run in runs), runs
        floors = [bare_floor(files[GAMES], work, folder / "floor.sqlite3") for _ in range(REPEATS)]
        small = imported_in_a_process(empty, files[SMALL], work)
    measured = statistics.median(run.seconds for run in runs)
    cpu = statistics.median(run.cpu for run in runs)
    report(
        f"import a season file of {GAMES:,} games: {GAMES / measured:,.0f} games/s "
        f"({GAMES / cpu:,.0f} games per CPU second)",
        measured,
        statistics.median(floors),
        "json.loads + executemany of the same rows",
        target=f"≤ {GAMES / 3000 * 1e3:.0f} ms (3,000 games/s)",
    )
    large = max(run.peak for run in runs)
    report(
        f"import peak memory, {GAMES:,} games ({large / 2**20:.0f} MiB)",
        large / 2**20,
        small.peak / 2**20,
        f"the same import of {SMALL:,} games ({small.peak / 2**20:.0f} MiB)",
        target="ratio ≤ 1.1",
        unit="MiB",
    )
