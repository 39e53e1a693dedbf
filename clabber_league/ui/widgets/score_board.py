"""Table view: the score as the whole table reads it from its seats, two metres away.

Each side's name over its running total in type a fifth of the screen high,
the W under the winner (and the games each side has won tonight, the running
W of the night), who deals next, and the last few hands written on the same
pad as the sheet — big. The entry panel sits underneath, so the scorekeeper
keeps typing hands while the table watches.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from clabber_league.i18n import _, figures, fill
from clabber_league.i18n.words import game_result
from clabber_league.rules import TIE, Game
from clabber_league.seating import Seating
from clabber_league.ui.widgets.elided_label import ElidedLabel
from clabber_league.ui.widgets.layouts import clear_layout, named
from clabber_league.ui.widgets.sheet_view import SheetInk, SheetView, handwriting_family

#: Shares of the board's height: the totals, the names and the lines of words.
_TOTAL_SHARE, _NAME_SHARE, _WORDS_SHARE = 0.15, 0.05, 0.04
#: The hands written under the totals: the last few, big.
HANDS_IN_VIEW = 4.0


class ScoreBoard(QWidget):
    """The totals, the next dealer and the last hands, for reading across the table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("score_board")
        self._sides: tuple[str, ...] = ()
        self._names: list[ElidedLabel] = []
        self._totals: list[QLabel] = []
        self._wins: list[QLabel] = []
        self._teams = QGridLayout()
        self._teams.setHorizontalSpacing(24)
        self.next_deal = named(QLabel(self), "next_deal")
        self.next_deal.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.next_deal.setTextFormat(Qt.TextFormat.PlainText)
        self.hands = SheetView(self, rows_in_view=HANDS_IN_VIEW, follow_last=True)
        self.hands.setObjectName("board_hands")
        self.hands.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        hint = _("F11 or View → Table view leaves the table view · Ctrl+Z takes back the last hand")
        self._hint = named(QLabel(hint, self), "board_hint")
        self._hint.setStyleSheet("color: palette(placeholder-text);")
        self._entry = QVBoxLayout()
        self._entry.setContentsMargins(0, 0, 0, 0)
        line = QFrame(self)
        line.setFrameShape(QFrame.Shape.HLine)
        layout = QVBoxLayout(self)
        layout.addLayout(self._teams)
        layout.addWidget(self.next_deal)
        layout.addWidget(self.hands, 1)
        layout.addWidget(line)
        layout.addLayout(self._entry)
        layout.addWidget(self._hint)
        self._paint_paper()

    def place_entry(self, entry: QWidget) -> None:
        """Keep the entry panel under the board while the table view is shown."""
        self._entry.addWidget(entry)

    def show_game(self, game: Game, seating: Seating, wins: Mapping[str, int]) -> None:
        """Show the game as it stands; ``wins`` counts each side's games won tonight."""
        sides = game.rules.sides
        if sides != self._sides:
            self._build_sides(sides)
        totals = game.totals
        for column, side in enumerate(sides):
            self._names[column].setText(game.names[side])
            self._totals[column].setText(figures(str(totals[side])))
            tonight = wins.get(side, 0)
            marks = [
                "W" if game.winner == side else "",
                fill(_("{tonight} won tonight"), tonight=tonight) if tonight else "",
            ]
            self._wins[column].setText(" · ".join(mark for mark in marks if mark))
        if game.finished:
            words = (
                _("a tie")
                if game.winner == TIE
                else game_result(game.rules, game.names, totals, len(game.rows))
            )
            self.next_deal.setText(fill(_("Game over — {result}"), result=words))
        else:
            hand = len(game.rows) + 1
            dealer = seating.full(game.next_dealer)
            self.next_deal.setText(
                fill(_("Hand {hand} — next deal: {dealer}"), hand=hand, dealer=dealer)
            )
        self.hands.scrollToBottom()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 -- Qt's name
        super().resizeEvent(event)
        self._size_type()

    def _build_sides(self, sides: tuple[str, ...]) -> None:
        clear_layout(self._teams)
        self._sides = sides
        self._names, self._totals, self._wins = [], [], []
        for column, side in enumerate(sides):
            name, total, wins = ElidedLabel("", self), QLabel(self), QLabel(self)
            for row, (label, part) in enumerate(((name, "name"), (total, "total"), (wins, "w"))):
                label.setObjectName(f"board_{part}_{side}")
                label.setAlignment(Qt.AlignmentFlag.AlignCenter)
                self._teams.addWidget(label, row, column)
            self._teams.setColumnStretch(column, 1)
            self._names.append(name)
            self._totals.append(total)
            self._wins.append(wins)
        self._size_type()

    def _size_type(self) -> None:
        """Type in shares of the board's height, so it reads from the seats on any screen."""
        height = max(1, self.height())
        family = handwriting_family()
        for labels, share, bold in (
            (self._totals, _TOTAL_SHARE, True),
            (self._names, _NAME_SHARE, True),
            (self._wins, _NAME_SHARE, True),
            ([self.next_deal], _WORDS_SHARE, False),
        ):
            for label in labels:
                font = QFont(label.font())
                if family is not None and labels is self._totals:
                    font.setFamily(family)
                font.setPixelSize(max(12, round(height * share)))
                font.setBold(bold)
                label.setFont(font)

    def _paint_paper(self) -> None:
        ink = SheetInk.from_palette(self.palette())
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(self.backgroundRole(), ink.paper)
        palette.setColor(self.foregroundRole(), ink.ink)
        palette.setColor(palette.ColorRole.WindowText, ink.ink)
        self.setPalette(palette)
