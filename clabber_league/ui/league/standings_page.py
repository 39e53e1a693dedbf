"""The Standings and Players tabs: sortable tables, the tie-break order, the season chart;
a progressive tournament's standings player by player in the Standings tab's place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import N_, _, fill, ngettext
from clabber_league.i18n.standings_words import tie_break_text, unknown_makers_note
from clabber_league.league import (
    PlayerRow,
    StandingRow,
    pct_text,
    unknown_makers_total,
)
from clabber_league.league.progressive import PlayerScore
from clabber_league.league.ratings import RANKED_AFTER, Ratings
from clabber_league.league.records import Record
from clabber_league.store.careers import Career
from clabber_league.store.league import TeamInfo
from clabber_league.ui.league.charts import ChartHolder, rating_chart
from clabber_league.ui.league.standings_model import (
    STANDINGS_COLUMNS,
    STANDINGS_PRIORITY,
    TOURNAMENT_PRIORITY,
    PlayerStandingsModel,
    StandingsModel,
    TournamentStandingsModel,
    win_share,
)
from clabber_league.ui.league.table_model import RECORD_ROLE, sortable
from clabber_league.ui.league.views import ColumnFitter, button_row, stacked, table_view
from clabber_league.ui.widgets.layouts import named

if TYPE_CHECKING:
    from PySide6.QtCharts import QChartView

HEAD_TO_HEAD_SHOWN = 5
"""The opponents met most that a player's page names, head to head."""
#: How a tournament's players are ranked (``league.progressive``), under their standings.
PLAYERS_ORDER = N_(
    "Most points first, then most games won, then the best single round. A player "
    "sitting a round out scores its average. Click a heading to sort by it."
)


