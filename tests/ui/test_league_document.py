"""File → Export league… writes the league as one ``clabber-league/1`` file; File →
Import (and a dropped file) takes such a file back, the whole league or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from clabber_league.escaping import json_text
from clabber_league.store.database import Database
from clabber_league.store.imports import import_games
from clabber_league.store.league import add_team, create_season, list_seasons
from clabber_league.store.league_file import export_league
from clabber_league.ui.main_window import MainWindow


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    messages: list[str] = []

    def box(_parent: object, title: str, text: str, *_rest: object) -> None:
        messages.append(f"{title}: {text}")

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(box))
    return messages


def club(database: Database) -> None:
    create_season(database, league="Club", season="Spring")
    for team in ("Eagles", "Owls"):
        add_team(database, "Spring", team)
    game = {
        "format": "clabber-game/1",
        "sides": ["Eagles", "Owls"],
        "hands": [{"makers": "A", "written": {"A": "150", "B": "12"}}] * 4,
    }
    import_games(database, [game], "Spring")


def test_export_league_writes_the_same_file_as_the_command_line(
    window: MainWindow, database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club(database)
    target = tmp_path / "club.json"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: (str(target), ""))
    )
    window.export_league_file()
    assert target.read_text(encoding="utf-8") == json_text(export_league(database, "Club")) + "\n"
    assert window.statusBar().currentMessage() == f"Club exported to {target}"


def test_export_league_without_a_season_says_so(window: MainWindow, said: list[str]) -> None:
    window.export_league_file()
    assert said == [
        "The league was not exported: This league file has no season yet: there is nothing "
        "to export"
    ]


def test_import_takes_a_league_file_whole(
    window: MainWindow, database: Database, tmp_path: Path
) -> None:
    source = Database.open(str(tmp_path / "source.clabber"))
    try:
        club(source)
        text = json_text(export_league(source, "Club")) + "\n"
    finally:
        source.close()
    league_file = tmp_path / "club.json"
    league_file.write_text(text, encoding="utf-8")
    window.import_path(str(league_file))
    assert [info.name for info in list_seasons(database)] == ["Spring"]
    assert json_text(export_league(database, "Club")) + "\n" == text
    assert window.statusBar().currentMessage() == ("stored the league Club (seasons: 1; games: 1)")


def test_a_league_already_in_the_file_is_refused_in_one_line(
    window: MainWindow, database: Database, tmp_path: Path, said: list[str]
) -> None:
    club(database)
    league_file = tmp_path / "club.json"
    league_file.write_text(json_text(export_league(database, "Club")), encoding="utf-8")
    window.import_path(str(league_file))
    assert said == [
        "The league was not imported: league.name: the database already holds a league "
        "called 'Club'; nothing was stored"
    ]


def test_a_league_file_sent_to_the_window_is_imported_whole(
    window: MainWindow, database: Database, tmp_path: Path
) -> None:
    source = Database.open(str(tmp_path / "source.clabber"))
    try:
        club(source)
        text = json_text(export_league(source, "Club"))
    finally:
        source.close()
    league_file = tmp_path / "club.json"
    league_file.write_text(text, encoding="utf-8")
    assert window.open_path(str(league_file))
    assert [info.league for info in list_seasons(database)] == ["Club"]
