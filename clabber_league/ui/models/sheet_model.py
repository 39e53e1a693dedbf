"""The paper scoresheet (RULES.md §8) as a Qt table: a line per hand, the W under the last.

The model keeps its own snapshot of the sheet's lines and walks from one
snapshot to the next with row removals, insertions and ``dataChanged``. Every
state a view sees in between is a real sheet — rows that only moved still
show what they showed before they moved — which is what keeps selections and
scroll positions steady through a correction, and what QAbstractItemModelTester
checks.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from clabber_league.i18n import _, figures, fill, lazy
from clabber_league.i18n.words import outcome_mark, spoken_mark, suit_name
from clabber_league.rules import (
    TIE,
    Game,
    HandKind,
    HandResult,
    RuleSet,
    SheetRow,
    possible_trick_points,
)
from clabber_league.rules.hands import MarkKind
from clabber_league.rules.judge import RENEGE_POINTS
from clabber_league.rules.melds import BELL_POINTS
from clabber_league.rules.paper import PaperTotal, paper_checks
from clabber_league.rules.sheet import W_MARK, Outcome, final_marks, side_notes
from clabber_league.seating import Seating
from clabber_league.ui.models import changed_runs
from clabber_league.ui.plain import shown

_Index = QModelIndex | QPersistentModelIndex

# The roles as plain numbers: ``data`` answers several for every cell painted, and an
# enum member costs a lookup at each comparison.
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_ACCESSIBLE = int(Qt.ItemDataRole.AccessibleTextRole)

_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_CENTER = int(Qt.AlignmentFlag.AlignCenter)


class SheetRole(enum.IntEnum):
    """What the sheet tells a view beyond the written text."""

    MARK_KIND = int(Qt.ItemDataRole.UserRole) + 1
    """A ``rules.hands.MarkKind`` value (a plain string) for score cells; ``None`` for words
    and the W row."""
    IS_W_ROW = enum.auto()
    """``True`` on every cell of the line under the last hand that carries the W (or "Tie")."""
    COLUMN_KIND = enum.auto()
    """A ``SheetColumn`` value (a plain string), on cells and on the horizontal header."""
    NOTE = enum.auto()
    """Small words a score cell carries beside its mark, as the printout writes them: a
    tuple of ``rules.sheet.Note`` (all passed, both reneged, renege, melds, bell)."""
    PAPER = enum.auto()
    """On a running total copied with the paper's own: a ``rules.paper.PaperTotal``."""


_MARK_KIND = int(SheetRole.MARK_KIND)
_IS_W_ROW = int(SheetRole.IS_W_ROW)
_COLUMN_KIND = int(SheetRole.COLUMN_KIND)
_NOTE = int(SheetRole.NOTE)
_PAPER = int(SheetRole.PAPER)


class SheetColumn(enum.StrEnum):
    """The kinds of column on the sheet, in the order they stand."""

    HAND = "hand"
    DEALER = "dealer"
    TRUMP = "trump"
    MAKERS = "makers"
    MARK = "mark"
    """What a side wrote for the hand: a number, XX or the zero mark."""
    TOTAL = "total"
    """A side's running total."""
    HAND_CHECK = "hand_check"
    RUNNING_CHECK = "running_check"


_NUMBER_MARK = MarkKind.NUMBER.value


@dataclass(frozen=True)
class Column:
    """One column of the sheet: its kind and, for a team's two columns, the side."""

    kind: SheetColumn
    side: str | None = None


def sheet_columns(sides: Sequence[str]) -> tuple[Column, ...]:
    """The columns for a game between ``sides`` (side letters, two or three)."""
    columns = [Column(kind) for kind in (SheetColumn.HAND, SheetColumn.DEALER)]
    columns += [Column(SheetColumn.TRUMP), Column(SheetColumn.MAKERS)]
    for side in sides:
        columns += [Column(SheetColumn.MARK, side), Column(SheetColumn.TOTAL, side)]
    columns += [Column(SheetColumn.HAND_CHECK), Column(SheetColumn.RUNNING_CHECK)]
    return tuple(columns)


