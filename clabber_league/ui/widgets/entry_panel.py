"""The hand entry: a scorekeeper at the table types a hand in a few keystrokes.

"A", Tab, "92", Enter records a hand the makers made with 92 trick points
(in the two-player games, where only 18 cards are played, both players'
figures are typed, and the other figure's possible range shows as you type).
Every keystroke rebuilds the entry and asks the rules engine for the row it
would make (``Game.preview``), so a mistake is named while the figures are
still on the table, and Enter does nothing until the rules accept the hand.
"""

from __future__ import annotations

import enum
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIntValidator, QKeyEvent, QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clabber_league.rules import (
    RENEGE_BOTH,
    Game,
    GameError,
    HandEntry,
    HandKind,
    PassedHand,
    PlayedHand,
    RenegeHand,
    SheetRow,
    Suit,
    WrittenHand,
    possible_trick_points,
)
from clabber_league.rules.hands import ShownMelds
from clabber_league.rules.tricks import figures_text
from clabber_league.ui.dialogs.meld_calculator import (
    MeldCalculatorDialog,
    card_text,
    current_trump,
    make_trump_combo,
    set_trump,
)

#: How many of the engine's problem lines fit under the fields.
_SHOWN_PROBLEMS = 3

_EditFactory = Callable[[QWidget, str], QLineEdit]


class _Tone(enum.Enum):
    """What the message under the fields is saying."""

    HINT = "color: palette(placeholder-text); padding: 4px;"
    ERROR = (
        "color: #8e1b1b; background: #fdecea; border: 1px solid #f1b0ab;"
        " border-radius: 3px; padding: 4px; font-weight: bold;"
    )
    PREVIEW = (
        "color: #1e5b24; background: #eaf5ea; border: 1px solid #b5d8b5;"
        " border-radius: 3px; padding: 4px; font-weight: bold;"
    )


class _UpperCaseValidator(QValidator):
    """Accept only what the rules can read, upper-cased as typed ("a" → "A", "xx" → "XX")."""

    def __init__(self, acceptable: str, partial: str, parent: QWidget) -> None:
        super().__init__(parent)
        self._acceptable = re.compile(acceptable)
        self._partial = re.compile(partial)

    def validate(self, text: str, pos: int, /) -> object:
        upper = text.upper()
        if self._acceptable.fullmatch(upper):
            return QValidator.State.Acceptable, upper, pos
        if self._partial.fullmatch(upper):
            return QValidator.State.Intermediate, upper, pos
        return QValidator.State.Invalid, text, pos


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


