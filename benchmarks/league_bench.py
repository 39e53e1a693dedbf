"""A season of 100 teams and 30,000 games: standings vs one hand-written SQL aggregate."""

from __future__ import annotations

import os
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from benchmarks.timing import median_seconds, report
from clabber_league.store import Database
from clabber_league.store.imports import import_games
from clabber_league.store.league import add_team, create_season, season_standings

TEAMS = 100
GAMES = 30_000
SEASON = "Benchmark"
# A finished game's hands as a paper sheet shows them (7 hands, A wins 600–332).
HANDS = [
    {"makers": "A", "written": {"A": "150", "B": "12"}},
    {"makers": "A", "written": {"A": "XX", "B": "122"}},
    {"makers": "B", "written": {"A": "-", "B": "162"}},
    {"makers": "A", "renege": "B"},
    {"makers": "A", "written": {"A": "150", "B": "12"}},
    {"makers": "B", "renege": "both"},
    {"makers": "A", "written": {"A": "138", "B": "24"}},
]


def build_season(path: Path) -> Database:
    """One real game per team pair through the store, then copies by plain SQL (fast set-up)."""
    database = Database.open(str(path))
    create_season(database, league="Bench League", season=SEASON)
    names = [f"Team {number:03d}" for number in range(TEAMS)]
    for name in names:
        add_team(database, SEASON, name)
    template = {"format": "clabber-game/1", "sides": names[:2], "hands": HANDS}
    (template_id,) = import_games(database, [template], SEASON).ids
    with sqlite3.connect(path) as connection:
        game_columns = [r[1] for r in connection.execute("PRAGMA table_info(game)")][1:]
        hand_columns = [r[1] for r in connection.execute("PRAGMA table_info(hand)")][2:]
        game = dict(
            zip(
                game_columns,
                connection.execute(
                    f"SELECT {', '.join(game_columns)} FROM game WHERE id = ?", (template_id,)
                ).fetchone(),
                strict=True,
            )
        )
        hands = connection.execute(
            f"SELECT {', '.join(hand_columns)} FROM hand WHERE game_id = ?", (template_id,)
        ).fetchall()
        team_ids = [r[0] for r in connection.execute("SELECT id FROM team ORDER BY name")]
        chance = random.Random(7)
        rows = []
        for _ in range(GAMES - 1):
            a, b = chance.sample(team_ids, 2)
            rows.append(tuple({**game, "team_a_id": a, "team_b_id": b}[c] for c in game_columns))
        cursor = connection.executemany(
            f"INSERT INTO game ({', '.join(game_columns)}) VALUES "
            f"({', '.join('?' * len(game_columns))})",
            rows,
        )
        first = connection.execute("SELECT max(id) FROM game").fetchone()[0] - (GAMES - 2)
        del cursor
        connection.executemany(
            f"INSERT INTO hand (game_id, {', '.join(hand_columns)}) VALUES "
            f"(?, {', '.join('?' * len(hand_columns))})",
            ((game_id, *hand) for game_id in range(first, first + GAMES - 1) for hand in hands),
        )
    return database


FLOOR_SQL = """
SELECT g.team_a_id, count(*), sum(h.score_a), sum(h.score_b), sum(h.is_set)
FROM hand h JOIN game g ON g.id = h.game_id
WHERE g.season_id = ? AND g.winner IS NOT NULL
GROUP BY g.team_a_id
"""


def bench_standings() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLABBER_LEAGUE_DATA"] = folder
        path = Path(folder) / "season.sqlite3"
        start = time.perf_counter()
        database = build_season(path)
        hands = sqlite3.connect(path).execute("SELECT count(*) FROM hand").fetchone()[0]
        took = time.perf_counter() - start
        print(f"built {TEAMS} teams, {GAMES} games, {hands} hands in {took:.1f} s")
        floor_db = sqlite3.connect(path)
        season_id = floor_db.execute("SELECT id FROM season").fetchone()[0]

        def floor() -> object:
            return floor_db.execute(FLOOR_SQL, (season_id,)).fetchall()

        def standings() -> object:
            return season_standings(database, SEASON)

        report(
            f"standings of {TEAMS} teams over {GAMES} games",
            median_seconds(standings, 7),
            median_seconds(floor, 7),
            "one hand-written SQL aggregate over the same hands",
            target="ratio ≤ 2",
        )
        floor_db.close()
        _bench_open_in_window(database)
        database.close()


def _bench_open_in_window(database: Database) -> None:
    """The league panel reading and showing the whole season (teams, schedule, standings)."""
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415 -- after QT_QPA_PLATFORM

    from clabber_league.ui.league.panel import LeaguePanel  # noqa: PLC0415

    if QApplication.instance() is None:
        QApplication([])
    panel = LeaguePanel(database)
    panel.show()
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        panel.reload_seasons()
        QApplication.processEvents()
        samples.append(time.perf_counter() - start)
    median = sorted(samples)[len(samples) // 2]
    print(f"opening the season in the window: {median * 1e3:.0f} ms median; target ≤ 300 ms")
