"""The hand entry: a scorekeeper at the table types a hand in a few keystrokes.

"A", Tab, "92", Enter records a hand the makers made with 92 trick points
(in the two-player games, where only 18 cards are played, both players'
figures are typed, and the other figure's possible range shows as you type).
The makers may also be typed as their team's initial ("E" for Eagles) where
that cannot be mistaken for another side; Bell and Renege take the same keys.
A second key in Makers names who held the bell and goes on to the tricks, and
in a trick or meld field "+" goes to the makers' melds and a side's key to
that side's, so "E", "E", "92", "+", "50", Enter is a hand with a meld and
the bell in eight keys (README.md counts every kind of hand, and
tests/ui/test_at_the_table.py types what it says). Every keystroke rebuilds
the entry and asks the rules engine for the row it would make (``Game.preview``), so a
mistake is named while the figures are still on the table, and Enter does
nothing until the rules accept the hand.

The fields stand in the order Tab visits them, row by row: makers and the
trick points (or, copying a paper sheet, the marks); trump, melds and bell
(or the paper's running totals); renege and the two switches. Ctrl+Z in an
empty field (or one with nothing of its own to undo) undoes the last hand,
not the typing that was cleared away when it was recorded.
"""

from __future__ import annotations

import enum
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QValidator
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import _, capitalised, figures, fill, latin_digits, said
from clabber_league.i18n.words import game_result
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
from clabber_league.rules.errors import HAND_LINE
from clabber_league.rules.hands import ShownMelds
from clabber_league.rules.judge import SET_MARK
from clabber_league.rules.messages import Problem
from clabber_league.rules.paper import paper_checks
from clabber_league.rules.tricks import figures_text
from clabber_league.seating import Seating
from clabber_league.ui.dialogs.meld_calculator import (
    MeldCalculatorDialog,
    card_text,
    current_trump,
    make_trump_combo,
    set_trump,
)
from clabber_league.ui.plain import plain_label
from clabber_league.ui.tones import Tone, tone_style
from clabber_league.ui.widgets.chord_check_box import ChordCheckBox
from clabber_league.ui.widgets.elided_label import ElidedLabel
from clabber_league.ui.widgets.layouts import clear_layout, named

#: How many of the engine's problem lines fit under the fields.
_SHOWN_PROBLEMS = 3
#: The widest a team's name may stand beside its field before it is cut short.
_NAME_ROOM = 150

_EditFactory = Callable[[QWidget, str], QLineEdit]
#: The hint's look: as tall as a boxed message (``tone_style``), with no box to see.
_HINT_STYLE = "color: palette(placeholder-text); border: 1px solid transparent; padding: 4px;"


class _Tone(enum.Enum):
    """What the message under the fields is saying: a hint, or a tone boxed in its colours.

    Every tone has a border (the hint's is transparent), so the message keeps its height
    as a hand is typed and recorded: two pixels more or less squeezed the sheet above,
    which wrote its ink a size smaller and back at every hand.
    """

    HINT = None
    ERROR = Tone.ERROR
    PREVIEW = Tone.GOOD
    WARNING = Tone.WARNING


