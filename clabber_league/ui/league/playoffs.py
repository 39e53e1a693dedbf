"""The league panel's playoffs: "Create playoffs…" (how many teams, games a match,
reseeding) and a read-only view of the bracket as its stored matches stand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clabber_league.commands.playoffs import bracket_lines
from clabber_league.i18n import _
from clabber_league.rules.limits import GAMES_PER_MATCH, PLAYOFF_TEAMS
from clabber_league.ui.widgets.layouts import ok_cancel

if TYPE_CHECKING:
    from clabber_league.store.league import SeasonInfo
    from clabber_league.store.playoffs import Bracket


class PlayoffSecretary(Protocol):
    """The league panel as the playoffs' questions end."""

    def current_season(self) -> SeasonInfo | None: ...
    def say(self, text: str, *, problem: bool = False) -> None: ...
    def playoff_bracket(self) -> Bracket | None: ...
    def create_playoffs(
        self, teams: int, games_per_match: int, *, reseed: bool, force: bool
    ) -> Bracket | None: ...


class CreatePlayoffsDialog(QDialog):
    """How many teams go through, the games of each playoff match, and reseeding."""

    def __init__(self, games_per_match: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Create playoffs"))
        self.teams = QSpinBox(self)
        self.teams.setRange(PLAYOFF_TEAMS.low, PLAYOFF_TEAMS.high)
        self.teams.setValue(4)
        self.games_per_match = QSpinBox(self)
        self.games_per_match.setRange(GAMES_PER_MATCH.low, GAMES_PER_MATCH.high)
        self.games_per_match.setValue(games_per_match)
        self.reseed = QCheckBox(_("pair the best seed left with the worst each round"), self)
        self.force = QCheckBox(
            _("make the playoffs though regular-season matches are still to play"), self
        )
        form = QFormLayout(self)
        form.addRow(_("&Teams"), self.teams)
        form.addRow(_("&Games per match"), self.games_per_match)
        form.addRow(self.reseed)
        form.addRow(self.force)
        form.addRow(ok_cancel(self))


class BracketDialog(QDialog):
    """The bracket, read only: each round's matches, their scores and winners."""

    def __init__(self, bracket: Bracket, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Playoffs"))
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setPlainText("\n".join(bracket_lines(bracket)))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(560, 420)


def ask_playoffs(panel: PlayoffSecretary, parent: QWidget) -> None:
    """Playoffs…: the season's bracket; a season without one is asked to make it first."""
    season = panel.current_season()
    if season is None:
        panel.say(_("Create a season first (New season…)."), problem=True)
        return
    bracket = panel.playoff_bracket()
    if bracket is None:
        dialog = CreatePlayoffsDialog(season.games_per_match, parent)
        if not dialog.exec():
            return
        bracket = panel.create_playoffs(
            dialog.teams.value(),
            dialog.games_per_match.value(),
            reseed=dialog.reseed.isChecked(),
            force=dialog.force.isChecked(),
        )
    if bracket is not None:
        BracketDialog(bracket, parent).exec()
