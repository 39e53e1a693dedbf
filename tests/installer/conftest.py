"""Fixtures for the installer tests: the rendered files, and the built bundle."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from installer.render import ROOT, AppInfo, app_info, render_all

RELEASE_DAY = dt.date(2026, 11, 30)


@pytest.fixture(scope="session")
def info() -> AppInfo:
    return app_info(when=RELEASE_DAY)


@pytest.fixture(scope="session")
def rendered(tmp_path_factory: pytest.TempPathFactory, info: AppInfo) -> Path:
    """``python -m installer.render --out`` into a fresh folder, once per run."""
    out = tmp_path_factory.mktemp("rendered")
    render_all(out, info)
    return out


@pytest.fixture(scope="session")
def dist() -> Path:
    """Where make bundle and python -m build put their results (``$CLABBER_LEAGUE_DIST``)."""
    return Path(os.environ.get("CLABBER_LEAGUE_DIST", ROOT / "dist"))
