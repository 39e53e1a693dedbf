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


class _HandCommand(QUndoCommand):
    def __init__(self, recorder: GameRecorder, text: str, steps: Steps) -> None:
        super().__init__(text)
        self.recorder = recorder
        self._steps = steps
        self._done = True

    def redo(self) -> None:
        if self._done:
            self._done = False  # already applied before the push
            return
        self._guarded(self.apply)

    def undo(self) -> None:
        self._guarded(self.revert)

    def _guarded(self, action: Callable[[], object]) -> None:
        try:
            action()
        except (ClabberError, StoreError) as exc:
            self._steps.step_failed(exc)
        else:
            self._steps.step_done()

    def apply(self) -> None:
        raise NotImplementedError

    def revert(self) -> None:
        raise NotImplementedError


class RecordHand(_HandCommand):
    """Hand ``n`` was recorded; undo takes it back."""

    def __init__(self, recorder: GameRecorder, n: int, entry: HandEntry, steps: Steps) -> None:
        super().__init__(recorder, fill(_("Record hand {n}"), n=n), steps)
        self.n, self.entry = n, entry

    def apply(self) -> None:
        self.recorder.insert(self.n, self.entry)

    def revert(self) -> None:
        self.recorder.delete(self.n)


class CorrectHand(_HandCommand):
    """Hand ``n`` was corrected from ``old`` to ``new``."""

    def __init__(
        self,
        recorder: GameRecorder,
        n: int,
        old: HandEntry,
        new: HandEntry,
        steps: Steps,
    ) -> None:
        super().__init__(recorder, fill(_("Correct hand {n}"), n=n), steps)
        self.n, self.old, self.new = n, old, new

    def apply(self) -> None:
        self.recorder.replace(self.n, self.new)

    def revert(self) -> None:
        self.recorder.replace(self.n, self.old)


class DeleteHand(_HandCommand):
    """Hand ``n`` was deleted; undo puts it back in its place."""

    def __init__(self, recorder: GameRecorder, n: int, old: HandEntry, steps: Steps) -> None:
        super().__init__(recorder, fill(_("Delete hand {n}"), n=n), steps)
        self.n, self.old = n, old

    def apply(self) -> None:
        self.recorder.delete(self.n)

    def revert(self) -> None:
        self.recorder.insert(self.n, self.old)
