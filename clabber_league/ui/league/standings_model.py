"""The season's standings and player table, and a tournament's players' standings, as
sortable Qt models.

The store decides the order (``rank``): the tie-break keys are league rules,
not a view setting, so sorting a column only rearranges the lines, and the
label under the table says how ties were really broken.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from clabber_league.i18n import N_
from clabber_league.league import PlayerRow, StandingRow, pct_text
from clabber_league.league.progressive import PlayerScore
from clabber_league.league.ratings import RatingRow
from clabber_league.ui.league.table_model import Column, RecordTableModel


def win_share(row: PlayerRow) -> float:
    return row.won / row.games if row.games else 0.0


STANDINGS_COLUMNS: tuple[Column[StandingRow], ...] = (
    Column("#", lambda r: r.rank, tip=N_("Place, after the season's tie-breaks")),
    Column(N_("Team"), lambda r: r.name, numeric=False),
    Column(N_("GP"), lambda r: r.gp, tip=N_("Games played (a forfeit counts its games)")),
    Column(N_("W"), lambda r: r.w, tip=N_("Games won")),
    Column(N_("L"), lambda r: r.l, tip=N_("Games lost")),
    Column(N_("T"), lambda r: r.t, tip=N_("Games tied")),
    Column(
        N_("Pct"),
        lambda r: r.pct,
        lambda r: pct_text(r.pct),
        tip=N_("Wins, and half the ties, per game"),
    ),
    Column(N_("PF"), lambda r: r.pf, tip=N_("Points for")),
    Column(N_("PA"), lambda r: r.pa, tip=N_("Points against")),
    Column(
        N_("Diff"), lambda r: r.diff, lambda r: f"{r.diff:+d}", tip=N_("Points for minus against")
    ),
    Column(N_("Made"), lambda r: r.made, tip=N_("Hands made as the makers")),
    Column(N_("Sets"), lambda r: r.sets, tip=N_("Hands set as the makers (XX)")),
    Column(N_("Reneges"), lambda r: r.reneges, tip=N_("Hands the team reneged in")),
    Column(
        N_("Makers unknown"),
        lambda r: r.unknown_makers,
        tip=N_(
            "Hands of the team's games copied from paper without the makers: "
            "made by neither side, so in neither team's Made or Sets"
        ),
    ),
    Column(
        N_("Division"),
        lambda r: r.division,
        numeric=False,
        tip=N_("The team's division: the # column ranks each division on its own"),
    ),
)
#: The standings' columns that matter most first: a narrow panel shows these and drops
#: the rest from the end (Makers unknown only shows where a hand had them, Division where
#: the season has divisions).
STANDINGS_PRIORITY = ("#", "Team", "W", "L", "Pct", "Division", "GP", "T", "Diff", "PF",
                      "PA", "Made", "Sets", "Reneges", "Makers unknown")  # fmt: skip


#: A progressive tournament's standings: players, not its partnerships of a round.
TOURNAMENT_COLUMNS: tuple[Column[PlayerScore], ...] = (
    Column("#", lambda r: r.rank, tip=N_("Place: points, then games won, then the best round")),
    Column(N_("Player"), lambda r: r.player, numeric=False),
    Column(
        N_("Points"),
        lambda r: r.points,
        tip=N_("The player's side's points in each round, and each sit-out's round average"),
    ),
    Column(N_("Won"), lambda r: r.wins, tip=N_("Games won")),
    Column(N_("Games"), lambda r: r.played, tip=N_("Games finished at a table")),
    Column(N_("Byes"), lambda r: r.byes, tip=N_("Rounds sat out, each scoring its average")),
)
TOURNAMENT_PRIORITY = ("#", "Player", "Points", "Won", "Games", "Byes")


class TournamentStandingsModel(RecordTableModel[PlayerScore]):
    """A line per player of a tournament, in the store's order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(TOURNAMENT_COLUMNS, parent)


class StandingsModel(RecordTableModel[StandingRow]):
    """A line per team, in the store's order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(STANDINGS_COLUMNS, parent)


class PlayerStandingsModel(RecordTableModel[PlayerRow]):
    """A line per player who sat in a finished game of the season, with their team."""

    def __init__(self, parent: QObject | None = None) -> None:
        self.team_names: dict[int, str] = {}
        """Team id → name, for the Team column."""
        self.ratings: dict[int, RatingRow] = {}
        """Player id → their rating over the season's games (``store.careers``)."""
        columns: tuple[Column[PlayerRow], ...] = (
            Column("#", lambda r: r.rank),
            Column(N_("Player"), lambda r: r.name, numeric=False),
            Column(
                N_("Team"),
                self.teams_text,
                numeric=False,
                tip=N_("The team the player sat for (a substitute's teams, all of them)"),
            ),
            Column(N_("Games"), lambda r: r.games, tip=N_("Games the player sat in")),
            Column(N_("Won"), lambda r: r.won),
            Column(N_("Win %"), win_share, lambda r: pct_text(win_share(r))),
            Column(
                N_("Sets"), lambda r: r.sets, tip=N_("Hands set while the player's team made trump")
            ),
            Column(
                N_("Rating"),
                lambda r: self._rating(r, lambda one: one.rating),
                lambda r: self._rating_text(r, lambda one: f"{one.rating:.2f}"),
                tip=N_("mu − 3 sigma (OpenSkill): the strength shown, all but surely"),
            ),
            Column(
                "±",
                lambda r: self._rating(r, lambda one: one.uncertainty),
                lambda r: self._rating_text(r, lambda one: f"{one.uncertainty:.2f}"),
                tip=N_("The rating's uncertainty (sigma): it shrinks with every game"),
            ),
        )
        super().__init__(columns, parent)

    def _rating(self, row: PlayerRow, figure: Callable[[RatingRow], float]) -> float | None:
        found = self.ratings.get(row.player)
        return figure(found) if found is not None else None

    def _rating_text(self, row: PlayerRow, text: Callable[[RatingRow], str]) -> str:
        found = self.ratings.get(row.player)
        return text(found) if found is not None else ""

    def teams_text(self, row: PlayerRow) -> str:
        return ", ".join(self.team_names.get(team, "?") for team in row.teams)
