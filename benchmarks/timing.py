"""Timing helpers: medians, and each result reported as a ratio to its floor."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

REPEATS = 30


def median_seconds(job: Callable[[], object], repeats: int = REPEATS) -> float:
    """Median wall time of ``job`` over ``repeats`` runs, after one warm-up."""
    job()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        job()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def report(name: str, measured: float, floor: float, floor_name: str, target: str = "") -> None:
    """One line: the time, its ratio to the floor measured in the same run, the target."""
    goal = f"; target {target}" if target else ""
    print(
        f"{name}: {measured * 1e3:.2f} ms median = {measured / floor:.1f}x "
        f"{floor_name} ({floor * 1e3:.3f} ms){goal}"
    )
