"""A hand is on disk once ``record`` returns, however often the writer is killed.

Each round a fresh Python process opens the same file and records hands of
new games, printing each hand only after ``record`` returned; it is then
killed with SIGKILL (no clean-up of any kind). Afterwards the file must be
intact and hold every hand that was ever acknowledged.

To keep the test short, the next writer is started (and imports the app)
while the current one is writing; it opens the database only when told to,
after the current writer was killed.
"""

from __future__ import annotations

import queue
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from contextlib import closing
from pathlib import Path

from clabber_league.store.database import Database
from clabber_league.store.games import list_games, open_game

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20
WRITER = """
import sys

from clabber_league.rules import PlayedHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import create_game

print("ready", flush=True)
if sys.stdin.readline().strip() != "go":
    sys.exit(0)
database = Database.open(sys.argv[1])
while True:
    recorder = create_game(database, rule_set(), ["Eagles", "Owls"])
    while not recorder.game.finished:
        recorder.record(PlayedHand("A", {"A": 92}))
        print(recorder.id, len(recorder.game.entries), flush=True)
"""


class Writer:
    """One writer process, its output gathered line by line by a thread."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,  # ``-c`` puts the working folder first on sys.path
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def next_line(self, timeout: float = 30) -> str:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            line = None
        if line is None:
            self.kill()
            raise AssertionError(f"the writer stopped talking: {self.errors()}")
        return line

    def go(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("go\n")
        self.process.stdin.flush()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self.reader.join(timeout=30)

    def errors(self) -> str:
        assert self.process.stderr is not None
        return self.process.stderr.read() if self.process.poll() is not None else ""

    def acknowledged(self) -> list[tuple[int, int]]:
        """Every complete "game_id n" line the killed writer printed."""
        found: list[tuple[int, int]] = []
        while (line := self.lines.get_nowait()) is not None:
            if line.endswith("\n"):
                game_id, n = line.split()
                found.append((int(game_id), int(n)))
        return found

    def close(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()


def test_every_acknowledged_hand_survives_a_kill(tmp_path: Path) -> None:
    path = tmp_path / "league.sqlite3"
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    acknowledged: list[tuple[int, int]] = []
    started = time.monotonic()

    writers = [Writer(path)]
    try:
        for _ in range(KILLS):
            writer = writers[-1]
            writers.append(Writer(path))  # the next one imports while this one writes
            assert writer.next_line() == "ready\n"
            writer.go()
            first = writer.next_line()
            time.sleep(rng.uniform(0.05, 0.4))
            assert writer.process.poll() is None, f"the writer died: {writer.errors()}"
            writer.kill()
            game_id, n = first.split()
            acknowledged += [(int(game_id), int(n)), *writer.acknowledged()]
    finally:
        for writer in writers:
            writer.kill()
            writer.close()

    assert time.monotonic() - started < 60, "the durability test got slow"
    assert len(acknowledged) >= KILLS
    twice = [pair for pair, times in Counter(acknowledged).items() if times > 1]
    assert twice == [], f"a hand number was given out twice (seed {seed}): {twice}"

    with closing(sqlite3.connect(path)) as connection:
        integrity = connection.execute("PRAGMA integrity_check").fetchall()
        assert integrity == [("ok",)], f"damaged (seed {seed}): {integrity}"
        stored = set(connection.execute("SELECT game_id, n FROM hand").fetchall())
        mismatched = connection.execute(
            "SELECT game.id FROM game LEFT JOIN hand ON hand.game_id = game.id "
            "GROUP BY game.id HAVING game.hand_count != count(hand.id) "
            "OR game.total_a != coalesce(sum(hand.score_a), 0) "
            "OR game.total_b != coalesce(sum(hand.score_b), 0)"
        ).fetchall()
    lost = sorted(set(acknowledged) - stored)
    assert lost == [], f"acknowledged hands lost (seed {seed}): {lost}"
    assert mismatched == [], f"games whose result does not match their hands (seed {seed})"

    # Every game still opens and scores.
    database = Database.open(str(path))
    try:
        for summary in list_games(database):
            assert len(open_game(database, summary.id).game.rows) == summary.hand_count
    finally:
        database.close()
