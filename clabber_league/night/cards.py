"""Table cards for a league night: one per table, with its QR code, and one for the board.

Four cards to a page, with cut lines; each stands on its table so the
players scan it and keep the sheet on a phone. The link is also written
out, for a phone whose camera does not read codes. Built like the other
reports: ``table_cards_data`` turns the night's links into plain data (what
the tests assert), ``TableCardsRenderer`` draws it with ReportLab.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import inch
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, FrameBreak, PageTemplate

from clabber_league.i18n import _, fill
from clabber_league.night.links import NightLinks
from clabber_league.night.qr import QUIET_ZONE, qr_code
from clabber_league.reports import fonts
from clabber_league.reports.document import NO_PADDING, Renderer
from clabber_league.reports.styles import GREY, INK, RULE, Paper

_HEADING = 30.0
_MATCH = 14.0
_SMALL = 8.5
_URL = 8.0
_GAP = 8.0
_CARD_PADDING = 14.0
#: The QR code's side at most: large enough to scan from a chair, small enough to fit.
_QR_SIDE = 2.8 * inch


@dataclass(frozen=True)
class Card:
    """One card: what it says from top to bottom."""

    heading: str
    """"Table 3", or "The board"."""
    match: str
    """The two teams ("Eagles v Owls"), or what the board shows."""
    detail: str
    url: str
    hint: str


@dataclass(frozen=True)
class TableCardsData:
    title: str
    cards: tuple[Card, ...]


def table_cards_data(links: NightLinks, *, season: str, week: int) -> TableCardsData:
    """A card per table in table order, then the board's card; each names the league
    that plays the night (``links.league``) as well as the season and the week, in the
    language the app speaks. A tournament's round names the tournament and the round
    instead (its league and season are named after it: they would say its name twice)."""
    night = fill(_("{league} — {season}"), league=links.league, season=season)
    cards = [
        Card(
            heading=fill(_("Table {table}"), table=link.table),
            match=fill(_("{home} v {away}"), home=link.sides[0], away=link.sides[1]),
            detail=_table_detail(links.tournament, night, week, link.match),
            url=link.url,
            hint=_("Scan with the phone's camera: this table's sheet opens. Keep the score there."),
        )
        for link in links.tables
    ]
    tournament = links.tournament
    cards.append(
        Card(
            heading=_("The board"),
            match=_("All tables and standings, live"),
            detail=(
                fill(_("{tournament} · round {round}"), tournament=tournament, round=week)
                if tournament
                else fill(_("{night} · week {week}"), night=night, week=week)
            ),
            url=links.board.url,
            hint=_("Open it on the television or any screen (full screen: F11)."),
        )
    )
    title = (
        fill(_("{tournament} — round {round}: table cards"), tournament=tournament, round=week)
        if tournament
        else fill(_("{night} — week {week}: table cards"), night=night, week=week)
    )
    return TableCardsData(title=title, cards=tuple(cards))


def _table_detail(tournament: str | None, night: str, week: int, match: int) -> str:
    """A table card's small line: the night and the match, or the tournament's round."""
    if tournament:
        return fill(
            _("{tournament} · round {round} · match {match}"),
            tournament=tournament,
            round=week,
            match=match,
        )
    return fill(_("{night} · week {week} · match {match}"), night=night, week=week, match=match)


class _CardFlowable(Flowable):  # type: ignore[misc]  # ReportLab has no type hints
    """A card filling its quarter of the page."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card
        self._width = self._height = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self._width, self._height = avail_width, avail_height
        return avail_width, avail_height

    def draw(self) -> None:
        canvas, card = self.canv, self.card
        inner = self._width - 2 * _CARD_PADDING
        middle = self._width / 2
        y = self._height - _CARD_PADDING - _HEADING
        canvas.setFillColor(INK)
        heading = fonts.fit(card.heading, inner, _HEADING, bold=True)
        fonts.draw(canvas, middle, y, heading, _HEADING, bold=True, align="center")
        y -= _MATCH + _GAP
        match = fonts.fit(card.match, inner, _MATCH, bold=True)
        fonts.draw(canvas, middle, y, match, _MATCH, bold=True, align="center")
        y -= _SMALL + 4
        canvas.setFillColor(GREY)
        fonts.draw(canvas, middle, y, fonts.fit(card.detail, inner, _SMALL), _SMALL, align="center")
        url_lines = _broken(card.url, inner, _URL)
        hint_lines = fonts.lines(card.hint, inner, _SMALL)
        below = len(url_lines) * (_URL + 2) + len(hint_lines) * (_SMALL + 2) + 3 * _GAP
        side = min(_QR_SIDE, inner, y - _GAP - below - _CARD_PADDING)
        y -= _GAP + side
        _draw_qr(canvas, middle - side / 2, y, side, card.url)
        canvas.setFillColor(INK)
        for line in url_lines:
            y -= _URL + 2
            fonts.draw(canvas, middle, y, line, _URL, align="center")
        y -= _GAP
        canvas.setFillColor(GREY)
        for line in hint_lines:
            y -= _SMALL + 2
            fonts.draw(canvas, middle, y, line, _SMALL, align="center")


