"""The league panel's questions to the secretary: names, confirmations, schedule settings.

Each question ends in one of the panel's plain methods (``add_team``,
``generate_schedule`` …), which is what the tests call: the dialogs are the
only part that needs a person.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QMessageBox

from clabber_league.i18n import _, fill
from clabber_league.store.league import FORFEIT
from clabber_league.ui.league.dialogs import EditMatchDialog, NewSeasonDialog, ScheduleDialog
from clabber_league.ui.plain import shown

if TYPE_CHECKING:
    from clabber_league.ui.league.panel import LeaguePanel


def confirm(panel: LeaguePanel, title: str, text: str) -> bool:
    answer = QMessageBox.question(panel, title, shown(text))
    return answer == QMessageBox.StandardButton.Yes


def ask_new_season(panel: LeaguePanel) -> None:
    dialog = NewSeasonDialog(panel.leagues(), panel)
    if dialog.exec():
        panel.create_season(
            dialog.league.currentText(),
            dialog.season.text(),
            dialog.preset(),
            dialog.games_per_match.value(),
        )


def ask_add_team(panel: LeaguePanel) -> None:
    name, ok = QInputDialog.getText(panel, _("Add team"), _("Team name:"))
    if not ok or not name.strip():
        return
    players, ok = QInputDialog.getText(
        panel,
        _("Add team"),
        shown(fill(_("{name}'s players, separated by commas:"), name=name.strip())),
    )
    if ok:
        panel.add_team(name, [player.strip() for player in players.split(",")])


def ask_rename_team(panel: LeaguePanel) -> None:
    team = panel.teams_page.selected_team()
    if team is None:
        return
    name, ok = QInputDialog.getText(panel, _("Rename team"), _("New name:"), text=team.name)
    if ok:
        panel.rename_team(team.id, name)


def ask_retire_team(panel: LeaguePanel) -> None:
    team = panel.teams_page.selected_team()
    if team is not None and confirm(
        panel,
        _("Retire this team?"),
        fill(_("{name} keeps its games but is left out of the next schedule."), name=team.name),
    ):
        panel.retire_team(team.id)


def ask_add_player(panel: LeaguePanel) -> None:
    team = panel.teams_page.selected_team()
    if team is None:
        return
    name, ok = QInputDialog.getText(
        panel,
        _("Add player"),
        shown(fill(_("Player (or substitute) joining {name}:"), name=team.name)),
    )
    if ok:
        panel.add_player(team.id, name)


def ask_generate_schedule(panel: LeaguePanel) -> None:
    if panel.current_season() is None:
        panel.say(_("Create a season first (New season…)."), problem=True)
        return
    replace = bool(panel.schedule_page.model.records())
    if replace and not confirm(
        panel,
        _("Make the schedule again?"),
        _("The season's schedule is replaced by a new round robin."),
    ):
        return
    dialog = ScheduleDialog(panel)
    if dialog.exec():
        panel.generate_schedule(
            dialog.rounds.value(), dialog.start(), dialog.days_between.value(), replace=replace
        )


def ask_edit_match(panel: LeaguePanel) -> None:
    match = panel.schedule_page.selected_match()
    season = panel.current_season()
    if match is None or season is None:
        return
    teams = [team.name for team in panel.teams_page.shown_teams()]
    dialog = EditMatchDialog(match, teams, panel)
    if dialog.exec():
        panel.edit_match(match.id, **dialog.changes())


def ask_forfeit(panel: LeaguePanel) -> None:
    match = panel.schedule_page.selected_match()
    if match is None or match.away is None:
        return
    team, ok = QInputDialog.getItem(
        panel, _("Forfeit"), _("Which team forfeited?"), [match.home, match.away], 0, False
    )
    if ok:
        panel.set_match_status(match.id, FORFEIT, team)
