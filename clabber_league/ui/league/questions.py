"""The league panel's questions to the secretary: names, confirmations, schedule settings.

Each question ends in one of the panel's plain methods (``add_team``,
``generate_schedule`` …), which is what the tests call: the dialogs are the
only part that needs a person.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from clabber_league.i18n import _, fill, said_error
from clabber_league.inputs import InputError
from clabber_league.league.roster_sheet import RosterPlan
from clabber_league.roster_file import roster_rows
from clabber_league.store.errors import StoreError
from clabber_league.store.league import FORFEIT
from clabber_league.store.roster_import import RosterImportError
from clabber_league.ui.league.dialogs import EditMatchDialog, NewSeasonDialog, ScheduleDialog
from clabber_league.ui.league.roster_dialog import RosterPreviewDialog, SubstituteDialog
from clabber_league.ui.plain import shown

if TYPE_CHECKING:
    from clabber_league.store.league import SeasonInfo
    from clabber_league.ui.league.schedule_page import SchedulePage
    from clabber_league.ui.league.teams_page import TeamsPage
    from clabber_league.ui.league.workers import Task


class Secretary(Protocol):
    """The league panel as its questions end: each answer becomes one of its changes."""

    teams_page: TeamsPage
    schedule_page: SchedulePage

    def seasons_by_league(self) -> dict[str, list[str]]: ...
    def current_season(self) -> SeasonInfo | None: ...
    def say(self, text: str, *, problem: bool = False) -> None: ...
    def create_season(
        self,
        league: str,
        season: str,
        preset: str = ...,
        games_per_match: int = ...,
        copy_teams_from: str | None = ...,
    ) -> SeasonInfo | None: ...
    def rename_team(self, team_id: int, name: str) -> bool: ...
    def retire_team(self, team_id: int) -> bool: ...
    def add_player(self, team_id: int, name: str) -> bool: ...
    def remove_team(self, team_id: int) -> bool: ...
    def set_substitute(self, match_id: int, seat: str, name: str | None) -> bool: ...
    def roster_plan(self, rows: Sequence[Sequence[str]]) -> RosterPlan: ...
    def import_rosters(self, rows: Sequence[Sequence[str]]) -> bool: ...
    def edit_match(
        self,
        match_id: int,
        *,
        table: int | None = ...,
        home: str | None = ...,
        away: str | None = ...,
        played_on: date | None = ...,
    ) -> bool: ...
    def set_match_status(
        self, match_id: int, status: str, forfeited_by: str | None = ...
    ) -> bool: ...
    def generate_schedule(
        self,
        rounds: int = ...,
        start: date | None = ...,
        days_between: int = ...,
        *,
        replace: bool = ...,
        within_rounds: int | None = ...,
        across_rounds: int | None = ...,
    ) -> Task | None: ...


def confirm(parent: QWidget, title: str, text: str) -> bool:
    answer = QMessageBox.question(parent, title, shown(text))
    return answer == QMessageBox.StandardButton.Yes


def ask_new_season(panel: Secretary, parent: QWidget) -> None:
    dialog = NewSeasonDialog(panel.seasons_by_league(), parent)
    if dialog.exec():
        panel.create_season(
            dialog.league.currentText(),
            dialog.season.text(),
            dialog.preset(),
            dialog.games_per_match.value(),
            dialog.teams_from(),
        )


def ask_rename_team(panel: Secretary, parent: QWidget) -> None:
    team = panel.teams_page.selected_team()
    if team is None:
        return
    name, ok = QInputDialog.getText(parent, _("Rename team"), _("New name:"), text=team.name)
    if ok:
        panel.rename_team(team.id, name)


def ask_retire_team(panel: Secretary, parent: QWidget) -> None:
    team = panel.teams_page.selected_team()
    if team is not None and confirm(
        parent,
        _("Retire this team?"),
        fill(_("{name} keeps its games but is left out of the next schedule."), name=team.name),
    ):
        panel.retire_team(team.id)


def ask_remove_team(panel: Secretary, parent: QWidget) -> None:
    """Remove the chosen team after a confirmation; the store refuses, with the reason,
    a team that has a game, a forfeit or a playoff place."""
    team = panel.teams_page.selected_team()
    if team is not None and confirm(
        parent,
        _("Remove this team?"),
        fill(
            _(
                "{name} and its roster go; its matches become its opponents' byes. "
                "Only for a team entered by mistake: a team that played is retired instead."
            ),
            name=team.name,
        ),
    ):
        panel.remove_team(team.id)


def ask_import_rosters(panel: Secretary, parent: QWidget) -> None:
    """A roster sheet chosen, its plan (or its problems) shown, then imported."""
    path, _filter = QFileDialog.getOpenFileName(
        parent, _("Import rosters"), "", _("Spreadsheets (*.csv *.xlsx)")
    )
    if not path:
        return
    plan: RosterPlan | None = None
    problems: list[str] = []
    try:
        rows = roster_rows(path)
        plan = panel.roster_plan(rows)
    except InputError as exc:
        problems = list(exc.lines)
    except RosterImportError as exc:
        problems = list(exc.lines)
    except StoreError as exc:
        problems = [said_error(exc)]
    dialog = RosterPreviewDialog(path, plan, problems, parent)
    if dialog.exec() and plan is not None:
        panel.import_rosters(rows)


def ask_add_player(panel: Secretary, parent: QWidget) -> None:
    team = panel.teams_page.selected_team()
    if team is None:
        return
    name, ok = QInputDialog.getText(
        parent,
        _("Add player"),
        shown(fill(_("Player (or substitute) joining {name}:"), name=team.name)),
    )
    if ok:
        panel.add_player(team.id, name)


def ask_generate_schedule(panel: Secretary, parent: QWidget) -> None:
    if panel.current_season() is None:
        panel.say(_("Create a season first (New season…)."), problem=True)
        return
    replace = bool(panel.schedule_page.model.records())
    if replace and not confirm(
        parent,
        _("Make the schedule again?"),
        _("The season's schedule is replaced by a new round robin."),
    ):
        return
    teams = panel.teams_page.shown_teams()
    # As the store decides: the active teams' divisions (``store.league.generate_schedule``).
    divided = any(team.division and not team.retired for team in teams)
    dialog = ScheduleDialog(parent, divisions=divided)
    if dialog.exec():
        panel.generate_schedule(
            start=dialog.start(),
            days_between=dialog.days_between.value(),
            replace=replace,
            **dialog.rounds_asked(),
        )


def ask_edit_match(panel: Secretary, parent: QWidget) -> None:
    match = panel.schedule_page.selected_match()
    season = panel.current_season()
    if match is None or season is None:
        return
    dialog = EditMatchDialog(match, panel.teams_page.shown_teams(), parent)
    if dialog.exec():
        panel.edit_match(match.id, **dialog.changes())


def ask_forfeit(panel: Secretary, parent: QWidget) -> None:
    match = panel.schedule_page.selected_match()
    if match is None or match.away is None:
        return
    team, ok = QInputDialog.getItem(
        parent, _("Forfeit"), _("Which team forfeited?"), [match.home, match.away], 0, False
    )
    if ok:
        panel.set_match_status(match.id, FORFEIT, team)


def ask_substitute(panel: Secretary, parent: QWidget) -> None:
    """A substitute for the chosen match, in a seat of the season's rules."""
    match = panel.schedule_page.selected_match()
    season = panel.current_season()
    if match is None or match.away is None or season is None:
        return
    dialog = SubstituteDialog(match, season.rules.seats, parent)
    if dialog.exec():
        panel.set_substitute(match.id, *dialog.choice())
