"""The league panel's Playoffs…: a season without a bracket is asked to make one (Create
playoffs…), and the bracket is shown read only; round 1 joins the schedule."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from clabber_league.ui.league import playoffs
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.league.playoffs import BracketDialog, CreatePlayoffsDialog

from .helpers import season_of_eight
from .test_panel import make_schedule


def test_create_playoffs_then_see_the_bracket(
    qtbot: QtBot, panel: LeaguePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    assert panel.playoff_bracket() is None
    shown: list[str] = []

    def answer(dialog: QDialog) -> int:
        if isinstance(dialog, CreatePlayoffsDialog):
            dialog.teams.setValue(8)
            dialog.force.setChecked(True)
            return 1
        assert isinstance(dialog, BracketDialog)
        shown.append(dialog.text.toPlainText())
        return 0

    monkeypatch.setattr(QDialog, "exec", answer)
    playoffs.ask_playoffs(panel, panel)
    assert "round 1 is on the schedule" in panel.message.text()
    assert "(1) " in shown[0]
    assert "Quarter-final" in shown[0]
    bracket = panel.playoff_bracket()
    assert bracket is not None
    assert [len(stage) for stage in bracket.rounds] == [4, 0, 0]
    page = panel.schedule_page
    page.pick_week(8)
    qtbot.waitUntil(lambda: len(page.shown_matches()) == 4)
    playoffs.ask_playoffs(panel, panel)  # made already: straight to the bracket
    assert len(shown) == 2


def test_a_refusal_is_said_and_changes_nothing(
    qtbot: QtBot, panel: LeaguePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    monkeypatch.setattr(QDialog, "exec", lambda dialog: 1)
    playoffs.ask_playoffs(panel, panel)
    assert "regular-season matches to play" in panel.message.text()
    assert panel.playoff_bracket() is None
