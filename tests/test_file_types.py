"""Which kind of file the app is given: a league (the SQLite database) or a game sheet."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from clabber_league.file_types import (
    DATABASE_SUFFIXES,
    GAME_SUFFIX,
    LEAGUE_SUFFIX,
    SQLITE_HEADER,
    FileKind,
    kind_of,
)


@pytest.mark.parametrize("name", ["tuesday.clabber", "old.sqlite3", "x.SQLITE", "club.db"])
def test_a_league_is_known_by_its_extension_even_before_it_exists(
    tmp_path: Path, name: str
) -> None:
    assert kind_of(tmp_path / name) is FileKind.LEAGUE


@pytest.mark.parametrize("name", ["tonight.clabber.json", "game.json", "GAME.JSON"])
def test_a_game_sheet_is_any_json_file(tmp_path: Path, name: str) -> None:
    assert kind_of(tmp_path / name) is FileKind.GAME


def test_an_sqlite_file_of_any_name_is_a_league(tmp_path: Path) -> None:
    path = tmp_path / "copy-from-the-club"
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("CREATE TABLE t (x)")
    assert path.read_bytes().startswith(SQLITE_HEADER)
    assert kind_of(path) is FileKind.LEAGUE


def test_anything_else_is_neither(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("SQLite format 2", encoding="utf-8")
    assert kind_of(text) is FileKind.OTHER
    assert kind_of(tmp_path / "missing") is FileKind.OTHER
    assert kind_of(tmp_path) is FileKind.OTHER  # a folder


def test_the_own_extensions_are_the_first_of_their_kind() -> None:
    assert DATABASE_SUFFIXES[0] == LEAGUE_SUFFIX
    assert GAME_SUFFIX.endswith(".json")
