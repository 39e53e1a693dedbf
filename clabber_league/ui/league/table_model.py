"""A read-only table over a list of plain records (standings lines, matches, players).

Each column says how to show a record and what to sort it by, so a
``QSortFilterProxyModel`` with ``sortRole = SORT_ROLE`` sorts figures as
figures (10 after 9) and names without regard to case.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from clabber_league.i18n import _
from clabber_league.ui.models import changed_runs
from clabber_league.ui.tones import Tone, text_colour

_Index = QModelIndex | QPersistentModelIndex
T = TypeVar("T")

SORT_ROLE = int(Qt.ItemDataRole.UserRole)
"""A value to sort by: a number, or a case-folded name."""
RECORD_ROLE = int(Qt.ItemDataRole.UserRole) + 1
"""The whole record of the row (a ``StandingRow``, ``MatchInfo`` …)."""
TITLE_ROLE = int(Qt.ItemDataRole.UserRole) + 2
"""A column's heading in English, whatever the language: what code names a column by."""

_DISPLAY = Qt.ItemDataRole.DisplayRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


@dataclass(frozen=True)
class Column(Generic[T]):
    """One column: its heading, the value behind it, and how that value is written."""

    title: str
    """The heading in English, marked for the catalogue (``N_``): shown translated."""
    value: Callable[[T], object]
    text: Callable[[T], str] | None = None
    numeric: bool = True
    tip: str = ""
    tone: Callable[[T], Tone | None] | None = None
    """A tone that makes a record stand out (its text colour), or ``None``."""

    def shown(self, record: T) -> str:
        if self.text is not None:
            return self.text(record)
        value = self.value(record)
        return "" if value is None else str(value)

    def sort_key(self, record: T) -> object:
        value = self.value(record)
        if isinstance(value, str):
            return value.casefold()
        if value is None:
            # Nothing sorts first (a bye has no opponent, an unplayed night no date).
            return -1 if self.numeric else ""
        return value


class RecordTableModel(QAbstractTableModel, Generic[T]):
    """Rows are records, columns are ``Column``\\ s; ``set_records`` after every change."""

    def __init__(self, columns: Sequence[Column[T]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._columns = tuple(columns)
        self._records: list[T] = []

    def set_records(self, records: Sequence[T]) -> None:
        """Show new records; a view keeps its selection when only the figures changed, and
        repaints only the rows that changed (each run of them in one ``dataChanged``)."""
        records = list(records)
        if len(records) == len(self._records) and records:
            old, self._records = self._records, records
            for first, last in changed_runs(old, records):
                self.dataChanged.emit(
                    self.index(first, 0), self.index(last, len(self._columns) - 1)
                )
            return
        self.beginResetModel()
        self._records = records
        self.endResetModel()

    def records(self) -> list[T]:
        return list(self._records)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802 -- Qt's API
        return 0 if parent.isValid() else len(self._records)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802 -- Qt's API
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: _Index, role: int = _DISPLAY) -> Any:
        if not index.isValid() or index.row() >= len(self._records):
            return None
        record = self._records[index.row()]
        column = self._columns[index.column()]
        if role == _DISPLAY:
            return column.shown(record)
        if role == SORT_ROLE:
            return column.sort_key(record)
        if role == RECORD_ROLE:
            return record
        if role == _FOREGROUND and column.tone is not None:
            tone = column.tone(record)
            return text_colour(tone) if tone is not None else None
        if role == _ALIGNMENT:
            return _RIGHT if column.numeric else _LEFT
        if role == _TOOLTIP and not column.numeric:
            # A long name is cut short in a narrow column: the tooltip has it whole.
            return column.shown(record) or None
        return None

    def headerData(  # noqa: N802 -- Qt's API
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = _DISPLAY,
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self._columns):
            return None
        column = self._columns[section]
        if role == _DISPLAY:
            return _(column.title)
        if role == TITLE_ROLE:
            return column.title
        if role == _TOOLTIP:
            return _(column.tip) if column.tip else None
        if role == _ALIGNMENT:
            return _RIGHT if column.numeric else _LEFT
        return None


def sortable(model: QAbstractItemModel, parent: QObject | None = None) -> QSortFilterProxyModel:
    """A proxy that sorts by the values behind the text; unsorted, it keeps the model's order.

    Give it the model's parent, not the model: a proxy must not outlive its
    source's destructor by being one of its children.
    """
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(SORT_ROLE)
    return proxy
