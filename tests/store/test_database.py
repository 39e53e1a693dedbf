"""Opening a database: a ``provisional`` open (the commands') makes a missing file only
when something is committed, and never over a file another program made meanwhile."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest
from sqlalchemy import text

from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.league import create_season, list_seasons


def test_a_provisional_database_that_is_written_is_put_in_place(tmp_path: Path) -> None:
    path = tmp_path / "new" / "league.sqlite3"
    database = Database.open(str(path), provisional=True)
    assert not path.exists()
    create_season(database, league="Club", season="Fall")
    assert [season.name for season in list_seasons(database)] == ["Fall"]
    database.close()
    assert sorted(p.name for p in path.parent.iterdir()) == ["league.sqlite3"]
    again = Database.open(str(path), read_only=True)
    try:
        assert [season.name for season in list_seasons(again)] == ["Fall"]
    finally:
        again.close()


def test_a_provisional_database_that_is_only_read_leaves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "league.sqlite3"
    database = Database.open(str(path), provisional=True)
    assert list_seasons(database) == []
    with pytest.raises(StoreError, match="the league needs a name"):
        create_season(database, league=" ", season="Fall")
    database.close()
    assert list(tmp_path.iterdir()) == []


def test_a_file_made_meanwhile_is_never_replaced(tmp_path: Path) -> None:
    path = tmp_path / "league.sqlite3"
    database = Database.open(str(path), provisional=True)
    create_season(database, league="Club", season="Fall")
    path.write_bytes(b"another program's")
    with pytest.raises(StoreError, match="made by another program while this command ran"):
        database.close()
    assert path.read_bytes() == b"another program's"
    assert [p.name for p in tmp_path.iterdir()] == ["league.sqlite3"]


def test_an_existing_file_is_written_in_place(database_path: Path) -> None:
    Database.open(str(database_path)).close()
    database = Database.open(str(database_path), provisional=True)
    try:
        create_season(database, league="Club", season="Fall")
        other = Database.open(str(database_path), read_only=True)  # another station's view
        try:
            assert [season.name for season in list_seasons(other)] == ["Fall"]
        finally:
            other.close()
    finally:
        database.close()


def test_without_hard_links_the_file_is_renamed_into_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(_source: object, _target: object) -> None:
        raise PermissionError(errno.EPERM, "links are not supported here")  # FAT, exFAT

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "league.sqlite3"
    database = Database.open(str(path), provisional=True)
    create_season(database, league="Club", season="Fall")
    database.close()
    assert [p.name for p in tmp_path.iterdir()] == ["league.sqlite3"]
    again = Database.open(str(path), read_only=True)
    try:
        assert [season.name for season in list_seasons(again)] == ["Fall"]
    finally:
        again.close()


def test_interrupt_stops_a_read_under_way_on_another_thread(database_path: Path) -> None:
    """A closing window interrupts its panel's read rather than waiting for it."""
    Database.open(str(database_path)).close()
    reader = Database.open(str(database_path), read_only=True)
    started, failed = threading.Event(), []
    endless = text(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
    )

    def read() -> None:
        try:
            with reader.session() as session:
                started.set()
                session.execute(endless).all()
        except StoreError as exc:
            failed.append(exc)

    worker = threading.Thread(target=read, daemon=True)  # never outlives the test run
    worker.start()
    assert started.wait(30)
    for _ in range(600):  # the read may not have reached SQLite yet at the first call
        reader.interrupt()
        worker.join(0.05)
        if not worker.is_alive():
            break
    assert not worker.is_alive(), "the read went on"
    reader.close()
    assert len(failed) == 1


def test_a_file_deleted_while_open_is_never_made_again_empty(database_path: Path) -> None:
    """The pool opens a new connection for another thread: it must not make an empty file
    where the user's was (every read would then say the tables are missing)."""
    database = Database.open(str(database_path))
    try:
        database_path.unlink()
        failures: list[BaseException] = []

        def read_elsewhere() -> None:
            try:
                list_seasons(database)
            except StoreError as exc:
                failures.append(exc)

        with database.engine.connect():  # the pooled connection is busy here
            reader = threading.Thread(target=read_elsewhere)
            reader.start()
            reader.join()
        assert [str(exc) for exc in failures] == [
            f"{database_path} was deleted or replaced while this program had it open: "
            "nothing was saved; open the database again"
        ]
        assert not database_path.exists()
    finally:
        database.close()
