"""Fill the installer templates from the package's single source of name and version.

The templates beside this file (``linux/*.in``, ``windows/*.iss.in``,
``macos/Info.plist.in``) hold ``@NAME@`` placeholders; the values come from
``clabber_league`` (``__version__``, ``APP_NAME``, ``APP_ID``, and the file types of
``file_types``) and from ``pyproject.toml`` (summary, licence, authors), so no file
repeats the version or an extension by hand. Each value is escaped for the format it
lands in; a placeholder with no value is an error, never a silent blank.

    python -m installer.render --out build/installer
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import subprocess
import sys
import tomllib
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

from clabber_league import APP_ID, APP_NAME, __version__
from clabber_league.file_types import GAME_MIME, GAME_SUFFIX, LEAGUE_MIME, LEAGUE_SUFFIX

INSTALLER = Path(__file__).resolve().parent
ROOT = INSTALLER.parent
PYPROJECT = ROOT / "pyproject.toml"

REVERSE_DNS_DOMAIN = "org.clabberleague"
"""The reverse-DNS prefix of the macOS bundle identifier (and the seed of the Windows
AppId). Chosen once: changing it makes macOS and Windows see a different app."""

_PLACEHOLDER = re.compile(r"@([A-Z][A-Z0-9_]*)@")


@dataclass(frozen=True)
class AppInfo:
    """Everything the templates say about the app, gathered in one place."""

    name: str
    app_id: str
    version: str
    summary: str
    license: str
    author: str
    release_date: dt.date

    @property
    def numeric_version(self) -> str:
        """The release numbers alone (``1.2.0`` of ``1.2.0rc1``): what Windows and macOS take."""
        match = re.match(r"\d+(?:\.\d+)*", self.version)
        if match is None:
            raise ValueError(f"version {self.version!r} does not start with a number")
        return match.group(0)

    @property
    def version_quad(self) -> str:
        """Four numbers, as Windows' version resource wants them (``0.1.0.0``)."""
        parts = self.numeric_version.split(".")[:4]
        return ".".join(parts + ["0"] * (4 - len(parts)))

    @property
    def bundle_identifier(self) -> str:
        """The macOS CFBundleIdentifier, ``org.clabberleague.ClabberLeague``."""
        return f"{REVERSE_DNS_DOMAIN}.{re.sub(r'[^A-Za-z0-9]', '', self.name)}"

    @property
    def league_uti(self) -> str:
        """The macOS uniform type identifier of league files, ``org.clabberleague.league``."""
        return f"{REVERSE_DNS_DOMAIN}.league"

    def prog_id(self, kind: str) -> str:
        """A Windows ProgID, ``ClabberLeague.League``: the registry's name for one kind of
        the app's files (``Software\\Classes\\<ProgID>``)."""
        return f"{re.sub(r'[^A-Za-z0-9]', '', self.name)}.{kind}"

    @property
    def windows_app_id(self) -> str:
        """Inno Setup's AppId: a GUID derived from the bundle identifier, stable forever."""
        return str(uuid.uuid5(uuid.NAMESPACE_DNS, self.bundle_identifier)).upper()

    def values(self) -> dict[str, str]:
        return {
            "APP_NAME": self.name,
            "APP_ID": self.app_id,
            "VERSION": self.version,
            "NUMERIC_VERSION": self.numeric_version,
            "VERSION_QUAD": self.version_quad,
            "SUMMARY": self.summary,
            "LICENSE": self.license,
            "AUTHOR": self.author,
            "RELEASE_DATE": self.release_date.isoformat(),
            "YEAR": str(self.release_date.year),
            "BUNDLE_IDENTIFIER": self.bundle_identifier,
            "WINDOWS_APP_ID": self.windows_app_id,
            "LEAGUE_MIME": LEAGUE_MIME,
            "LEAGUE_SUFFIX": LEAGUE_SUFFIX,
            "LEAGUE_EXTENSION": LEAGUE_SUFFIX.removeprefix("."),
            "LEAGUE_UTI": self.league_uti,
            "LEAGUE_PROGID": self.prog_id("League"),
            "GAME_MIME": GAME_MIME,
            "GAME_SUFFIX": GAME_SUFFIX,
            "GAME_PROGID": self.prog_id("Game"),
        }