class StandingsPage(QWidget):
    """The standings in the league's order, how ties were broken, and the weeks' chart;
    for a split season, a choice of the whole season or one half. For a tournament's
    season, its players' standings instead: its teams are partnerships of one round,
    whose standings mean nothing (``show_tournament``)."""

    half_chosen = Signal()
    """The whole season or a half was chosen: the panel reads the standings again."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.halves = named(QComboBox(self), "halves")
        for text, half in (
            (_("Whole season"), None),
            (_("First half"), 1),
            (_("Second half"), 2),
        ):
            self.halves.addItem(text, half)
        self.halves.setVisible(False)
        self.halves.currentIndexChanged.connect(lambda _index: self.half_chosen.emit())
        self.split_button = named(QPushButton(_("Split season…"), self), "split_season")
        self.split_button.setToolTip(_("Two halves, each with its own standings, or one season"))
        self.model = StandingsModel(self)
        self.proxy = sortable(self.model, self)
        self.view = table_view(self, "standings")
        self.view.setModel(self.proxy)
        self.columns = ColumnFitter(self.view, STANDINGS_PRIORITY)
        self.columns.hidden_changed.connect(lambda _hidden: self._say_order())
        self._order = ""
        self._unknown = ""
        self.tie_break = named(QLabel(self), "tie_break")
        self.tie_break.setWordWrap(True)
        self.tie_break.setStyleSheet("color: palette(placeholder-text);")
        self.chart = ChartHolder(_("The chart appears once a game is finished."), self)
        self.teams_part = splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(stacked(self, self.view, self.tie_break))
        splitter.addWidget(self.chart)
        splitter.setSizes([300, 380])
        self.players_model = TournamentStandingsModel(self)
        self.players_view = table_view(self, "tournament_standings")
        self.players_view.setModel(sortable(self.players_model, self))
        self.players_columns = ColumnFitter(self.players_view, TOURNAMENT_PRIORITY)
        self.players_columns.hidden_changed.connect(lambda _hidden: self._say_players_order())
        self.players_order = order = named(QLabel(_(PLAYERS_ORDER), self), "tournament_order")
        order.setWordWrap(True)
        order.setStyleSheet("color: palette(placeholder-text);")
        self.players_part = stacked(self, self.players_view, order)
        self.players_part.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(button_row(self.halves, self.split_button))
        layout.addWidget(splitter)
        layout.addWidget(self.players_part)

    def half(self) -> int | None:
        """The half chosen (1 or 2), or ``None`` for the whole season."""
        half = self.halves.currentData()
        return half if isinstance(half, int) else None

    def show_halves(self, split: bool) -> None:
        """Offer the halves for a split season; otherwise the whole season, quietly."""
        if not split and self.halves.currentIndex():
            with QSignalBlocker(self.halves):
                self.halves.setCurrentIndex(0)
        self.halves.setVisible(split)

    def show_tournament(self, rows: Sequence[PlayerScore]) -> None:
        """A tournament's players in the store's order, in place of the team standings."""
        self._show_part(tournament=True)
        self.players_model.set_records(rows)
        self.players_columns.fit()

    def _show_part(self, *, tournament: bool) -> None:
        self.teams_part.setVisible(not tournament)
        self.split_button.setVisible(not tournament)
        self.players_part.setVisible(tournament)

    def show_standings(self, rows: Sequence[StandingRow], tie_break: Sequence[str]) -> None:
        self._show_part(tournament=False)
        self.model.set_records(rows)
        unknown = unknown_makers_total(rows)
        # Makers unknown only shows when a hand of the season was copied without its
        # makers; Division only when the season has divisions.
        self.columns.never = set() if unknown else {"Makers unknown"}
        if not any(row.division for row in rows):
            self.columns.never.add("Division")
        self._unknown = unknown_makers_note(unknown)
        self._order = fill(
            _("{tie_break}. Click a heading to sort by it; the # column keeps the league's order."),
            tie_break=tie_break_text(tie_break),
        )
        self.columns.refit(
            (
                unknown > 0,
                any(row.division for row in rows),
                tuple(
                    max((len(column.shown(row)) for row in rows), default=0)
                    for column in STANDINGS_COLUMNS
                ),
            )
        )
        self._say_order()

    def _say_order(self) -> None:
        room = _room(self.columns.hidden)
        self.tie_break.setText(
            " ".join(part for part in (self._order + room, self._unknown) if part)
        )

    def _say_players_order(self) -> None:
        self.players_order.setText(_(PLAYERS_ORDER) + _room(self.players_columns.hidden))


def _room(hidden: Sequence[str]) -> str:
    """What a narrow panel leaves out, and how to see it ("" when it shows every column)."""
    if not hidden:
        return ""
    columns = ", ".join(_(title) for title in hidden)
    return fill(_(" Widen or float the panel to see {columns}."), columns=columns)


class PlayersPage(QWidget):
    """Every player who sat in a finished game, and the chosen player's page."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._teams: list[TeamInfo] = []
        self.model = PlayerStandingsModel(self)
        self.proxy = sortable(self.model, self)
        self.view = table_view(self, "players")
        self.view.setModel(self.proxy)
        self.career = Career((), {}, {})
        """The season's games as the players sat them: ratings and records."""
        self._records: dict[int, Record] = {}
        self._ratings = Ratings()
        self.columns = ColumnFitter(
            self.view,
            ("#", _("Player"), _("Rating"), _("Team"), _("Won"), _("Games"), _("Win %")),
        )
        self.page = named(QLabel(_("Choose a player."), self), "player_page")
        self.page.setWordWrap(True)
        self.page.setTextFormat(Qt.TextFormat.PlainText)
        self.page.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.page.setMargin(6)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.view)
        # A player's page runs to ten lines: it scrolls rather than push the chart away.
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.page)
        scroll.setMinimumHeight(self.fontMetrics().lineSpacing() * 6)
        splitter.addWidget(scroll)
        self.chart = ChartHolder(_("Choose a player to see their rating over the season."))
        splitter.addWidget(self.chart)
        splitter.setSizes([300, 200, 220])  # shares of the height; the user may move them
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)
        self.view.selectionModel().currentRowChanged.connect(lambda *_: self._show_player())

    def show_players(
        self, rows: Sequence[PlayerRow], teams: Sequence[TeamInfo], career: Career
    ) -> None:
        self._teams = list(teams)
        self.career = career
        self._records = career.records()
        self._ratings = career.ratings()
        self.model.team_names = {team.id: team.name for team in teams}
        self.model.ratings = {row.player: row for row in career.rating_rows()}
        self.model.set_records(rows)
        self.columns.fit()
        self._show_player()

    def selected_player(self) -> PlayerRow | None:
        index = self.view.selectionModel().currentIndex()
        row = self.proxy.data(index, RECORD_ROLE) if index.isValid() else None
        return row if isinstance(row, PlayerRow) else None

    def _show_player(self) -> None:
        row = self.selected_player()
        self.chart.show_chart(None if row is None else self._rating_chart(row))
        if row is None:
            self.page.setText(
                _("Choose a player to see their season.")
                if self.model.rowCount()
                else _(
                    "No finished game says who sat yet. A game keyed in from the schedule "
                    "seats the teams' rosters; an imported sheet names no players."
                )
            )
            return
        teams = [team.name for team in self._teams if row.name in team.players]
        plays = (
            fill(_("On the roster of {teams}."), teams=", ".join(teams))
            if teams
            else _("On no roster now.")
        )
        lost = row.games - row.won
        games = ngettext(
            "{games} game: {won} won, {lost} not won ({pct}).",
            "{games} games: {won} won, {lost} not won ({pct}).",
            row.games,
        ).format(games=row.games, won=row.won, lost=lost, pct=pct_text(win_share(row)))
        sets = ngettext(
            "{sets} hand set while their side made trump.",
            "{sets} hands set while their side made trump.",
            row.sets,
        ).format(sets=row.sets)
        lines = [row.name, plays, games, sets, *self._career_lines(row)]
        self.page.setText("\n".join(lines))

    def _rating_chart(self, row: PlayerRow) -> QChartView | None:
        history = self._ratings.history.get(row.player, ())
        if not history:
            return None
        points = [(night, rating) for night, (_day, rating) in enumerate(history, start=1)]
        return rating_chart(row.name, points)

    def _career_lines(self, row: PlayerRow) -> list[str]:
        """The player's rating and records over the season (``store.careers``)."""
        rated = self.model.ratings.get(row.player)
        record = self._records.get(row.player)
        if rated is None or record is None:
            return []
        names = self.career.names
        if rated.rank is not None:
            ranked = fill(
                _("Rating {rating} ± {spread}: ranked {rank} of {count}."),
                rating=f"{rated.rating:.2f}",
                spread=f"{rated.uncertainty:.2f}",
                rank=rated.rank,
                count=sum(one.rank is not None for one in self.model.ratings.values()),
            )
        else:
            ranked = fill(
                _("Rating {rating} ± {spread}: ranked after {needed} games."),
                rating=f"{rated.rating:.2f}",
                spread=f"{rated.uncertainty:.2f}",
                needed=RANKED_AFTER,
            )
        lines = [
            ranked,
            fill(
                _(
                    "As makers: {made} made, {set} set; {defended} sets defended; "
                    "{reneges} reneges."
                ),
                made=record.made,
                set=record.set,
                defended=record.defended,
                reneges=record.reneges,
            ),
            fill(
                _("High game {high}; biggest hand {hand}; longest winning streak {streak}."),
                high=record.high_game.value,
                hand=record.biggest_hand.value,
                streak=record.longest_streak,
            ),
        ]
        best = record.best_partner
        if best is not None:
            lines.append(
                fill(
                    _("Best partner: {name}, {won} won of {games} together."),
                    name=names.get(best.player, ""),
                    won=best.won,
                    games=best.games,
                )
            )
        if record.opponents:
            met = ", ".join(
                fill(
                    _("{name} {won}–{lost}"),
                    name=names.get(one.player, ""),
                    won=one.won,
                    lost=one.games - one.won,
                )
                for one in record.opponents[:HEAD_TO_HEAD_SHOWN]
            )
            lines.append(fill(_("Head to head (won–not won): {met}."), met=met))
        return lines
