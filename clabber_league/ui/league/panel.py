"""The league panel beside the sheet: seasons, teams, the schedule, standings and players.

Every change goes to the store first; the panel then reads the season back
and shows it, so what is on screen is always what is on disk. A change made
anywhere else (the sheet, the command line, the night service, another
station) arrives through the window's change signal (``follow_changes``):
the panel reads again the views that kind of change can move. The heavy views — the
Players tab and the two charts — are read when they are in sight, off the
GUI thread (``workers.LatestRead``), and marked stale otherwise. Problems are
told in a line at the foot of the panel rather than in a dialog, because a
secretary keying in a night should not have to dismiss boxes. Keying in a
match is the window's business: the panel only asks for it
(``key_in_requested``). The panel has no Alt+letter mnemonics: those belong
to the entry panel, where the scorekeeper's hands are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QLabel,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clabber_league.commands.common import messages_of
from clabber_league.commands.rosters import header_words
from clabber_league.i18n import _, fill, ngettext, said_error
from clabber_league.league import PlayerRow, StandingRow, weekly_pct
from clabber_league.league.progressive import PlayerScore
from clabber_league.league.roster_sheet import RosterPlan
from clabber_league.rules import ClabberError, Game
from clabber_league.store import standings as store_standings
from clabber_league.store.careers import Career, career
from clabber_league.store.changes import Changes
from clabber_league.store.database import Database
from clabber_league.store.divisions import set_team_division, split_season
from clabber_league.store.errors import StoreError
from clabber_league.store.games import open_game
from clabber_league.store.imports import Documents, ImportReport, import_games
from clabber_league.store.league import (
    FORFEIT,
    POSTPONED,
    SCHEDULED,
    MatchInfo,
    SeasonInfo,
    TeamInfo,
    add_player,
    add_team,
    create_season,
    edit_match,
    generate_schedule,
    list_seasons,
    list_teams,
    remove_player,
    rename_team,
    retire_team,
    season_schedule,
    season_week_results,
    set_match_status,
)
from clabber_league.store.playoffs import Bracket, bracket_if_any, create_playoffs
from clabber_league.store.roster_import import import_rosters
from clabber_league.store.substitutes import set_substitute
from clabber_league.store.team_removal import TeamRemoved, remove_team
from clabber_league.store.tournaments import (
    PROGRESSIVE,
    TournamentInfo,
    tournament_of_season,
    tournament_standings,
)
from clabber_league.ui.league import division_questions, questions
from clabber_league.ui.league.charts import score_race_chart, standings_chart
from clabber_league.ui.league.playoffs import ask_playoffs
from clabber_league.ui.league.schedule_page import SchedulePage
from clabber_league.ui.league.standings_page import PlayersPage, StandingsPage
from clabber_league.ui.league.teams_page import TeamsPage
from clabber_league.ui.league.views import button_row, chooser_row
from clabber_league.ui.league.workers import (
    CancelledError,
    LatestRead,
    Progress,
    Task,
    location_of,
    run_with_progress,
    with_own_database,
)
from clabber_league.ui.tones import Tone, tone_style
from clabber_league.ui.widgets.layouts import named

if TYPE_CHECKING:
    from sqlmodel import Session

T = TypeVar("T")

#: The panel's width beside the sheet, in pixels, when it opens on a season.
SEASON_WIDTH = 420


def _asked(
    asked: int, season: SeasonInfo, query: Callable[..., object], **arguments: object
) -> Callable[[Database], object]:
    """The season's ``query`` as a read, with the count it was asked at (``_show_standings``)."""
    return lambda database: (
        asked,
        season,
        database.read(query, season_id=season.id, **arguments),
    )


@dataclass(frozen=True)
class TournamentRead:
    """A tournament's season as the panel shows it: its partnerships' lines (the Teams
    tab's records) and its players' standings (the Standings tab)."""

    teams: list[StandingRow]
    players: list[PlayerScore]


def tournament_read(*, session: Session, season_id: int, tournament_id: int) -> TournamentRead:
    """Both of a tournament's standings in one read session."""
    return TournamentRead(
        store_standings.standings(session=session, season_id=season_id),
        tournament_standings(session=session, tournament_id=tournament_id),
    )


