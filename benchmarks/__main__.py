"""``make bench``: each timing reported as a ratio to a floor measured in the same run,
and all of them printed at the end as one table: measure, app, floor, ratio, target, pass.

Machines here are shared and noisy, so absolute times mean little; a ratio to
a trivial job done on the same data, in the same run, travels better. The league
measures run at 1,000, 30,000 and 300,000 games (``CLABBER_BENCH_SMALL=1`` leaves the
last out); the seasons are made once and kept in ``benchmarks/.cache``.
"""

from __future__ import annotations

import json
import os

from benchmarks.timing import median_seconds, report, table


def bench_score() -> None:
    """Scoring each example game vs merely parsing and re-printing its JSON."""
    from clabber_league.gamesheet import read_game, sheet_document  # noqa: PLC0415
    from clabber_league.resources import resource  # noqa: PLC0415

    for path in sorted(resource("examples").glob("*.json")):
        text = path.read_text(encoding="utf-8")

        def floor(text: str = text) -> object:
            return json.dumps(json.loads(text))

        def score(text: str = text) -> object:
            return json.dumps(sheet_document(read_game(json.loads(text)).game()))

        report(
            f"score {path.name}",
            median_seconds(score),
            median_seconds(floor),
            "the JSON round trip",
        )


def main() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from benchmarks import (  # noqa: PLC0415 -- after QT_QPA_PLATFORM
        bundle_bench,
        import_bench,
        league_bench,
        night_bench,
        pages_bench,
        reports_bench,
        rules_bench,
        store_bench,
        window_bench,
    )

    rules_bench.bench_first_use()
    bench_score()
    store_bench.bench_record_hand()
    store_bench.bench_cold_start()
    league_bench.bench_standings()
    import_bench.bench_import()
    window_bench.bench_window()
    night_bench.bench_night()
    pages_bench.bench_board()
    reports_bench.bench_reports()
    bundle_bench.bench_bundle()
    print()
    print(table())


if __name__ == "__main__":
    main()
