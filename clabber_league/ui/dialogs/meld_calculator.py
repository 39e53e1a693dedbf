"""The meld calculator: click the cards each player showed, read off who scores.

At the table the melds are argued over in the first trick; the scorekeeper
clicks the shown cards here and the rules engine names every meld, decides
which side's melds count (RULES.md §4) and finds the bell, so the figures
that reach the sheet are the engine's, not the scorekeeper's arithmetic.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QLabel,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import _, fill, said
from clabber_league.i18n.words import card_name, meld_name, suit_choice
from clabber_league.rules import (
    Card,
    Meld,
    MeldError,
    RuleSet,
    Suit,
    classify,
    compare_melds,
    deck,
    meld_value,
)
from clabber_league.rules.melds import BELL_POINTS, MeldRank, holds_bell, meld_rank
from clabber_league.rules.rulesets import KlaberjassRuns
from clabber_league.seating import Seating
from clabber_league.ui.plain import escaped, literal_ampersands, shown
from clabber_league.ui.tones import Tone, is_dark, suit_red, tone_colours
from clabber_league.ui.widgets.layouts import named, ok_cancel

_RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
# Before any card is shown, every real declaration outranks this one.
_NO_MELD = MeldRank(0, 0, trump=False)


def card_text(card: Card) -> str:
    """A card as printed on its face: ``10♥``."""
    return f"{card.rank.code}{card.suit.symbol}"


def card_html(card: Card) -> str:
    """``card_text`` with the red suits in red, for rich-text labels."""
    if card.suit in _RED_SUITS:
        red = suit_red(is_dark(QGuiApplication.palette())).name()
        return f'<span style="color:{red}">{card_text(card)}</span>'
    return card_text(card)


def _card_style(card: Card, palette: QPalette) -> str:
    """A card's button: red or black as its suit, and picked out in the warning tone's
    colours when checked (shown), for the palette it is drawn in."""
    checked = tone_colours(Tone.WARNING, palette)
    red = suit_red(is_dark(palette)).name() if card.suit in _RED_SUITS else None
    colour = f" color: {red};" if red else ""
    return (
        f"QToolButton {{ font-size: 15px; min-width: 38px; min-height: 30px;{colour} }}"
        f"QToolButton:checked {{ background: {checked.background};"
        f" border: 2px solid {checked.border}; border-radius: 4px;"
        f" color: {red or checked.text}; }}"
    )


def make_trump_combo(parent: QWidget | None = None) -> QComboBox:
    """A trump chooser whose items start with S, H, D, C and N, so one key picks each.

    QComboBox searches item texts by their first letters, which is what
    makes the keyboard shortcuts work without an event filter.
    """
    combo = QComboBox(parent)
    combo.addItem(_("none"), "")
    for suit in Suit:
        combo.addItem(suit_choice(suit), suit)
    return combo


def set_trump(combo: QComboBox, trump: Suit | None) -> None:
    combo.setCurrentIndex(combo.findData(trump) if trump is not None else 0)


def current_trump(combo: QComboBox) -> Suit | None:
    data = combo.currentData()
    return data if isinstance(data, Suit) else None


def best_declaration(cards: Iterable[Card], rules: RuleSet, trump: Suit | None) -> tuple[Meld, ...]:
    """The disjoint melds a player would show from ``cards``.

    The side's single best meld decides the comparison, so a player lays
    the partition whose best meld ranks highest first, and the most points
    second (a run of six beside four jacks, not two dads); between equals,
    the one that uses the most of the shown cards (a run of six ranks as an
    ace-high hundred, but a player who shows six in a row shows the six). A
    hand holds at most nine cards, so trying every partition is cheap.
    """
    held = sorted(set(cards))
    candidates: list[Meld] = []
    for size in range(3, len(held) + 1):
        for group in itertools.combinations(held, size):
            try:
                candidates.append(classify(group, rules))
            except MeldError:
                continue

    def strength(melds: tuple[Meld, ...]) -> tuple[MeldRank, int, int]:
        top = max((meld_rank(meld, rules, trump) for meld in melds), default=_NO_MELD)
        shown = sum(meld.length for meld in melds)
        return top, sum(meld_value(meld, rules) for meld in melds), shown

    return max(_disjoint(candidates, 0, frozenset()), key=strength)


def _disjoint(
    candidates: Sequence[Meld], start: int, used: frozenset[Card]
) -> Iterator[tuple[Meld, ...]]:
    """Every set of candidates from ``start`` on that shares no card with ``used`` or itself."""
    yield ()
    for index in range(start, len(candidates)):
        meld = candidates[index]
        if used.isdisjoint(meld.cards):
            for rest in _disjoint(candidates, index + 1, used.union(meld.cards)):
                yield (meld, *rest)


class MeldCalculatorDialog(QDialog):
    """Pick each seat's shown cards; the dialog names the melds and says who scores."""

    def __init__(
        self,
        rules: RuleSet,
        trump: Suit | None,
        parent: QWidget | None = None,
        *,
        seating: Seating | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Meld calculator"))
        self._rules = rules
        self._seating = seating or Seating(rules, {})
        self._holder: dict[Card, str] = {}
        self._declared: dict[str, tuple[Meld, ...]] = {}
        self._melds: dict[str, int] = dict.fromkeys(rules.sides, 0)
        self._bell: str | None = None
        self._batch = False

        self._trump = make_trump_combo(self)
        set_trump(self._trump, trump)
        self._trump.currentIndexChanged.connect(self._update)
        form = QFormLayout()
        form.addRow(_("&Trump"), self._trump)

        self._tabs = QTabWidget(self)
        # Every seat's tab in view: the scorekeeper hops between them while melds are called.
        self._tabs.setUsesScrollButtons(False)
        self._buttons: dict[str, dict[Card, QToolButton]] = {}
        # Every tab starts with room for a full hand's count (``_update`` writes the real one),
        # so that clicking a card never widens the tabs, the dialog and the grid under the mouse.
        for index, seat in enumerate(rules.seats):
            self._tabs.addTab(self._seat_grid(seat), self._tab_title(seat, rules.layout.hand_size))
            self._tabs.setTabToolTip(index, shown(self._seating.choice(seat)))

        self._summary = named(QLabel(self), "summary")
        self._summary.setTextFormat(Qt.TextFormat.RichText)
        self._summary.setWordWrap(True)
        self._summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._summary.setMinimumHeight(120)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(_("Click the cards each player showed:"), self))
        layout.addWidget(self._tabs)
        layout.addWidget(self._summary)
        layout.addWidget(ok_cancel(self))
        self.setMinimumWidth(self.sizeHint().width())
        self._update()

    # ---------------------------------------------------------------- results

    def melds(self) -> dict[str, int]:
        """Scored meld points per side, the bell excluded (it scores on its own)."""
        return dict(self._melds)

    def bell(self) -> str | None:
        """The side whose player holds the king and queen of trumps."""
        return self._bell

    def trump(self) -> Suit | None:
        return current_trump(self._trump)

    def declared(self) -> dict[str, tuple[tuple[Card, ...], ...]]:
        """Seat → the cards of each meld it shows, as a ``PlayedHand.declared`` wants them."""
        return {
            seat: tuple(meld.cards for meld in melds)
            for seat, melds in self._declared.items()
            if melds
        }

    def select(self, seat: str, cards: Iterable[Card]) -> None:
        """Mark ``cards`` as shown by ``seat``, as if clicked (reopening a hand's melds).

        Seats and cards the rule set does not have, and cards another seat
        holds, are skipped: the engine names those when the hand is checked.
        """
        self._batch = True
        try:
            buttons = self._buttons.get(seat, {})
            for card in cards:
                if card in buttons and self._holder.get(card, seat) == seat:
                    buttons[card].setChecked(True)
        finally:
            self._batch = False
        self._update()

    # ---------------------------------------------------------------- building

    def _tab_title(self, seat: str, cards: int = 0) -> str:
        """A seat's tab: who sits there ("Ann"; "A1 (Eagles)" when nobody was named), and
        how many cards it shows."""
        return literal_ampersands(self._seating.full(seat)) + (f" ({cards})" if cards else "")

    def _seat_grid(self, seat: str) -> QWidget:
        page = QWidget(self._tabs)
        grid = QGridLayout(page)
        grid.setSpacing(4)
        # The cards keep their place at the top left whatever room the page has.
        grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        buttons: dict[Card, QToolButton] = {}
        cards = deck(self._rules.layout.deck_size)
        # Columns run up the meld order, so a run reads left to right as it is called.
        ranks = sorted({card.rank for card in cards}, key=lambda rank: rank.value)
        for card in cards:
            button = QToolButton(page)
            button.setText(card_text(card))
            button.setCheckable(True)
            button.setToolTip(card_name(card))
            button.setObjectName(f"{seat}_{card}")
            button.setStyleSheet(_card_style(card, page.palette()))
            button.toggled.connect(partial(self._toggled, seat, card))
            grid.addWidget(button, list(Suit).index(card.suit), ranks.index(card.rank))
            buttons[card] = button
        self._buttons[seat] = buttons
        return page

    # ---------------------------------------------------------------- reacting

    def _toggled(self, seat: str, card: Card, checked: bool) -> None:
        if checked:
            self._holder[card] = seat
        else:
            self._holder.pop(card, None)
        if not self._batch:
            self._update()

    def _cards_of(self, seat: str) -> list[Card]:
        return [card for card, holder in self._holder.items() if holder == seat]

    def _update(self) -> None:
        rules, trump = self._rules, self.trump()
        self._declared = {
            seat: best_declaration(self._cards_of(seat), rules, trump) for seat in rules.seats
        }
        by_side: dict[str, list[Meld]] = {side: [] for side in rules.sides}
        for seat, melds in self._declared.items():
            by_side[seat[0]].extend(melds)
        comparison = compare_melds(by_side, rules, trump)
        self._melds = dict.fromkeys(rules.sides, 0)
        winner = comparison.winner
        if winner is not None:
            best = comparison.best[winner]
            # RULES.md §10: Klaberjass counts only the best run unless the league counts all.
            if rules.runs_only and rules.options.klaberjass_runs is KlaberjassRuns.BEST:
                counted: Sequence[Meld] = [best] if best else []
            else:
                counted = by_side[winner]
            self._melds[winner] = sum(meld_value(meld, rules) for meld in counted)
        holders = [
            seat
            for seat in rules.seats
            if trump is not None and holds_bell(self._cards_of(seat), trump)
        ]
        self._bell = holders[0][0] if holders else None
        self._refresh_buttons()
        self._summary.setText(self._summary_html(said(comparison.reason), holders))

    def _refresh_buttons(self) -> None:
        """A card shown at one seat is gone from the others; a full hand takes no more.

        Only buttons whose state changes are touched: a click changes a few,
        and PySide6 6.12 on Python 3.11 leaks a reference to ``None`` on
        every setter call, so redrawing all 96 per click adds up.
        """
        hand_size = self._rules.layout.hand_size
        for index, (seat, buttons) in enumerate(self._buttons.items()):
            count = len(self._cards_of(seat))
            for card, button in buttons.items():
                holder = self._holder.get(card)
                taken = holder is not None and holder != seat
                enabled = not taken and (button.isChecked() or count < hand_size)
                if button.isEnabled() != enabled:
                    button.setEnabled(enabled)
                tip = card_name(card)
                if holder and taken:
                    tip = shown(fill(_("shown by {name}"), name=self._seating.full(holder)))
                if button.toolTip() != tip:
                    button.setToolTip(tip)
            title = self._tab_title(seat, count)
            if self._tabs.tabText(index) != title:
                self._tabs.setTabText(index, title)

    def _side_name(self, side: str) -> str:
        name = self._seating.teams.get(side)
        return fill(_("{name} ({side})"), name=name, side=side) if name else side

    def _summary_html(self, reason: str, bell_holders: Sequence[str]) -> str:
        lines: list[str] = []
        for seat, melds in self._declared.items():
            shown = self._cards_of(seat)
            if not shown:
                continue
            named = ", ".join(
                fill(
                    _("{meld} {points}"),
                    meld=meld_name(meld, runs_only=self._rules.runs_only),
                    points=meld_value(meld, self._rules),
                )
                for meld in melds
            ) or _("no meld")
            lines.append(
                fill(
                    _("<b>{name}</b> {cards}: {melds}"),
                    name=escaped(self._seating.full(seat)),
                    cards=" ".join(card_html(card) for card in sorted(shown)),
                    melds=escaped(named),
                )
            )
        if not lines:
            lines.append(_("No cards shown yet."))
        side = next((side for side, points in self._melds.items() if points), None)
        if side is not None:
            verdict = fill(
                _("{name} score {points} in melds"),
                name=self._side_name(side),
                points=self._melds[side],
            )
        else:
            verdict = _("Nobody scores melds")
        # Rich text for the red suits; every word from the data in it is escaped.
        lines.append(
            fill(_("<b>{verdict}</b>: {reason}."), verdict=escaped(verdict), reason=escaped(reason))
        )
        if self.trump() is None:
            lines.append(_("Choose trump to find the bell."))
        elif bell_holders:
            seat = bell_holders[0]
            lines.append(
                _(
                    "<b>Bell</b>: {name} holds the king and queen of trumps, {points} to {side} "
                    "whatever the melds."
                ).format(
                    name=escaped(self._seating.full(seat)),
                    points=BELL_POINTS,
                    side=escaped(self._side_name(seat[0])),
                )
            )
        return "<br>".join(lines)
