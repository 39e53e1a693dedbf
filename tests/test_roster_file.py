"""``roster_file``: openpyxl loads when a spreadsheet is read, not with the window or the
command line (docs/architecture.md: 63 ms of every start)."""

from __future__ import annotations

import subprocess
import sys


def test_neither_the_window_nor_the_command_line_loads_openpyxl() -> None:
    probe = (
        "import sys, clabber_league.app, clabber_league.cli, clabber_league.ui.league.questions;"
        "print('openpyxl' in sys.modules)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert shown.strip() == "False"
