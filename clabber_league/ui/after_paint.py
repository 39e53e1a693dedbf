"""Work that can wait a frame: done once the window has painted what a change shows.

Qt paints a window on an ``UpdateRequest`` it posts at low priority, so a zero
timer or a queued call runs *before* the paint and delays it. A hand that ends
a game has more to do than fits in a frame (the league panel's row, the
standings read, the backup's clock, the status line); the sheet, the W and the
totals must show at once, and the rest can follow a frame later. ``AfterPaint``
posts its work below the paint's priority, so the frame goes out first.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt

_RUN = QEvent.Type(QEvent.registerEventType())
#: Below the ``UpdateRequest`` a window posts to paint itself.
_AFTER_THE_PAINT = Qt.EventPriority.LowEventPriority.value - 1


class AfterPaint(QObject):
    """One piece of work, run after the paint that follows each ``ask``.

    Asked again before it has run, it still runs once: the work reads the state it
    follows when it runs, so the latest state is what it shows.
    """

    def __init__(self, work: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._work = work
        self._asked = False

    def ask(self) -> None:
        """Run the work after the window's next paint (once, however often asked)."""
        if self._asked:
            return
        self._asked = True
        QCoreApplication.postEvent(self, QEvent(_RUN), _AFTER_THE_PAINT)

    def cancel(self) -> None:
        """Not now after all (the window is closing: there is nothing left to show)."""
        self._asked = False

    def event(self, event: QEvent) -> bool:
        if event.type() == _RUN:
            if self._asked:
                self._asked = False
                self._work()
            return True
        return super().event(event)
