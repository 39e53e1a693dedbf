"""SIGKILL during a schema upgrade, at every step of it: the file is left exactly as it
was, and the next start simply upgrades it — with every game and its tallies."""

from __future__ import annotations

import json
import shutil
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect

from clabber_league.outputs import TEMP_SUFFIX
from clabber_league.store.backup import backups_of
from clabber_league.store.connections import revision_of
from clabber_league.store.database import Database
from clabber_league.store.games import list_games
from clabber_league.store.identity import APPLICATION_ID, SCHEMA_HEAD
from clabber_league.store.migrate import alembic_config
from clabber_league.store.paths import to_url
from tests.reliability.helpers import KILLED, ROUNDS, all_killed_at, dump, finish, launch, run
from tests.store.helpers import SERVER, server_database

GAMES = 400
HANDS = 10
KILL_POINTS = [
    "backup:copying@2",  # the copy kept before the upgrade, half made
    "output:before-rename",  # that copy made, not yet in place
    "migration:0002",  # one revision applied, uncommitted
    "migration:0003",
    "migration:0004",
    "migration:0005",
    "migration:0006",
    "migration:0007",
    "migration:0008",
    "migration:before-commit",  # everything done but the commit
]


def first_release_database(path: Path) -> None:
    """A 0001 database with GAMES games of HANDS hands each: big enough that the upgrade's
    table rebuilds and its backup take a while."""
    engine = create_engine(to_url(str(path)))
    config = alembic_config(to_url(str(path)))
    with engine.begin() as alembic_connection:
        config.attributes["connection"] = alembic_connection
        command.upgrade(config, "0001")
    engine.dispose()
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute("PRAGMA user_version = 1")
        header = json.dumps({"format": "clabber-game/1", "sides": ["Eagles", "Owls"]})
        connection.executemany(
            "INSERT INTO game (id, header_json, rules_preset, side_a, side_b, first_dealer,"
            " started_at, total_a, total_b, hand_count) VALUES"
            " (?, ?, 'evansville', 'Eagles', 'Owls', 'A1', '2026-01-01', 920, 700, ?)",
            [(game, header, HANDS) for game in range(1, GAMES + 1)],
        )
        hand = json.dumps({"makers": "A", "tricks": {"A": 92}})
        connection.executemany(
            "INSERT INTO hand (game_id, n, entry_json, kind, makers, dealer, score_a, score_b,"
            " is_set, recorded_at) VALUES (?, ?, ?, 'played', 'A', 'A1', 92, 70, 0, '2026-01-01')",
            [(game, n, hand) for game in range(1, GAMES + 1) for n in range(1, HANDS + 1)],
        )


def upgraded_completely(path: Path) -> None:
    database = Database.open(str(path), read_only=True)
    try:
        with database.engine.connect() as connection:
            assert revision_of(connection) == SCHEMA_HEAD
            tables = set(inspect(connection).get_table_names())
            made = connection.exec_driver_sql("SELECT sum(made_a) FROM game").scalar()
        assert not any(table.startswith("_alembic_tmp") for table in tables)
        assert len(list_games(database)) == GAMES
        assert made == GAMES * HANDS  # the tallies 0002 works out from the hands
    finally:
        database.close()


def test_a_kill_at_any_step_of_an_upgrade_leaves_the_file_as_it_was(
    tmp_path: Path, data: Path
) -> None:
    original = tmp_path / "original.sqlite3"
    first_release_database(original)
    before = dump(original)
    copies = {}
    for number, point in enumerate(KILL_POINTS):
        copies[point] = tmp_path / f"league-{number}.sqlite3"
        shutil.copy(original, copies[point])
    outcomes = all_killed_at(data, [(point, ["open", str(copies[point])]) for point in KILL_POINTS])
    for point, outcome in zip(KILL_POINTS, outcomes, strict=True):
        assert outcome.code == KILLED, (point, outcome)
        assert dump(copies[point]) == before, point
    # The next start upgrades, and clears what the killed backup left in the backups folder.
    restarts = [launch(data, "open", str(copies[point])) for point in KILL_POINTS]
    for point, process in zip(KILL_POINTS, restarts, strict=True):
        assert finish(process).code == 0, point
        upgraded_completely(copies[point])
        leftovers = list(backups_of(copies[point]).glob(f".*{TEMP_SUFFIX}*"))
        assert leftovers == [], point


@pytest.mark.parametrize("delay", [0.15, 0.3, 0.05, 0.5, 0.8][: 1 + ROUNDS])
def test_a_kill_at_any_moment_leaves_the_old_file_or_the_upgraded_one(
    tmp_path: Path, data: Path, delay: float
) -> None:
    path = tmp_path / "league.sqlite3"
    first_release_database(path)
    before = dump(path)
    process = launch(data, "open", str(path))
    time.sleep(delay)
    process.process.kill()
    finish(process)
    with closing(sqlite3.connect(path)) as connection:
        revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()[0]
    if revision == "0001":
        assert dump(path) == before
    else:
        upgraded_completely(path)
    assert run(data, "open", str(path)).code == 0
    upgraded_completely(path)


@pytest.mark.skipif(not SERVER, reason="no PostgreSQL server (CLABBER_LEAGUE_TEST_PG)")
def test_a_kill_during_the_first_upgrade_on_postgresql_leaves_an_empty_database(
    data: Path,
) -> None:
    with server_database() as url:
        outcome = run(data, "open", url, kill_at="migration:0002")
        assert outcome.code == KILLED
        engine = create_engine(url)
        try:
            with engine.connect() as connection:
                assert inspect(connection).get_table_names() == []
        finally:
            engine.dispose()
        assert run(data, "open", url).code == 0
        database = Database.open(url, read_only=True)
        try:
            with database.engine.connect() as connection:
                assert revision_of(connection) == SCHEMA_HEAD
        finally:
            database.close()
