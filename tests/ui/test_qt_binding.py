"""The installed Qt binding does not leak references to None.

PySide6 6.12.0 on Python 3.11 took one reference from None on every Qt call
returning nothing, and the process aborted after a few thousand: a
scorekeeper's window would die mid-game. pyproject.toml excludes it; this
test fails if a binding with the same fault is ever installed.
"""

import subprocess
import sys

PROBE = """
import sys
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel()
before = sys.getrefcount(None)
for i in range(20000):
    label.setText(str(i))
print(before - sys.getrefcount(None))
"""


def test_twenty_thousand_void_qt_calls_leave_none_alone() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert int(done.stdout.strip()) < 100
