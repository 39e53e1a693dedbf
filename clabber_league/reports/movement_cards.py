"""A progressive tournament's movement cards: one card a player, four to a page, each
saying round by round where the player sits, with whom and against whom ("Round 3:
table 5, seat North, partner Ann, against Bob and Cal"), or that they sit out. In a
right-to-left language each card's lines start at its right edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.platypus import BaseDocTemplate, Flowable, PageBreak

from clabber_league import i18n
from clabber_league.i18n import _
from clabber_league.league.movement import Movement
from clabber_league.reports import fonts
from clabber_league.reports.document import Renderer
from clabber_league.reports.styles import GREY, INK, RULE, Paper

CARDS_A_PAGE = 4
NAME_SIZE = 13.0
LINE_SIZE = 9.0
SMALLEST = 5.0
PAD = 10.0


@dataclass(frozen=True)
class Card:
    player: str
    lines: tuple[str, ...]


def seat_word(seat: str) -> str:
    """A seat's name in the current language."""
    return {"North": _("North"), "South": _("South"), "East": _("East"), "West": _("West")}[seat]


def movement_cards(movement: Movement) -> tuple[Card, ...]:
    """Each player's card, in the order the players were given, in the current language."""
    rounds: dict[str, list[str]] = {player: [] for player in movement.players}
    for found in movement.rounds:
        for table in found.tables:
            sides = table.sides
            for seat, player in table.seated():
                mine = 0 if player in sides[0] else 1
                partner = next(other for other in sides[mine] if other != player)
                first, second = sides[1 - mine]
                rounds[player].append(
                    _(
                        "Round {round}: table {table}, seat {seat}, partner {partner}, "
                        "against {first} and {second}"
                    ).format(
                        round=found.round,
                        table=table.table,
                        seat=seat_word(seat),
                        partner=partner,
                        first=first,
                        second=second,
                    )
                )
        for player in found.byes:
            rounds[player].append(_("Round {round}: sitting out").format(round=found.round))
    return tuple(Card(player, tuple(lines)) for player, lines in rounds.items())


class MovementCardsRenderer(Renderer):
    """The cards, four to a page (two by two)."""

    page_numbers = False

    def __init__(
        self, cards: tuple[Card, ...], *, paper: Paper = Paper.LETTER, tournament: str = ""
    ) -> None:
        super().__init__(paper=paper)
        self.cards = cards
        self.tournament = tournament
        """A kept tournament's name, under each player's name; empty for a plan."""
        self.title = _("Movement cards")

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        story: list[Flowable] = []
        rtl = i18n.is_right_to_left()
        for start in range(0, len(self.cards), CARDS_A_PAGE):
            if story:
                story.append(PageBreak())
            story.append(_Page(self.cards[start : start + CARDS_A_PAGE], rtl, self.tournament))
        return story


class _Page(Flowable):  # type: ignore[misc]  # ReportLab has no type hints
    """Up to four cards, two by two, with a cutting line between them."""

    def __init__(self, cards: tuple[Card, ...], rtl: bool, tournament: str) -> None:
        super().__init__()
        self.cards, self.rtl, self.tournament = cards, rtl, tournament
        self.width = self.height = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width, self.height = avail_width, avail_height - 1
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        card_w, card_h = self.width / 2, self.height / 2
        canvas.setStrokeColor(RULE)
        canvas.setDash(3, 3)
        canvas.line(card_w, 0, card_w, self.height)
        canvas.line(0, card_h, self.width, card_h)
        canvas.setDash()
        for index, card in enumerate(self.cards):
            column = index % 2 if not self.rtl else 1 - index % 2
            left, top = column * card_w, self.height - (index // 2) * card_h
            self._card(card, left + PAD, top - PAD, card_w - 2 * PAD, card_h - 2 * PAD)

    def _card(self, card: Card, left: float, top: float, width: float, height: float) -> None:
        x, align = (left + width, "right") if self.rtl else (left, "left")
        y = top - NAME_SIZE
        self._text(
            x, y, fonts.fit(card.player, width, NAME_SIZE, True), NAME_SIZE, align, bold=True
        )
        y -= LINE_SIZE * 1.6
        heading = _("Movement card")
        if self.tournament:
            heading = _("{tournament}: movement card").format(tournament=self.tournament)
        self._text(x, y, fonts.fit(heading, width, LINE_SIZE), LINE_SIZE, align, color=GREY)
        room = y - (top - height)
        size = LINE_SIZE
        while size > SMALLEST and self._height(card, width, size) > room:
            size -= 0.5
        for line in card.lines:
            for part in fonts.lines(line, width, size):
                y -= size * 1.3
                self._text(x, y, part, size, align)

    @staticmethod
    def _height(card: Card, width: float, size: float) -> float:
        return sum(len(fonts.lines(line, width, size)) for line in card.lines) * size * 1.3

    def _text(
        self, x: float, y: float, text: str, size: float, align: str, *, bold: bool = False,
        color: object = INK,
    ) -> None:  # fmt: skip
        self.canv.setFillColor(color)
        fonts.draw(self.canv, x, y, text, size, bold=bold, align=align)