class EntryPanel(QWidget):
    """Enter the next hand of a game, or correct an earlier one, from the keyboard.

    The panel never records anything itself: it emits ``hand_entered`` with
    an entry the rules accept, and the window clears it once the recorder
    has taken the hand.
    """

    hand_entered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._game: Game | None = None
        self._sides: tuple[str, ...] = ()
        self._shared: int | None = None
        """The trick points every hand shares (162), or None where both figures are typed."""
        self._editing: int | None = None
        self._declared: Mapping[str, ShownMelds] | None = None
        self._entry: HandEntry | None = None
        self._tone: _Tone | None = None
        self._quiet = False
        self._meld_edits: dict[str, QLineEdit] = {}
        self._mark_edits: dict[str, QLineEdit] = {}
        self._defender_edits: list[tuple[QLabel, QLineEdit]] = []
        self._name_labels: list[tuple[QLabel, str]] = []

        self._header = QLabel("No game open", self)
        self._header.setObjectName("header")
        self._header.setStyleSheet("font-weight: bold; font-size: 14px;")
        self._transcription = QCheckBox("Copy from &paper sheet", self)
        self._transcription.setToolTip(
            "Type each side's mark as the paper shows it (a number, XX or -)"
        )

        self._makers = QLineEdit(self)
        self._makers.setObjectName("makers")
        self._makers.setMaxLength(1)
        self._makers.setFixedWidth(36)
        self._makers.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._makers_name = QLabel(self)
        self._makers_name.setMinimumWidth(90)
        self._trump = make_trump_combo(self)
        self._trump.setObjectName("trump")
        self._passed = QCheckBox("All pa&ssed", self)
        self._passed.setToolTip("Nobody made trump in either round: nothing is written")

        self._build_played()
        self._build_written()

        self._message = QLabel(self)
        self._message.setObjectName("message")
        self._message.setWordWrap(True)
        self._record = QPushButton("Record ⏎", self)
        self._record.setToolTip("Record the hand (Enter)")
        self._lay_out()
        self._connect()
        self.setFocusProxy(self._makers)
        self.setEnabled(False)

    # ---------------------------------------------------------------- public API

    def set_game(self, game: Game, at: int | None = None) -> None:
        """Show the game as it now stands; call after every change to it.

        ``at`` is the earlier hand being corrected: entries are then judged
        as that hand, and the panel works even when the game is over.
        """
        self._game = game
        self._editing = at
        shared = possible_trick_points(game.rules).shared
        if (game.rules.sides, shared) != (self._sides, self._shared):
            self._shared = shared
            self._build_sides(game.rules.sides)
        for label, side in self._name_labels:
            label.setText(self._name(side))
        for combo in (self._bell, self._renege):
            for index, side in enumerate(self._sides, start=1):
                combo.setItemText(index, f"{side} · {self._name(side)}")
        self._refresh()

    def set_transcription(self, on: bool) -> None:
        """Switch between tricks-and-melds entry and copying marks off a paper sheet."""
        self._transcription.setChecked(on)

    def transcription(self) -> bool:
        return self._transcription.isChecked()

    @property
    def editing(self) -> int | None:
        """The number of the earlier hand being corrected, or ``None`` for the next hand."""
        return self._editing

    def entry(self) -> HandEntry | None:
        """The hand as typed, if the rules accept it."""
        return self._entry

    def load(self, entry: HandEntry) -> None:
        """Fill the fields from ``entry`` (to correct a hand, ``set_game(game, at=n)`` first)."""
        with self._batch():
            self._reset_fields()
            if isinstance(entry, PassedHand):
                self._passed.setChecked(True)
            elif isinstance(entry, WrittenHand):
                self.set_transcription(True)
                self._load_common(entry)
                for side, edit in self._mark_edits.items():
                    edit.setText(entry.marks.get(side, ""))
            elif isinstance(entry, RenegeHand):
                self.set_transcription(False)
                self._load_common(entry)
                self._renege.setCurrentIndex(max(self._renege.findData(entry.offender), 0))
                self._load_melds(entry.melds)
            else:
                self.set_transcription(False)
                self._load_common(entry)
                self._load_tricks(entry.makers, entry.tricks)
                self._declared = entry.declared
                self._load_melds(entry.melds or {})
        self._refresh()

    def clear(self) -> None:
        """Empty the fields (the mode, paper or not, stays; so does the hand being corrected)."""
        with self._batch():
            self._reset_fields()
        self._refresh()
        if self._makers.isVisible() and self.isEnabled():
            self._makers.setFocus()

    def set_melds(
        self,
        melds: Mapping[str, int],
        bell: str | None,
        trump: Suit | None,
        declared: Mapping[str, ShownMelds] | None = None,
    ) -> None:
        """Take the melds, bell and trump worked out in the meld calculator.

        With ``declared`` (the shown cards) the engine judges the cards
        themselves; without, the meld points are entered as figures.
        """
        with self._batch():
            set_trump(self._trump, trump)
            self._bell.setCurrentIndex(max(self._bell.findData(bell or ""), 0))
            self._declared = declared or None
            self._load_melds(melds)
        self._refresh()

    def open_meld_calculator(self) -> None:
        """Open the meld calculator on the current trump and shown cards; OK fills the melds."""
        game = self._game
        if game is None:
            return
        dialog = MeldCalculatorDialog(
            game.rules, current_trump(self._trump), self, names=game.names
        )
        for seat, melds in (self._declared or {}).items():
            dialog.select(seat, (card for meld in melds for card in meld))
        dialog.accepted.connect(
            lambda: self.set_melds(dialog.melds(), dialog.bell(), dialog.trump(), dialog.declared())
        )
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def show_problems(self, messages: Sequence[str]) -> None:
        """Show why the hand was refused after all (say, by the recorder), as the rules word it."""
        self._say(self._problems(messages), _Tone.ERROR)

    def submit(self) -> bool:
        """Emit the hand if the rules accept it; an invalid hand is refused silently."""
        if self._entry is None:
            return False
        self.hand_entered.emit(self._entry)
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 -- Qt's name
        # Line edits, combo boxes and check boxes pass Enter up to their parent.
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submit()
            event.accept()
            return
        super().keyPressEvent(event)

    # ---------------------------------------------------------------- building

    @staticmethod
    def _number_edit(parent: QWidget, name: str) -> QLineEdit:
        edit = QLineEdit(parent)
        edit.setObjectName(name)
        edit.setValidator(QIntValidator(0, 999, edit))
        edit.setFixedWidth(52)
        edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        return edit

    @staticmethod
    def _row_box(parent: QWidget) -> QWidget:
        box = QWidget(parent)
        layout = QHBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        return box

    def _build_played(self) -> None:
        """Tricks, melds, bell and renege: what a hand played at the table needs."""
        self._played = QWidget(self)
        self._tricks = self._number_edit(self._played, "tricks")
        self._defenders = self._row_box(self._played)
        self._rest = QLabel(self._played)
        self._rest.setObjectName("rest")
        self._rest.setMinimumWidth(90)
        self._melds = self._row_box(self._played)
        self._shown = QLabel(self._played)
        self._forget = QToolButton(self._played)
        self._forget.setText("✕")
        self._forget.setToolTip("Forget the shown cards and type meld points instead")
        self._cards = QPushButton("&Cards…", self._played)
        self._cards.setToolTip("Click the shown cards and let the rules say who scores melds")
        self._bell = QComboBox(self._played)
        self._bell.setObjectName("bell")
        self._renege = QComboBox(self._played)
        self._renege.setObjectName("renege")
        grid = QGridLayout(self._played)
        grid.setContentsMargins(0, 0, 0, 0)
        tricks_label = QLabel("T&ricks", self._played)
        tricks_label.setBuddy(self._tricks)
        tricks_row = QHBoxLayout()
        tricks_row.addWidget(self._tricks)
        tricks_row.addWidget(self._defenders)
        tricks_row.addWidget(self._rest)
        tricks_row.addStretch(1)
        grid.addWidget(tricks_label, 0, 0)
        grid.addLayout(tricks_row, 0, 1)
        melds_row = QHBoxLayout()
        for widget in (self._melds, self._shown, self._forget, self._cards):
            melds_row.addWidget(widget)
        melds_row.addSpacing(12)
        for text, combo in (("&Bell", self._bell), ("Rene&ge", self._renege)):
            label = QLabel(text, self._played)
            label.setBuddy(combo)
            melds_row.addWidget(label)
            melds_row.addWidget(combo)
        melds_row.addStretch(1)
        grid.addWidget(QLabel("Melds", self._played), 1, 0)
        grid.addLayout(melds_row, 1, 1)
        grid.setColumnStretch(1, 1)

    def _build_written(self) -> None:
        """One mark per side, copied off a paper sheet."""
        self._written = QWidget(self)
        self._marks = self._row_box(self._written)
        layout = QHBoxLayout(self._written)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Marks", self._written))
        layout.addWidget(self._marks)
        layout.addStretch(1)
        self._written.hide()

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self._header, 1)
        top.addWidget(self._transcription)
        common = QHBoxLayout()
        makers_label = QLabel("&Makers", self)
        makers_label.setBuddy(self._makers)
        trump_label = QLabel("Tr&ump", self)
        trump_label.setBuddy(self._trump)
        for widget in (makers_label, self._makers, self._makers_name, trump_label, self._trump):
            common.addWidget(widget)
        common.addSpacing(12)
        common.addWidget(self._passed)
        common.addStretch(1)
        bottom = QHBoxLayout()
        bottom.addWidget(self._message, 1)
        bottom.addWidget(self._record, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(common)
        layout.addWidget(self._played)
        layout.addWidget(self._written)
        layout.addLayout(bottom)
        layout.addStretch(1)

    def _connect(self) -> None:
        for edit in (self._makers, self._tricks):
            edit.textChanged.connect(self._refresh)
        for combo in (self._trump, self._bell, self._renege):
            combo.currentIndexChanged.connect(self._refresh)
        self._passed.toggled.connect(self._refresh)
        self._transcription.toggled.connect(self._switch_mode)
        self._record.clicked.connect(self.submit)
        self._cards.clicked.connect(self.open_meld_calculator)
        self._forget.clicked.connect(self._forget_shown)

    def _build_sides(self, sides: tuple[str, ...]) -> None:
        """(Re)make everything that has one field or item per side."""
        self._sides = sides
        self._name_labels = []
        self._makers.setValidator(_UpperCaseValidator(f"[{''.join(sides)}]", "", self._makers))
        self._meld_edits = self._side_edits(self._melds, "melds", self._number_edit)
        self._mark_edits = self._side_edits(self._marks, "mark", self._mark_edit)
        # Where every card is played, all trick figures but one are given (SHEET_JSON.md):
        # the makers' field and one per defender but the last, whose points are the rest.
        # The two-player games play 18 cards, so both figures are typed (RULES.md §10).
        self._defender_edits = []
        self._clear_box(self._defenders)
        for index in range(len(sides) - (1 if self._shared is None else 2)):
            label = QLabel(self._defenders)
            edit = self._number_edit(self._defenders, f"defender_tricks_{index}")
            edit.textChanged.connect(self._refresh)
            self._box_layout(self._defenders).addWidget(label)
            self._box_layout(self._defenders).addWidget(edit)
            self._defender_edits.append((label, edit))
        self._fill_side_combo(self._bell, "no bell")
        self._fill_side_combo(self._renege, "no renege", (RENEGE_BOTH, self._both_words()))
        self._chain_tab_order()

    def _fill_side_combo(self, combo: QComboBox, nobody: str, *extra: tuple[str, str]) -> None:
        """Nobody, each side (renamed by ``set_game``), then any extra (data, text) items."""
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(nobody, "")
        for side in self._sides:
            combo.addItem(side, side)
        for data, text in extra:
            combo.addItem(text, data)
        combo.blockSignals(False)

    def _both_words(self) -> str:
        return "both sides" if len(self._sides) == 2 else "two or more"

    @staticmethod
    def _mark_edit(parent: QWidget, name: str) -> QLineEdit:
        edit = QLineEdit(parent)
        edit.setObjectName(name)
        edit.setFixedWidth(52)
        edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        # A mark is a figure, XX (turkey tracks) or a zero mark (RULES.md §5).
        edit.setValidator(_UpperCaseValidator(r"\d{1,3}|XX|[-~]", "X?", edit))
        return edit

    def _side_edits(self, box: QWidget, prefix: str, make: _EditFactory) -> dict[str, QLineEdit]:
        self._clear_box(box)
        edits: dict[str, QLineEdit] = {}
        for side in self._sides:
            label = QLabel(box)
            edit = make(box, f"{prefix}_{side}")
            label.setBuddy(edit)
            edit.textChanged.connect(self._refresh)
            self._box_layout(box).addWidget(label)
            self._box_layout(box).addWidget(edit)
            self._name_labels.append((label, side))
            edits[side] = edit
        return edits

    @staticmethod
    def _box_layout(box: QWidget) -> QLayout:
        layout = box.layout()
        assert layout is not None, "every row box is made with its layout"
        return layout

    @classmethod
    def _clear_box(cls, box: QWidget) -> None:
        layout = cls._box_layout(box)
        while (item := layout.takeAt(0)) is not None:
            widget = item.widget()
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()

    def _chain_tab_order(self) -> None:
        """Makers, then the figures in the order a scorekeeper reads them off the table."""
        chain: list[QWidget] = [
            self._makers,
            self._tricks,
            *(edit for _, edit in self._defender_edits),
            *self._mark_edits.values(),
            *self._meld_edits.values(),
            self._forget,
            self._cards,
            self._bell,
            self._renege,
            self._trump,
            self._passed,
            self._transcription,
            self._record,
        ]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    # ---------------------------------------------------------------- loading

    @contextmanager
    def _batch(self) -> Iterator[None]:
        """Hold back live validation while several fields are filled at once."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def _reset_fields(self) -> None:
        self._declared = None
        edits = [self._makers, self._tricks, *self._meld_edits.values()]
        edits += [*self._mark_edits.values(), *(edit for _, edit in self._defender_edits)]
        for edit in edits:
            edit.clear()
        for combo in (self._trump, self._bell, self._renege):
            combo.setCurrentIndex(0)
        self._passed.setChecked(False)

    def _load_common(self, entry: WrittenHand | RenegeHand | PlayedHand) -> None:
        self._makers.setText(entry.makers)
        set_trump(self._trump, entry.trump)
        if not isinstance(entry, WrittenHand):
            self._bell.setCurrentIndex(max(self._bell.findData(entry.bell or ""), 0))

    def _load_tricks(self, makers: str, given: Mapping[str, int]) -> None:
        tricks = dict(given)
        missing = [side for side in self._sides if side not in tricks]
        if len(missing) == 1 and self._shared is not None:
            tricks[missing[0]] = self._shared - sum(given.values())
        for side, edit in self._trick_edits(makers):
            if side in tricks:
                edit.setText(str(tricks[side]))

    def _load_melds(self, melds: Mapping[str, int]) -> None:
        for side, edit in self._meld_edits.items():
            edit.setText(str(melds[side]) if melds.get(side) else "")

    # ---------------------------------------------------------------- reacting

    def _switch_mode(self, transcribing: bool) -> None:
        self._played.setVisible(not transcribing)
        self._written.setVisible(transcribing)
        self._refresh()

    def _refresh(self) -> None:
        """Rebuild the entry from the fields and let the rules judge it."""
        if self._quiet:
            return
        game = self._game
        self._entry = None
        self._show_header()
        self._update_fields()
        if game is None:
            return
        composed = self._compose()
        if game.finished and self._editing is None:
            self._say("The game is over: no hand can follow.", _Tone.HINT)
        elif isinstance(composed, str):
            self._say(composed, _Tone.HINT)
        else:
            try:
                row = game.preview(composed, self._editing)
            except GameError as exc:
                self._say(self._problems(exc.messages), _Tone.ERROR)
            else:
                self._entry = composed
                self._say(self._outcome(row), _Tone.PREVIEW)
        self._record.setEnabled(self._entry is not None)

    def _show_header(self) -> None:
        game = self._game
        if game is None:
            self._header.setText("No game open")
            self.setEnabled(False)
            return
        if self._editing is not None:
            rows = game.rows
            dealt = f" — {self._seat(rows[self._editing - 1].dealer)} dealt"
            self._header.setText(
                f"Correcting hand {self._editing}" + (dealt if self._editing <= len(rows) else "")
            )
        elif game.finished:
            totals = "–".join(str(game.totals[side]) for side in game.rules.sides)
            winner = game.winner or ""
            verdict = "tied" if winner not in self._sides else f"{self._name(winner)} won"
            self._header.setText(f"Game over — {verdict} {totals}")
        else:
            hand = len(game.entries) + 1
            self._header.setText(f"Hand {hand} — {self._seat(game.next_dealer)} deals")
        self.setEnabled(self._editing is not None or not game.finished)

    def _update_fields(self) -> None:
        """Grey out what the chosen kind of hand does not use; name the defenders."""
        passed = self._passed.isChecked()
        offender = self._data(self._renege)
        for widget in (self._makers, self._trump, self._played, self._written):
            widget.setEnabled(not passed)
        for widget in (self._tricks, self._defenders):
            widget.setEnabled(offender is None)
        for widget in (self._melds, self._cards, self._shown, self._forget, self._bell):
            widget.setEnabled(offender != RENEGE_BOTH)
        shown = self._declared is not None
        self._melds.setVisible(not shown)
        self._shown.setVisible(shown)
        self._forget.setVisible(shown)
        self._shown.setText(self._shown_text())
        makers = self._makers.text()
        self._makers_name.setText(self._name(makers) if makers else " or ".join(self._sides) + "?")
        defenders = self._defenders_of(makers)
        for index, (label, _) in enumerate(self._defender_edits):
            label.setText(self._name(defenders[index]) if makers else "—")
        self._rest.setText(self._rest_text(makers, defenders))

    def _rest_text(self, makers: str, defenders: list[str]) -> str:
        """The last side's trick points: whatever is left of the hand's 162; in the
        two-player games, what the other figure can be beside the one typed."""
        if not makers or not defenders or self._data(self._renege) is not None:
            return ""
        if self._shared is None:
            return self._other_range(makers, defenders[0])
        figures = [_number(self._tricks.text())]
        figures += [_number(edit.text()) for _, edit in self._defender_edits]
        known = [figure for figure in figures if figure is not None]
        rest = self._shared - sum(known)
        shown = str(rest) if len(known) == len(figures) and rest >= 0 else "…"
        return f"{self._name(defenders[-1])} {shown}"

    def _other_range(self, makers: str, defender: str) -> str:
        """The figures the defender can take beside the makers' (or the other way round)."""
        game = self._game
        assert game is not None
        typed = _number(self._tricks.text())
        other = defender
        if typed is None:
            typed = _number(self._defender_edits[0][1].text())
            other = makers
        beside = possible_trick_points(game.rules).beside(typed) if typed is not None else None
        if not beside:
            return ""
        return f"{self._name(other)} can take {figures_text(beside)}"

    def _shown_text(self) -> str:
        if not self._declared:
            return ""
        parts = [
            f"{seat} " + " ".join(card_text(card) for meld in melds for card in meld)
            for seat, melds in self._declared.items()
        ]
        return "Shown: " + " · ".join(parts)

    def _compose(self) -> HandEntry | str:
        """The entry the fields describe, or a hint at what is still missing."""
        if self._passed.isChecked():
            return PassedHand()
        makers = self._makers.text()
        if not makers:
            choices = " or ".join(f"{side} ({self._name(side)})" for side in self._sides)
            return f"Type the makers: {choices}."
        trump = current_trump(self._trump)
        if self.transcription():
            marks = {side: edit.text() for side, edit in self._mark_edits.items()}
            blank = [side for side, mark in marks.items() if not mark]
            if blank:
                return f"Copy {self._name(blank[0])}'s mark from the sheet (a number, XX or -)."
            return WrittenHand(makers, marks, trump)
        melds = {
            side: points
            for side, edit in self._meld_edits.items()
            if (points := _number(edit.text()))
        }
        bell = self._data(self._bell)
        offender = self._data(self._renege)
        if offender is not None:
            if self._declared is not None:
                return "A renege is scored from meld points: forget the shown cards (✕)."
            return RenegeHand(makers, offender, trump, melds, bell)
        tricks: dict[str, int] = {}
        for side, edit in self._trick_edits(makers):
            points = _number(edit.text())
            if points is None:
                return f"Type {self._name(side)}'s trick points."
            tricks[side] = points
        if self._declared is not None:
            return PlayedHand(makers, tricks, trump, declared=self._declared, bell=bell)
        return PlayedHand(makers, tricks, trump, melds or None, bell=bell)

    def _problems(self, messages: Iterable[str]) -> str:
        """The engine's lines for this hand, without the hand number the header shows."""
        game = self._game
        assert game is not None
        prefix = f"hand {self._editing or len(game.entries) + 1}: "
        lines = [line.removeprefix(prefix) for line in messages]
        return "\n".join(line[:1].upper() + line[1:] for line in lines[:_SHOWN_PROBLEMS])

    def _outcome(self, row: SheetRow) -> str:
        result = row.result
        if result.kind is HandKind.PASSED:
            return "All passed: nobody scores."
        if result.kind is HandKind.VOID:
            return "Both reneged: nobody scores, and the same dealer deals again."
        return " · ".join(f"{self._name(side)} {result.marks[side]}" for side in self._sides)

    def _say(self, text: str, tone: _Tone) -> None:
        self._message.setText(text)
        if tone is not self._tone:
            self._tone = tone
            self._message.setStyleSheet(tone.value)

    def _forget_shown(self) -> None:
        self._declared = None
        self._refresh()

    # ---------------------------------------------------------------- naming

    def _name(self, side: str) -> str:
        names = self._game.names if self._game is not None else {}
        return names.get(side) or side

    def _seat(self, seat: str) -> str:
        return f"{seat} ({self._name(seat[0])})"

    def _defenders_of(self, makers: str) -> list[str]:
        return [side for side in self._sides if side != makers]

    def _trick_edits(self, makers: str) -> list[tuple[str, QLineEdit]]:
        """Each side with a trick field: the makers, then the defenders with a field."""
        edits = [edit for _, edit in self._defender_edits]
        # Where every card is played the last defender has no field (its points are the
        # rest), so zip stops short.
        return [(makers, self._tricks), *zip(self._defenders_of(makers), edits, strict=False)]

    @staticmethod
    def _data(combo: QComboBox) -> str | None:
        data = combo.currentData()
        return data if isinstance(data, str) and data else None