def tournament_id(*, session: Session, season_id: int) -> int | None:
    """The id of the tournament played as the season, if it is one."""
    found = tournament_of_season(session, season_id, kind=PROGRESSIVE)
    return found.id if found is not None else None


class LeaguePanel(QDockWidget):
    """A dock with the chosen season's Teams, Schedule, Standings and Players."""

    key_in_requested = Signal(object)
    """A ``MatchInfo`` whose game the secretary wants on the sheet."""

    def __init__(self, database: Database, parent: QWidget | None = None) -> None:
        super().__init__(_("League"), parent)
        self.setObjectName("league_panel")
        self.database = database
        self._seasons: list[SeasonInfo] = []
        """The seasons the chooser lists."""
        self.task: Task | None = None
        """Long work under way (a schedule being made), if any."""
        self._stale: set[QWidget] = set()
        """The heavy views (players, the season chart, the score race) to read again when
        next in sight."""
        self._standings_asked = self._schedule_asked = 0
        """Count the standings and the schedules asked for (off the GUI thread, or
        ``refresh``): a read that comes back after a newer one was asked for is not shown."""
        self._then: tuple[LatestRead, Callable[[Database], object]] | None = None
        """The season's read that waits for the other to be shown (``follow_changes``)."""
        self.tournament: int | None = None
        """The id of the tournament the season shown is played as, if it is one: its
        standings are its players' (read again with the season, ``refresh``)."""

        self.season = named(QComboBox(), "season")
        new_season = QToolButton()
        new_season.setText(_("New season…"))
        new_season.clicked.connect(lambda: questions.ask_new_season(self, self))
        playoffs = named(QToolButton(), "playoffs")
        playoffs.setText(_("Playoffs…"))
        playoffs.setToolTip(_("The season's playoff bracket, or Create playoffs…"))
        playoffs.clicked.connect(lambda: ask_playoffs(self, self))
        self.teams_page = TeamsPage()
        self.schedule_page = SchedulePage()
        self.standings_page = StandingsPage()
        self.players_page = PlayersPage()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.teams_page, _("Teams"))
        self.tabs.addTab(self.schedule_page, _("Schedule"))
        self.tabs.addTab(self.standings_page, _("Standings"))
        self.standings_page.half_chosen.connect(self.refresh)
        self.tabs.addTab(self.players_page, _("Players"))
        self.message = named(QLabel(), "league_message")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        # The season's name has the row to itself; its buttons go under it, so that the
        # panel can be made narrow (a third of a 1024-pixel window) and the sheet keeps room.
        layout.addLayout(chooser_row(_("Season"), self.season))
        layout.addLayout(button_row(new_season, playoffs))
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.message)
        self.setWidget(body)
        self._readers = tuple(
            self._latest(show)
            for show in (
                self._show_players,
                self._show_season_chart,
                self._show_race,
                self._show_standings,
                self._show_schedule,
            )
        )
        self.players_read, self.chart_read, self.race_read = self._readers[:3]
        self.standings_read, self.schedule_read = self._readers[3:]
        self._connect()
        self.reload_seasons()

    def _latest(self, show: Callable[[Any], object]) -> LatestRead:
        return LatestRead(
            lambda: location_of(self.database),
            show,
            lambda error: self.say(str(error), problem=True),
            self,
        )

    def _connect(self) -> None:
        for reader in (self.standings_read, self.schedule_read):
            reader.done.connect(self._read_then)
        self.season.currentIndexChanged.connect(lambda _index: self.refresh())
        # The chooser may be too narrow for the league's name: its tooltip has it whole.
        self.season.currentTextChanged.connect(self.season.setToolTip)
        self.tabs.currentChanged.connect(lambda _index: self._read_in_sight())
        teams = self.teams_page
        teams.add_team_button.clicked.connect(lambda: division_questions.ask_add_team(self, self))
        teams.rename_button.clicked.connect(lambda: questions.ask_rename_team(self, self))
        teams.retire_button.clicked.connect(lambda: questions.ask_retire_team(self, self))
        teams.remove_button.clicked.connect(lambda: questions.ask_remove_team(self, self))
        teams.division_button.clicked.connect(lambda: division_questions.ask_division(self, self))
        teams.import_button.clicked.connect(lambda: questions.ask_import_rosters(self, self))
        teams.add_player_button.clicked.connect(lambda: questions.ask_add_player(self, self))
        teams.remove_player_button.clicked.connect(self._remove_player)
        matches = self.schedule_page
        matches.generate_button.clicked.connect(lambda: questions.ask_generate_schedule(self, self))
        matches.key_in_wanted.connect(self.key_in)
        matches.edit_button.clicked.connect(lambda: questions.ask_edit_match(self, self))
        matches.postpone_button.clicked.connect(lambda: self._set_chosen_status(POSTPONED))
        matches.forfeit_button.clicked.connect(lambda: questions.ask_forfeit(self, self))
        matches.substitute_button.clicked.connect(lambda: questions.ask_substitute(self, self))
        matches.restore_button.clicked.connect(lambda: self._set_chosen_status(SCHEDULED))
        self.standings_page.split_button.clicked.connect(
            lambda: division_questions.ask_split_season(self, self)
        )
        matches.match_chosen.connect(lambda: self._mark_stale(self.schedule_page.race))

    # ------------------------------------------------------------- seasons
    def set_database(self, database: Database) -> None:
        """Follow the window to another database (after a restore)."""
        self.database = database
        for reader in self._readers:
            reader.reopen()
        self.reload_seasons()

    def reload_seasons(self, select: int | None = None) -> None:
        """List the seasons again; show ``select`` (an id), else the one shown, else the newest."""
        shown = self.current_season()
        wanted = select if select is not None else (shown.id if shown else None)
        seasons = self._read(lambda: list_seasons(self.database)) or []
        self._seasons = seasons
        with QSignalBlocker(self.season):
            self.season.clear()
            for info in seasons:
                self.season.addItem(
                    fill(_("{league} — {name}"), league=info.league, name=info.name), info.id
                )
            if not seasons:
                self.season.addItem(_("No season yet: New season…"), None)
            newest = max((info.id for info in seasons), default=None)
            index = self.season.findData(wanted if wanted is not None else newest)
            self.season.setCurrentIndex(max(index, 0))
        self.season.setToolTip(self.season.currentText())
        self.refresh()

    def current_season(self) -> SeasonInfo | None:
        season_id = self.season.currentData()
        return next((info for info in self._seasons if info.id == season_id), None)

    # ------------------------------------------------------------- showing
    def refresh(self) -> None:
        """Read the season back from the store and show it (after a change made here, or
        another season chosen); the heavy views follow when in sight."""
        season = self.current_season()
        self.teams_page.add_team_button.setEnabled(season is not None)
        self.schedule_page.generate_button.setEnabled(season is not None)
        self.standings_page.split_button.setEnabled(season is not None)
        if season is None:
            self.tournament = None
            self.schedule_page.set_rounds(False)
            self.teams_page.set_rounds(False)
            self.teams_page.show_season([], [], [])
            self.schedule_page.show_schedule([])
            self.standings_page.show_standings([], ())
            self.players_page.show_players([], [], Career((), {}, {}))
            self.standings_page.chart.show_chart(None)
            self.schedule_page.race.show_chart(None)
            return
        self._standings_asked += 1
        self._schedule_asked += 1
        self._then = None
        self.standings_page.show_halves(season.first_half_weeks is not None)
        half = self.standings_page.half()
        read = self._read(
            lambda: (
                list_teams(self.database, season.name, season.league),
                self.database.read(season_schedule, season_id=season.id),
                self.database.read(store_standings.standings, season_id=season.id, half=half),
                self.database.read(tournament_id, season_id=season.id),
            )
        )
        if read is None:
            return
        teams, matches, standings, self.tournament = read
        self.teams_page.set_rounds(self.tournament is not None)
        self.teams_page.show_season(teams, standings, matches)
        self.schedule_page.set_rounds(self.tournament is not None)
        # A tournament's rounds come from its movement (``store.tournament_guard``).
        self.schedule_page.generate_button.setEnabled(self.tournament is None)
        self.schedule_page.show_schedule(matches)
        if self.tournament is None:
            self.standings_page.show_standings(standings, season.tie_break)
        else:
            players = self._read(
                lambda: self.database.read(tournament_standings, tournament_id=self.tournament)
            )
            self.standings_page.show_tournament(players or [])
        self._mark_stale(self.players_page, self.standings_page.chart, self.schedule_page.race)

    def follow_changes(self, changes: Changes) -> None:
        """What moved in the database, whoever wrote it (``ui.changes``): read again what
        the panel shows of it. Seasons and teams (rare, and they rename what every tab
        shows) read the season whole at once; a result or the schedule reads the standings
        and the schedule off the GUI thread, so that the sheet's next frame never waits for
        them. One after the other, each shown as soon as it is read, so they do not share
        the machine: after a result, first the one the tab in sight shows (the standings,
        unless the Schedule tab is); after a change to the schedule alone (a forfeit may
        move the standings too), the schedule. The heavy views in sight come after both."""
        if changes.seasons:
            self.reload_seasons()
            return
        if changes.teams:
            self.refresh()
            return
        season = self.current_season()
        if season is None or not (changes.matches or changes.results):
            return
        self._standings_asked += 1
        self._schedule_asked += 1
        standings = (
            _asked(self._standings_asked, season, tournament_read, tournament_id=self.tournament)
            if self.tournament is not None
            else _asked(
                self._standings_asked,
                season,
                store_standings.standings,
                half=self.standings_page.half(),
            )
        )
        reads = [
            (self.standings_read, standings),
            (self.schedule_read, _asked(self._schedule_asked, season, season_schedule)),
        ]
        if self.tabs.currentWidget() is self.schedule_page or not changes.results:
            reads.reverse()  # the schedule first: in sight, or all that is sure to have moved
        (first, read_first), self._then = reads
        first.request(read_first)

    def _read_then(self) -> None:
        """One of the season's two reads is shown: once the first is, start the other;
        once both are, the heavy view in sight if it is stale."""
        if self._then is not None:
            reader, read = self._then
            first = self.schedule_read if reader is self.standings_read else self.standings_read
            if first.busy():
                return  # an older read of the other kind was shown, not the first
            self._then = None
            reader.request(read)
        elif not self._season_reading():
            self._read_in_sight()

    def _season_reading(self) -> bool:
        return self._then is not None or self.standings_read.busy() or self.schedule_read.busy()

    def _show_standings(
        self, read: tuple[int, SeasonInfo, list[StandingRow] | TournamentRead]
    ) -> None:
        asked, season, standings = read
        if asked != self._standings_asked or season != self.current_season():
            return  # a newer read (or the season read whole) is shown instead
        if isinstance(standings, TournamentRead):
            self.standings_page.show_tournament(standings.players)
            self.teams_page.show_standings(standings.teams)
            return  # no chart: the weeks' chart is of teams
        self.standings_page.show_standings(standings, season.tie_break)
        self.teams_page.show_standings(standings)
        self._mark_stale(self.players_page, self.standings_page.chart)

    def _show_schedule(self, read: tuple[int, SeasonInfo, list[MatchInfo]]) -> None:
        asked, season, matches = read
        if asked != self._schedule_asked or season != self.current_season():
            return
        self.schedule_page.show_schedule(matches)
        self.teams_page.show_matches(matches)
        self._mark_stale(self.schedule_page.race)

    def _mark_stale(self, *views: QWidget) -> None:
        self._stale.update(views)
        self._read_in_sight()

    def _read_in_sight(self) -> None:
        """Start reading the stale heavy view on the tab in sight, if there is one (once
        the standings and the schedule are read)."""
        season = self.current_season()
        page = self.tabs.currentWidget()
        if season is None or self._season_reading():
            return
        name, league = season.name, season.league
        if page is self.players_page and page in self._stale:
            self._stale.discard(page)
            self.players_read.request(
                lambda database: (
                    database.read(store_standings.player_standings, season_id=season.id),
                    list_teams(database, name, league),
                    database.read(career, season_id=season.id),
                )
            )
        elif page is self.standings_page and page.chart in self._stale and not self.tournament:
            self._stale.discard(page.chart)
            self.chart_read.request(
                lambda database: weekly_pct(season_week_results(database, name, league))
            )
        elif page is self.schedule_page and page.race in self._stale:
            self._stale.discard(page.race)
            match = self.schedule_page.selected_match()
            if match is None or not match.game_ids:
                self.race_read.request(lambda _database: None)
            else:
                last = match.game_ids[-1]
                self.race_read.request(lambda database: open_game(database, last).game)

    def _show_players(self, read: tuple[list[PlayerRow], list[TeamInfo], Career]) -> None:
        self.players_page.show_players(*read)

    def _show_season_chart(self, lines: dict[str, list[tuple[int, float]]]) -> None:
        self.standings_page.chart.show_chart(standings_chart(lines) if lines else None)

    def _show_race(self, game: Game | None) -> None:
        self.schedule_page.race.show_chart(score_race_chart(game) if game is not None else None)

    def say(self, text: str, *, problem: bool = False) -> None:
        """A line at the foot of the panel: what was done, or why it was not."""
        tone = Tone.ERROR if problem else Tone.GOOD
        self.message.setStyleSheet(f"{tone_style(tone, self.palette())} padding: 2px;")
        self.message.setText(text)

    def _read(self, read: Callable[[], T]) -> T | None:
        try:
            return read()
        except StoreError as exc:
            self.say(said_error(exc), problem=True)
            return None

    def _change(self, change: Callable[[], object], news: str) -> bool:
        """Make one change in the store, then show the season as it now is."""
        try:
            change()
        except ClabberError as exc:
            self.say("; ".join(messages_of(exc)), problem=True)
            return False
        except (StoreError, ValueError) as exc:
            self.say(said_error(exc), problem=True)
            return False
        self.refresh()
        self.say(news)
        return True

    # ------------------------------------------------------- store changes
    def create_season(
        self,
        league: str,
        season: str,
        preset: str = "evansville",
        games_per_match: int = 1,
        copy_teams_from: str | None = None,
    ) -> SeasonInfo | None:
        made: list[SeasonInfo] = []
        if not self._change(
            lambda: made.append(
                create_season(
                    self.database,
                    league=league,
                    season=season,
                    preset=preset,
                    games_per_match=games_per_match,
                    copy_teams_from=copy_teams_from,
                )
            ),
            fill(
                _("Season {season} of {league} created with the teams of {source}.")
                if copy_teams_from
                else _("Season {season} of {league} created: add its teams."),
                source=copy_teams_from or "",
                season=season.strip(),
                league=league.strip(),
            ),
        ):
            return None
        self.reload_seasons(select=made[0].id)
        self.tabs.setCurrentWidget(self.teams_page)
        return made[0]

    def show_tournament(self, info: TournamentInfo) -> None:
        """Show a tournament just kept: its season, on the Standings tab."""
        self.show()
        self.reload_seasons(select=info.season_id)
        self.tabs.setCurrentWidget(self.standings_page)
        self.say(
            ngettext(
                "Tournament {name} made: {rounds} round on the schedule.",
                "Tournament {name} made: {rounds} rounds on the schedule.",
                info.rounds,
            ).format(name=info.name, rounds=info.rounds)
        )

    def show_knockout(self, info: TournamentInfo) -> None:
        """Show a knockout just kept: its season, on the Schedule tab (its team standings
        count no game: playoff games never count in them)."""
        self.show()
        self.reload_seasons(select=info.season_id)
        self.tabs.setCurrentWidget(self.schedule_page)
        self.say(fill(_("Knockout {name} made: round 1 is on the schedule."), name=info.name))

    def playoff_bracket(self) -> Bracket | None:
        """The current season's bracket (``None``: no playoffs yet, or no season)."""
        season = self.current_season()
        if season is None:
            return None
        return self._read(lambda: bracket_if_any(self.database, season.id))

    def create_playoffs(
        self, teams: int, games_per_match: int, *, reseed: bool, force: bool
    ) -> Bracket | None:
        """Seed the current season's bracket; its first round joins the schedule."""
        season = self.current_season()
        if season is None:
            return None
        made: list[Bracket] = []
        done = self._change(
            lambda: made.append(
                create_playoffs(
                    self.database,
                    season=season.name,
                    league=season.league,
                    teams=teams,
                    games_per_match=games_per_match,
                    reseed=reseed,
                    force=force,
                )
            ),
            fill(_("Playoffs of {season} made: round 1 is on the schedule."), season=season.name),
        )
        return made[0] if done else None

    def add_team(self, name: str, players: Sequence[str] = (), division: str | None = None) -> bool:
        """A new team of the season shown, in ``division`` if given."""
        season = self.current_season()
        if season is None:
            self.say(_("Create a season first (New season…)."), problem=True)
            return False
        return self._change(
            lambda: add_team(
                self.database,
                season.name,
                name,
                players,
                league=season.league,
                division=division,
            ),
            fill(_("{name} joined {season}."), name=name.strip(), season=season.name),
        )

    def set_team_division(self, team_id: int, division: str | None) -> bool:
        """Put the team in ``division`` (``None``: in none), spelled as the season has it."""
        kept: list[str | None] = []
        if not self._change(
            lambda: kept.append(set_team_division(self.database, team_id, division)), ""
        ):
            return False
        self.say(
            fill(_("The team plays in {division}."), division=kept[0])
            if kept[0] is not None
            else _("The team is in no division.")
        )
        return True

    def split_season(self, first_half_weeks: int | None) -> bool:
        """Split the season shown after week ``first_half_weeks`` (``None``: no halves)."""
        season = self.current_season()
        if season is None:
            self.say(_("Create a season first (New season…)."), problem=True)
            return False
        # The halves shown follow once the change signal reads the seasons again.
        return self._change(
            lambda: split_season(self.database, season.name, first_half_weeks, season.league),
            fill(
                _("{season}: the first half is weeks 1 to {weeks}."),
                season=season.name,
                weeks=first_half_weeks,
            )
            if first_half_weeks is not None
            else fill(_("{season} is one season, no halves."), season=season.name),
        )

    def rename_team(self, team_id: int, name: str) -> bool:
        return self._change(
            lambda: rename_team(self.database, team_id, name),
            fill(_("Renamed {name}."), name=name.strip()),
        )

    def retire_team(self, team_id: int) -> bool:
        return self._change(
            lambda: retire_team(self.database, team_id),
            _("Team retired: it is left out when the schedule is next made."),
        )

    def remove_team(self, team_id: int) -> bool:
        """Remove a team entered by mistake (the store refuses one with a history)."""
        done: list[TeamRemoved] = []
        if not self._change(lambda: done.append(remove_team(self.database, team_id)), ""):
            return False
        self.say(
            fill(
                _("{team} removed: {byes} matches became byes, {removed} removed."),
                team=done[0].team,
                byes=done[0].byes,
                removed=done[0].removed,
            )
        )
        return True

    def set_substitute(self, match_id: int, seat: str, name: str | None) -> bool:
        """``name`` sits in ``seat`` for the match's next games (``None``: the roster's)."""
        return self._change(
            lambda: set_substitute(self.database, match_id, seat, name),
            fill(_("{name} sits in {seat} from the next game begun."), name=name, seat=seat)
            if name
            else fill(_("The roster's player sits in {seat} again."), seat=seat),
        )

    def roster_plan(self, rows: Sequence[Sequence[str]]) -> RosterPlan:
        """What importing roster rows into the season shown would add; ``StoreError``
        (``RosterImportError``: every problem with its row) when it would add nothing."""
        season = self.current_season()
        if season is None:
            raise StoreError(_("Create a season first (New season…)."))
        return import_rosters(
            self.database, season.name, rows, league=season.league, words=header_words(),
            dry_run=True,
        )  # fmt: skip

    def import_rosters(self, rows: Sequence[Sequence[str]]) -> bool:
        """Add the teams and players of roster rows to the season shown, all or nothing."""
        season = self.current_season()
        if season is None:
            self.say(_("Create a season first (New season…)."), problem=True)
            return False
        return self._change(
            lambda: import_rosters(
                self.database, season.name, rows, league=season.league, words=header_words()
            ),
            fill(_("Rosters imported into {season}."), season=season.name),
        )

    def add_player(self, team_id: int, name: str) -> bool:
        return self._change(
            lambda: add_player(self.database, team_id, name),
            fill(_("{name} is on the roster."), name=name.strip()),
        )

    def remove_player(self, team_id: int, name: str) -> bool:
        return self._change(
            lambda: remove_player(self.database, team_id, name),
            fill(_("{name} is off the roster; past games still show who sat."), name=name.strip()),
        )

    def edit_match(
        self,
        match_id: int,
        *,
        table: int | None = None,
        home: str | None = None,
        away: str | None = None,
        played_on: date | None = None,
    ) -> bool:
        """A hand edit of the schedule: a match's table or teams, or its night's date."""
        return self._change(
            lambda: edit_match(
                self.database, match_id, table=table, home=home, away=away, played_on=played_on
            ),
            _("Match changed."),
        )

    def set_match_status(self, match_id: int, status: str, forfeited_by: str | None = None) -> bool:
        news = {
            POSTPONED: _("Match postponed."),
            FORFEIT: fill(_("Forfeit by {forfeited_by} recorded."), forfeited_by=forfeited_by),
            SCHEDULED: _("The match is to play again."),
        }
        return self._change(
            lambda: set_match_status(self.database, match_id, status, forfeited_by=forfeited_by),
            news.get(status, "Match changed."),
        )

    def generate_schedule(
        self,
        rounds: int = 1,
        start: date | None = None,
        days_between: int = 7,
        *,
        replace: bool = False,
        within_rounds: int | None = None,
        across_rounds: int | None = None,
    ) -> Task | None:
        """Make the round robin off the GUI thread; the schedule shows when it is done.
        ``replace``: the secretary agreed to replace the schedule shown (the store refuses
        to replace one otherwise, such as one made elsewhere since). A season with
        divisions plays ``within_rounds`` and ``across_rounds`` instead of ``rounds``."""
        season = self.current_season()
        if season is None or self.task is not None:
            return None

        def work(database: Database, progress: Progress) -> int:
            # The store makes the schedule in one transaction: a Cancel before it
            # starts changes nothing, and once it runs it commits all of it.
            if not progress(0, 0):
                raise CancelledError(_("cancelled: the schedule was left as it was"))
            weeks = generate_schedule(
                database,
                season.name,
                rounds=rounds,
                start=start,
                days_between=days_between,
                league=season.league,
                replace=replace,
                within_rounds=within_rounds,
                across_rounds=across_rounds,
            )
            progress(1, 1)
            return weeks

        self.task = run_with_progress(
            self,
            fill(_("Making the schedule of {name}…"), name=season.name),
            with_own_database(location_of(self.database), work),
            on_success=self._schedule_made,
            on_failure=self._schedule_failed,
        )
        return self.task

    def _schedule_made(self, weeks: object) -> None:
        assert isinstance(weeks, int)
        self.task = None
        self.refresh()
        self.tabs.setCurrentWidget(self.schedule_page)
        self.say(
            ngettext("Schedule made: {weeks} week.", "Schedule made: {weeks} weeks.", weeks).format(
                weeks=weeks
            )
        )

    def _schedule_failed(self, error: BaseException, cancelled: bool) -> None:
        self.task = None
        self.refresh()
        if cancelled:
            self.say(_("Cancelled: the schedule was left as it was."), problem=True)
        else:
            self.say(str(error), problem=True)

    def import_games(self, documents: Documents) -> Task | None:
        """Import game sheets into the season off the GUI thread: every game not stored yet,
        or (when one is refused) none."""
        season = self.current_season()
        if season is None:
            self.say(_("Create a season first (New season…), then import its games."), problem=True)
            return None
        if self.task is not None:
            return None

        def work(database: Database, progress: Progress) -> ImportReport:
            return import_games(
                database, documents, season.name, league=season.league, progress=progress
            )

        self.task = run_with_progress(
            self,
            ngettext(
                "Importing {count} game into {name}…",
                "Importing {count} games into {name}…",
                len(documents),
            ).format(count=len(documents), name=season.name),
            with_own_database(location_of(self.database), work),
            on_success=self._games_imported,
            on_failure=self._import_failed,
        )
        return self.task

    def _games_imported(self, report: object) -> None:
        self.task = None
        self.refresh()
        assert isinstance(report, ImportReport)
        count = len(report.ids)
        news = [
            ngettext("{count} game imported.", "{count} games imported.", count).format(count=count)
        ]
        skipped = report.already_stored
        if skipped:
            games = ", ".join(str(each.game_id) for each in skipped[:5])
            if len(skipped) > 5:
                games = ngettext(
                    "{games} and {more} more", "{games} and {more} more", len(skipped) - 5
                ).format(games=games, more=len(skipped) - 5)
            news.append(
                ngettext(
                    "{count} already stored (game {games}): not stored again.",
                    "{count} already stored (games {games}): not stored again.",
                    len(skipped),
                ).format(count=len(skipped), games=games)
            )
        self.say(" ".join(news))

    def _import_failed(self, error: BaseException, cancelled: bool) -> None:
        self.task = None
        if cancelled:
            self.say(_("Import cancelled: no game was stored."), problem=True)
        elif isinstance(error, ClabberError):
            lines = messages_of(error)
            problems = "; ".join(lines[:3])
            if len(lines) > 3:
                problems = ngettext(
                    "{problems} (and {more} more)", "{problems} (and {more} more)", len(lines) - 3
                ).format(problems=problems, more=len(lines) - 3)
            self.say(fill(_("Nothing was imported: {error}"), error=problems), problem=True)
        else:
            self.say(fill(_("Nothing was imported: {error}"), error=error), problem=True)

    def stop_work(self) -> None:
        """Cancel long work and wait for every thread (the window is closing)."""
        if self.task is not None:
            self.task.cancel()
            self.task.wait()
        self._then = None
        for reader in self._readers:
            reader.wait()

    def reading(self) -> bool:
        """Whether a heavy view is being read (tests and benchmarks wait for it)."""
        return self._season_reading() or any(reader.busy() for reader in self._readers)

    def key_in(self, match: MatchInfo | None = None) -> bool:
        """Ask the window to open ``match`` (else the chosen match) on the sheet."""
        chosen = match or self.schedule_page.selected_match()
        if chosen is None:
            self.say(_("Choose a match of the week first."), problem=True)
            return False
        if chosen.away is None:
            self.say(_("A bye has no game to key in."), problem=True)
            return False
        if chosen.state in (POSTPONED, FORFEIT):
            self.say(
                fill(_("This match is {state}: put it back on first."), state=chosen.state),
                problem=True,
            )
            return False
        self.key_in_requested.emit(chosen)
        return True

    def opening_width(self) -> int:
        """How wide the panel opens beside the sheet: room for a week of the schedule and
        the standings' main columns once there is a season; without one, only what its
        chooser and buttons need, so that an empty panel leaves the sheet the room."""
        if not self._seasons:
            return self.sizeHint().width()
        return max(SEASON_WIDTH, self.minimumSizeHint().width())

    def leagues(self) -> list[str]:
        return sorted({info.league for info in self._seasons})

    def seasons_by_league(self) -> dict[str, list[str]]:
        """Each league's seasons in the order they were made, the leagues by name."""
        return {
            league: [info.name for info in self._seasons if info.league == league]
            for league in self.leagues()
        }

    def _remove_player(self) -> None:
        team, player = self.teams_page.selected_team(), self.teams_page.selected_player()
        if team is not None and player is not None:
            self.remove_player(team.id, player)

    def _set_chosen_status(self, status: str) -> None:
        match = self.schedule_page.selected_match()
        if match is not None:
            self.set_match_status(match.id, status)
