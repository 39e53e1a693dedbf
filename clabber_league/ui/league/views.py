"""The panel's tables all look and behave alike: whole rows, read-only, sortable."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QVBoxLayout, QWidget


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


def stacked(parent: QWidget, *widgets: QWidget) -> QWidget:
    """Widgets one above the other, edge to edge (a pane of a splitter)."""
    box = QWidget(parent)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        layout.addWidget(widget)
    return box
