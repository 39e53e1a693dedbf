"""A season of 100 teams and 1,000 to 300,000 games, and the ``standings`` command on it:
a whole process, start to exit, at most 0.5 s at 30,000 games in the season.

The seasons are made once and kept in ``benchmarks/.cache`` (a 300,000-game file is
about 0.4 GB and takes about 40 s to make): one game imported through the store,
then copied by plain SQL between random pairs of teams, with its seats. For
reference (no target), the same figures summed from the games by a bare ``sqlite3``
script, and the store's standings in-process.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.timing import median_seconds, report
from clabber_league.store.database import Database
from clabber_league.store.imports import import_games
from clabber_league.store.league import add_team, create_season, generate_schedule
from clabber_league.store.standings import standings

TEAMS = 100
SEASON = "Benchmark"
LEAGUE = "Bench League"
CACHE = Path(__file__).resolve().parent / ".cache"
#: The sizes every league measure is taken at (the 300,000-game season takes about 40 s to
#: make the first time; ``CLABBER_BENCH_SMALL=1`` leaves it out for a quick run).
SIZES = (1_000, 30_000) if os.environ.get("CLABBER_BENCH_SMALL") else (1_000, 30_000, 300_000)
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
_VERSION = 3
"""Part of the cached files' names: bump it when the way they are made changes."""


def season_file(games: int) -> Path:
    """A season of ``TEAMS`` teams (two players each) with its round-robin schedule and
    ``games`` finished games, made once and then kept in the cache."""
    path = CACHE / f"season-v{_VERSION}-{TEAMS}-teams-{games}-games.sqlite3"
    if not path.exists():
        CACHE.mkdir(exist_ok=True)
        start = time.perf_counter()
        making = path.with_suffix(".making")
        _remove(making.name + "*")
        _make_season(making, games)
        making.rename(path)
        _remove(making.name + "-*")  # the empty log of a connection the migration left
        print(f"  made a season of {games} games in {time.perf_counter() - start:.1f} s")
    return path


def _remove(pattern: str) -> None:
    for leftover in CACHE.glob(pattern):
        leftover.unlink()


def copy_of(games: int, folder: Path) -> Path:
    """A working copy of the cached season (benchmarks that write never touch the cache)."""
    target = folder / f"season-{games}.sqlite3"
    shutil.copyfile(season_file(games), target)
    return target


def _make_season(path: Path, games: int) -> None:
    database = Database.open(str(path), backup_before_migrating=False)
    try:
        create_season(database, league=LEAGUE, season=SEASON)
        names = [f"Team {number:03d}" for number in range(TEAMS)]
        for number, name in enumerate(names):
            add_team(database, SEASON, name, [f"Player {number}a", f"Player {number}b"])
        generate_schedule(database, SEASON)
        if games:
            template = {"format": "clabber-game/1", "sides": names[:2], "hands": HANDS}
            (template_id,) = import_games(database, [template], SEASON).ids
    finally:
        database.close()
    if games > 1:
        _copy_games(path, template_id, games - 1)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _copy_games(path: Path, template_id: int, copies: int) -> None:
    """The template game copied between random pairs of teams (friendlies of the season,
    not on the schedule), each with its two teams' players in the seats."""
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        game_columns = [r[1] for r in connection.execute("PRAGMA table_info(game)")][1:]
        hand_columns = [r[1] for r in connection.execute("PRAGMA table_info(hand)")][2:]
        values = connection.execute(
            f"SELECT {', '.join(game_columns)} FROM game WHERE id = ?", (template_id,)
        ).fetchone()
        game = dict(zip(game_columns, values, strict=True))
        hands = connection.execute(
            f"SELECT {', '.join(hand_columns)} FROM hand WHERE game_id = ?", (template_id,)
        ).fetchall()
        teams = connection.execute("SELECT id, name FROM team ORDER BY name").fetchall()
        players = dict(
            connection.execute(
                "SELECT team_id, group_concat(player_id) FROM team_member GROUP BY team_id"
            ).fetchall()
        )
        chance = random.Random(7)
        pairs = [chance.sample(teams, 2) for _ in range(copies)]
        rows = (
            tuple(
                {
                    **game,
                    "team_a_id": a,
                    "team_b_id": b,
                    "side_a": a_name,
                    "side_b": b_name,
                    "fixture_id": None,
                    "game_no": None,
                }[column]
                for column in game_columns
            )
            for (a, a_name), (b, b_name) in pairs
        )
        connection.executemany(
            f"INSERT INTO game ({', '.join(game_columns)}) VALUES "
            f"({', '.join('?' * len(game_columns))})",
            rows,
        )
        first = connection.execute("SELECT max(id) FROM game").fetchone()[0] - copies + 1
        connection.executemany(
            f"INSERT INTO hand (game_id, {', '.join(hand_columns)}) VALUES "
            f"(?, {', '.join('?' * len(hand_columns))})",
            ((game_id, *hand) for game_id in range(first, first + copies) for hand in hands),
        )
        connection.executemany(
            "INSERT INTO game_seat (game_id, seat, player_id) VALUES (?, ?, ?)",
            (
                (game_id, f"{side}{number}", int(player))
                for game_id, ((a, _), (b, _)) in enumerate(pairs, start=first)
                for side, team in (("A", a), ("B", b))
                for number, player in enumerate(players[team].split(","), start=1)
            ),
        )


