"""The Teams tab: the season's teams, and the chosen team's page (roster, record, matches).

The page only shows and asks; the panel calls the store for every change
and then hands the page the season as it now stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import _, fill
from clabber_league.league import StandingRow, pct_text
from clabber_league.store.league import MatchInfo, TeamInfo
from clabber_league.ui.league.views import button_row, stacked
from clabber_league.ui.tones import Tone, text_colour
from clabber_league.ui.widgets.elided_label import ElidedLabel
from clabber_league.ui.widgets.layouts import named

_ID_ROLE = int(Qt.ItemDataRole.UserRole)


def record_text(row: StandingRow | None) -> str:
    """A team's season in one line, as the standings count it."""
    if row is None or row.gp == 0:
        return _("No games yet.")
    return _(
        "#{rank} · {w}–{l}–{t} · pct {pct} · PF {pf}, PA {pa} ({diff:+d}) · "
        "made {made}, set {sets}, reneges {reneges}"
    ).format(
        rank="–" if row.rank is None else row.rank,
        w=row.w,
        l=row.l,
        t=row.t,
        pct=pct_text(row.pct),
        pf=row.pf,
        pa=row.pa,
        diff=row.diff,
        made=row.made,
        sets=row.sets,
        reneges=row.reneges,
    )


def match_line(match: MatchInfo, team: str, *, rounds: bool = False) -> str:
    """One of a team's matches, from that team's side of the table (``rounds``: a
    tournament's partnership, whose weeks are rounds)."""
    night = fill(_("Round {week}") if rounds else _("Week {week}"), week=match.week)
    if match.away is None:
        return fill(_("{night} · bye"), night=night)
    home = match.home == team
    opponent = match.away if home else match.home
    where = "home" if home else "away"
    return fill(
        _("{night} · table {table} · v {opponent} ({where}) — {state}"),
        night=night,
        table=match.table,
        opponent=opponent,
        where=where,
        state=match.state,
    )


def team_line(team: TeamInfo) -> str:
    """A team as the list shows it: its name, its division if it has one, retired or not."""
    line = team.name
    if team.division is not None:
        line = fill(_("{team} · {division}"), team=line, division=team.division)
    return line + (_("  (retired)") if team.retired else "")


