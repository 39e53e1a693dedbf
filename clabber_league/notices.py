"""The third-party notices: every library the app runs on, its licence and the licence texts
it ships, read from the installed distributions' metadata (``importlib.metadata``).

One implementation for both readers: the build writes the text into the wheel and the
bundle (``installer/notices.py`` → ``resources/licenses/THIRD_PARTY_NOTICES.txt``), and
Help → About shows that file — or, in a source checkout where nothing was built, the same
text worked out here from the environment the app runs in.

The notices are a legal text, so they stay in English, as the licences themselves are.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.metadata import Distribution, PackageNotFoundError, distribution
from pathlib import Path

from clabber_league import APP_NAME, __version__
from clabber_league.resources import resource

DIST_NAME = "clabber-league"
NOTICES_FILE = ("licenses", "THIRD_PARTY_NOTICES.txt")
"""Where the built notices live inside the resources folder (``resource(*NOTICES_FILE)``)."""

#: The distributions that carry Qt: the LGPL note below is theirs (they ship no licence file).
QT_DISTRIBUTIONS = frozenset({"pyside6-essentials", "pyside6-addons", "shiboken6"})
#: The licence texts the Qt note refers to, kept in resources/licenses/ (the LGPL is the
#: GPL's additional permissions, so both are given).
QT_LICENCE_TEXTS = ("LGPL-3.0.txt", "GPL-3.0.txt")

QT_NOTE = """\
PySide6, shiboken6 and the Qt {version} libraries they carry are used unmodified under
the GNU Lesser General Public License version 3 (LGPL-3.0-only), whose text follows
with the GNU General Public License version 3 that it adds its permissions to.

Their source code is published by The Qt Company:
  Qt:                 https://download.qt.io/official_releases/qt/
  PySide6, shiboken6: https://download.qt.io/official_releases/QtForPython/
  both, as Git:       https://code.qt.io/

You may replace the Qt libraries with your own build of the same Qt version. The
installer's program is a folder, not a single file, so the libraries are ordinary
files in it (under _internal/PySide6 on Linux and Windows, in the app's
Contents/Frameworks on macOS); an installed wheel uses whichever PySide6 is installed
beside it (pip install another build into the same environment). The single-file
program (built with --onefile) unpacks the same folder at every start: use the folder
or the wheel to change the libraries."""

#: Files a distribution ships that hold its licence, wherever they stand in it.
_LICENCE_NAME = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE)", re.IGNORECASE)
#: The project links that are a home page, best first.
_HOME_LABELS = ("homepage", "home", "source", "source code", "repository", "code")
_RULE = "=" * 78


@dataclass(frozen=True)
class LicenceFile:
    """One licence text a distribution ships, under its path in the distribution."""

    path: str
    text: str


@dataclass(frozen=True)
class Library:
    """An installed distribution the app runs on, as its notice names it."""

    name: str
    version: str
    licence: str
    home_page: str
    files: tuple[LicenceFile, ...]

    @property
    def key(self) -> str:
        """The name as pip compares names (PEP 503): ``PySide6_Essentials`` is
        ``pyside6-essentials``."""
        return canonical(self.name)


def canonical(name: str) -> str:
    """A distribution's name as pip compares it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirement_name(requirement: str) -> str | None:
    """The distribution a Requires-Dist line asks for at run time, or None for an extra's.

    Markers are not evaluated here (that takes ``packaging``, which the app does not ship):
    a requirement whose marker is false on this system is not installed (the installer
    followed the markers), so ``runtime_libraries`` skips the ones it cannot find.
    """
    if re.search(r"\bextra\s*==", requirement):
        return None
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    return match.group(1) if match else None


def _has_marker(requirement: str) -> bool:
    return ";" in requirement


def runtime_libraries(requirements: Iterable[str] | None = None) -> list[Library]:
    """Every distribution the app needs at run time, sorted by name: the closure of
    ``requirements`` (the app's own Requires-Dist when not given — a build hook, where
    the app is not installed yet, passes pyproject's dependencies), extras left out.

    A requirement without a marker that is not installed is an error: the notices would
    be written from the wrong environment (a build without the app's dependencies).
    """
    if requirements is None:
        requirements = distribution(DIST_NAME).requires or []
    wanted = list(requirements)
    found: dict[str, Distribution] = {}
    while wanted:
        requirement = wanted.pop()
        name = _requirement_name(requirement)
        if name is None or canonical(name) in found:
            continue
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            if _has_marker(requirement):
                continue
            raise LookupError(
                f"{name!r} is not installed, though {requirement!r} asks for it: "
                "the notices must be written where the app's dependencies are installed"
            ) from None
        found[canonical(name)] = dist
        wanted += dist.requires or []
    found.pop(DIST_NAME, None)
    return sorted((_library(dist) for dist in found.values()), key=lambda lib: lib.key)


def _library(dist: Distribution) -> Library:
    return Library(
        name=_field(dist, "Name"),
        version=dist.version,
        licence=_licence(dist),
        home_page=_home_page(dist),
        files=_licence_files(dist),
    )


