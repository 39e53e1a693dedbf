"""What the window's widgets share: their object names, layouts that are filled again and
again, and every dialog's OK and Cancel."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLayout

Named = TypeVar("Named", bound=QObject)


def named(thing: Named, name: str) -> Named:
    """``thing`` with its object name, which the tests and the style sheets find it by."""
    thing.setObjectName(name)
    return thing


def clear_layout(layout: QLayout) -> None:
    """Take every widget out of ``layout`` and delete it: at once out of the widget tree
    (so nothing finds it any more), and deleted when control returns to the event loop."""
    while (item := layout.takeAt(0)) is not None:
        widget = item.widget()
        if widget is not None:
            widget.setParent(None)
            widget.deleteLater()


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel, accepting and rejecting ``dialog``."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
