"""Running the app as separate processes: together at a gate, killed at a named point.

The variants ``make test`` runs are the fast ones: a few processes and the
kill points that matter. ``CLABBER_LEAGUE_RELIABILITY_ROUNDS=N`` repeats each
concurrent scenario N times and adds timed kills (for a long run under load).
"""

from __future__ import annotations

import json
import multiprocessing
import multiprocessing.process
import os
import signal
import sqlite3
import tempfile
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clabber_league.kill_points import KILL_ENV, SIGNAL_ENV
from clabber_league.store.database import Database
from clabber_league.store.imports import import_games
from tests.reliability import worker

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = int(os.environ.get("CLABBER_LEAGUE_RELIABILITY_ROUNDS", "1"))
KILLED = -signal.SIGKILL
#: No process of these tests runs longer: a hang is a failure, not a stuck suite.
PROCESS_TIMEOUT_S = 120


@dataclass(frozen=True)
class Finished:
    code: int
    out: str
    err: str


def environment(data: Path, **extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in (KILL_ENV, SIGNAL_ENV, "CLABBER_LEAGUE_DB")
    }
    env["CLABBER_LEAGUE_DATA"] = str(data)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    env.update(extra)
    return env


#: Every process is forked from one server that has loaded these once.
PRELOAD = [
    "tests.reliability.worker",
    "clabber_league.commands.league",
    "clabber_league.reports",
    "clabber_league.reports.gather",
    "clabber_league.store.migrate",
    "clabber_league.store.imports",
    "sqlalchemy.dialects.sqlite.pysqlite",
]
_FORK = multiprocessing.get_context("forkserver")
_FORK.set_forkserver_preload(PRELOAD)


@dataclass
class Child:
    process: multiprocessing.process.BaseProcess
    out: Path
    err: Path


def launch(
    data: Path,
    *argv: str,
    gate: Path | None = None,
    kill_at: str | None = None,
    kill_with: str = "KILL",
    file_size_limit: int | None = None,
) -> Child:
    """``worker.py`` in a process of its own (``argv`` starts with its command).

    ``kill_at``: the kill point (``kill_points``) where the process sends itself
    ``kill_with``; ``file_size_limit``: no file it writes may grow past this many
    bytes (``RLIMIT_FSIZE``: what a full disk looks like to a program).
    """
    extra = {KILL_ENV: kill_at, SIGNAL_ENV: kill_with} if kill_at else {}
    # Beside the test's own folder, not in it: the tests list their folders' files.
    beside = data.parent.with_name(f"{data.parent.name}-outputs")
    beside.mkdir(exist_ok=True)
    outputs = Path(tempfile.mkdtemp(dir=beside))
    out, err = outputs / "out", outputs / "err"
    plan = worker.Plan(
        [str(gate or "-"), *argv],
        environment(data, **extra),
        str(ROOT),
        str(out),
        str(err),
        file_size_limit,
    )
    process = _FORK.Process(target=worker.child, args=(plan,))
    process.start()
    return Child(process, out, err)


def finish(child: Child) -> Finished:
    child.process.join(PROCESS_TIMEOUT_S)
    if child.process.is_alive():
        child.process.kill()
        child.process.join()
        raise AssertionError(f"a process hung for {PROCESS_TIMEOUT_S} s")
    code = child.process.exitcode
    assert code is not None
    return Finished(code, _text_of(child.out), _text_of(child.err))


def _text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def run(data: Path, *argv: str, **options: Any) -> Finished:
    return finish(launch(data, *argv, **options))


def cli(data: Path, *argv: str, **options: Any) -> Finished:
    return run(data, "cli", *argv, **options)


def together(data: Path, gate: Path, commands: Sequence[Sequence[str]]) -> list[Finished]:
    """Start every command, let them load, then open the gate at once; their outcomes."""
    processes = [launch(data, *command, gate=gate) for command in commands]
    gate.touch()
    return [finish(process) for process in processes]


def side_by_side(data: Path, commands: Sequence[Sequence[str]], **options: Any) -> list[Finished]:
    """Commands that do not meet (their own files, or only reading) run at the same time:
    the slow part of each — starting Python — is not paid one after another."""
    processes = [launch(data, *command, **options) for command in commands]
    return [finish(process) for process in processes]


def all_killed_at(data: Path, runs: Sequence[tuple[str, Sequence[str]]]) -> list[Finished]:
    """Each ``(point, argv)`` run side by side, each killed at its own point."""
    processes = [launch(data, *argv, kill_at=point) for point, argv in runs]
    return [finish(process) for process in processes]


def dump(path: Path) -> list[str]:
    """Everything committed in an SQLite file, as SQL."""
    with closing(sqlite3.connect(path)) as connection:
        return list(connection.iterdump())


def files_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def spring_league(path: Path) -> Path:
    """The hand-worked Spring season of ``tests/store/test_league.py``, its four games in."""
    from tests.store.test_league import spring, spring_games  # noqa: PLC0415

    path.parent.mkdir(parents=True, exist_ok=True)
    with closing(Database.open(str(path))) as database:
        spring(database)
        import_games(database, spring_games(), "Spring")
    return path


def json_file(path: Path, document: object) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path