class TeamsPage(QWidget):
    """Teams on top; the chosen team's page below."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._teams: list[TeamInfo] = []
        self._standings: list[StandingRow] = []
        self._matches: list[MatchInfo] = []
        self.rounds = False
        """The season is a tournament: its weeks are rounds, its partnerships the
        movement's (``set_rounds``)."""
        self.teams = named(QListWidget(self), "teams")
        self.add_team_button = QPushButton(_("Add team…"), self)
        self.rename_button = QPushButton(_("Rename…"), self)
        self.retire_button = QPushButton(_("Retire"), self)
        self.retire_button.setToolTip(_("Leave the team out of schedules from now on"))
        self.remove_button = QPushButton(_("Remove team…"), self)
        self.remove_button.setToolTip(
            _("Only a team entered by mistake, before any game of its: else retire it")
        )
        self.division_button = named(QPushButton(_("Division…"), self), "division")
        self.division_button.setToolTip(_("The division the team plays in, or none"))
        self.import_button = QPushButton(_("Import rosters…"), self)
        self.import_button.setToolTip(_("Teams and players from a CSV or XLSX sheet"))

        self.title = named(ElidedLabel("", self), "team_title")
        self.title.setStyleSheet("font-weight: bold; font-size: 13pt;")
        self.record = named(QLabel(self), "team_record")
        self.record.setWordWrap(True)
        self.roster = named(QListWidget(self), "roster")
        self.add_player_button = QPushButton(_("Add player…"), self)
        self.add_player_button.setToolTip(_("A new player or a substitute joins the roster"))
        self.remove_player_button = QPushButton(_("Remove player"), self)
        self.remove_player_button.setToolTip(
            _("Off the roster from now on; past games keep who sat")
        )
        self.matches = named(QListWidget(self), "team_matches")

        top = stacked(
            self,
            self.teams,
            button_row(self.add_team_button, self.rename_button, self.retire_button),
            button_row(self.remove_button, self.division_button, self.import_button),
        )
        page = QWidget(self)
        page_layout = QVBoxLayout(page)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.addWidget(self.title)
        page_layout.addWidget(self.record)
        page_layout.addWidget(QLabel(_("Roster"), page))
        page_layout.addWidget(self.roster, 1)
        page_layout.addLayout(button_row(self.add_player_button, self.remove_player_button))
        page_layout.addWidget(QLabel(_("Matches"), page))
        page_layout.addWidget(self.matches, 2)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(top)
        splitter.addWidget(page)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)
        self.teams.currentRowChanged.connect(self._show_team)
        self.roster.currentRowChanged.connect(lambda _row: self._update_buttons())
        self._show_team()

    def shown_teams(self) -> list[TeamInfo]:
        return list(self._teams)

    def show_season(
        self,
        teams: Sequence[TeamInfo],
        standings: Sequence[StandingRow],
        matches: Sequence[MatchInfo],
    ) -> None:
        """Show the season as it now stands, keeping the chosen team chosen."""
        chosen = self.selected_team()
        self._teams, self._standings, self._matches = list(teams), list(standings), list(matches)
        with QSignalBlocker(self.teams):
            self.teams.clear()
            for team in self._teams:
                item = QListWidgetItem(team_line(team))
                item.setData(_ID_ROLE, team.id)
                if team.retired:
                    item.setForeground(text_colour(Tone.QUIET, self.teams.palette()))
                self.teams.addItem(item)
        self.select_team(chosen.id if chosen else None)

    def show_matches(self, matches: Sequence[MatchInfo]) -> None:
        """The schedule changed (a match played, forfeited, postponed or edited): the chosen
        team's matches."""
        self._matches = list(matches)
        team = self.selected_team()
        if team is not None:
            self._show_matches(team)

    def show_standings(self, standings: Sequence[StandingRow]) -> None:
        """The standings changed (a game was finished or corrected): the chosen team's record."""
        self._standings = list(standings)
        team = self.selected_team()
        if team is not None:
            self._show_record(team)

    def select_team(self, team_id: int | None) -> None:
        rows = [i for i, team in enumerate(self._teams) if team.id == team_id]
        self.teams.setCurrentRow(rows[0] if rows else (0 if self._teams else -1))
        self._show_team()

    def selected_team(self) -> TeamInfo | None:
        row = self.teams.currentRow()
        return self._teams[row] if 0 <= row < len(self._teams) else None

    def selected_player(self) -> str | None:
        item = self.roster.currentItem()
        return item.text() if item is not None else None

    def _show_team(self) -> None:
        team = self.selected_team()
        self.roster.clear()
        self.matches.clear()
        if team is None:
            self.title.setText(_("No team chosen"))
            self.record.setText(_("Add the season's teams, then generate its schedule."))
        else:
            self.title.setText(team.name + (_(" (retired)") if team.retired else ""))
            self._show_record(team)
            self.roster.addItems(list(team.players))
            self._show_matches(team)
        self._update_buttons()

    def _show_record(self, team: TeamInfo) -> None:
        row = next((r for r in self._standings if r.team == team.id), None)
        self.record.setText(record_text(row))

    def _show_matches(self, team: TeamInfo) -> None:
        self.matches.clear()
        theirs = [match for match in self._matches if team.name in (match.home, match.away)]
        self.matches.addItems(
            [match_line(match, team.name, rounds=self.rounds) for match in theirs]
        )

    def set_rounds(self, rounds: bool) -> None:
        """A tournament's season (``True``): its matches are rounds, and its partnerships'
        players and tables are the movement's, not to be changed here
        (``store.tournament_guard``)."""
        self.rounds = rounds
        self._update_buttons()

    def _update_buttons(self) -> None:
        team = self.selected_team()
        active = team is not None and not team.retired
        self.rename_button.setEnabled(team is not None)
        self.retire_button.setEnabled(active)
        movable = active and not self.rounds  # a partnership's players are the movement's
        self.remove_button.setEnabled(team is not None and not self.rounds)
        self.division_button.setEnabled(team is not None)
        self.add_player_button.setEnabled(movable)
        self.remove_player_button.setEnabled(movable and self.roster.currentRow() >= 0)
