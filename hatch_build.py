"""The wheel's build hook: the compiled catalogues and the pages' words made first.

Hatchling runs it for every wheel, the editable one of ``pip install -e .`` (the
checkout's ``resources/`` gets the files) included; the wheel then carries them with
the rest of ``resources/``. What is made, and how, is ``clabber_league.i18n.prebuilt``,
which the PyInstaller spec and the tests use too.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.config import BuilderConfig
from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class PrebuiltHook(BuildHookInterface[BuilderConfig]):
    """Makes ``i18n.prebuilt``'s files in the tree being built (the checkout or sdist)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        del version, build_data
        if self.target_name != "wheel":
            return  # the sdist ships the catalogues; its wheel makes the rest
        sys.path.insert(0, self.root)
        try:
            from clabber_league.i18n.prebuilt import generate  # noqa: PLC0415

            generate(Path(self.root))
        finally:
            sys.path.remove(self.root)