def _field(dist: Distribution, name: str) -> str:
    """A metadata field, or "" when the distribution leaves it out."""
    return str((dist.metadata.get_all(name) or [""])[0]).strip()


def _licence(dist: Distribution) -> str:
    """The licence as the metadata names it: the SPDX expression when there is one, else
    the License field's first line, else the trove classifiers."""
    metadata = dist.metadata
    expression = _field(dist, "License-Expression")
    if expression:
        return expression
    field = _field(dist, "License")
    if field:
        return field.splitlines()[0]
    classifiers = [
        classifier.split(" :: ")[-1]
        for classifier in metadata.get_all("Classifier") or []
        if classifier.startswith("License ::")
    ]
    return " / ".join(classifiers) or "not stated"


def _home_page(dist: Distribution) -> str:
    metadata = dist.metadata
    urls: dict[str, str] = {}
    for entry in metadata.get_all("Project-URL") or []:
        label, _comma, url = entry.partition(",")
        urls.setdefault(label.strip().lower(), url.strip())
    home = _field(dist, "Home-page")
    candidates = [home] if home else []
    candidates += [urls[label] for label in _HOME_LABELS if label in urls]
    return candidates[0] if candidates else "not stated"


def _licence_files(dist: Distribution) -> tuple[LicenceFile, ...]:
    """The texts a distribution ships: its dist-info ``licenses/`` folder (PEP 639) and any
    LICENSE*, COPYING* or NOTICE* file among its files (Babel's CLDR data licence)."""
    shipped = []
    for path in dist.files or []:
        parts = path.parts
        in_licences = len(parts) > 2 and parts[0].endswith(".dist-info") and parts[1] == "licenses"
        named = _LICENCE_NAME.match(path.name) and path.suffix not in (".py", ".pyc")
        if in_licences or named:
            text = Path(path.locate()).read_text(encoding="utf-8", errors="replace")
            shipped.append(LicenceFile(path.as_posix(), text))
    return tuple(sorted(shipped, key=lambda file: file.path))


def notices_text(requirements: Iterable[str] | None = None) -> str:
    """THIRD_PARTY_NOTICES.txt: the same text for the same installed libraries (sorted,
    nothing from the clock or the machine but the libraries' own files)."""
    libraries = runtime_libraries(requirements)
    lines = [
        f"{APP_NAME} {__version__}: third-party notices",
        "",
        f"{APP_NAME} itself is under the MIT licence (LICENSE). It runs on the libraries",
        "below, each under its own licence; each one's licence texts follow its entry.",
        "",
        "Libraries:",
        *(f"  {lib.name} {lib.version} ({lib.licence})" for lib in libraries),
    ]
    qt = [lib for lib in libraries if lib.key in QT_DISTRIBUTIONS]
    if qt:
        lines += ["", _RULE, "Qt, PySide6 and shiboken6", _RULE, ""]
        lines.append(QT_NOTE.format(version=qt[0].version))
        for name in QT_LICENCE_TEXTS:
            lines += _file_section(f"resources/licenses/{name}", _read_resource(name))
    lines += _fonts_section()
    for lib in libraries:
        lines += ["", _RULE, f"{lib.name} {lib.version}", _RULE]
        lines += [f"Licence: {lib.licence}", f"Home page: {lib.home_page}"]
        if lib.key in QT_DISTRIBUTIONS and not lib.files:
            lines.append("Licence texts: see “Qt, PySide6 and shiboken6” above.")
        for file in lib.files:
            lines += _file_section(file.path, file.text)
    return "\n".join(lines).rstrip() + "\n"


def _fonts_section() -> list[str]:
    """The fonts the printed sheets embed are third-party too (resources/fonts)."""
    fonts = sorted(resource("fonts").glob("LICENSE-*.txt"))
    lines = ["", _RULE, "Fonts embedded in the printed sheets (resources/fonts)", _RULE]
    for path in fonts:
        lines += _file_section(f"resources/fonts/{path.name}", path.read_text(encoding="utf-8"))
    return lines


def _read_resource(name: str) -> str:
    return resource("licenses", name).read_text(encoding="utf-8")


def _file_section(path: str, text: str) -> list[str]:
    return ["", f"--- {path} ---", "", text.rstrip()]


def app_licence() -> str:
    """The app's own LICENSE: beside the bundled program, in an installed wheel's
    dist-info, or at the top of a source checkout (an editable install has none)."""
    bundle = getattr(sys, "_MEIPASS", None)
    beside = Path(bundle) / "LICENSE" if bundle else None
    if beside is not None and beside.is_file():
        return beside.read_text(encoding="utf-8")
    try:
        installed = distribution(DIST_NAME).read_text("licenses/LICENSE")
    except PackageNotFoundError:
        installed = None
    if installed:
        return installed
    return (Path(__file__).resolve().parent.parent / "LICENSE").read_text(encoding="utf-8")


def third_party_notices() -> str:
    """What Help → About shows: the built file, or the text worked out from the installed
    libraries where the build has not written it (a source checkout)."""
    built = resource(*NOTICES_FILE)
    if built.is_file():
        return built.read_text(encoding="utf-8")
    return notices_text()
