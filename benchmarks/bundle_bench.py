"""The PyInstaller bundle: its size, and its cold start against ``python -m clabber_league``.

Both run the same command in fresh processes, offscreen, with a fresh data folder, so
the ratio is what a user gains or loses by the bundle: unpacking nothing (one-folder),
but loading Qt and Python from the bundle's own copies rather than the venv's.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.timing import report
from clabber_league import APP_ID

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / APP_ID
RUNS = 5
GAME = ROOT / "resources" / "examples" / "evansville-full-game.json"


def folder_megabytes(folder: Path) -> float:
    """What the files take, each once (PyInstaller links some libraries twice)."""
    files = (path for path in folder.rglob("*") if path.is_file() and not path.is_symlink())
    return sum(path.stat().st_size for path in files) / 1e6


def _median_run(command: list[str], runs: int = RUNS) -> float:
    """Median wall time of ``command`` in fresh processes, after one warm-up (disk cache)."""
    samples = []
    for number in range(runs + 1):
        with tempfile.TemporaryDirectory() as data:
            env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CLABBER_LEAGUE_DATA": data}
            args = [part.replace("{data}", data) for part in command]
            start = time.perf_counter()
            subprocess.run(args, env=env, cwd=ROOT, check=True, capture_output=True)
            if number:
                samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def bench_bundle() -> None:
    binary = BUNDLE / APP_ID
    if not binary.is_file():
        print(f"bundle: skipped, no bundle in {BUNDLE.relative_to(ROOT)}/ (make bundle builds it)")
        return
    tarballs = sorted((ROOT / "dist").glob(f"{APP_ID}-*-linux-*.tar.gz"))
    packed = f", tarball {tarballs[-1].stat().st_size / 1e6:.0f} MB" if tarballs else ""
    print(f"bundle size: {folder_megabytes(BUNDLE):.0f} MB unpacked{packed}")
    python = [sys.executable, "-m", "clabber_league"]
    for name, args in (
        ("--version", ["--version"]),
        ("--screenshot of a game", ["--screenshot", "{data}/shot.png", "--game", str(GAME)]),
    ):
        report(
            f"bundle cold start, {name}",
            _median_run([str(binary), *args]),
            _median_run([*python, *args]),
            f"python -m clabber_league {args[0]}",
        )
