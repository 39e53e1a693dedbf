"""The quick-reference panel printed under every scoresheet: card values, melds, set rule.

The figures come from the rules engine, not from a copy of RULES.md, so a
Wadesville league's pad shows its 300-point run of six on top and a
Klaberjass sheet its 7s and 8s: the panel can never disagree with the
scoring it sits beside.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from clabber_league.i18n import N_, _, current
from clabber_league.i18n.words import four_of_a_kind
from clabber_league.reports import fonts
from clabber_league.reports.styles import GREY, HEADING_FILL, INK, RULE, Box
from clabber_league.rules import (
    Card,
    RuleSet,
    Suit,
    Variant,
    classify,
    deck,
    meld_value,
    possible_trick_points,
)
from clabber_league.rules.cards import LAST_TRICK_BONUS, PLAIN_ORDER
from clabber_league.rules.cards import TRUMP_ORDER as CARD_TRUMP_ORDER
from clabber_league.rules.judge import RENEGE_POINTS
from clabber_league.rules.melds import BELL_POINTS, meld_rank
from clabber_league.rules.rulesets import SetRule

_RUN_NAMES = {
    3: N_("run of three (dad)"),
    4: N_("run of four (fifty)"),
    5: N_("run of five (hundred)"),
    6: N_("run of six"),
}
_KLABERJASS_RUN_NAMES = {3: N_("three in a row"), 4: N_("four or more in a row")}
_LEADING = 1.22
_SMALLEST = 4.5


@dataclass(frozen=True)
class CardValue:
    """One line of the card-value table: the n-th trump and the n-th plain card."""

    trump: str
    trump_points: int
    plain: str
    plain_points: int


@dataclass(frozen=True)
class MeldValue:
    name: str
    points: int


@dataclass(frozen=True)
class QuickReference:
    """What the panel says, for one rule set (RULES.md §2, §4, §5)."""

    rules_name: str
    cards: tuple[CardValue, ...]
    cards_note: str
    melds: tuple[MeldValue, ...]
    """Highest-ranking first."""
    melds_note: str
    set_rule: tuple[str, ...]


def quick_reference(rules: RuleSet) -> QuickReference:
    """The panel for ``rules`` in the current language: every figure asked of the engine
    (once per rule set and language: a season book prints the same panel on every sheet)."""
    return _quick_reference(rules, current())


@cache
def _quick_reference(rules: RuleSet, language: str) -> QuickReference:
    ranks = {card.rank for card in deck(rules.layout.deck_size)}
    trump = [rank for rank in CARD_TRUMP_ORDER if rank in ranks]
    plain = [rank for rank in PLAIN_ORDER if rank in ranks]
    cards = tuple(
        CardValue(t.code, t.trump_points, p.code, p.plain_points)
        for t, p in zip(trump, plain, strict=True)
    )
    cards_note = _trick_points_note(rules)
    melds_note = _("Bell (K and Q of trumps) {bell_points}, whoever scores the melds.").format(
        bell_points=BELL_POINTS
    )
    if not rules.runs_only and rules.options.run_of_six == 100:
        # RULES.md §9: it counts 100 and ranks as an ace-high hundred.
        melds_note = _("A run of six counts as an ace-high run of five. ") + melds_note
    return QuickReference(
        rules.name, cards, cards_note, _meld_table(rules), melds_note, _set_rule(rules)
    )


def _trick_points_note(rules: RuleSet) -> str:
    """RULES.md §2, §10: what the trick points add up to, as the engine derives it."""
    possible = possible_trick_points(rules)
    if possible.shared is not None:
        return _("Last trick {last_trick_bonus}: {shared} trick points in every hand.").format(
            last_trick_bonus=LAST_TRICK_BONUS, shared=possible.shared
        )
    return _(
        "Last trick {last_trick_bonus}. {cards_played} cards played: trick "
        "points add to {least_total}–{most_total}."
    ).format(
        last_trick_bonus=LAST_TRICK_BONUS,
        cards_played=rules.layout.cards_played,
        least_total=possible.least_total,
        most_total=possible.most_total,
    )


def _meld_table(rules: RuleSet) -> tuple[MeldValue, ...]:
    """Each kind of meld once, valued and ranked by the engine (RULES.md §4, §9, §10)."""
    ranks = sorted({card.rank for card in deck(rules.layout.deck_size)}, key=lambda r: r.value)
    shown: list[tuple[str, list[Card]]] = []
    if not rules.runs_only:
        shown += [(four_of_a_kind(rank), [Card(rank, suit) for suit in Suit]) for rank in ranks]
    names = _KLABERJASS_RUN_NAMES if rules.runs_only else dict(_RUN_NAMES)
    if not rules.runs_only and rules.options.run_of_six == 100:
        del names[6]  # it is a run of five, said in the note
    # The highest run of each length: rank order between runs is by length first.
    shown += [
        (_(name), [Card(rank, Suit.SPADES) for rank in ranks[-length:]])
        for length, name in names.items()
    ]
    melds = [(name, classify(cards, rules)) for name, cards in shown]
    melds.sort(key=lambda item: meld_rank(item[1], rules, None), reverse=True)
    return tuple(MeldValue(name, meld_value(meld, rules)) for name, meld in melds)


def _set_rule(rules: RuleSet) -> tuple[str, ...]:
    """RULES.md §5, §6, §10 in the fewest words that still decide a hand."""
    options = rules.options
    if rules.variant is Variant.KLABERJASS:
        rule = [
            _("Maker ahead: each scores their own points."),
            _("Tie: maker XX, the opponent their own."),
            _("Maker behind: the opponent scores both."),
        ]
    elif rules.variant is Variant.THREE_HANDED:
        rule = [
            _("The maker must score more than each opponent."),
            _("Otherwise set: maker XX, opponents their own."),
        ]
    elif options.set_rule is SetRule.TRICKS_82:
        rule = [
            _("Makers need 82 trick points (melds not counted for it)."),
            _("Otherwise set: makers XX, defenders their own."),
        ]
    else:
        rule = [
            _("Makers need more than the defenders: tricks + melds + bell."),
            _("A tie or less is set: makers XX (turkey tracks), defenders their own."),
        ]
    return (
        *rule,
        _("Renege: the other side {renege_points} + its melds; reneging side 0.").format(
            renege_points=RENEGE_POINTS
        ),
        _("Nothing scored: “{value}”. Game to {target}.").format(
            value=options.zero_mark.value, target=options.target
        ),
    )


def draw_reference(canvas: Any, ref: QuickReference, box: Box) -> None:
    """The panel in ``box``: three columns under a title bar."""
    x, y, width, height = box
    canvas.saveState()
    bar = min(13.0, height * 0.13)
    canvas.setFillColor(HEADING_FILL)
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.6)
    canvas.rect(x, y + height - bar, width, bar, stroke=0, fill=1)
    canvas.rect(x, y, width, height, stroke=1, fill=0)
    canvas.setFillColor(INK)
    title_size = bar * 0.62
    title = _("Quick reference — {rules_name}").format(rules_name=_(ref.rules_name))
    shown = fonts.fit(title, width - 8, title_size, True)
    fonts.draw(canvas, x + 4, y + height - bar * 0.72, shown, title_size, bold=True)
    rows = max(len(ref.cards), len(ref.melds)) + 3
    size = max(_SMALLEST, min(7.5, (height - bar - 6) / rows / _LEADING))
    column_height = height - bar - 3
    widths = (width * 0.27, width * 0.35, width * 0.38)
    boxes: list[Box] = []
    left = x
    for column_width in widths:
        boxes.append((left + 5, y, column_width - 10, column_height))
        left += column_width
    # Eight card ranks (Klaberjass) and notes that wrap can outgrow the rows allowed
    # for: the type shrinks until every column stands inside the frame.
    while size > _SMALLEST and _lowest_descender(ref, boxes, size) < y:
        size = max(_SMALLEST, size - 0.25)
    for draw_column, column in zip(_COLUMNS, boxes, strict=True):
        draw_column(canvas, ref, column, size)
        right = column[0] + column[2] + 5
        if right < x + width - 1:
            canvas.setStrokeColor(RULE)
            canvas.line(right, y + 4, right, y + height - bar - 4)
    canvas.restoreState()


class _Probe:
    """Stands in for the canvas to find how low the columns' words reach."""

    def __init__(self) -> None:
        self._fontname = ""
        self._fontsize = 0.0
        self.lowest = float("inf")

    def setFont(self, name: str, size: float) -> None:  # noqa: N802 -- the canvas's name
        self._fontname, self._fontsize = name, size

    def drawString(self, x: float, y: float, text: str) -> None:  # noqa: N802
        # Descenders reach about a fifth of the type size below the baseline.
        self.lowest = min(self.lowest, y - self._fontsize * 0.25)

    def setFillColor(self, color: object) -> None:  # noqa: N802
        pass