class _UpperCaseValidator(QValidator):
    """Accept only what the rules can read, upper-cased as typed ("a" → "A", "xx" → "XX")."""

    def __init__(self, acceptable: str, partial: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.acceptable = re.compile(acceptable)
        self._partial = re.compile(partial)

    def validate(self, text: str, pos: int, /) -> object:
        # Figures may be typed in Persian or Arabic-Indic digits: they are kept as Latin ones.
        upper = latin_digits(text).upper()
        if self.acceptable.fullmatch(upper):
            return QValidator.State.Acceptable, upper, pos
        if self._partial.fullmatch(upper):
            return QValidator.State.Intermediate, upper, pos
        return QValidator.State.Invalid, text, pos


def makers_keys(names: Mapping[str, str]) -> dict[str, str]:
    """What may be typed for the makers (and the bell, and the renege) → the side it means.

    The side letters always; a team's initial too, where it is no side's
    letter and no other team's initial ("E" for Eagles, "O" for Owls; but
    with the Bears as side A, "B" stays side B).
    """
    keys = {side: side for side in names}
    initials: dict[str, list[str]] = {}
    for side, name in names.items():
        initial = next((char.upper() for char in name if char.isalnum()), "")
        if initial:
            initials.setdefault(initial, []).append(side)
    for initial, sides in initials.items():
        if initial not in keys and len(sides) == 1:
            keys[initial] = sides[0]
    return keys


class UndoPassThrough(QObject):
    """Lets Ctrl+Z and Ctrl+Shift+Z reach the window's hand stack from a line edit.

    A line edit takes the undo keys for its own typing — even when the only
    thing it could undo is being cleared after a hand was recorded, which
    brought the makers' letter back instead of taking the hand back. So the
    field keeps the keys only while it has typing of its own to undo (text
    in it) or to redo; otherwise they go on to the window's Undo and Redo.
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 -- Qt's name
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(watched, QLineEdit):
            return False
        if not isinstance(event, QKeyEvent):
            return False
        if event.matches(QKeySequence.StandardKey.Undo):
            keeps = bool(watched.text()) and watched.isUndoAvailable()
        elif is_redo(event):
            keeps = watched.isRedoAvailable()
        else:
            return False
        if not keeps:
            event.ignore()  # not the field's: the window's shortcut takes it
        return not keeps


def is_redo(event: QKeyEvent) -> bool:
    """Ctrl+Shift+Z, and the platform's own redo key (Ctrl+Y on some)."""
    shift_control = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    return event.matches(QKeySequence.StandardKey.Redo) or (
        event.key() == Qt.Key.Key_Z and event.modifiers() == shift_control
    )


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


class _Row(QWidget):
    """A run of fields in a line (one per side), made again when the sides change."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)


class EntryPanel(QWidget):
    """Enter the next hand of a game, or correct an earlier one, from the keyboard.

    The panel never records anything itself: it emits ``hand_entered`` with
    an entry the rules accept, and the window clears it once the recorder
    has taken the hand.
    """

    hand_entered = Signal(object)
    paper_mode_changed = Signal(bool)
    """The scorekeeper switched copying from paper on or off (the window keeps it with the
    game); not emitted by ``set_transcription``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._game: Game | None = None
        self._seating: Seating | None = None
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
        self._total_edits: dict[str, QLineEdit] = {}
        self._defender_edits: list[tuple[QLabel, QLineEdit]] = []
        self._name_labels: list[tuple[QLabel, str]] = []
        self._makers_keys: dict[str, str] = {}
        self._undo_filter = UndoPassThrough(self)

        self._header = named(ElidedLabel(_("No game open"), self), "header")
        self._header.setStyleSheet("font-weight: bold; font-size: 14px;")
        self._fields = QWidget(self)
        self._build_fields()
        self._message = named(plain_label(QLabel(self)), "message")
        self._message.setWordWrap(True)
        # Long team names wrap rather than widen the window.
        self._message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._record = QPushButton(_("Record ⏎"), self._fields)
        self._record.setToolTip(_("Record the hand (Enter)"))
        self._lay_out()
        self._connect()
        self.setFocusProxy(self._makers)
        self._fields.setEnabled(False)

    # ---------------------------------------------------------------- public API

    def set_game(
        self, game: Game, at: int | None = None, players: Mapping[str, str] | None = None
    ) -> None:
        """Show the game as it now stands; call after every change to it.

        ``at`` is the earlier hand being corrected: entries are then judged
        as that hand, and the panel works even when the game is over.
        ``players`` (seat → name) says who deals by name.
        """
        self._game = game
        self._seating = Seating.of(game, players)
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
        self._show_makers_keys()
        self._refresh()

    def set_transcription(self, on: bool) -> None:
        """Switch between tricks-and-melds entry and copying marks off a paper sheet."""
        with QSignalBlocker(self._transcription):
            self._transcription.setChecked(on)
        self._switch_mode(on)

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
            else:
                # The mode (copying paper or not), the makers, trump and, but for paper, the bell.
                self.set_transcription(isinstance(entry, WrittenHand))
                self._makers.setText(entry.makers or "")
                set_trump(self._trump, entry.trump)
                if not isinstance(entry, WrittenHand):
                    self._bell.setCurrentIndex(max(self._bell.findData(entry.bell or ""), 0))
            if isinstance(entry, WrittenHand):
                for side, edit in self._mark_edits.items():
                    edit.setText(entry.marks.get(side, ""))
                for side, edit in self._total_edits.items():
                    total = (entry.paper_totals or {}).get(side)
                    edit.setText("" if total is None else str(total))
            elif isinstance(entry, RenegeHand):
                self._renege.setCurrentIndex(max(self._renege.findData(entry.offender), 0))
                self._load_melds(entry.melds)
            elif isinstance(entry, PlayedHand):
                self._load_tricks(entry.makers, entry.tricks)
                self._declared = entry.declared
                self._load_melds(entry.melds or {})
        self._refresh()

    def clear(self) -> None:
        """Empty the fields (the mode, paper or not, stays; so does the hand being corrected)."""
        with self._batch():
            self._reset_fields()
        self._refresh()
        if self._makers.isVisible() and self._fields.isEnabled():
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
            game.rules, current_trump(self._trump), self, seating=self._seating
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

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 -- Qt's name
        """The quick keys, read before the field they are typed in takes them: a side's key
        in Bell or Renege chooses that side, a second one in Makers names who held the bell,
        and in a trick or meld field goes to that side's melds ("+" to the makers')."""
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        typed = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
        if event.modifiers() & ~typed:
            return False  # Alt+letter and Ctrl+letter are the window's
        if watched in (self._bell, self._renege) and isinstance(watched, QComboBox):
            return self._combo_key(watched, event)
        text = event.text()
        if watched in self._figure_edits() and (text == "+" or text.isalpha()):
            self._to_melds(watched, text)
            return True
        if watched is self._makers and len(text) == 1 and text.isalnum():
            return self._makers_key_typed(text)
        return False

    # ---------------------------------------------------------------- building

    def _number_edit(self, parent: QWidget, name: str) -> QLineEdit:
        return self._short_edit(parent, name, r"[0-9]{1,3}", "")

    def _mark_edit(self, parent: QWidget, name: str) -> QLineEdit:
        # A mark is a figure, XX (turkey tracks) or a zero mark (RULES.md §5).
        return self._short_edit(parent, name, r"[0-9]{1,3}|XX|[-~]", "X?")

    def _short_edit(self, parent: QWidget, name: str, acceptable: str, partial: str) -> QLineEdit:
        """A narrow field, right-aligned, taking what ``acceptable`` matches (upper-cased)."""
        edit = named(QLineEdit(parent), name)
        edit.setValidator(_UpperCaseValidator(acceptable, partial, edit))
        edit.setFixedWidth(52)
        edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        edit.installEventFilter(self._undo_filter)
        edit.textChanged.connect(self._refresh)
        return edit

    def _figure_edit(self, parent: QWidget, name: str) -> QLineEdit:
        """A trick or meld field: a figure, then "+" or a side's key goes on to the melds."""
        edit = self._number_edit(parent, name)
        edit.installEventFilter(self)  # the quick keys (``eventFilter``)
        edit.setToolTip(
            _(
                "Then + goes to the makers' melds (from melds, to the next side's) and a "
                "side's key to that side's melds"
            )
        )
        return edit

    def _build_fields(self) -> None:
        parent = self._fields
        self._makers = named(QLineEdit(parent), "makers")
        self._makers.setMaxLength(1)
        # Left-aligned: a centred field hides its hint (the makers' keys) while it has the focus.
        self._makers.setFixedWidth(48)
        # One key names the makers: a side letter or a team's initial (``_show_makers_keys``).
        self._makers_validator = _UpperCaseValidator("", "", self._makers)
        self._makers.setValidator(self._makers_validator)
        self._makers.installEventFilter(self._undo_filter)
        self._makers.installEventFilter(self)  # a second key: the bell (``eventFilter``)
        self._makers_name = named(ElidedLabel("", parent, most=_NAME_ROOM + 60), "makers_name")

        self._tricks = self._figure_edit(parent, "tricks")
        self._defenders = _Row(parent)
        self._rest = named(ElidedLabel("", parent, most=_NAME_ROOM + 40), "rest")
        self._marks = _Row(parent)

        self._trump = named(make_trump_combo(parent), "trump")
        self._melds = _Row(parent)
        self._shown = ElidedLabel("", parent, most=260)
        self._forget = QToolButton(parent)
        self._forget.setText("✕")
        self._forget.setToolTip(_("Forget the shown cards and type meld points instead"))
        self._cards = QPushButton(_("&Cards…"), parent)
        self._cards.setToolTip(_("Click the shown cards and let the rules say who scores melds"))
        self._bell = self._side_combo("bell")
        self._totals = _Row(parent)
        self._totals.setToolTip(
            _(
                "The running totals the paper shows after this hand (optional): a total the "
                "paper added up wrong is flagged on the sheet, and never changes the score"
            )
        )

        self._renege = self._side_combo("renege")
        self._passed = ChordCheckBox(_("All pa&ssed"), parent)
        self._passed.setToolTip(_("Nobody made trump in either round: nothing is written"))
        self._transcription = named(
            ChordCheckBox(_("Copy from &paper sheet"), parent), "transcription"
        )
        self._transcription.setToolTip(
            _(
                "Type each side's mark as the paper shows it (a number, XX or -); the makers "
                "may be left blank when the paper does not say. Kept with the game (Ctrl+T)."
            )
        )

    def _side_combo(self, name: str) -> QComboBox:
        combo = named(QComboBox(self._fields), name)
        # Long team names must not widen the window: the list shows them whole.
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(7)
        combo.installEventFilter(self)  # a side's key chooses it (``eventFilter``)
        return combo

    def _label(self, text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text, self._fields)
        label.setBuddy(buddy)
        return label

    def _lay_out(self) -> None:
        self._tricks_label = self._label(_("T&ricks"), self._tricks)
        self._marks_label = QLabel(_("Marks"), self._fields)
        self._melds_label = QLabel(_("Melds"), self._fields)
        self._bell_label = self._label(_("&Bell"), self._bell)
        self._totals_label = QLabel(_("Paper totals"), self._fields)
        self._totals_label.setToolTip(self._totals.toolTip())
        self._renege_label = self._label(_("Rene&ge"), self._renege)
        rows = (
            # Makers and the trick points (copying paper: the marks).
            (self._makers, self._makers_name, 12, self._tricks_label, self._tricks,
             self._defenders, self._rest, self._marks_label, 6, self._marks),
            # Trump and the melds (copying paper: the paper's running totals).
            (self._trump, 12, self._melds_label, 6, self._melds, self._shown, self._forget,
             self._cards, self._totals_label, 6, self._totals),
            (self._bell, 12, self._renege_label, self._renege, 12, self._passed),
        )  # fmt: skip
        # Tab visits the fields as they stand here (``_chain_tab_order``).
        self._in_order = [item for items in rows for item in items if isinstance(item, QWidget)]
        self._in_order += [self._transcription, self._record]
        captions = (
            self._label(_("&Makers"), self._makers),
            self._label(_("Tr&ump"), self._trump),
            self._bell_label,
        )
        grid = QGridLayout(self._fields)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(4)
        for number, (caption, items) in enumerate(zip(captions, rows, strict=True)):
            row = QHBoxLayout()
            for item in items:
                if isinstance(item, int):
                    row.addSpacing(item)
                else:
                    row.addWidget(item)
            row.addStretch(1)
            grid.addWidget(caption, number, 0)
            grid.addLayout(row, number, 1)
        last = QHBoxLayout()
        last.addWidget(self._transcription)
        last.addStretch(1)
        last.addWidget(self._record)
        grid.addLayout(last, len(rows), 0, 1, 2)
        grid.setColumnStretch(1, 1)

        layout = QVBoxLayout(self)
        layout.addWidget(self._header)
        layout.addWidget(self._fields)
        layout.addWidget(self._message)
        self._switch_mode(False)

    def _connect(self) -> None:
        self._makers.textChanged.connect(self._refresh)
        for combo in (self._trump, self._bell, self._renege):
            combo.currentIndexChanged.connect(self._refresh)
        self._passed.toggled.connect(self._refresh)
        self._transcription.toggled.connect(self._switch_mode)
        self._transcription.toggled.connect(self.paper_mode_changed)
        self._record.clicked.connect(self.submit)
        self._cards.clicked.connect(self.open_meld_calculator)
        self._forget.clicked.connect(self._forget_shown)

    def _build_sides(self, sides: tuple[str, ...]) -> None:
        """(Re)make everything that has one field or item per side."""
        self._sides = sides
        self._name_labels = []
        self._meld_edits = self._side_edits(self._melds, "melds", self._figure_edit)
        self._mark_edits = self._side_edits(self._marks, "mark", self._mark_edit)
        self._total_edits = self._side_edits(self._totals, "paper_total", self._number_edit)
        # Where every card is played, all trick figures but one are given (SHEET_JSON.md):
        # the makers' field and one per defender but the last, whose points are the rest.
        # The two-player games play 18 cards, so both figures are typed (RULES.md §10).
        self._defender_edits = []
        clear_layout(self._defenders.row)
        for index in range(len(sides) - (1 if self._shared is None else 2)):
            edit = self._figure_edit(self._defenders, f"defender_tricks_{index}")
            self._defender_edits.append((self._named_edit(self._defenders, edit), edit))
        self._fill_side_combo(self._bell, _("no bell"))
        self._fill_side_combo(self._renege, _("no renege"))
        both = _("both sides") if len(sides) == 2 else _("two or more")
        self._renege.addItem(both, RENEGE_BOTH)
        self._chain_tab_order()

    def _fill_side_combo(self, combo: QComboBox, nobody: str) -> None:
        """Nobody, then each side (renamed by ``set_game``)."""
        with QSignalBlocker(combo):
            combo.clear()
            combo.addItem(nobody, "")
            for side in self._sides:
                combo.addItem(side, side)

    def _side_edits(self, box: _Row, prefix: str, make: _EditFactory) -> dict[str, QLineEdit]:
        clear_layout(box.row)
        edits: dict[str, QLineEdit] = {}
        for side in self._sides:
            edit = make(box, f"{prefix}_{side}")
            label = self._named_edit(box, edit)
            label.setBuddy(edit)
            self._name_labels.append((label, side))
            edits[side] = edit
        return edits

    def _named_edit(self, box: _Row, edit: QLineEdit) -> ElidedLabel:
        """Put ``edit`` in ``box`` after a label for its side's name; returns the label."""
        label = ElidedLabel("", box, most=_NAME_ROOM)
        box.row.addWidget(label)
        box.row.addWidget(edit)
        for widget in (label, edit):
            widget.show()  # at once, not when the layout gets round to it
        return label

    def _chain_tab_order(self) -> None:
        """The fields in the order they stand, row by row, left to right (hidden ones are
        skipped): the makers and their trick points first, so a made hand is five keys."""
        chain: list[QWidget] = []
        for widget in self._in_order:
            if isinstance(widget, _Row):
                chain += widget.findChildren(QLineEdit)
            elif not isinstance(widget, QLabel):
                chain.append(widget)
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    # ---------------------------------------------------------------- quick keys

    def _combo_key(self, combo: QComboBox, event: QKeyEvent) -> bool:
        """A side's key chooses that side, Backspace nobody; another letter or figure is
        said to be no side's and changes nothing. The arrows and the rest stay the list's."""
        if event.key() == Qt.Key.Key_Backspace:
            combo.setCurrentIndex(0)
            return True
        text = event.text()
        if len(text) != 1 or not text.isalnum():
            return False
        side = self._side_of_key(text)
        if side is None:
            self._refuse_key(text)
        else:
            combo.setCurrentIndex(combo.findData(side))
        return True

    def _makers_key_typed(self, key: str) -> bool:
        """Whether Makers takes ``key`` here (else the field types it): a key that names no
        side is said to be so; a second side's key after the makers names who held the bell
        and goes on to the tricks, as the bell is called in play, before the tricks are
        counted."""
        side = self._side_of_key(key)
        if side is None:
            self._refuse_key(key)
            return True
        makers = self._makers
        if not makers.text() or makers.hasSelectedText() or self.transcription():
            return False
        self._bell.setCurrentIndex(self._bell.findData(side))
        self._tricks.setFocus(Qt.FocusReason.TabFocusReason)
        return True

    def _refuse_key(self, key: str) -> None:
        """Say that ``key`` names neither side, and which keys do; nothing changes."""
        self._say(
            fill(
                _("{key} is no side's key: type {choices}."),
                key=latin_digits(key).upper(),
                choices=self._side_choices(),
            ),
            _Tone.WARNING,
        )

    def _figure_edits(self) -> list[QLineEdit]:
        """The fields a side's key or "+" moves on from: each trick and each meld field."""
        edits = [self._tricks, *(edit for _label, edit in self._defender_edits)]
        return [*edits, *self._meld_edits.values()]

    def _to_melds(self, watched: QObject, key: str) -> None:
        """A side's key (a letter: a figure is typed) goes to that side's melds; "+" from a
        trick field to the makers' (the first side's while no makers are typed), from a meld
        field to the next side's. A letter that names no side is said to be so. Melds taken
        from shown cards, or not scored in this hand (all passed, both reneged), have no
        field to go to."""
        melding = [side for side, edit in self._meld_edits.items() if edit is watched]
        side = self._side_of_key(key) if key != "+" else None
        if key != "+" and side is None:
            self._refuse_key(key)
            return
        if side is None and melding:
            after = self._sides.index(melding[0]) + 1
            side = self._sides[after % len(self._sides)]
        side = side or self._makers_side() or self._sides[0]
        edit = self._meld_edits[side]
        if edit.isVisible() and edit.isEnabled():
            edit.setFocus(Qt.FocusReason.TabFocusReason)

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
        for edit in self._fields.findChildren(QLineEdit):
            edit.clear()
        for combo in (self._trump, self._bell, self._renege):
            combo.setCurrentIndex(0)
        self._passed.setChecked(False)

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
        played = (
            self._tricks_label,
            self._tricks,
            self._defenders,
            self._rest,
            self._melds_label,
            self._melds,
            self._cards,
            self._bell_label,
            self._bell,
            self._renege_label,
            self._renege,
        )
        for widget in played:
            widget.setVisible(not transcribing)
        for widget in (self._marks_label, self._marks, self._totals_label, self._totals):
            widget.setVisible(transcribing)
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
            self._say(_("The game is over: no hand can follow."), _Tone.HINT)
        elif isinstance(composed, str):
            self._say(composed, _Tone.HINT)
        else:
            try:
                row = game.preview(composed, self._editing)
            except GameError as exc:
                self._say(self._problems(exc.messages), _Tone.ERROR)
            else:
                self._entry = composed
                slip = self._paper_slip(row)
                outcome = self._outcome(row)
                if slip:
                    self._say(f"{outcome}\n{slip}", _Tone.WARNING)
                else:
                    self._say(outcome, _Tone.PREVIEW)
        self._record.setEnabled(self._entry is not None)

    def _show_header(self) -> None:
        game = self._game
        if game is None:
            self._header.setText(_("No game open"))
            self._fields.setEnabled(False)
            return
        editing = self._editing
        if editing is not None:
            dealt = ""
            if editing <= len(game.rows):
                dealer = self._person(game.rows[editing - 1].dealer)
                dealt = fill(_(" — {dealer} dealt"), dealer=dealer)
            text = fill(
                _("Correcting hand {editing}{dealt}"), editing=figures(str(editing)), dealt=dealt
            )
        elif game.finished:
            result = game_result(game.rules, game.names, game.totals, len(game.rows))
            text = fill(_("Game over — {result}"), result=result)
        else:
            dealer = self._person(game.next_dealer)
            text = fill(
                _("Hand {hand} — {dealer} deals"),
                hand=figures(str(len(game.entries) + 1)),
                dealer=dealer,
            )
        self._header.setText(text)
        # The header stays readable: only the fields lock once the game is over.
        self._fields.setEnabled(self._editing is not None or not game.finished)

    def _update_fields(self) -> None:
        """Grey out what the chosen kind of hand does not use; name the defenders."""
        passed = self._passed.isChecked()
        offender = self._data(self._renege)
        widget: QWidget
        for widget in (self._makers, self._trump, self._marks, self._totals):
            widget.setEnabled(not passed)
        for widget in (self._tricks, self._defenders):
            widget.setEnabled(offender is None and not passed)
        for widget in (self._melds, self._cards, self._shown, self._forget, self._bell):
            widget.setEnabled(offender != RENEGE_BOTH and not passed)
        self._renege.setEnabled(not passed)
        transcribing = self.transcription()
        shown = self._declared is not None and not transcribing
        self._melds.setVisible(not shown and not transcribing)
        self._shown.setVisible(shown)
        self._forget.setVisible(shown)
        self._shown.setText(self._shown_text())
        makers = self._makers_side()
        self._makers_name.setText(self._makers_words(makers))
        defenders = self._defenders_of(makers or "")
        for index, (label, _edit) in enumerate(self._defender_edits):
            label.setText(self._name(defenders[index]) if makers else "—")
        self._rest.setText(self._rest_text(makers or "", defenders))

    def _makers_words(self, makers: str | None) -> str:
        holder = self._data(self._bell)
        if makers is not None and holder is not None and not self.transcription():
            # The bell said beside the makers: a second key in Makers is seen to have landed.
            return fill(
                _("{makers} · bell: {holder}"), makers=self._name(makers), holder=self._name(holder)
            )
        if makers is not None:
            return self._name(makers)
        if self.transcription():
            return _("(blank if the paper does not say)")
        return _(" or ").join(self._makers_key(side) for side in self._sides) + "?"

    def _show_makers_keys(self) -> None:
        """The makers' keys, and in the field's hint the key for each side."""
        names = {side: self._name(side) for side in self._sides}
        self._makers_keys = makers_keys(names)
        self._makers_validator.acceptable = re.compile("|".join(map(re.escape, self._makers_keys)))
        self._makers.setPlaceholderText("/".join(self._makers_key(side) for side in self._sides))
        choices = ", ".join(f"{self._makers_key(side)} {names[side]}" for side in names)
        bell = _("A second key says who held the bell and goes on to the tricks.")
        self._makers.setToolTip(fill(_("Who made trump: {choices}"), choices=choices) + "\n" + bell)
        # The key's name as the platform writes it (⌫ on macOS), in Qt's own words.
        backspace = QKeySequence(Qt.Key.Key_Backspace).toString(
            QKeySequence.SequenceFormat.NativeText
        )
        lists = fill(
            _("Type a side's key: {choices}; {backspace} for none"),
            choices=choices,
            backspace=backspace,
        )
        for combo in (self._bell, self._renege):
            combo.setToolTip(lists)

    def _makers_key(self, side: str) -> str:
        """The key a side is best typed with: its team's initial where that works."""
        keys = self._makers_keys.items()
        return next((key for key, to in keys if to == side and key != side), side)

    def _makers_side(self) -> str | None:
        """The side the makers' field names, or ``None`` while it is blank."""
        return self._side_of_key(self._makers.text())

    def _side_of_key(self, key: str) -> str | None:
        """The side a key names, as Makers reads it: a side's letter or its team's initial."""
        return self._makers_keys.get(latin_digits(key).upper())

    def _side_choices(self) -> str:
        """Each side's key and name, for a line that asks for one ("E (Eagles) or O (Owls)")."""
        return _(" or ").join(
            f"{self._makers_key(side)} ({self._name(side)})" for side in self._sides
        )

    def _rest_text(self, makers: str, defenders: list[str]) -> str:
        """The last side's trick points: whatever is left of the hand's 162; in the
        two-player games, what the other figure can be beside the one typed."""
        if not makers or not defenders or self._data(self._renege) is not None:
            return ""
        if self._shared is None:
            return self._other_range(makers, defenders[0])
        figures = [_number(self._tricks.text())]
        figures += [_number(edit.text()) for _label, edit in self._defender_edits]
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
        return fill(
            _("{name} can take {figures}"), name=self._name(other), figures=figures_text(beside)
        )

    def _shown_text(self) -> str:
        if not self._declared:
            return ""
        parts = [
            f"{self._person(seat)} " + " ".join(card_text(card) for meld in melds for card in meld)
            for seat, melds in self._declared.items()
        ]
        return _("Shown: ") + " · ".join(parts)

    def _compose(self) -> HandEntry | str:
        """The entry the fields describe, or a hint at what is still missing."""
        if self._passed.isChecked():
            return PassedHand()
        makers = self._makers_side()
        trump = current_trump(self._trump)
        if self.transcription():
            return self._compose_written(makers, trump)
        if makers is None:
            return fill(_("Type the makers: {choices}."), choices=self._side_choices())
        melds = {
            side: points
            for side, edit in self._meld_edits.items()
            if (points := _number(edit.text()))
        }
        bell = self._data(self._bell)
        offender = self._data(self._renege)
        if offender is not None:
            if self._declared is not None:
                return _("A renege is scored from meld points: forget the shown cards (✕).")
            return RenegeHand(makers, offender, trump, melds, bell)
        tricks: dict[str, int] = {}
        for side, edit in self._trick_edits(makers):
            points = _number(edit.text())
            if points is None:
                return fill(_("Type {name}'s trick points."), name=self._name(side))
            tricks[side] = points
        if self._declared is not None:
            return PlayedHand(makers, tricks, trump, declared=self._declared, bell=bell)
        return PlayedHand(makers, tricks, trump, melds or None, bell=bell)

    def _compose_written(self, makers: str | None, trump: Suit | None) -> WrittenHand | str:
        """A hand copied off paper: the marks; the makers if the paper says (XX always
        does); the paper's running totals if they are copied too."""
        marks = {side: edit.text() for side, edit in self._mark_edits.items()}
        blank = [side for side, mark in marks.items() if not mark]
        if blank:
            return fill(
                _("Copy {name}'s mark from the sheet (a number, XX or -)."),
                name=self._name(blank[0]),
            )
        if makers is None:
            crossed = [side for side, mark in marks.items() if mark == SET_MARK]
            makers = crossed[0] if len(crossed) == 1 else None
        totals = {
            side: figure
            for side, edit in self._total_edits.items()
            if (figure := _number(edit.text())) is not None
        }
        return WrittenHand(makers, marks, trump, totals or None)

    def _paper_slip(self, row: SheetRow) -> str:
        """Where the paper's own running total is not its last one plus this hand's mark."""
        game = self._game
        assert game is not None
        rows = [*game.rows[: row.n - 1], row]
        slips = [total for total in paper_checks(rows).get(row.n, {}).values() if total.slipped]
        return " ".join(
            _(
                "The paper's total for {name} is {paper}, but its last total and this hand "
                "make {expected}: it is flagged on the sheet."
            ).format(name=self._name(total.side), paper=total.paper, expected=total.expected)
            for total in slips
        )

    def _problems(self, messages: Iterable[str]) -> str:
        """The engine's lines for this hand, without the hand number the header shows."""
        game = self._game
        assert game is not None
        number = self._editing or len(game.entries) + 1
        lines = [said(_without_hand(line, number)) for line in messages]
        return "\n".join(capitalised(line) for line in lines[:_SHOWN_PROBLEMS])

    def _outcome(self, row: SheetRow) -> str:
        result = row.result
        if result.kind is HandKind.PASSED:
            return _("All passed: nobody scores.")
        if result.kind is HandKind.VOID:
            return _("Both reneged: nobody scores, and the same dealer deals again.")
        marks = " · ".join(f"{self._name(side)} {result.marks[side]}" for side in self._sides)
        if result.makers is None:
            return _(
                "{marks} (makers not on the paper: made by neither side in the standings)"
            ).format(marks=marks)
        return marks

    def _say(self, text: str, tone: _Tone) -> None:
        self._message.setText(text)
        if tone is not self._tone:
            self._tone = tone
            self._style_message()

    def _style_message(self) -> None:
        """The message in its tone's colours for the palette it is shown in."""
        tone = self._tone.value if self._tone is not None else None
        palette = self.palette()
        style = _HINT_STYLE if tone is None else tone_style(tone, palette, boxed=True)
        self._message.setStyleSheet(style)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 -- Qt's name
        # The desktop switched between light and dark: the message follows.
        if event.type() == QEvent.Type.PaletteChange:
            self._style_message()
        super().changeEvent(event)

    def _forget_shown(self) -> None:
        self._declared = None
        self._refresh()

    # ---------------------------------------------------------------- naming

    def _name(self, side: str) -> str:
        names = self._game.names if self._game is not None else {}
        return names.get(side) or side

    def _person(self, seat: str) -> str:
        """Who sits in a seat, by name where the game knows it ("Bob", else "B1 (Owls)")."""
        return self._seating.full(seat) if self._seating is not None else seat

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


def _without_hand(line: str, number: int) -> str:
    """A rules line about hand ``number`` without "hand 3: ", which the header says."""
    if isinstance(line, Problem) and line.template == HAND_LINE:
        inner = line.values.get("problem")
        if line.values.get("number") == number and isinstance(inner, str):
            return inner
    return line
