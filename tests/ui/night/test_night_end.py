"""The League night dialog's End the night… with tables still to finish (named, No the
default answer), and its week chooser opening on the first week with matches to play."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from clabber_league.store.database import Database
from clabber_league.store.league import schedule
from clabber_league.store.matches import open_match_game
from clabber_league.store.night import night_tokens
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.night.dialog import LeagueNightDialog
from tests.night.helpers import SEASON, league_with_teams
from tests.store.helpers import made


def play_out(database: Database, match_id: int) -> None:
    game = open_match_game(database, match_id)
    while not game.game.finished:
        game.record(made("A", 162))


def opened(qtbot: QtBot, window: MainWindow) -> LeagueNightDialog:
    window.night.open_dialog()
    dialog = window.night.dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    return dialog


class Asked:
    """``QMessageBox.question`` as the dialog calls it: what it asked, and its answer."""

    def __init__(self, answer: QMessageBox.StandardButton) -> None:
        self.answer = answer
        self.text = ""
        self.default: QMessageBox.StandardButton | None = None

    def __call__(self, _parent: Any, _title: str, text: str, _buttons: Any, default: Any) -> Any:
        self.text, self.default = text, default
        return self.answer


@pytest.fixture
def night(database: Database) -> Database:
    """Six teams; week 1: table 1 played out, table 2 mid-game, table 3 never begun."""
    league_with_teams(database, teams=6)
    first, second, _third = (match for match in schedule(database, SEASON) if match.week == 1)
    play_out(database, first.id)
    open_match_game(database, second.id).record(made("B"))
    night_tokens(database, SEASON, 1)
    return database


def test_ending_a_night_not_over_names_its_tables_and_defaults_to_no(
    qtbot: QtBot, window: MainWindow, night: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = opened(qtbot, window)
    assert dialog.week.value() == 1
    asked = Asked(QMessageBox.StandardButton.No)
    monkeypatch.setattr(QMessageBox, "question", asked)
    dialog.end_button.click()
    assert "1 table is mid-game: table 2 (Team 03 v Team 06)" in asked.text
    assert "1 table has not begun: table 3 (Team 05 v Team 04)" in asked.text
    assert asked.default == QMessageBox.StandardButton.No
    assert len(night_tokens(night, SEASON, 1).tables) == 3  # not ended: the same links

    asked.answer = QMessageBox.StandardButton.Yes
    dialog.end_button.click()
    assert dialog.state.text() == f"Week 1 of {SEASON} is ended: 4 links stopped working."


def test_a_night_played_out_asks_plainly_with_yes_the_default(
    qtbot: QtBot, window: MainWindow, night: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    for match in schedule(night, SEASON)[1:3]:
        play_out(night, match.id)
    dialog = opened(qtbot, window)
    dialog.week.setValue(1)
    asked = Asked(QMessageBox.StandardButton.No)
    monkeypatch.setattr(QMessageBox, "question", asked)
    dialog.end_button.click()
    assert "table" not in asked.text.split("?")[0]
    assert "not over" not in asked.text
    assert asked.default == QMessageBox.StandardButton.Yes


def test_the_dialog_opens_on_the_first_week_with_matches_to_play(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    league_with_teams(database, teams=4)
    for match in schedule(database, SEASON):
        if match.week == 1:
            play_out(database, match.id)
    dialog = opened(qtbot, window)
    assert dialog.week.value() == 2
    dialog.close()
    # Week 2 played out while the dialog was closed: it opens on week 3 next time.
    for match in schedule(database, SEASON):
        if match.week == 2:
            play_out(database, match.id)
    assert opened(qtbot, window).week.value() == 3


def test_a_season_played_out_opens_on_its_last_week(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    league_with_teams(database, teams=4)
    matches = schedule(database, SEASON)
    for match in matches:
        play_out(database, match.id)
    assert opened(qtbot, window).week.value() == max(match.week for match in matches)
