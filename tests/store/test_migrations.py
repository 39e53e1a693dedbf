"""The schema comes from the shipped Alembic migrations, and matches the models exactly."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, inspect
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel

from clabber_league.store import migrate
from clabber_league.store.backup import keep_backup, kept_copies, restore
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.identity import APPLICATION_ID, SCHEMA_HEAD, SCHEMA_MAJOR
from clabber_league.store.migrate import alembic_config
from clabber_league.store.models import StoredHand
from clabber_league.store.paths import backups_dir, to_url

TABLES = {
    "team",
    "player",
    "game",
    "game_seat",
    "hand",
    "correction",
    "league",
    "season",
    "team_member",
    "week",
    "fixture",
    "night_token",
    "night_request",
    "change_counter",
    "database_identity",
    "playoff",
    "playoff_seed",
    "fixture_substitute",
    "tournament",
    "tournament_player",
}


@pytest.fixture
def url(tmp_path: Path) -> str:
    return to_url(str(tmp_path / "migrated.sqlite3"))


@pytest.fixture
def engine(url: str) -> Iterator[Engine]:
    engine = create_engine(url)
    yield engine
    engine.dispose()


def head(url: str) -> str | None:
    return ScriptDirectory.from_config(alembic_config(url)).get_current_head()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def schema_objects(engine: Engine) -> set[str]:
    with engine.connect() as connection:
        rows = connection.exec_driver_sql(
            "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
        ).all()
    return {name for (name,) in rows}


def differences(engine: Engine) -> list[object]:
    """What autogenerate would write for this database: nothing, if migration and models agree."""
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return list(compare_metadata(context, SQLModel.metadata))


def test_the_models_are_the_tables_the_migrations_make() -> None:
    assert StoredHand.__tablename__ in SQLModel.metadata.tables
    assert set(SQLModel.metadata.tables) == TABLES


def test_upgrade_an_empty_database_to_head_and_back_to_base(url: str, engine: Engine) -> None:
    config = alembic_config(url)
    command.upgrade(config, "head")
    with engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) == TABLES | {"alembic_version"}
    assert current_revision(engine) == head(url) == SCHEMA_HEAD

    command.downgrade(config, "base")
    assert current_revision(engine) is None
    # Only Alembic's own bookkeeping table is left: no table, no index of ours.
    assert schema_objects(engine) == {"alembic_version"}

    command.upgrade(config, "head")
    assert current_revision(engine) == head(url)
    assert differences(engine) == []


def test_the_migrated_schema_matches_the_models(url: str, engine: Engine) -> None:
    command.upgrade(alembic_config(url), "head")
    assert differences(engine) == []


def test_a_database_opened_by_the_app_matches_the_models(database: Database) -> None:
    assert differences(database.engine) == []
    assert current_revision(database.engine) == head(str(database.engine.url))


def test_open_marks_the_file_as_a_clabber_league_database(
    database: Database, database_path: Path
) -> None:
    with closing(sqlite3.connect(database_path)) as connection:
        assert connection.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_MAJOR,)


def test_every_connection_is_durable_and_checks_foreign_keys(database: Database) -> None:
    with database.engine.connect() as first, database.engine.connect() as second:
        for connection in (first, second):
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_a_hand_of_a_missing_game_is_refused(database: Database) -> None:
    orphan = StoredHand(game_id=999, n=1, entry_json="{}", kind="passed", dealer="A1")
    with database.session() as session:
        session.add(orphan)
        with pytest.raises(IntegrityError, match="FOREIGN KEY constraint failed"):
            session.commit()


def test_reopening_a_current_database_neither_migrates_nor_backs_up(
    database: Database, database_path: Path
) -> None:
    database.close()
    before = database_path.read_bytes()
    Database.open(str(database_path)).close()
    assert database_path.read_bytes() == before
    assert not backups_dir().exists()


def test_the_fast_path_head_is_alembics_head(tmp_path: Path) -> None:
    """Opening an up-to-date database skips Alembic only if SCHEMA_HEAD is the real head."""
    url = to_url(str(tmp_path / "x.sqlite3"))
    assert ScriptDirectory.from_config(alembic_config(url)).get_current_head() == SCHEMA_HEAD


#: What opening a database loads, said by a fresh process that has the window's store.
_LOADED_BY_OPENING = (
    "import sys\n"
    "import clabber_league.store.games, clabber_league.store.league\n"
    "from clabber_league.store.database import Database\n"
    "Database.open(sys.argv[1]).close()\n"
    "print(*(name in sys.modules for name in sys.argv[2:]))\n"
)
#: Alembic (17 MB) and the PostgreSQL dialect (3 MB): neither is needed by a current file.
_NOT_NEEDED = ("alembic", "clabber_league.store.migrate", "sqlalchemy.dialects.postgresql")


def loaded_by_opening(path: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", _LOADED_BY_OPENING, str(path), *_NOT_NEEDED],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return [
        name for name, word in zip(_NOT_NEEDED, done.stdout.split(), strict=True) if word == "True"
    ]


def test_opening_a_current_database_loads_neither_alembic_nor_postgresql(
    database: Database, database_path: Path
) -> None:
    database.close()
    assert loaded_by_opening(database_path) == []


def test_opening_an_older_database_loads_alembic_to_upgrade_it(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old_database(path, "0005")
    assert {"alembic", "clabber_league.store.migrate"} <= set(loaded_by_opening(path))
    assert loaded_by_opening(path) == []  # upgraded once


def test_a_first_release_database_upgrades_keeping_its_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database made at revision 0001 opens, is backed up, and gains the league tables."""
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(tmp_path / "data"))
    path = tmp_path / "old.sqlite3"
    url = to_url(str(path))
    command.upgrade(alembic_config(url), "0001")
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute("PRAGMA user_version = 1")
        connection.execute(
            "INSERT INTO game (header_json, rules_preset, side_a, side_b, first_dealer,"
            " started_at, total_a, total_b, hand_count) VALUES"
            " ('{}', 'evansville', 'Eagles', 'Owls', 'A1', '2026-01-01', 0, 0, 0)"
        )
        for n, (makers, kind, is_set, reneged) in enumerate(
            [("A", "played", 0, None), ("A", "played", 1, None), ("B", "renege", 0, "both")], 1
        ):
            connection.execute(
                "INSERT INTO hand (game_id, n, entry_json, kind, makers, reneged, dealer,"
                " score_a, score_b, is_set, recorded_at)"
                " VALUES (1, ?, '{}', ?, ?, ?, 'A1', 0, 0, ?, '2026-01-01')",
                (n, kind, makers, reneged, is_set),
            )
    database = Database.open(str(path))
    try:
        with database.engine.connect() as connection:
            tables = set(inspect(connection).get_table_names())
            games = connection.exec_driver_sql("SELECT side_a FROM game").scalars().all()
            tallies = connection.exec_driver_sql(
                "SELECT made_a, sets_a, reneges_a, made_b, sets_b, reneges_b, made_c FROM game"
            ).one()
    finally:
        database.close()
    assert {"league", "season", "fixture"} <= tables
    assert games == ["Eagles"]
    assert tuple(tallies) == (1, 1, 1, 0, 0, 1, None)
    assert list((tmp_path / "data" / "backups").rglob("*before-upgrade.sqlite3"))


