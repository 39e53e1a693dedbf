"""Qt item models over the rules engine's objects; views only ever read them."""

from collections.abc import Sequence


def changed_runs(old: Sequence[object], new: Sequence[object]) -> list[tuple[int, int]]:
    """First and last row of each run of rows that differ between ``old`` and ``new`` (of
    one length): a model repaints each run with one ``dataChanged``."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for i, changed in enumerate([*(a != b for a, b in zip(old, new, strict=True)), False]):
        if changed and start is None:
            start = i
        elif not changed and start is not None:
            runs.append((start, i - 1))
            start = None
    return runs
