"""The league bridge: the window's side of the league panel.

The panel docked where it was left (and shown if this database's settings
say so), Tournament → New… and New knockout… (its season shown in the panel once
kept, a knockout's bracket beside it),
File → Import season games, a match keyed in from its paper sheet,
and a new game between two of a season's teams: their match's game if they
have one to play, else a friendly. The game itself is put on the sheet by
game control (``LeagueWindow``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtWidgets import QDockWidget, QFileDialog

from clabber_league.commands.common import CommandInputError
from clabber_league.commands.game_files import GameFile
from clabber_league.i18n import _, said_error
from clabber_league.league.pairing import Playable, plan_game
from clabber_league.rules import ClabberError
from clabber_league.store.errors import StoreError
from clabber_league.store.games import create_game
from clabber_league.store.league import TO_PLAY, list_seasons, list_teams, schedule
from clabber_league.store.matches import open_match_game
from clabber_league.ui.dialogs.new_game import NewGameDialog, SeasonTeams
from clabber_league.ui.dialogs.new_knockout import NewKnockoutDialog
from clabber_league.ui.dialogs.new_tournament import NewTournamentDialog
from clabber_league.ui.league.panel import LeaguePanel
from clabber_league.ui.league.playoffs import BracketDialog
from clabber_league.ui.main_window.keys import LEAGUE_PANEL_KEY, STATE_KEY

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMainWindow, QMenu

    from clabber_league.recording import GameRecorder
    from clabber_league.store.database import Database
    from clabber_league.store.league import MatchInfo, SeasonInfo
    from clabber_league.ui.changes import ChangeSignal
    from clabber_league.ui.dialogs.new_game import LeaguePairing
    from clabber_league.ui.printing.menu import PrintMenu


class LeagueWindow(Protocol):
    """What the league bridge needs of the rest of the window."""

    database: Database | None
    settings: QSettings
    print_menu: PrintMenu
    view_menu: QMenu

    def _kept(self, key: str) -> str: ...
    def show_recorder(self, recorder: GameRecorder) -> None: ...
    def _toggle_transcription(self, on: bool) -> None: ...
    def complain(self, title: str, message: str) -> None: ...


if TYPE_CHECKING:

    class _Window(QMainWindow, LeagueWindow):
        """The window the league bridge is part of, as the type checker sees it."""

else:
    _Window = object


class LeagueBridge(_Window):
    """The window's side of the league panel (a part of ``MainWindow``)."""

    league_panel: LeaguePanel | None
    """The league panel, once a database is open."""

    def _take_league_panel(self, database: Database, changes: ChangeSignal) -> None:
        """The league panel, docked where it was left, following ``changes``, and shown if
        this database's own settings say so."""
        panel = self.league_panel = LeaguePanel(database, self)
        # A dock the secretary can close, float (onto a second screen) or move.
        panel.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, panel)
        # The sheet keeps the rest (the secretary can drag the edge, float or close the panel).
        self.resizeDocks([panel], [panel.opening_width()], Qt.Orientation.Horizontal)
        panel.key_in_requested.connect(self.key_in_match)
        self.print_menu.follow(panel)
        changes.changed.connect(panel.follow_changes)
        league_action = panel.toggleViewAction()
        league_action.setText(_("&League panel"))
        league_action.setShortcut("Ctrl+L")
        self.view_menu.addAction(league_action)
        state = self.settings.value(STATE_KEY)
        if isinstance(state, QByteArray):
            self.restoreState(state)
        self._show_league_panel_as_kept()

    def _show_league_panel_as_kept(self) -> None:
        """Where the docks stand is the window's; whether the panel is shown, the database's.
        A scorekeeper with no league sees just the sheet; View → League panel opens it."""
        panel = self.league_panel
        if panel is None:
            return
        shown = self.settings.value(self._kept(LEAGUE_PANEL_KEY))
        panel.setVisible(bool(panel.leagues()) if shown is None else str(shown) == "true")

    def new_tournament(self) -> NewTournamentDialog | None:
        """Tournament → New…: the dialog keeps it; the panel then shows its season's
        standings, player by player."""
        if self.database is None or self.league_panel is None:
            return None
        dialog = NewTournamentDialog(self.database, self)
        dialog.finished.connect(lambda _result: self._tournament_made(dialog))
        dialog.open()
        return dialog

    def _tournament_made(self, dialog: NewTournamentDialog) -> None:
        dialog.deleteLater()
        panel = self.league_panel
        if dialog.created is not None and panel is not None:
            panel.show_tournament(dialog.created)
            self._widen_panel(panel)

    def new_knockout(self) -> NewKnockoutDialog | None:
        """Tournament → New knockout…: the dialog keeps it; the panel then shows its
        season's schedule, and its bracket opens beside the window."""
        if self.database is None or self.league_panel is None:
            return None
        dialog = NewKnockoutDialog(self.database, self)
        dialog.finished.connect(lambda _result: self._knockout_made(dialog))
        dialog.open()
        return dialog

    def _knockout_made(self, dialog: NewKnockoutDialog) -> None:
        dialog.deleteLater()
        panel = self.league_panel
        if dialog.created is None or dialog.bracket is None or panel is None:
            return
        panel.show_knockout(dialog.created)
        self._widen_panel(panel)
        shown = BracketDialog(dialog.bracket, self)
        shown.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        shown.open()

    def _widen_panel(self, panel: LeaguePanel) -> None:
        """A panel opened on no season is narrow: room for a season's columns now."""
        if panel.width() < panel.opening_width():
            self.resizeDocks([panel], [panel.opening_width()], Qt.Orientation.Horizontal)

    def import_season_games(self) -> None:
        """Games from a sheet file (one game or a list) into the season the league panel shows."""
        if self.league_panel is None:
            return
        path, _filter = QFileDialog.getOpenFileName(
            self, _("Import season games"), "", _("Game sheets (*.json)")
        )
        if not path:
            return
        try:
            games = GameFile(path)
        except CommandInputError as exc:
            self.complain(_("The games were not imported"), said_error(exc))
            return
        self.league_panel.show()
        self.league_panel.import_games(games)

    def key_in_match(self, match: MatchInfo) -> None:
        """Open a match's game (the one under way, or a new one) to copy its paper sheet."""
        panel = self.league_panel
        season = panel.current_season() if panel is not None else None
        if self.database is None or season is None:
            return
        try:
            # The game under way, else the next: the same game at every station.
            recorder = open_match_game(self.database, match.id)
        except StoreError as exc:
            self.complain(_("The match could not be keyed in"), said_error(exc))
            return
        self.show_recorder(recorder)
        self._toggle_transcription(True)
        self.statusBar().showMessage(
            _(
                "Week {week}, table {table}: copy each hand's marks off the paper "
                "sheet; at the end the W must match the paper's"
            ).format(week=match.week, table=match.table)
        )

    def _season_teams(self) -> list[SeasonTeams]:
        """The seasons and their teams, for starting a game without retyping names."""
        if self.database is None:
            return []
        try:
            return [
                SeasonTeams(info, tuple(list_teams(self.database, info.name, info.league)))
                for info in list_seasons(self.database)
            ]
        except StoreError:
            return []  # the dialog still takes typed names

    def _new_league_game(self, dialog: NewGameDialog, pairing: LeaguePairing) -> None:
        """A game between two of the season's teams: their match's game if they have one
        to play, else a friendly under their names (not in the standings)."""
        assert self.database is not None
        season, (home, away) = pairing.season, pairing.teams
        typed = dict(zip(season.rules.sides, dialog.players().values(), strict=False))
        by_team = {home.name: typed.get("A", []), away.name: typed.get("B", [])}
        try:
            to_play = {
                match.id: match
                for match in schedule(self.database, season.name, season.league)
                if match.state == TO_PLAY and match.away is not None
            }
            plan = plan_game(
                (Playable(m.id, m.home, m.away or "") for m in to_play.values()),
                home.name,
                away.name,
                dialog.first_dealer(),
            )
            order, dealer = plan.order, plan.dealer
            match = to_play[plan.match_id] if plan.match_id is not None else None
            players = {
                seat: name
                for side, team in zip("AB", order, strict=True)
                for seat, name in zip(
                    season.rules.layout.seats_of(side), by_team[team], strict=False
                )
            }
            if match is not None:
                recorder = open_match_game(self.database, match.id, players, first_dealer=dealer)
                news = _(
                    "Week {week}, table {table}: this game counts in the standings of {name}"
                ).format(week=match.week, table=match.table, name=season.name)
            else:
                recorder = create_game(
                    self.database, season.rules, list(order), dealer, players=players
                )
                news = _(
                    "{home} and {away} have no match left to play in {season}: kept as a "
                    "friendly game, not in the standings"
                ).format(home=home.name, away=away.name, season=season.name)
        except (ClabberError, StoreError) as exc:
            self.complain(_("The game could not be started"), said_error(exc))
            return
        self.show_recorder(recorder)
        self.statusBar().showMessage(news, 10000)

    def current_season(self) -> SeasonInfo | None:
        """The season the league panel shows, if any (the Print menu's season)."""
        return self.league_panel.current_season() if self.league_panel is not None else None