def release_date() -> dt.date:
    """``$SOURCE_DATE_EPOCH`` (reproducible builds), else the last commit's day, else today."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return dt.datetime.fromtimestamp(int(epoch), dt.UTC).date()
    try:
        done = subprocess.run(
            ["git", "log", "-1", "--format=%cs"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return dt.date.fromisoformat(done.stdout.strip())
    except (OSError, ValueError, subprocess.CalledProcessError):
        return dt.datetime.now(dt.UTC).date()


def app_info(pyproject: Path = PYPROJECT, when: dt.date | None = None) -> AppInfo:
    """The app's name and version from the package, the rest from ``pyproject.toml``."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    return AppInfo(
        name=APP_NAME,
        app_id=APP_ID,
        version=__version__,
        summary=project["description"],
        license=project["license"],
        author=project["authors"][0]["name"],
        release_date=when or release_date(),
    )


def desktop_escape(value: str) -> str:
    """A desktop entry's string value (Desktop Entry Specification, "Possible value types")."""
    return (
        value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")
    )


def iss_escape(value: str) -> str:
    """An Inno Setup value: braces start a constant, so a literal one is doubled."""
    if '"' in value:
        raise ValueError(f"an Inno Setup value cannot hold a double quote: {value!r}")
    return value.replace("{", "{{")


def fill(template: str, values: Mapping[str, str], escape: Callable[[str], str]) -> str:
    """Replace every ``@NAME@`` with its escaped value; an unknown name is an error."""
    missing = sorted({name for name in _PLACEHOLDER.findall(template) if name not in values})
    if missing:
        raise KeyError(f"no value for {', '.join('@' + name + '@' for name in missing)}")
    return _PLACEHOLDER.sub(lambda match: escape(values[match.group(1)]), template)


@dataclass(frozen=True)
class Template:
    """One template and where its result goes, relative to the output folder."""

    source: Path
    output: str
    """The result's path, placeholders allowed (``linux/@APP_ID@.desktop``)."""
    escape: Callable[[str], str]

    def output_name(self, info: AppInfo) -> str:
        return fill(self.output, info.values(), str)

    def render(self, info: AppInfo, extra: Mapping[str, str] | None = None) -> str:
        text = self.source.read_text(encoding="utf-8")
        return fill(text, {**info.values(), **(extra or {})}, self.escape)


DESKTOP = Template(INSTALLER / "linux" / "app.desktop.in", "linux/@APP_ID@.desktop", desktop_escape)
# AppStream wants a reverse-DNS component id, and the file named after it; the desktop
# entry keeps APP_ID, the name the running app gives Qt (app.setDesktopFileName).
METAINFO = Template(
    INSTALLER / "linux" / "app.metainfo.xml.in",
    "linux/@BUNDLE_IDENTIFIER@.metainfo.xml",
    xml_escape,
)
MIME_INFO = Template(INSTALLER / "linux" / "mime.xml.in", "linux/@APP_ID@.xml", xml_escape)
"""The shared-mime-info package of the app's file types (``share/mime/packages/``)."""
INNO_SETUP = Template(INSTALLER / "windows" / "app.iss.in", "windows/@APP_ID@.iss", iss_escape)
INFO_PLIST = Template(INSTALLER / "macos" / "Info.plist.in", "macos/Info.plist", xml_escape)
TEMPLATES = (DESKTOP, METAINFO, MIME_INFO, INNO_SETUP, INFO_PLIST)


def windows_source_dir(out: Path) -> str:
    """The project root as seen from the rendered .iss (Inno Setup's ``SourceDir``)."""
    return os.path.relpath(ROOT, out / Path(INNO_SETUP.output).parent).replace("/", "\\")


def render_all(out: Path, info: AppInfo | None = None) -> list[Path]:
    """Write every rendered file under ``out``; return their paths."""
    info = info or app_info()
    extra = {"SOURCE_DIR": windows_source_dir(out)}
    written = []
    for template in TEMPLATES:
        path = out / template.output_name(info)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = template.render(info, extra)
        if template is INNO_SETUP:
            # Windows line ends, and a byte-order mark: without one ISCC reads the file
            # in the machine's ANSI code page, not UTF-8.
            text = "\ufeff" + text.replace("\n", "\r\n")
        path.write_text(text, encoding="utf-8", newline="")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m installer.render", description=__doc__)
    parser.add_argument(
        "--out", type=Path, default=ROOT / "build" / "installer", help="default: build/installer"
    )
    args = parser.parse_args(argv)
    for path in render_all(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
