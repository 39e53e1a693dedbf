"""Key sequences shared by the window's actions and the night's scoreboard."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence


def unique_keys(*keys: str | QKeySequence.StandardKey) -> list[QKeySequence]:
    """Key sequences for one action, each once: a sequence an action lists twice is an
    "ambiguous" shortcut, which Qt ignores (Ctrl+Shift+Z is the X11 redo key too)."""
    found: list[QKeySequence] = []
    for key in keys:
        sequences = (
            QKeySequence.keyBindings(key)
            if isinstance(key, QKeySequence.StandardKey)
            else [QKeySequence(key)]
        )
        found += [sequence for sequence in sequences if sequence not in found]
    return found


def full_screen_keys() -> list[QKeySequence]:
    """The platform's full-screen keys (F11 on Linux and Windows, ⌃⌘F on macOS), and F11
    everywhere, as the table view's board and the scoreboard's hints say."""
    return unique_keys(QKeySequence.StandardKey.FullScreen, "F11")
