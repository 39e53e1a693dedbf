"""The Teams page's roster fixes: Remove team… and Import rosters… (a preview first)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from clabber_league.store.database import Database
from clabber_league.store.league import FORFEIT, list_teams, schedule
from clabber_league.ui.league import questions
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.league.roster_dialog import RosterPreviewDialog, SubstituteDialog

from .helpers import TEAMS, season_of_eight
from .test_panel import make_schedule


def choose(panel: LeaguePanel, database: Database, name: str) -> int:
    team_id = next(t.id for t in list_teams(database, "Fall 2025") if t.name == name)
    panel.teams_page.select_team(team_id)
    return team_id


def test_a_team_entered_by_mistake_is_removed_after_a_yes(
    qtbot: QtBot, panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    choose(panel, database, "Finches")
    assert panel.teams_page.remove_button.isEnabled()
    monkeypatch.setattr(QMessageBox, "question", lambda *_args: QMessageBox.StandardButton.Yes)
    questions.ask_remove_team(panel, panel)
    assert panel.message.text() == "Finches removed: 7 matches became byes, 0 removed."
    assert panel.teams_page.teams.count() == len(TEAMS) - 1
    assert all("Finches" not in (m.home, m.away) for m in schedule(database, "Fall 2025"))


def test_a_team_with_a_forfeit_is_not_removed_and_the_panel_says_why(
    qtbot: QtBot, panel: LeaguePanel, database: Database
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    match = next(m for m in schedule(database, "Fall 2025") if m.away)
    assert panel.set_match_status(match.id, FORFEIT, match.home)
    team_id = choose(panel, database, match.home)
    assert not panel.remove_team(team_id)
    assert panel.message.text().endswith("retire it instead (team retire)")
    assert panel.teams_page.teams.count() == len(TEAMS)


def test_rosters_are_imported_after_the_preview(
    qtbot: QtBot,
    panel: LeaguePanel,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    season_of_eight(panel)
    sheet = tmp_path / "rosters.csv"
    sheet.write_text("team,player\nOwls,Sub Sally\nRobins,Rob\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_args: (str(sheet), ""))
    shown: list[list[str]] = []

    def secretary_reads_and_imports(dialog: RosterPreviewDialog) -> bool:
        qtbot.addWidget(dialog)
        shown.append([dialog.lines.item(i).text() for i in range(dialog.lines.count())])
        assert dialog.import_button.isEnabled()
        return True

    monkeypatch.setattr(RosterPreviewDialog, "exec", secretary_reads_and_imports)
    questions.ask_import_rosters(panel, panel)
    assert shown == [["new team: Robins", "Owls: add Sub Sally", "Robins: add Rob"]]
    assert panel.message.text() == "Rosters imported into Fall 2025."
    assert panel.teams_page.teams.count() == len(TEAMS) + 1  # the view follows the change
    rosters = {team.name: team.players for team in list_teams(database, "Fall 2025")}
    assert rosters["Owls"] == ("Player 2a", "Player 2b", "Sub Sally")
    assert rosters["Robins"] == ("Rob",)


def test_a_sheet_with_problems_offers_no_import(
    qtbot: QtBot,
    panel: LeaguePanel,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    season_of_eight(panel)
    sheet = tmp_path / "rosters.csv"
    sheet.write_text("team,player\nOwls,Player 1a\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_args: (str(sheet), ""))
    shown: list[tuple[list[str], bool]] = []

    def secretary_reads(dialog: RosterPreviewDialog) -> bool:
        qtbot.addWidget(dialog)
        lines = [dialog.lines.item(i).text() for i in range(dialog.lines.count())]
        shown.append((lines, dialog.import_button.isEnabled()))
        return False

    monkeypatch.setattr(RosterPreviewDialog, "exec", secretary_reads)
    questions.ask_import_rosters(panel, panel)
    assert shown == [(["row 2: Player 1a is already on Eagles's roster"], False)]
    assert len(list_teams(database, "Fall 2025")) == len(TEAMS)


def test_a_substitute_is_seated_for_a_match_from_the_schedule_page(
    qtbot: QtBot, panel: LeaguePanel, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    page = panel.schedule_page
    match = page.shown_matches()[0]
    assert page.pick_match(match.id)
    assert page.substitute_button.isEnabled()
    offered: list[list[str]] = []

    def secretary_seats_sally(dialog: SubstituteDialog) -> bool:
        qtbot.addWidget(dialog)
        offered.append([dialog.seat.itemText(i) for i in range(dialog.seat.count())])
        dialog.seat.setCurrentText("B2")
        dialog.name.setText("Sub Sally")
        return True

    monkeypatch.setattr(SubstituteDialog, "exec", secretary_seats_sally)
    questions.ask_substitute(panel, panel)
    assert offered == [["A1", "B1", "A2", "B2"]]
    assert panel.message.text() == "Sub Sally sits in B2 from the next game begun."
    shown = next(m for m in schedule(database, "Fall 2025") if m.id == match.id)
    assert shown.substitutes == {"B2": "Sub Sally"}

    def secretary_clears(dialog: SubstituteDialog) -> bool:
        qtbot.addWidget(dialog)
        dialog.seat.setCurrentText("B2")
        assert dialog.name.text() == "Sub Sally"  # the seat's substitute, shown
        dialog.name.clear()
        return True

    monkeypatch.setattr(SubstituteDialog, "exec", secretary_clears)
    questions.ask_substitute(panel, panel)
    assert panel.message.text() == "The roster's player sits in B2 again."
    assert next(m for m in schedule(database, "Fall 2025") if m.id == match.id).substitutes == {}
