"""The playoff bracket on one landscape page: a column per round, each match a box of
its two seeded teams and their game scores, the winner in bold, lines from each pair
of boxes to the match they feed, and the champion at the end. In a right-to-left
language the page is mirrored (round 1 at the right), as a Persian bracket is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from reportlab.platypus import BaseDocTemplate, Flowable

from clabber_league import i18n
from clabber_league.i18n import _, said
from clabber_league.league.bracket import round_name, slots_in_round
from clabber_league.reports import fonts
from clabber_league.reports.document import Renderer, season_title, title_lines
from clabber_league.reports.standings import stamp_text
from clabber_league.reports.styles import GREY, INK, RULE, Paper

if TYPE_CHECKING:  # the store (and SQLAlchemy) only for the type
    from clabber_league.store.playoffs import Bracket, BracketMatch, Side


@dataclass(frozen=True)
class BracketSide:
    name: str
    """"(1) Eagles", or "bye"."""
    scores: str
    """The side's points in each game: "150 · 92"."""
    won: bool


@dataclass(frozen=True)
class BracketBox:
    slot: int
    sides: tuple[BracketSide, BracketSide]
    note: str = ""
    """"forfeit", "disputed"…: said under the box."""


@dataclass(frozen=True)
class BracketRound:
    name: str
    slots: int
    boxes: tuple[BracketBox, ...]
    """The matches made so far; an empty slot is drawn as an empty box."""


@dataclass(frozen=True)
class BracketData:
    league: str
    season: str
    rounds: tuple[BracketRound, ...]
    champion: str
    lines: bool
    """Lines from a pair of boxes to the next match (not in a reseeded bracket, whose
    later rounds do not follow the lines)."""
    stamp: str


def bracket_data(*, league: str, bracket: Bracket, stamp: date) -> BracketData:
    """The bracket as the page shows it, in the current language."""

    def side(found: Side | None, mine: int, match: BracketMatch) -> BracketSide:
        if found is None:
            return BracketSide(_("bye"), "", False)
        scores = " · ".join(str(points[mine]) for points in match.games)
        return BracketSide(f"({found.seed}) {found.team}", scores, match.winner == found)

    def box(match: BracketMatch) -> BracketBox:
        note = ""
        if match.disputed:
            note = _("disputed")
        elif match.status not in ("scheduled", "bye"):
            note = _(match.status)
        return BracketBox(
            match.slot, (side(match.home, 0, match), side(match.away, 1, match)), note
        )

    rounds = tuple(
        BracketRound(
            said(round_name(bracket.teams, number)),
            slots_in_round(bracket.teams, number),
            tuple(box(match) for match in matches),
        )
        for number, matches in enumerate(bracket.rounds, 1)
    )
    champion = bracket.champion
    return BracketData(
        league=league,
        season=bracket.season,
        rounds=rounds,
        champion=champion.team if champion else "",
        lines=not bracket.reseed,
        stamp=stamp_text(stamp),
    )


class BracketRenderer(Renderer):
    """The bracket, on one landscape page."""

    landscape = True
    page_numbers = False

    def __init__(self, data: BracketData, *, paper: Paper = Paper.LETTER) -> None:
        super().__init__(paper=paper)
        self.data = data
        self.title = season_title(data.league, data.season, "playoffs")

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        data = self.data
        story = title_lines(
            data.league, data.season, _("Playoffs · {stamp}").format(stamp=data.stamp)
        )
        story.append(_Drawing(data, i18n.is_right_to_left()))
        return story


NAME_SIZE = 9.0
HEADING_SIZE = 10.0


