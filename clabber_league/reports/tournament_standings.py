"""A progressive tournament's standings for the wall: player by player, after which
round, with the order's rule in a footnote.

The figures are ``league.progressive``'s (``store.tournaments.tournament_standings``,
recounted from the games on every read); this module only lays them out. In a
right-to-left language the table runs from the right, as the printed sheets do.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date

from reportlab.platypus import BaseDocTemplate, Flowable, Spacer, Table

from clabber_league import i18n
from clabber_league.i18n import N_, _, fill
from clabber_league.league.progressive import ORDER, PlayerScore
from clabber_league.reports.document import Line, Renderer, Words, reading_side
from clabber_league.reports.standings import stamp_text
from clabber_league.reports.styles import GREY, Paper
from clabber_league.reports.tables import table_style

HEADINGS = (
    "#", N_("Player"), N_("Points"), N_("Wins"), N_("Games"), N_("Byes"), N_("Best round"),
)  # fmt: skip
_WIDTHS = (26, None, 52, 44, 44, 56, 62)


@dataclass(frozen=True)
class RoundProgress:
    """How far a round has got: its tables, and how many have finished their game."""

    round: int
    tables: int
    finished: int


@dataclass(frozen=True)
class TournamentStandingsData:
    """A tournament's standings, each cell as printed."""

    tournament: str
    progress: str
    """ "After round 2 of 4", with the round in play, if any."""
    stamp: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    order: str


def progress_words(rounds: Sequence[RoundProgress]) -> str:
    """Which round the standings are after: the latest round every table has finished,
    and a round under way ("Round 3: 1 of 4 tables finished"), or "Before the first
    round"."""
    complete = [found.round for found in rounds if found.finished >= found.tables > 0]
    going = next((found for found in rounds if 0 < found.finished < found.tables), None)
    parts = []
    if complete:
        parts.append(
            fill(_("After round {round} of {rounds}"), round=max(complete), rounds=len(rounds))
        )
    if going is not None:
        parts.append(
            fill(
                _("Round {round}: {finished} of {tables} tables finished"),
                round=going.round,
                finished=going.finished,
                tables=going.tables,
            )
        )
    return " · ".join(parts) or _("Before the first round")


def tournament_standings_data(
    *,
    tournament: str,
    scores: Sequence[PlayerScore],
    rounds: Sequence[RoundProgress],
    stamp: date,
) -> TournamentStandingsData:
    """The standings of ``scores`` (in their order) as printed."""
    return TournamentStandingsData(
        tournament=tournament,
        progress=progress_words(rounds),
        stamp=stamp_text(stamp),
        headings=tuple(_(heading) for heading in HEADINGS),
        rows=tuple(
            (
                str(score.rank),
                score.player,
                *map(str, (score.points, score.wins, score.played, score.byes, score.best)),
            )
            for score in scores
        ),
        order=_(ORDER),
    )


def mirrored_table(
    rows: Sequence[Sequence[str]],
    widths: Sequence[float | None],
    width: float,
    *,
    names: Collection[int],
) -> Table:
    """A ruled table whose first row is its headings: the columns in ``names`` hold names,
    set bold from the reading side, and share what the fixed ``widths`` leave (``None``
    there); the figures are set from the other side. In a right-to-left language the
    columns run from the right."""
    fixed = sum(w for w in widths if w is not None)
    share = max(80.0, (width - fixed) / max(1, widths.count(None)))
    sizes = [w if w is not None else share for w in widths]
    body: list[list[object]] = [
        [
            Line(
                cell,
                8 if number == 0 else 9,
                bold=number == 0 or column in names,
                align=reading_side("left" if column in names else "right"),
            )
            for column, cell in enumerate(row)
        ]
        for number, row in enumerate(rows)
    ]
    if i18n.is_right_to_left():
        body = [cells[::-1] for cells in body]
        sizes = sizes[::-1]
    table = Table(body, colWidths=sizes, repeatRows=1)
    table.setStyle(table_style(len(body)))
    return table


def heading_lines(title: str, subtitle: str) -> list[Flowable]:
    """A tournament document's first lines, from the reading side: its name, then what
    the document is."""
    return [
        Line(title, 18, bold=True, align=reading_side("left")),
        Spacer(1, 4),
        Line(subtitle, 11, align=reading_side("left"), color=GREY),
        Spacer(1, 8),
    ]


class TournamentStandingsRenderer(Renderer):
    """The standings, on as many pages as the players need (the headings repeat)."""

    def __init__(self, data: TournamentStandingsData, *, paper: Paper = Paper.LETTER) -> None:
        super().__init__(paper=paper)
        self.data = data
        self.title = _("{tournament}: standings").format(tournament=data.tournament)

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        data = self.data
        subtitle = " · ".join((_("Standings"), data.progress, data.stamp))
        return [
            *heading_lines(data.tournament, subtitle),
            mirrored_table((data.headings, *data.rows), _WIDTHS, doc.width, names=(1,)),
            Spacer(1, 8),
            Words(data.order),
        ]
