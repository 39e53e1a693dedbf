"""The playoff bracket on one landscape page: a column per round, each match a box of
its two seeded teams and their game scores, the winner in bold, lines from each pair
of boxes to the match they feed, and the champion at the end. A double bracket draws
its winners' bracket over the top two thirds and its losers' bracket under it, both
feeding the grand final (and its reset, once played) before the champion. In a
right-to-left language the page is mirrored (round 1 at the right), as a Persian
bracket is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from reportlab.platypus import BaseDocTemplate, Flowable

from clabber_league import i18n
from clabber_league.i18n import _, said
from clabber_league.league.bracket import slots_in_round
from clabber_league.league.double_bracket import (
    FINAL,
    LOSERS,
    WINNERS,
    MatchKey,
    bracket_round_name,
    losers_slots,
    void_matches,
)
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
    void: frozenset[int] = frozenset()
    """Slots that never hold a match (a double bracket's two byes meeting): left blank."""


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
    losers: tuple[BracketRound, ...] = ()
    """A double bracket's losers' rounds (none in a single bracket)."""
    finals: tuple[BracketRound, ...] = ()
    """A double bracket's grand final, and its reset once it is played."""


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

    def stage(part: str, number: int, slots: int, matches: Any) -> BracketRound:
        name = said(bracket_round_name(bracket.teams, bracket.double, part, number))
        empty = frozenset(key.slot for key in void if (key.bracket, key.round) == (part, number))
        return BracketRound(name, slots, tuple(box(match) for match in matches), empty)

    void: frozenset[MatchKey] = void_matches(bracket.teams) if bracket.double else frozenset()

    teams = bracket.teams
    finals: list[tuple[BracketMatch, ...]] = [(found,) for found in bracket.finals] or [()]
    champion = bracket.champion
    return BracketData(
        league=league,
        season=bracket.season,
        rounds=tuple(
            stage(WINNERS, n, slots_in_round(teams, n), found)
            for n, found in enumerate(bracket.rounds, 1)
        ),
        champion=champion.team if champion else "",
        lines=not bracket.reseed,
        stamp=stamp_text(stamp),
        losers=tuple(
            stage(LOSERS, n, losers_slots(teams, n), found)
            for n, found in enumerate(bracket.losers, 1)
        ),
        finals=tuple(stage(FINAL, n, 1, found) for n, found in enumerate(finals, 1))
        if bracket.double
        else (),
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


def _heading_size(text: str, room: float) -> float:
    """The heading's size, made smaller (down to two thirds) while it is wider than
    ``room``: a double bracket of 16 teams has eight narrow columns."""
    size = HEADING_SIZE
    while size > HEADING_SIZE * 2 / 3 and fonts.width(text, size, True) > room:
        size -= 0.5
    return size


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
        data = self.data
        left = max(len(data.rounds), len(data.losers))
        column = self.width / (left + len(data.finals) + 1)
        gap = min(24.0, column * 0.15)
        box_w = column - gap
        top = self.height - HEADING_SIZE * 2
        self.canv.setLineWidth(0.6)
        if data.losers:
            split = top / 3
            ends = [
                self._section(data.rounds, x0=0, heading=self.height, top=top,
                              bottom=split + HEADING_SIZE, column=column, box_w=box_w),
                self._section(data.losers, x0=0, heading=split, top=split - HEADING_SIZE * 2,
                              bottom=0, column=column, box_w=box_w),
            ]  # fmt: skip
        else:
            ends = [
                self._section(data.rounds, x0=0, heading=self.height, top=top, bottom=0,
                              column=column, box_w=box_w)
            ]  # fmt: skip
        x = left * column
        middle = top / 2
        for end_x, end_y in ends:  # each bracket's last match into the next column's box
            bend = x - gap / 2
            self._line(end_x, end_y, bend, end_y)
            self._line(bend, end_y, bend, middle)
            self._line(bend, middle, x, middle)
        for final in data.finals:
            self._section((final,), x0=x, heading=self.height, top=top, bottom=0,
                          column=column, box_w=box_w)  # fmt: skip
            x += column
            self._line(x - gap, middle, x, middle)
        self._text(x + box_w / 2, self.height - HEADING_SIZE, _("Champion"), HEADING_SIZE,
                   bold=True, align="center")  # fmt: skip
        self._rect(x, middle - 14, box_w, 28)
        if data.champion:
            self._text(x + box_w / 2, middle - 4, data.champion, NAME_SIZE + 3, bold=True,
                       align="center", width=box_w - 8)  # fmt: skip

    def _section(
        self,
        rounds: tuple[BracketRound, ...],
        *,
        x0: float,
        heading: float,
        top: float,
        bottom: float,
        column: float,
        box_w: float,
    ) -> tuple[float, float]:
        """Rounds side by side from ``x0``, their boxes spread between ``top`` and
        ``bottom`` under their names (at ``heading``), joined to the round after: two
        boxes into one by a joint, one into one (a drop-in round) by a line. Returns
        where the last round's first box ends (its right edge and middle)."""
        gap = column - box_w
        end = (x0, (top + bottom) / 2)
        for index, stage in enumerate(rounds):
            x = x0 + index * column
            size = _heading_size(stage.name, column - 4)
            self._text(x + box_w / 2, heading - HEADING_SIZE, stage.name, size, bold=True,
                       align="center", width=column - 4)  # fmt: skip
            pitch = (top - bottom) / stage.slots
            box_h = min(34.0, pitch * 0.8)
            boxes = {box.slot: box for box in stage.boxes}
            after = rounds[index + 1].slots if index + 1 < len(rounds) else 0
            for slot in range(1, stage.slots + 1):
                middle = top - (slot - 0.5) * pitch
                if slot in stage.void:
                    continue
                self._box(x, middle, box_w, box_h, boxes.get(slot))
                if not self.data.lines or not after:
                    continue
                if after == stage.slots:
                    self._line(x + box_w, middle, x + column, middle)
                elif slot % 2 == 1:
                    self._joint(x + box_w, middle, top - (slot + 0.5) * pitch, gap)
            end = (x + box_w, top - 0.5 * pitch)
        return end

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