class _Drawing(Flowable):  # type: ignore[misc]  # ReportLab has no type hints
    """The rounds' columns and the champion's, filling the rest of the page."""

    def __init__(self, data: BracketData, rtl: bool) -> None:
        super().__init__()
        self.data, self.rtl = data, rtl
        self.width = self.height = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width, self.height = avail_width, avail_height - 6
        return self.width, self.height

    def draw(self) -> None:
        canvas, data = self.canv, self.data
        columns = len(data.rounds) + 1
        column = self.width / columns
        gap = min(24.0, column * 0.15)
        box_w = column - gap
        top = self.height - HEADING_SIZE * 2
        canvas.setLineWidth(0.6)
        for index, stage in enumerate(data.rounds):
            x = index * column
            self._text(x + box_w / 2, self.height - HEADING_SIZE, stage.name, HEADING_SIZE,
                       bold=True, align="center")  # fmt: skip
            pitch = top / stage.slots
            box_h = min(34.0, pitch * 0.8)
            boxes = {box.slot: box for box in stage.boxes}
            for slot in range(1, stage.slots + 1):
                middle = top - (slot - 0.5) * pitch
                self._box(x, middle, box_w, box_h, boxes.get(slot))
                if data.lines and index + 1 < len(data.rounds) and slot % 2 == 1:
                    below = top - (slot + 0.5) * pitch
                    self._joint(x + box_w, middle, below, gap)
        x = len(data.rounds) * column
        self._text(x + box_w / 2, self.height - HEADING_SIZE, _("Champion"), HEADING_SIZE,
                   bold=True, align="center")  # fmt: skip
        middle = top / 2
        self._rect(x, middle - 14, box_w, 28)
        if data.champion:
            self._text(x + box_w / 2, middle - 4, data.champion, NAME_SIZE + 3, bold=True,
                       align="center", width=box_w - 8)  # fmt: skip
        final = len(data.rounds) - 1
        self._line(final * column + box_w, middle, x, middle)

    def _box(self, x: float, middle: float, w: float, h: float, box: BracketBox | None) -> None:
        self.canv.setStrokeColor(RULE)
        self._rect(x, middle - h / 2, w, h)
        self._line(x, middle, x + w, middle)
        if box is None:
            return
        for row, side in enumerate(box.sides):
            base = middle + (h / 4 if row == 0 else -h / 4) - NAME_SIZE / 3
            score_w = fonts.width(side.scores, NAME_SIZE - 1) + 6 if side.scores else 0
            self._text(x + 4, base, side.name, NAME_SIZE, bold=side.won,
                       width=w - 8 - score_w)  # fmt: skip
            if side.scores:
                self._text(x + w - 4, base, side.scores, NAME_SIZE - 1, align="right",
                           color=GREY)  # fmt: skip
        if box.note:
            self._text(x + 2, middle - h / 2 - NAME_SIZE, box.note, NAME_SIZE - 2, color=GREY,
                       width=w)  # fmt: skip

    def _joint(self, right: float, upper: float, lower: float, gap: float) -> None:
        """The lines from two boxes (their right ends at ``upper`` and ``lower``) to the
        box they feed, half-way between them in the next column."""
        bend = right + gap / 2
        self._line(right, upper, bend, upper)
        self._line(right, lower, bend, lower)
        self._line(bend, upper, bend, lower)
        self._line(bend, (upper + lower) / 2, right + gap, (upper + lower) / 2)

    # Everything is drawn through these three, which mirror it in a right-to-left language.
    def _x(self, x: float) -> float:
        return self.width - x if self.rtl else x

    def _line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.canv.setStrokeColor(RULE)
        self.canv.line(self._x(x1), y1, self._x(x2), y2)

    def _rect(self, x: float, y: float, w: float, h: float) -> None:
        self.canv.setStrokeColor(RULE)
        left = self._x(x + w) if self.rtl else x
        self.canv.rect(left, y, w, h, stroke=1, fill=0)

    def _text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        *,
        bold: bool = False,
        align: str = "left",
        color: Any = INK,
        width: float | None = None,
    ) -> None:
        if self.rtl:
            align = {"left": "right", "right": "left"}.get(align, align)
        shown = fonts.fit(text, width, size, bold) if width is not None else text
        self.canv.setFillColor(color)
        fonts.draw(self.canv, self._x(x), y, shown, size, bold=bold, align=align)