def old_database(path: Path, revision: str) -> None:
    """A database as an older release left it: the schema at ``revision``, marked ours."""
    command.upgrade(alembic_config(to_url(str(path))), revision)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute("PRAGMA user_version = 1")


def a_league_of_0002(connection: sqlite3.Connection, teams: Sequence[str]) -> None:
    """League "Club" (id 1) with season "Fall" (id 1) and ``teams`` (ids 1, 2…)."""
    connection.execute("INSERT INTO league (id, name, created_at) VALUES (1, 'Club', '2026-01-01')")
    connection.execute(
        "INSERT INTO season (id, league_id, name, rules_preset, options_json,"
        " games_per_match, tie_break_json, forfeit_winner_score, forfeit_loser_score,"
        " created_at) VALUES (1, 1, 'Fall', 'evansville', '{}', 1, '[]', 500, 0, '2026-01-01')"
    )
    for team_id, name in enumerate(teams, start=1):
        connection.execute(
            "INSERT INTO team (id, name, season_id, retired, created_at)"
            " VALUES (?, ?, 1, 0, '2026-01-01')",
            (team_id, name),
        )


def test_names_that_collide_by_key_are_told_apart_by_the_upgrade(tmp_path: Path) -> None:
    """Before 0003 a season could hold "Eagles" and "EAGLES": the later one becomes
    "EAGLES (2)", and a name already taken by the suffix is skipped."""
    path = tmp_path / "old.sqlite3"
    old_database(path, "0002")
    with closing(sqlite3.connect(path)) as connection, connection:
        a_league_of_0002(connection, ["Eagles", "EAGLES", "Eagles (2)", "Eagles\u200b", "Owls"])
        connection.execute("INSERT INTO league (id, name, created_at) VALUES (2, 'CLUB', '2026')")
    Database.open(str(path)).close()
    with closing(sqlite3.connect(path)) as connection:
        teams = connection.execute("SELECT name, name_key FROM team ORDER BY id").fetchall()
        leagues = connection.execute("SELECT name FROM league ORDER BY id").fetchall()
    assert teams == [
        ("Eagles", "eagles"),
        ("EAGLES (3)", "eagles (3)"),
        ("Eagles (2)", "eagles (2)"),
        ("Eagles\u200b (4)", "eagles (4)"),
        ("Owls", "owls"),
    ]
    assert leagues == [("Club",), ("CLUB (2)",)]