def _broken(text: str, max_width: float, size: float) -> list[str]:
    """A link in lines that fit ``max_width``: links have no spaces to break at, so a line
    ends after its last "/" (the token then stands whole on the next), else where the
    width runs out."""
    lines: list[str] = []
    rest = text
    while rest:
        length = len(rest)
        while length > 1 and fonts.width(rest[:length], size) > max_width:
            length -= 1
        slash = rest.rfind("/", 0, length)
        if length < len(rest) and slash > 0:
            length = slash + 1
        lines.append(rest[:length])
        rest = rest[length:]
    return lines


def _draw_qr(canvas: Any, x: float, y: float, side: float, text: str) -> None:
    """The code of ``text`` with its quiet zone, ``side`` points square, lower-left at x, y."""
    code = qr_code(text)
    module = side / code.size_with_quiet_zone
    top = y + side - QUIET_ZONE * module
    left = x + QUIET_ZONE * module
    canvas.saveState()
    canvas.setFillColor(INK)
    for row, column, length in code.runs:
        across, down = left + column * module, top - (row + 1) * module
        canvas.rect(across, down, length * module, module, stroke=0, fill=1)
    canvas.restoreState()


class TableCardsRenderer(Renderer):
    """Four cards a page, cut along the dashed lines."""

    page_numbers = True

    def __init__(self, data: TableCardsData, *, paper: Paper = Paper.LETTER) -> None:
        super().__init__(paper=paper)
        self.data = data
        self.title = fonts.clean(data.title)

    def _page_templates(self, doc: BaseDocTemplate) -> list[PageTemplate]:
        width, height = doc.width / 2, doc.height / 2
        frames = [
            Frame(
                doc.leftMargin + column * width,
                doc.bottomMargin + (1 - row) * height,
                width,
                height,
                id=f"card{row}{column}",
                **NO_PADDING,
            )
            for row in (0, 1)
            for column in (0, 1)
        ]
        return [PageTemplate(id="cards", frames=frames, onPage=self._cards_page)]

    def _cards_page(self, canvas: Any, doc: BaseDocTemplate) -> None:
        self._on_page(canvas, doc)
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setDash(4, 4)
        canvas.setLineWidth(0.5)
        middle_x = doc.leftMargin + doc.width / 2
        middle_y = doc.bottomMargin + doc.height / 2
        canvas.line(middle_x, doc.bottomMargin, middle_x, doc.bottomMargin + doc.height)
        canvas.line(doc.leftMargin, middle_y, doc.leftMargin + doc.width, middle_y)
        canvas.restoreState()

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        story: list[Flowable] = []
        for card in self.data.cards:
            story += [FrameBreak(), _CardFlowable(card)]
        return story[1:]  # a break between cards, none before the first
