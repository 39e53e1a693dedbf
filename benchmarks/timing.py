"""Timing helpers: medians, and each result kept as a ratio to its floor for one table.

Every benchmark calls ``report`` with what it measured, the floor measured in
the same run and the target; ``table`` prints them all at the end, one line a
measure, with whether each target was met.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Row:
    """One measure of the table."""

    name: str
    measured: float
    floor: float
    floor_name: str
    target: str
    unit: str = ""
    """Empty for times (in seconds); else what ``measured`` and ``floor`` count, e.g. "MB"."""

    def shown(self, value: float) -> str:
        return f"{value:.1f} {self.unit}" if self.unit else _ms(value)

    @property
    def ratio(self) -> float:
        return self.measured / self.floor if self.floor > 0 else float("inf")

    def passed(self) -> bool | None:
        """Whether every bound the target names holds (``None``: the target names none).

        Targets name ratios ("ratio ≤ 1.5") and times ("≤ 16 ms", "under 16 ms").
        """
        checks = [self.ratio <= float(bound) for bound in _RATIO.findall(self.target)]
        checks += [
            self.measured * 1e3 <= float(bound) for bound in _MILLISECONDS.findall(self.target)
        ]
        return all(checks) if checks else None


_RATIO = re.compile(r"ratio\s*(?:≤|<=|<)\s*([\d.]+)")
_MILLISECONDS = re.compile(r"(?:≤|<=|<|under)\s*([\d.]+)\s*ms")
_ROWS: list[Row] = []


def report(
    name: str, measured: float, floor: float, floor_name: str, target: str = "", *, unit: str = ""
) -> None:
    """Keep one measure for the table, and say it at once (a long run shows progress).

    Times are in seconds; a measure of something else (memory) names its ``unit``.
    """
    row = Row(name, measured, floor, floor_name, target, unit)
    _ROWS.append(row)
    print(f"  {name}: {row.shown(measured)}, {row.ratio:.2f}x {floor_name}", flush=True)


def table() -> str:
    """Every measure reported so far: measure, app, floor, ratio, target, pass."""
    headings = ("measure", "app", "floor", "ratio", "target", "pass")
    lines = [headings]
    for row in _ROWS:
        verdict = row.passed()
        lines.append(
            (
                row.name,
                row.shown(row.measured),
                f"{row.shown(row.floor)} {row.floor_name}",
                f"{row.ratio:.2f}x",
                row.target or "-",
                "-" if verdict is None else "yes" if verdict else "NO",
            )
        )
    widths = [max(len(line[column]) for line in lines) for column in range(len(headings))]
    rendered = [
        " | ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in lines
    ]
    rendered.insert(1, "-+-".join("-" * width for width in widths))
    return "\n".join(rendered)


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3g} ms" if seconds < 1 else f"{seconds:.2f} s"
