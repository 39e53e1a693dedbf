"""The wheel's build hook: the compiled catalogues and the pages' words made first, and
the third-party notices.

Hatchling runs it for every wheel, the editable one of ``pip install -e .`` (the
checkout's ``resources/`` gets the files) included; the wheel then carries them with
the rest of ``resources/``. What is made, and how, is ``clabber_league.i18n.prebuilt``,
which the PyInstaller spec and the tests use too.

The notices (``installer/notices.py``) name the libraries installed beside the build, so
they are written only for a wheel built where those are installed (``make wheel``: from
the locked ``.venv-bundle``, without isolation). An isolated build has none of them; its
wheel goes without the file, as an editable install does, and Help → About works the
notices out from the libraries installed with it (``clabber_league.notices``).
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
        del build_data
        if self.target_name != "wheel":
            return  # the sdist ships the catalogues; its wheel makes the rest
        sys.path.insert(0, self.root)
        try:
            from clabber_league.i18n.prebuilt import generate  # noqa: PLC0415

            generate(Path(self.root))
            if version != "editable":
                self._write_notices()
        finally:
            sys.path.remove(self.root)

    def _write_notices(self) -> None:
        from clabber_league.notices import NOTICES_FILE  # noqa: PLC0415
        from installer.notices import write_notices  # noqa: PLC0415

        try:
            write_notices(Path(self.root, "resources", *NOTICES_FILE))
        except LookupError as missing:
            self.app.display_warning(f"this wheel has no third-party notices: {missing}")
