"""Recording, correcting and deleting hands as undoable commands.

The change is made (and committed) *before* the command is pushed, so a
refused change never reaches the undo stack; the first ``redo()`` that
``QUndoStack.push`` calls therefore does nothing. Later undos and redos call
the recorder again and tell the window (``Steps``): done, and the window
shows the game as it now is; or refused by the rules or the database, and
the window shows the message and clears the stack (or, when another station
changed the game meanwhile, shows the reloaded sheet).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from clabber_league.i18n import _, fill
from clabber_league.recording import GameRecorder
from clabber_league.rules import ClabberError, HandEntry
from clabber_league.store.errors import StoreError


class Steps(Protocol):
    """Who hears how an undo or a redo went."""

    def step_done(self) -> None: ...

    def step_failed(self, error: Exception) -> None: ...


class HandCommand(QUndoCommand):
    """A change to a hand, made before the push: undo runs ``revert``, redo ``apply``."""

    def __init__(
        self, text: str, apply: Callable[[], object], revert: Callable[[], object], steps: Steps
    ) -> None:
        super().__init__(text)
        self._apply, self._revert = apply, revert
        self._steps = steps
        self._done = True

    def redo(self) -> None:
        if self._done:
            self._done = False  # already applied before the push
            return
        self._guarded(self._apply)

    def undo(self) -> None:
        self._guarded(self._revert)

    def _guarded(self, action: Callable[[], object]) -> None:
        try:
            action()
        except (ClabberError, StoreError) as exc:
            self._steps.step_failed(exc)
        else:
            self._steps.step_done()


def recorded_hand(recorder: GameRecorder, n: int, entry: HandEntry, steps: Steps) -> HandCommand:
    """Hand ``n`` was recorded; undo takes it back."""
    return HandCommand(
        fill(_("Record hand {n}"), n=n),
        lambda: recorder.insert(n, entry),
        lambda: recorder.delete(n),
        steps,
    )


def corrected_hand(
    recorder: GameRecorder, n: int, old: HandEntry, new: HandEntry, steps: Steps
) -> HandCommand:
    """Hand ``n`` was corrected from ``old`` to ``new``."""
    return HandCommand(
        fill(_("Correct hand {n}"), n=n),
        lambda: recorder.replace(n, new),
        lambda: recorder.replace(n, old),
        steps,
    )


def deleted_hand(recorder: GameRecorder, n: int, old: HandEntry, steps: Steps) -> HandCommand:
    """Hand ``n`` was deleted; undo puts it back in its place."""
    return HandCommand(
        fill(_("Delete hand {n}"), n=n),
        lambda: recorder.delete(n),
        lambda: recorder.insert(n, old),
        steps,
    )
