"""``make bench``: each timing reported as a ratio to a floor measured in the same run.

Machines here are shared and noisy, so absolute times mean little; a ratio to
a trivial job done on the same data, in the same run, travels better.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable

from clabber_league.gamesheet import read_game, sheet_document
from clabber_league.resources import resource

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


def bench_score() -> None:
    """Scoring each example game vs merely parsing and re-printing its JSON."""
    for path in sorted(resource("examples").glob("*.json")):
        text = path.read_text(encoding="utf-8")

        def floor(text: str = text) -> object:
            return json.dumps(json.loads(text))

        def score(text: str = text) -> object:
            return json.dumps(sheet_document(read_game(json.loads(text)).game()))

        base, measured = median_seconds(floor), median_seconds(score)
        print(
            f"score {path.name}: {measured * 1e3:.2f} ms median, "
            f"{measured / base:.1f}x the JSON round trip ({base * 1e6:.0f} µs)"
        )


def main() -> None:
    bench_score()


if __name__ == "__main__":
    main()
