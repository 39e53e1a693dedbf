"""Named places where the reliability tests can crash the program on purpose.

``tests/reliability/`` proves that a SIGKILL at any moment loses nothing a
user was told was saved and leaves no stray file. Timed kills only hit
*some* moment; these points hit the dangerous ones every time: half a backup
copied, a migration applied but not committed, a PDF written but not yet
renamed. The test sets ``CLABBER_LEAGUE_TEST_KILL_AT=backup:copying@3`` (the
point's name, and optionally which time it is reached) in the child's
environment; the process then kills itself with SIGKILL, exactly as a power
cut or the task manager would (``CLABBER_LEAGUE_TEST_KILL_SIGNAL=TERM`` or
``INT`` sends that signal instead, as a shutdown or Ctrl+C would). Without
the variable a point costs one dictionary look-up. It is a test hook, not a
setting: ``docs/reliability.md`` lists the points.
"""

from __future__ import annotations

import os
import signal

KILL_ENV = "CLABBER_LEAGUE_TEST_KILL_AT"
SIGNAL_ENV = "CLABBER_LEAGUE_TEST_KILL_SIGNAL"

_reached: dict[str, int] = {}


def kill_point(name: str) -> None:
    """Die here, at once and without cleaning up, when the tests ask for ``name``."""
    wanted = os.environ.get(KILL_ENV)
    if not wanted:
        return
    point, _, times = wanted.partition("@")
    if point != name:
        return
    _reached[name] = _reached.get(name, 0) + 1
    if _reached[name] >= int(times or 1):
        chosen = os.environ.get(SIGNAL_ENV, "KILL")
        os.kill(os.getpid(), getattr(signal, f"SIG{chosen}", signal.SIGTERM))
