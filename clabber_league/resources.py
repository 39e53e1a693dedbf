"""Where the shipped resources (schemas, examples, fonts, icons) live at run time.

The same code runs from a source checkout (``resources/`` beside the package),
from an installed wheel (``clabber_league/resources/``) and from a PyInstaller
bundle (``sys._MEIPASS/resources``); the first folder that exists wins.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def resources_dir() -> Path:
    """The folder holding the app's resources."""
    candidates = [_PACKAGE_DIR / "resources", _PACKAGE_DIR.parent / "resources"]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.insert(0, Path(bundle) / "resources")
    for candidate in candidates:
        if (candidate / "schemas").is_dir():
            return candidate
    raise FileNotFoundError(
        "the app's resources folder is missing; reinstall Clabber League "
        f"(looked in {', '.join(str(c) for c in candidates)})"
    )


def resource(*parts: str) -> Path:
    """A file inside the resources folder."""
    return resources_dir().joinpath(*parts)