def _lowest_descender(ref: QuickReference, boxes: list[Box], size: float) -> float:
    probe = _Probe()
    for draw_column, box in zip(_COLUMNS, boxes, strict=True):
        draw_column(probe, ref, box, size)
    return probe.lowest


def _words(canvas: Any, text: str, at: tuple[float, float], width: float, size: float) -> float:
    """Words wrapped to ``width``, the first line on the baseline ``at``; returns the last's."""
    x, y = at
    for number, line in enumerate(fonts.lines(text, width, size)):
        if number:
            y -= size * 1.18
        fonts.draw(canvas, x, y, line, size)
    return y


def _note(canvas: Any, text: str, at: tuple[float, float], width: float, size: float) -> None:
    """Small grey words under a column."""
    canvas.setFillColor(GREY)
    _words(canvas, text, at, width, size * 0.9)
    canvas.setFillColor(INK)


def _column(canvas: Any, heading: str, box: Box, size: float) -> tuple[float, float, float, float]:
    """Draw a column's heading; returns its left, the heading's baseline, its width and the
    leading."""
    x, y, width, height = box
    canvas.setFillColor(INK)
    fonts.draw(canvas, x, y + height - size, heading, size, bold=True)
    return x, y + height - size, width, size * _LEADING


def _draw_cards(canvas: Any, ref: QuickReference, box: Box, size: float) -> None:
    x, y, width, leading = _column(canvas, _("Card values"), box, size)
    y -= leading
    half = width / 2
    canvas.setFillColor(GREY)
    fonts.draw(canvas, x, y, _("Trump"), size * 0.9)
    fonts.draw(canvas, x + half, y, _("Plain"), size * 0.9)
    canvas.setFillColor(INK)
    for card in ref.cards:
        y -= leading
        fonts.draw(canvas, x, y, card.trump, size, bold=True)
        fonts.draw(canvas, x + half - 10, y, str(card.trump_points), size, align="right")
        fonts.draw(canvas, x + half, y, card.plain, size, bold=True)
        fonts.draw(canvas, x + width - 2, y, str(card.plain_points), size, align="right")
    _note(canvas, ref.cards_note, (x, y - leading * 1.2), width, size)


def _draw_melds(canvas: Any, ref: QuickReference, box: Box, size: float) -> None:
    x, y, width, leading = _column(canvas, _("Melds (highest first)"), box, size)
    for meld in ref.melds:
        y -= leading
        fonts.draw(canvas, x, y, fonts.fit(meld.name, width - 22, size), size)
        fonts.draw(canvas, x + width, y, str(meld.points), size, bold=True, align="right")
    _note(canvas, ref.melds_note, (x, y - leading * 1.2), width, size)


def _draw_rule(canvas: Any, ref: QuickReference, box: Box, size: float) -> None:
    x, y, width, leading = _column(canvas, _("Set rule"), box, size)
    for line in ref.set_rule:
        y = _words(canvas, line, (x, y - leading * 1.3), width, size)


_COLUMNS = (_draw_cards, _draw_melds, _draw_rule)