@dataclass(frozen=True)
class _FinalLine:
    """The line under the last hand of a finished game (RULES.md §7)."""

    winner: str
    """The winning side's letter, or ``rules.TIE``."""
    outcomes: tuple[tuple[str, Outcome], ...]
    """Each side's outcome (``rules.sheet.final_marks``)."""
    totals: tuple[tuple[str, int], ...]


_Line = SheetRow | _FinalLine


def _lines(game: Game) -> list[_Line]:
    lines: list[_Line] = list(game.rows)
    winner = game.winner
    outcomes = final_marks(game.rules.sides, winner)
    if game.finished and winner is not None and outcomes is not None:
        lines.append(_FinalLine(winner, tuple(outcomes.items()), tuple(game.totals.items())))
    return lines


class SheetModel(QAbstractTableModel):
    """A read-only table over a ``rules.Game``; ``refresh()`` after every change to it."""

    def __init__(self, game: Game, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._players: dict[str, str] = {}
        self._adopt(game)

    def _adopt(self, game: Game) -> None:
        self._game = game
        self._rules: RuleSet = game.rules
        self._names: dict[str, str] = game.names
        self._columns = sheet_columns(game.rules.sides)
        self._kinds = tuple(column.kind.value for column in self._columns)
        """Each column's kind as a plain string, as ``SheetRole.COLUMN_KIND`` gives it."""
        self._lines: list[_Line] = _lines(game)
        self._paper = paper_checks(game.rows)
        self._seating = Seating.of(game, self._players)

    def set_players(self, players: Mapping[str, str]) -> None:
        """Who sat where (seat → name): the Dealer column names them."""
        if dict(players) == self._players:
            return  # the window says so after every change: no need to repaint the column
        self._players = dict(players)
        self._seating = Seating.of(self._game, self._players)
        column = self.column_of(SheetColumn.DEALER)
        if self._lines:
            self.dataChanged.emit(self.index(0, column), self.index(len(self._lines) - 1, column))

    # -- the game --------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    def set_game(self, game: Game) -> None:
        """Show another game: the columns may change, so views start over."""
        self.beginResetModel()
        self._adopt(game)
        self.endResetModel()

    def refresh(self, game: Game | None = None) -> None:
        """Catch up with the game after a change.

        ``game`` is for recorders that hand back a new ``Game`` after each
        change rather than changing the one they gave out; a game with other
        rules or teams is a different sheet, so it resets the model.
        """
        if game is not None and game is not self._game:
            if game.rules != self._rules or game.names != self._names:
                self.set_game(game)
                return
            self._game = game
        self._walk_to(_lines(self._game))
        paper = paper_checks(self._game.rows)
        if paper != self._paper:
            # A paper total is checked against the one before it: a change anywhere can
            # move the flag to another hand.
            self._paper = paper
            if self._lines:
                last = self.index(len(self._lines) - 1, len(self._columns) - 1)
                self.dataChanged.emit(self.index(0, 0), last)

    def _walk_to(self, new: list[_Line]) -> None:
        old = self._lines
        old_final = old[-1] if old and isinstance(old[-1], _FinalLine) else None
        new_final = new[-1] if new and isinstance(new[-1], _FinalLine) else None
        old_hands = old[: len(old) - (old_final is not None)]
        new_hands = new[: len(new) - (new_final is not None)]
        root = QModelIndex()
        # The W comes off first and goes on last, so hands are only ever
        # inserted or removed above the bottom line.
        if old_final is not None and new_final is None:
            self.beginRemoveRows(root, len(old_hands), len(old_hands))
            self._lines = list(old_hands)
            self.endRemoveRows()
        same = 0
        while same < min(len(old_hands), len(new_hands)) and old_hands[same] == new_hands[same]:
            same += 1
        tail = self._lines[len(old_hands) :]
        grow = len(new_hands) - len(old_hands)
        if grow > 0:
            self.beginInsertRows(root, same, same + grow - 1)
            self._lines = [*old_hands[:same], *new_hands[same : same + grow], *old_hands[same:]]
            self._lines += tail
            self.endInsertRows()
        elif grow < 0:
            self.beginRemoveRows(root, same, same - grow - 1)
            self._lines = [*old_hands[:same], *old_hands[same - grow :], *tail]
            self.endRemoveRows()
        if new_final is not None and old_final is None:
            end = len(self._lines)
            self.beginInsertRows(root, end, end)
            self._lines = [*self._lines, new_final]
            self.endInsertRows()
        moved, self._lines = self._lines, new
        last_column = len(self._columns) - 1
        for first, last in changed_runs(moved, new):
            self.dataChanged.emit(self.index(first, 0), self.index(last, last_column))

    # -- where things are --------------------------------------------------------

    def column_of(self, kind: SheetColumn, side: str | None = None) -> int:
        """The column number of a kind of column (and side, for a team's columns)."""
        return self._columns.index(Column(kind, side))

    def has_w_row(self) -> bool:
        return bool(self._lines) and isinstance(self._lines[-1], _FinalLine)

    # -- the Qt model ------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._lines)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._columns)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = _DISPLAY
    ) -> Any:
        if orientation is not Qt.Orientation.Horizontal or not 0 <= section < len(self._columns):
            return None
        column = self._columns[section]
        name = self._names.get(column.side or "", "")
        if role == _DISPLAY:
            if column.kind is SheetColumn.MARK:
                return name
            if column.kind is SheetColumn.TOTAL:
                return fill(_("{name} total"), name=name)
            return str(_HEADERS[column.kind])
        if role == _TOOLTIP:
            return shown(_HEADER_TIPS[column.kind].format(name=name, tricks=self._hand_tricks()))
        if role == _COLUMN_KIND:
            return self._kinds[section]
        if role == _ALIGNMENT:
            return _CENTER
        return None

    def data(self, index: _Index, role: int = _DISPLAY) -> Any:
        if not self._valid(index):
            return None
        line = self._lines[index.row()]
        column = self._columns[index.column()]
        if role == _IS_W_ROW:
            return isinstance(line, _FinalLine)
        if role == _COLUMN_KIND:
            return self._kinds[index.column()]
        if isinstance(line, _FinalLine):
            return self._final_data(line, column, role)
        return self._hand_data(line, column, role)

    def _valid(self, index: _Index) -> bool:
        return (
            index.isValid()
            and index.model() is self
            and 0 <= index.row() < len(self._lines)
            and 0 <= index.column() < len(self._columns)
        )

    # -- a hand's line -----------------------------------------------------------

    def _hand_data(self, row: SheetRow, column: Column, role: int) -> Any:
        kind = column.kind
        if role == _DISPLAY:
            return figures(self._text(row, column))  # Persian digits in Persian, by default
        if role == _MARK_KIND:
            if kind is SheetColumn.MARK:
                return row.result.sheet_marks[column.side or ""].kind.value
            return _NUMBER_MARK if kind in _FIGURES else None
        if role == _TOOLTIP:  # names in it: shown as typed, never as rich text
            return shown(self._tooltip(row, column))
        if role == _NOTE:
            return side_notes(row.result, column.side or "") if kind is SheetColumn.MARK else ()
        if role == _PAPER:
            if kind is not SheetColumn.TOTAL:
                return None
            return self._paper.get(row.n, {}).get(column.side or "")
        if role == _ACCESSIBLE and kind is SheetColumn.MARK:
            spoken = spoken_mark(row.result.sheet_marks[column.side or ""].kind)
            return spoken if spoken is not None else self._text(row, column)
        if role == _ALIGNMENT:
            if kind in _FIGURES or kind is SheetColumn.MARK:
                return _RIGHT
            return _LEFT if kind is SheetColumn.MAKERS else _CENTER
        return None

    def _text(self, row: SheetRow, column: Column) -> str:
        result = row.result
        side = column.side or ""
        match column.kind:
            case SheetColumn.HAND:
                return str(row.n)
            case SheetColumn.DEALER:
                return self._seating.short(row.dealer)
            case SheetColumn.TRUMP:
                return result.trump.symbol if result.trump is not None else ""
            case SheetColumn.MAKERS:
                if result.kind is HandKind.PASSED:
                    return ""
                # A hand copied from paper that does not say who made trump.
                return "?" if result.makers is None else self._name(result.makers)
            case SheetColumn.MARK:
                return result.sheet_marks[side].text
            case SheetColumn.TOTAL:
                return str(row.totals[side])
            case SheetColumn.HAND_CHECK:
                return str(row.hand_check)
            case SheetColumn.RUNNING_CHECK:
                return str(row.running_check)

    def _name(self, side: str | None) -> str:
        if side is None:
            return ""
        return self._names.get(side, side)

    def _tooltip(self, row: SheetRow, column: Column) -> str:
        result = row.result
        match column.kind:
            case SheetColumn.HAND:
                return fill(
                    _("Hand {n}{how_it_ended}"), n=row.n, how_it_ended=self._how_it_ended(result)
                )
            case SheetColumn.DEALER:
                who = self._seating.person(row.dealer)
                side = self._name(row.dealer[0])
                if who is None:
                    return fill(
                        _("{seat} ({side}) dealt hand {n}"), seat=row.dealer, side=side, n=row.n
                    )
                seat = fill(_("{seat}, {side}"), seat=row.dealer, side=side)
                return fill(_("{who} ({seat}) dealt hand {n}"), who=who, seat=seat, n=row.n)
            case SheetColumn.TRUMP:
                if result.kind is HandKind.PASSED:
                    return _("No trump: all passed twice")
                if result.trump is None:
                    return _("The trump suit was not recorded")
                return fill(_("Trump: {suit}"), suit=suit_name(result.trump))
            case SheetColumn.MAKERS:
                if result.kind is HandKind.PASSED:
                    return _("All passed twice: the hand was not played")
                if result.makers is None:
                    return _(
                        "The paper does not say who made trump: the hand counts as made by "
                        "neither side in the standings"
                    )
                return fill(
                    _("{makers} made trump{how_it_ended}"),
                    makers=self._name(result.makers),
                    how_it_ended=self._how_it_ended(result),
                )
            case SheetColumn.MARK:
                return self._mark_tip(result, column.side or "")
            case SheetColumn.TOTAL:
                side = column.side or ""
                tip = fill(
                    _("Total for {name} after hand {n}: {total}"),
                    name=self._name(side),
                    n=row.n,
                    total=row.totals[side],
                )
                paper = self._paper.get(row.n, {}).get(side)
                return tip if paper is None else f"{tip}\n{paper_words(paper)}"
            case SheetColumn.HAND_CHECK:
                return self._hand_check_tip(result)
            case SheetColumn.RUNNING_CHECK:
                totals = " + ".join(
                    fill(_("{name} {points}"), name=self._name(side), points=total)
                    for side, total in row.totals.items()
                )
                return _(
                    "The hand checks so far add to {running_check}, the same as the "
                    "totals: {totals}"
                ).format(running_check=row.running_check, totals=totals)

    def _how_it_ended(self, result: HandResult) -> str:
        match result.kind:
            case HandKind.PASSED:
                return _(": all passed twice")
            case HandKind.VOID:
                return _(": both sides reneged, so the same dealer deals again")
            case HandKind.RENEGE:
                return fill(_(": {name} reneged"), name=self._name(result.reneged))
            case HandKind.PLAYED if result.set:
                return fill(_(": {name} went set"), name=self._name(result.makers))
        return ""

    def _mark_tip(self, result: HandResult, side: str) -> str:
        name = self._name(side)
        reneged = result.kind is HandKind.RENEGE and result.reneged == side
        match result.sheet_marks[side].kind:
            case MarkKind.BLANK:
                if result.kind is HandKind.VOID:
                    return _("Both sides reneged: nobody scored")
                return _("All passed twice: nobody scored")
            case MarkKind.SET:
                if reneged:
                    return fill(_("{name} reneged and were set: turkey tracks"), name=name)
                return fill(_("{name} were set: turkey tracks"), name=name)
            case MarkKind.ZERO:
                if reneged:
                    return fill(_("{name} reneged: nothing scored"), name=name)
                return fill(_("{name}: nothing scored (no trick, no meld)"), name=name)
            case MarkKind.NUMBER:
                score = result.scores[side]
                parts = self._own_points(result, side)
                if result.kind is HandKind.RENEGE:
                    return fill(
                        _("{reneged} reneged, so {name} score {parts} = {score}"),
                        reneged=self._name(result.reneged),
                        name=name,
                        parts=" + ".join(parts),
                        score=score,
                    )
                if not parts:
                    return fill(
                        _("{name} wrote {score} (copied from a paper sheet)"),
                        name=name,
                        score=score,
                    )
                own = self._own_total(result, side)
                if own != score:
                    # Klaberjass (RULES.md §10): a maker behind gives both sides' points away.
                    return _(
                        "{name} score both sides' points: their own {own} "
                        "and the makers' {makers} = {score}"
                    ).format(name=name, own=own, makers=score - own, score=score)
                if len(parts) == 1:
                    return fill(_("{name}: {points}"), name=name, points=parts[0])
                return fill(
                    _("{name}: {parts} = {score}"), name=name, parts=" + ".join(parts), score=score
                )

    def _own_points(self, result: HandResult, side: str) -> list[str]:
        """A side's hand points in words, where the sheet row knows where they came from."""
        if result.kind is HandKind.RENEGE:
            parts = [str(RENEGE_POINTS)]
        elif result.tricks is not None:
            parts = [fill(_("{points} trick points"), points=result.tricks[side])]
        else:
            return []
        melds = (result.melds or {}).get(side, 0)
        if melds:
            parts.append(fill(_("{melds} melds"), melds=melds))
        if result.bell == side:
            parts.append(fill(_("{bell_points} bell"), bell_points=BELL_POINTS))
        return parts

    def _own_total(self, result: HandResult, side: str) -> int:
        tricks = (result.tricks or {}).get(side, 0)
        melds = (result.melds or {}).get(side, 0)
        return tricks + melds + (BELL_POINTS if result.bell == side else 0)

    def _hand_check_tip(self, result: HandResult) -> str:
        check = result.hand_check
        wrote = [side for side, score in result.scores.items() if score]
        by_side = " + ".join(
            fill(_("{name} {points}"), name=self._name(side), points=result.scores[side])
            for side in wrote
        )
        match result.kind:
            case HandKind.PASSED:
                return _("Not played, so the hand check is 0")
            case HandKind.VOID:
                return _("Both sides reneged: nobody scored, so the hand check is 0")
            case HandKind.RENEGE:
                parts = [
                    fill(
                        _("{name} {points}"),
                        name=self._name(side),
                        points=" + ".join(self._own_points(result, side)),
                    )
                    for side in wrote
                ]
                return fill(
                    _("{name} reneged: {parts} = {check}"),
                    name=self._name(result.reneged),
                    parts=" + ".join(parts),
                    check=check,
                )
        if result.set:
            makers = self._name(result.makers)
            if len(wrote) == 1:
                only = self._name(wrote[0])
                return fill(
                    _("{makers} were set, so only the {check} {only} wrote counts"),
                    makers=makers,
                    check=check,
                    only=only,
                )
            return _(
                "{makers} were set, so only the others' points count: {by_side} = {check}"
            ).format(makers=makers, by_side=by_side, check=check)
        if result.tricks is None:
            return fill(
                _("Copied from a paper sheet: {by_side} = {check}"), by_side=by_side, check=check
            )
        # RULES.md §8: a made hand writes both sides' trick points (162 wherever every card
        # is played), every scored meld and the bell.
        parts = [fill(_("{points} trick points"), points=sum(result.tricks.values()))]
        melds = sum((result.melds or {}).values())
        if melds:
            parts.append(fill(_("{melds} melds"), melds=melds))
        if result.bell is not None:
            parts.append(fill(_("{bell_points} bell"), bell_points=BELL_POINTS))
        return fill(
            _("{parts} = {check} ({by_side})"),
            parts=" + ".join(parts),
            check=check,
            by_side=by_side,
        )

    def _hand_tricks(self) -> str:
        """A made hand's trick points in the check: 162, or both figures where fewer cards play."""
        shared = possible_trick_points(self._rules).shared
        if shared is None:
            return _("both players' trick points")
        return fill(_("{shared} trick points"), shared=shared)

    # -- the W row ---------------------------------------------------------------

    def _final_data(self, line: _FinalLine, column: Column, role: int) -> Any:
        cell = self._final_text(line, column)
        if role == _DISPLAY:
            return cell
        if role == _ALIGNMENT:
            return _CENTER
        if role == _TOOLTIP and cell:
            figures = "–".join(str(total) for _, total in line.totals)
            if line.winner == TIE:
                return fill(_("The game is tied at {figures}"), figures=figures)
            return shown(
                fill(
                    _("{name} won the game, {figures}"),
                    name=self._name(line.winner),
                    figures=figures,
                )
            )
        if role == _ACCESSIBLE and cell == W_MARK:
            return fill(_("W: {name} won"), name=self._name(line.winner))
        return None

    def _final_text(self, line: _FinalLine, column: Column) -> str:
        """The W in the winner's total column; a tie's word once, in the first side's mark
        column, for the view to spread across every side's columns (all sides tied)."""
        outcome = dict(line.outcomes).get(column.side or "")
        if outcome is Outcome.TIED and column == Column(SheetColumn.MARK, self._rules.sides[0]):
            return outcome_mark(outcome)
        if outcome is Outcome.WON and column.kind is SheetColumn.TOTAL:
            return outcome_mark(outcome)
        return ""