def test_games_already_in_a_match_are_numbered_in_the_order_stored(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old_database(path, "0002")
    with closing(sqlite3.connect(path)) as connection, connection:
        a_league_of_0002(connection, ["Eagles", "Owls"])
        connection.executescript(
            "INSERT INTO week VALUES (1, 1, 1, NULL);"
            "INSERT INTO fixture VALUES (1, 1, 1, 1, 2, 'scheduled', NULL);"
        )
        # Two copies of one game in a one-game match (the old import could do that): the
        # upgrade keeps both, numbered 1 and 2, rather than fail or drop one.
        for _ in range(2):
            connection.execute(
                "INSERT INTO game (header_json, rules_preset, side_a, side_b, first_dealer,"
                " started_at, total_a, total_b, hand_count, season_id, fixture_id)"
                " VALUES ('{}', 'evansville', 'Eagles', 'Owls', 'A1', '2026-01-01', 0, 0, 0, 1, 1)"
            )
        connection.execute(
            "INSERT INTO game (header_json, rules_preset, side_a, side_b, first_dealer,"
            " started_at, total_a, total_b, hand_count) VALUES"
            " ('{}', 'evansville', 'Eagles', 'Owls', 'A1', '2026-01-01', 0, 0, 0)"
        )
    Database.open(str(path)).close()
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute("SELECT game_no, version FROM game ORDER BY id").fetchall()
        fixtures = connection.execute("SELECT version FROM fixture").fetchall()
    assert rows == [(1, 0), (2, 0), (None, 0)]
    assert fixtures == [(0,)]


def test_an_upgrade_that_fails_half_way_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every migration runs in one transaction: 0002 applied and then a failure leaves no
    league table, no Alembic scratch table, and the revision still 0001; the next start
    simply upgrades."""
    path = tmp_path / "old.sqlite3"
    old_database(path, "0001")
    with closing(sqlite3.connect(path)) as connection:
        before = list(connection.iterdump())

    def fail_after_0002(*, step: Any, **_context: Any) -> None:
        if step.up_revision_id == "0002":
            raise RuntimeError("the power went")

    with monkeypatch.context() as patched:
        patched.setattr(migrate, "_applied", fail_after_0002)
        with pytest.raises(RuntimeError, match="the power went"):
            Database.open(str(path))
    with closing(sqlite3.connect(path)) as connection:
        assert list(connection.iterdump()) == before
    database = Database.open(str(path))
    try:
        assert current_revision(database.engine) == SCHEMA_HEAD
        assert differences(database.engine) == []
    finally:
        database.close()


def test_games_from_before_0004_are_played_games_with_no_unknown_makers(tmp_path: Path) -> None:
    """0004 adds the paper-copy mode (off) and the count of unknown makers (0: no hand could
    have unknown makers before it)."""
    path = tmp_path / "old.sqlite3"
    old_database(path, "0003")
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute(
            "INSERT INTO game (header_json, rules_preset, side_a, side_b, first_dealer,"
            " started_at, total_a, total_b, hand_count, version) VALUES"
            " ('{}', 'evansville', 'Eagles', 'Owls', 'A1', '2026-01-01', 0, 0, 0, 3)"
        )
    database = Database.open(str(path))
    try:
        with database.engine.connect() as upgraded:
            row = upgraded.exec_driver_sql(
                "SELECT paper_copy, unknown_makers, version FROM game"
            ).one()
    finally:
        database.close()
    assert tuple(row) == (0, 0, 3)


def test_a_file_an_older_version_half_upgraded_names_the_backup_that_restores_it(
    tmp_path: Path,
) -> None:
    """What a SIGKILL did to an upgrade before upgrades were one transaction: the new
    tables made, the revision still 0001. Every later open fails; the message names the
    last good copy (not the copy of the broken file just taken) and how to restore it."""
    path = tmp_path / "old.sqlite3"
    old_database(path, "0001")
    good = keep_backup(path, "on-quit")
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("CREATE TABLE league (id INTEGER PRIMARY KEY, name VARCHAR)")
        before = list(connection.iterdump())
    with pytest.raises(StoreError) as refused:
        Database.open(str(path))
    message = str(refused.value)
    assert message.startswith(
        f"{path} could not be upgraded to this version of Clabber League "
        "(its tables are not the ones an older version made); nothing was changed."
    )
    assert message.endswith(f"restore it with:\nclabber-league restore {good} --db {path}")
    with closing(sqlite3.connect(path)) as connection:
        assert list(connection.iterdump()) == before
    assert [copy.reason for copy in kept_copies(path)] == ["failed-upgrade", "on-quit"]
    restore(good, path)
    database = Database.open(str(path))
    try:
        assert current_revision(database.engine) == SCHEMA_HEAD
    finally:
        database.close()
