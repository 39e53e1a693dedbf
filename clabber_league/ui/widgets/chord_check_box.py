"""A check box that its Alt+letter ticks at once.

Qt answers a button's mnemonic with ``animateClick``: the box shows pressed and
ticks about 100 ms later. A scorekeeper's Alt+S, Enter (an all-passed hand) is
quicker than that, so Enter found the box still clear and stored nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QCheckBox


class ChordCheckBox(QCheckBox):
    """A ``QCheckBox`` whose mnemonic focuses and toggles it straight away."""

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Shortcut and self.isEnabled():
            self.setFocus(Qt.FocusReason.ShortcutFocusReason)
            self.click()
            return True
        return super().event(event)
