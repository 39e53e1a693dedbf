"""Write THIRD_PARTY_NOTICES.txt for the wheel and the bundle, from the installed
distributions (the text itself is ``clabber_league.notices``, which Help → About shows).

    python -m installer.notices --out build/THIRD_PARTY_NOTICES.txt

Run it where the app's dependencies are installed (the environment the bundle is built
from): the notices name what that environment would ship, following the dependencies in
``pyproject.toml`` (not the installed app's metadata, which may be older than the
checkout, and is not there at all while a build hook makes the wheel). The PyInstaller
spec calls ``write_notices`` at spec time.
"""

from __future__ import annotations

import argparse
import tomllib
from collections.abc import Iterable
from pathlib import Path

from clabber_league.notices import NOTICES_FILE, notices_text
from installer.render import PYPROJECT

FILE_NAME = NOTICES_FILE[-1]


def project_requirements() -> list[str]:
    """The app's run-time dependencies as ``pyproject.toml`` lists them."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return list(project["dependencies"])


def write_notices(out: Path, requirements: Iterable[str] | None = None) -> None:
    """Write the notices for ``requirements`` (pyproject's dependencies when not given)
    to ``out`` (its folder made if need be), as UTF-8 with ``\\n`` line ends on every
    system, so the same libraries give the same bytes."""
    if requirements is None:
        requirements = project_requirements()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(notices_text(requirements), encoding="utf-8", newline="\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m installer.notices", description=__doc__)
    parser.add_argument("--out", type=Path, required=True, help=f"the file to write ({FILE_NAME})")
    write_notices(parser.parse_args(argv).out)


if __name__ == "__main__":
    main()
