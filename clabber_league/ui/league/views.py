"""The panel's tables all look and behave alike: whole rows, read-only, sortable."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clabber_league.ui.league.table_model import TITLE_ROLE
from clabber_league.ui.widgets.flow_layout import FlowLayout

#: The widest a name column is made before it is cut short ("…", whole in the tooltip).
NAME_COLUMN_MOST = 170


def table_view(parent: QWidget, name: str) -> QTableView:
    """A read-only table that selects one whole row and sorts when a heading is clicked."""
    view = QTableView(parent)
    view.setObjectName(name)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSortingEnabled(True)
    # Unsorted until a heading is clicked: the store's order (standings, weeks) comes first.
    view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    view.horizontalHeader().setStretchLastSection(True)
    return view


def stacked(parent: QWidget, *parts: QWidget | QLayout) -> QWidget:
    """Widgets (and rows of them) one above the other, edge to edge (a pane of a splitter)."""
    box = QWidget(parent)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for part in parts:
        if isinstance(part, QLayout):
            layout.addLayout(part)
        else:
            layout.addWidget(part)
    return box


def chooser_row(label: str, chooser: QComboBox, *after: QWidget) -> QHBoxLayout:
    """A labelled chooser with the row's width to itself (but for ``after``): a long item is
    cut short, never widening the panel; the list has it whole."""
    chooser.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    chooser.setMinimumContentsLength(12)
    buddy = QLabel(label)
    buddy.setBuddy(chooser)
    row = QHBoxLayout()
    row.addWidget(buddy)
    row.addWidget(chooser, 1)
    for widget in after:
        row.addWidget(widget)
    return row


def button_row(*buttons: QWidget) -> FlowLayout:
    """Buttons side by side from the reading edge, the row's spare room after them; in a
    narrow panel they wrap onto another line rather than hold the panel wide."""
    row = FlowLayout()
    for button in buttons:
        row.addWidget(button)
    return row


class ColumnFitter(QObject):
    """Shows as many of a table's columns as its width holds, the most important first.

    A league panel beside the sheet is narrow: rather than a scroll bar that
    hides all but "# Team GP W", the columns that matter most stay, names are
    cut short with a tooltip, and the rest come back as the panel is widened
    (or floated). ``hidden_changed`` tells which columns are left out.
    """

    hidden_changed = Signal(list)

    def __init__(self, view: QTableView, priority: Sequence[str]) -> None:
        super().__init__(view)
        self._view = view
        self._priority = list(priority)
        self.hidden: list[str] = []
        self._widest: object = None
        self.never: set[str] = set()
        """Columns with nothing to show just now (all zero): left out whatever the room."""
        view.horizontalHeader().setStretchLastSection(False)
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 -- Qt's name
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def refit(self, widest: object) -> None:
        """``fit`` again if ``widest`` (what the caller measures its columns' texts by, say
        the longest text of each) changed: measuring a column reads every row, so a table
        whose figures change after every game is not measured again for nothing."""
        if widest != self._widest:
            self._widest = widest
            self.fit()

    def fit(self) -> None:
        view, model = self._view, self._view.model()
        if model is None:
            return
        header = view.horizontalHeader()
        titles = [
            str(model.headerData(column, Qt.Orientation.Horizontal, TITLE_ROLE)) or ""
            for column in range(model.columnCount())
        ]
        needs: dict[int, int] = {}
        for column in range(len(titles)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            need = max(view.sizeHintForColumn(column), header.sectionSizeHint(column))
            numeric = model.headerData(
                column, Qt.Orientation.Horizontal, Qt.ItemDataRole.TextAlignmentRole
            ) == int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            needs[column] = need if numeric else min(need, NAME_COLUMN_MOST)
        order = [titles.index(title) for title in self._priority if title in titles]
        order += [column for column in range(len(titles)) if column not in order]
        room = view.viewport().width()
        shown: list[int] = []
        for column in order:
            if titles[column] in self.never:
                continue
            if needs[column] <= room or not shown:
                shown.append(column)
                room -= needs[column]
        spare = max(0, room)
        for column in range(len(titles)):
            view.setColumnHidden(column, column not in shown)
            if column in shown:
                extra = spare if column == shown[min(1, len(shown) - 1)] else 0
                header.resizeSection(column, needs[column] + extra)
        hidden = [titles[c] for c in order if c not in shown and titles[c] not in self.never]
        if hidden != self.hidden:
            self.hidden = hidden
            self.hidden_changed.emit(hidden)