#: The standings' sums from the games by hand (each game once per side): the reference.
FLOOR_SQL = """
SELECT team, count(*), sum(won), sum(points) FROM (
  SELECT team_a_id AS team, winner = 'A' AS won, total_a AS points FROM game
  WHERE season_id = ? AND winner IS NOT NULL
  UNION ALL
  SELECT team_b_id, winner = 'B', total_b FROM game WHERE season_id = ? AND winner IS NOT NULL
) GROUP BY team
"""
_FLOOR_COMMAND = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
(season,) = connection.execute("SELECT id FROM season").fetchone()
for row in connection.execute(sys.argv[2], (season, season)):
    print(*row)
"""
#: The season size the command's target is set at (issue 22).
TARGET_GAMES = 30_000


def bench_standings() -> None:
    """The ``standings`` command, whole process: at most 0.5 s at 30,000 games."""
    path = season_file(TARGET_GAMES)
    database = Database.open(str(path), read_only=True)
    floor_db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    (season_id,) = floor_db.execute("SELECT id FROM season").fetchone()

    def floor() -> object:
        return floor_db.execute(FLOOR_SQL, (season_id, season_id)).fetchall()

    def in_process() -> object:
        return database.read(standings, season_id=season_id)

    report(
        f"standings in-process, {TEAMS} teams, {TARGET_GAMES:,} games (no target)",
        median_seconds(in_process, 15),
        median_seconds(floor, 15),
        "bare sqlite3 sums over the games",
    )
    cli = [sys.executable, "-m", "clabber_league", "standings", "--db", str(path)]
    command, command_floor = _process_seconds(
        [*cli, "--season", SEASON],
        [sys.executable, "-c", _FLOOR_COMMAND, str(path), FLOOR_SQL],
    )
    report(
        f"standings command, {TARGET_GAMES:,} games (whole process)",
        command,
        command_floor,
        "python + bare sqlite3 sums",
        target="≤ 500 ms",
    )
    floor_db.close()
    database.close()


def _process_seconds(argv: list[str], floor_argv: list[str], runs: int = 9) -> tuple[float, float]:
    """Median wall times of a whole command and of its floor, start to exit.

    Both run with their bytecode cached (as an installed app's is; the machine may say
    ``PYTHONDONTWRITEBYTECODE``, and compiling the app's modules on every run is no
    user's wait), once first to write it, then interleaved run by run so that a busy
    moment of the machine falls on both."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": folder}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        samples: tuple[list[float], list[float]] = ([], [])
        for run in range(runs + 1):
            for each, times in zip((argv, floor_argv), samples, strict=True):
                start = time.perf_counter()
                subprocess.run(each, check=True, capture_output=True, env=env)
                if run:
                    times.append(time.perf_counter() - start)
    return statistics.median(samples[0]), statistics.median(samples[1])