def paper_words(paper: PaperTotal) -> str:
    """A paper total against the hands', as the tooltip says it."""
    if paper.slipped:
        return _(
            "The paper says {paper}: its arithmetic slipped here — its last total "
            "and this hand make {expected}"
        ).format(paper=paper.paper, expected=paper.expected)
    if paper.off:
        if paper.off > 0:
            return fill(
                _("The paper says {paper}, {off} more than the hands: a slip earlier on"),
                paper=paper.paper,
                off=paper.off,
            )
        return fill(
            _("The paper says {paper}, {off} less than the hands: a slip earlier on"),
            paper=paper.paper,
            off=-paper.off,
        )
    return fill(_("The paper says {paper} too"), paper=paper.paper)


_FIGURES = frozenset(
    {SheetColumn.HAND, SheetColumn.TOTAL, SheetColumn.HAND_CHECK, SheetColumn.RUNNING_CHECK}
)


_HEADERS = {
    SheetColumn.HAND: lazy("Hand"),
    SheetColumn.DEALER: lazy("Dealer"),
    SheetColumn.TRUMP: lazy("Trump"),
    SheetColumn.MAKERS: lazy("Makers"),
    SheetColumn.HAND_CHECK: lazy("Hand check"),
    SheetColumn.RUNNING_CHECK: lazy("Running check"),
}

_HEADER_TIPS = {
    SheetColumn.HAND: lazy("The hand's number in the game"),
    SheetColumn.DEALER: lazy("Who dealt the hand"),
    SheetColumn.TRUMP: lazy("The trump suit"),
    SheetColumn.MAKERS: lazy("The team that made trump"),
    SheetColumn.MARK: lazy("What {name} wrote for the hand: points, XX (set) or nothing scored"),
    SheetColumn.TOTAL: lazy("Running total for {name}"),
    SheetColumn.HAND_CHECK: lazy(
        "Both sides' points for the hand together: {tricks} + melds + bell when the makers made it"
    ),
    SheetColumn.RUNNING_CHECK: lazy("The hand checks added up: always the sum of the totals"),
}
