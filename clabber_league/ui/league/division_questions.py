"""The league panel's questions about divisions and halves: a new team with its division,
the chosen team's division, and where the season's first half ends.

Each ends in one of the panel's plain methods (``add_team``, ``set_team_division``,
``split_season``), which is what the tests call past the dialog.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QWidget

from clabber_league.commands.divisions import division_names
from clabber_league.i18n import _
from clabber_league.ui.league.division_dialogs import (
    AddTeamDialog,
    DivisionDialog,
    SplitSeasonDialog,
    typed,
)

if TYPE_CHECKING:
    from clabber_league.store.league import SeasonInfo
    from clabber_league.ui.league.schedule_page import SchedulePage
    from clabber_league.ui.league.teams_page import TeamsPage


class Divider(Protocol):
    """The league panel as these questions end."""

    teams_page: TeamsPage
    schedule_page: SchedulePage

    def current_season(self) -> SeasonInfo | None: ...
    def say(self, text: str, *, problem: bool = False) -> None: ...
    def add_team(
        self, name: str, players: Sequence[str] = ..., division: str | None = ...
    ) -> bool: ...
    def set_team_division(self, team_id: int, division: str | None) -> bool: ...
    def split_season(self, first_half_weeks: int | None) -> bool: ...


def season_divisions(panel: Divider) -> list[str]:
    """The divisions of the season shown, each once."""
    return division_names(panel.teams_page.shown_teams())


def ask_add_team(panel: Divider, parent: QWidget) -> None:
    dialog = AddTeamDialog(season_divisions(panel), parent)
    if dialog.exec():
        panel.add_team(dialog.name.text(), dialog.roster(), typed(dialog.division))


def ask_division(panel: Divider, parent: QWidget) -> None:
    team = panel.teams_page.selected_team()
    if team is None:
        return
    dialog = DivisionDialog(team.name, season_divisions(panel), team.division, parent)
    if dialog.exec():
        panel.set_team_division(team.id, dialog.choice())


def ask_split_season(panel: Divider, parent: QWidget) -> None:
    season = panel.current_season()
    if season is None:
        panel.say(_("Create a season first (New season…)."), problem=True)
        return
    weeks = max((match.week for match in panel.schedule_page.model.records()), default=0)
    dialog = SplitSeasonDialog(weeks, season.first_half_weeks, parent)
    if dialog.exec():
        panel.split_season(dialog.choice())
