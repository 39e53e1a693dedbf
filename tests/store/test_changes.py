"""The change counters: the database says which kinds of thing moved, whoever wrote,
on SQLite and on PostgreSQL; a commit calls the database's listeners."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect, text

from clabber_league.rules import rule_set
from clabber_league.store.changes import Changes, ChangeWatcher, read_counters
from clabber_league.store.database import Database
from clabber_league.store.games import create_game
from clabber_league.store.league import (
    POSTPONED,
    add_team,
    create_season,
    generate_schedule,
    schedule,
    set_match_status,
)
from clabber_league.store.matches import open_match_game
from clabber_league.store.migrate import alembic_config
from tests.store.helpers import SERVER, made, server_database


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """The same tests on an SQLite file and on the PostgreSQL test server."""
    if request.param == "sqlite":
        opened = Database.open(str(tmp_path / "league.sqlite3"))
        yield opened
        opened.close()
        return
    if not SERVER:
        pytest.skip("no PostgreSQL server (CLABBER_LEAGUE_TEST_PG)")
    with server_database() as url:
        opened = Database.open(url)
        try:
            yield opened
        finally:
            opened.close()


def other_station(database: Database) -> Database:
    """The same database opened again: another engine, as another process would have."""
    return Database.open(str(database.path) if database.path else url_of(database))


def url_of(database: Database) -> str:
    return database.engine.url.render_as_string(hide_password=False)


def test_a_new_database_counts_nothing_yet(any_database: Database) -> None:
    with any_database.session() as session:
        assert read_counters(session=session) == {
            "games": 0,
            "results": 0,
            "matches": 0,
            "teams": 0,
            "seasons": 0,
        }
    assert not ChangeWatcher(any_database).poll()


def test_each_write_moves_the_kinds_it_changes(any_database: Database) -> None:
    writer = other_station(any_database)
    watcher = ChangeWatcher(any_database)
    try:
        create_season(writer, league="Club", season="Spring")
        assert watcher.poll() == Changes(seasons=True)
        for team in ("Eagles", "Owls"):
            add_team(writer, "Spring", team, ["Ann", "Bob"])
        assert watcher.poll() == Changes(teams=True)
        generate_schedule(writer, "Spring")
        assert watcher.poll() == Changes(matches=True)
        assert not watcher.poll()  # nothing since

        (match,) = schedule(writer, "Spring")
        recorder = open_match_game(writer, match.id)
        first = watcher.poll()
        assert first.games
        assert first.results  # a game of the match: it now counts
        recorder.record(made("A"))
        hand = watcher.poll()
        assert hand == Changes(games=True)  # a hand of a game under way: in no standings
        while not recorder.game.finished:
            recorder.record(made("A", 162))
        assert watcher.poll().results  # the game is won: the standings move

    finally:
        writer.close()


def test_a_postponed_match_moves_the_schedule(any_database: Database) -> None:
    create_season(any_database, league="Club", season="Spring")
    for team in ("Eagles", "Owls"):
        add_team(any_database, "Spring", team)
    generate_schedule(any_database, "Spring")
    watcher = ChangeWatcher(any_database)
    (match,) = schedule(any_database, "Spring")
    set_match_status(any_database, match.id, POSTPONED)
    assert watcher.poll() == Changes(matches=True)


def test_the_season_around_the_games_moves_its_kinds(any_database: Database) -> None:
    """Migration 0010's columns and tables: a division is a team's change, a half the
    season's, a bracket's rows and a match's substitute or games the schedule's."""
    create_season(any_database, league="Club", season="Spring")
    for team in ("Eagles", "Owls"):
        add_team(any_database, "Spring", team)
    generate_schedule(any_database, "Spring")
    (match,) = schedule(any_database, "Spring")
    watcher = ChangeWatcher(any_database)
    writes = (
        ("UPDATE team SET division = 'North'", Changes(teams=True)),
        ("UPDATE season SET first_half_weeks = 1", Changes(seasons=True)),
        (f"UPDATE fixture SET games_per_match = 3 WHERE id = {match.id}", Changes(matches=True)),
        (f"UPDATE fixture SET playoff_round = 1 WHERE id = {match.id}", Changes(matches=True)),
        (
            f"UPDATE fixture SET makeup_on = '2026-10-08' WHERE id = {match.id}",
            Changes(matches=True),
        ),
        ("INSERT INTO player (name, created_at) VALUES ('Sub', '2026-01-01')", Changes(teams=True)),
        (
            "INSERT INTO fixture_substitute (fixture_id, seat, player_id) "
            f"SELECT {match.id}, 'A2', id FROM player WHERE name = 'Sub'",
            Changes(matches=True),
        ),
        (
            "INSERT INTO playoff (season_id, team_count, games_per_match, reseed, created_at) "
            "SELECT id, 2, 1, false, '2026-01-01' FROM season",
            Changes(matches=True),
        ),
        (
            "INSERT INTO playoff_seed (playoff_id, seed, team_id) "
            "SELECT playoff.id, 1, team.id FROM playoff, team WHERE team.name = 'Eagles'",
            Changes(matches=True),
        ),
    )
    for statement, moved in writes:
        with any_database.session(write=True) as session:
            session.execute(text(statement))
            session.commit()
        assert watcher.poll() == moved, statement


def test_a_friendly_game_moves_games_and_results(any_database: Database) -> None:
    watcher = ChangeWatcher(any_database)
    recorder = create_game(any_database, rule_set(), ["Eagles", "Owls"])
    assert watcher.poll() == Changes(games=True, results=True)
    recorder.record(made("B"))
    assert watcher.poll() == Changes(games=True)


def test_a_rolled_back_write_moves_nothing(any_database: Database) -> None:
    watcher = ChangeWatcher(any_database)
    with any_database.session(write=True) as session:
        session.execute(text("UPDATE change_counter SET n = n"))  # a write, then none kept
        session.execute(
            text("INSERT INTO league (name, name_key, created_at) VALUES ('X', 'x', '2026-01-01')")
        )
        session.rollback()
    assert not watcher.poll()


def test_a_commit_calls_the_listeners_on_the_thread_that_committed(database: Database) -> None:
    threads: list[threading.Thread] = []
    database.add_commit_listener(lambda: threads.append(threading.current_thread()))
    worker = threading.Thread(target=lambda: create_season(database, league="C", season="S"))
    worker.start()
    worker.join()
    assert worker in threads
    count = len(threads)
    with database.session() as session:  # a read commits nothing: a rollback at the end
        read_counters(session=session)
    assert len(threads) == count


def test_a_removed_listener_is_not_called(database: Database) -> None:
    calls: list[None] = []

    def listener() -> None:
        calls.append(None)

    database.add_commit_listener(listener)
    database.remove_commit_listener(listener)
    create_season(database, league="C", season="S")
    assert calls == []


def test_changes_say_their_kinds_and_add_up() -> None:
    assert Changes(games=True) | Changes(matches=True) == Changes(games=True, matches=True)
    assert Changes.everything().kinds() == {"games", "results", "matches", "teams", "seasons"}
    assert not Changes()
    with pytest.raises(ValueError, match="no such kind"):
        Changes.of({"hands"})


def test_the_counters_go_and_come_back_with_their_migration(any_database: Database) -> None:
    url = url_of(any_database)
    config = alembic_config(url)
    any_database.close()
    command.downgrade(config, "0007")
    with any_database.engine.connect() as connection:
        assert "change_counter" not in inspect(connection).get_table_names()
        if connection.dialect.name == "sqlite":
            triggers = connection.exec_driver_sql(
                "SELECT name FROM sqlite_master WHERE type = 'trigger'"
            ).all()
        else:
            triggers = connection.exec_driver_sql(
                "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal"
            ).all()
        assert triggers == []
    any_database.engine.dispose()
    command.upgrade(config, "head")
    reopened = Database.open(url)
    try:
        watcher = ChangeWatcher(reopened)
        create_season(reopened, league="Club", season="Spring")
        assert watcher.poll() == Changes(seasons=True)
    finally:
        reopened.close()
