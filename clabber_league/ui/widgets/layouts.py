"""What layouts that are filled again and again share."""

from __future__ import annotations

from PySide6.QtWidgets import QLayout


def clear_layout(layout: QLayout) -> None:
    """Take every widget out of ``layout`` and delete it: at once out of the widget tree
    (so nothing finds it any more), and deleted when control returns to the event loop."""
    while (item := layout.takeAt(0)) is not None:
        widget = item.widget()
        if widget is not None:
            widget.setParent(None)
            widget.deleteLater()
