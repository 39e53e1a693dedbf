"""The season's standings and player table as sortable Qt models.

The store decides the order (``rank``): the tie-break keys are league rules,
not a view setting, so sorting a column only rearranges the lines, and the
label under the table says how ties were really broken.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject

from clabber_league.commands.league import TIE_BREAK_WORDS
from clabber_league.league import PlayerRow, StandingRow, pct_text
from clabber_league.ui.league.table_model import Column, RecordTableModel


def win_share(row: PlayerRow) -> float:
    return row.won / row.games if row.games else 0.0


STANDINGS_COLUMNS: tuple[Column[StandingRow], ...] = (
    Column("#", lambda r: r.rank, tip="Place, after the season's tie-breaks"),
    Column("Team", lambda r: r.name, numeric=False),
    Column("GP", lambda r: r.gp, tip="Games played (a forfeit counts its games)"),
    Column("W", lambda r: r.w, tip="Games won"),
    Column("L", lambda r: r.l, tip="Games lost"),
    Column("T", lambda r: r.t, tip="Games tied"),
    Column(
        "Pct", lambda r: r.pct, lambda r: pct_text(r.pct), tip="Wins, and half the ties, per game"
    ),
    Column("PF", lambda r: r.pf, tip="Points for"),
    Column("PA", lambda r: r.pa, tip="Points against"),
    Column("Diff", lambda r: r.diff, lambda r: f"{r.diff:+d}", tip="Points for minus against"),
    Column("Made", lambda r: r.made, tip="Hands made as the makers"),
    Column("Sets", lambda r: r.sets, tip="Hands set as the makers (XX)"),
    Column("Reneges", lambda r: r.reneges, tip="Hands the team reneged in"),
    Column(
        "Makers unknown",
        lambda r: r.unknown_makers,
        tip="Hands of the team's games copied from paper without the makers: "
        "made by neither side, so in neither team's Made or Sets",
    ),
)
#: The standings' columns that matter most first: a narrow panel shows these and drops
#: the rest from the end (Makers unknown only shows where a hand had them).
STANDINGS_PRIORITY = ("#", "Team", "W", "L", "Pct", "GP", "T", "Diff", "PF", "PA", "Made",
                      "Sets", "Reneges", "Makers unknown")  # fmt: skip


class StandingsModel(RecordTableModel[StandingRow]):
    """A line per team, in the store's order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(STANDINGS_COLUMNS, parent)


class PlayerStandingsModel(RecordTableModel[PlayerRow]):
    """A line per player who sat in a finished game of the season, with their team."""

    def __init__(self, parent: QObject | None = None) -> None:
        self.team_names: dict[int, str] = {}
        """Team id → name, for the Team column (``set_team_names``)."""
        columns: tuple[Column[PlayerRow], ...] = (
            Column("#", lambda r: r.rank),
            Column("Player", lambda r: r.name, numeric=False),
            Column(
                "Team",
                self.teams_text,
                numeric=False,
                tip="The team the player sat for (a substitute's teams, all of them)",
            ),
            Column("Games", lambda r: r.games, tip="Games the player sat in"),
            Column("Won", lambda r: r.won),
            Column("Win %", win_share, lambda r: pct_text(win_share(r))),
            Column("Sets", lambda r: r.sets, tip="Hands set while the player's team made trump"),
        )
        super().__init__(columns, parent)

    def teams_text(self, row: PlayerRow) -> str:
        return ", ".join(self.team_names.get(team, "?") for team in row.teams)

    def set_team_names(self, names: dict[int, str]) -> None:
        self.team_names = dict(names)


def tie_break_text(keys: Sequence[str]) -> str:
    """The season's tie-break order in words ("pct, then head-to-head pct, then …")."""
    words = [TIE_BREAK_WORDS.get(key, key) for key in keys]
    return "Ranked by " + ", then ".join(words) if words else "Ranked by team name"
