"""The templates filled from the package: every generated file well-formed, version in."""

from __future__ import annotations

import configparser
import datetime as dt
import os
import plistlib
import re
import shutil
import subprocess
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path, PureWindowsPath

import pytest

from clabber_league import APP_ID, APP_NAME, __version__
from clabber_league.file_types import GAME_MIME, GAME_SUFFIX, LEAGUE_MIME, LEAGUE_SUFFIX
from installer import render
from installer.render import (
    DESKTOP,
    INFO_PLIST,
    INNO_SETUP,
    METAINFO,
    MIME_INFO,
    ROOT,
    TEMPLATES,
    AppInfo,
    desktop_escape,
    fill,
    iss_escape,
)
from tests.installer.conftest import RELEASE_DAY

LEFTOVER = re.compile(r"@[A-Z][A-Z0-9_]*@")


def output(rendered: Path, info: AppInfo, template: render.Template) -> Path:
    return rendered / template.output_name(info)


# --- the generator ------------------------------------------------------------------


def test_fill_replaces_every_placeholder_with_its_escaped_value() -> None:
    assert fill("Name=@A@ v@B@", {"A": "x\ny", "B": "1"}, desktop_escape) == "Name=x\\ny v1"


def test_fill_refuses_a_placeholder_without_a_value() -> None:
    with pytest.raises(KeyError, match="@NOPE@"):
        fill("@APP_NAME@ @NOPE@", {"APP_NAME": "x"}, str)


def test_inno_setup_values_double_braces_and_refuse_quotes() -> None:
    assert iss_escape("a {b}") == "a {{b}"
    with pytest.raises(ValueError, match="double quote"):
        iss_escape('say "hi"')


def test_the_values_come_from_the_package_and_pyproject(info: AppInfo) -> None:
    assert (info.name, info.app_id, info.version) == (APP_NAME, APP_ID, __version__)
    assert info.summary.startswith("Scoresheets")
    assert info.license == "MIT"
    assert info.release_date == RELEASE_DAY


@pytest.mark.parametrize(
    ("version", "numeric", "quad"),
    [
        ("0.1.0", "0.1.0", "0.1.0.0"),
        ("1.2.0rc1", "1.2.0", "1.2.0.0"),
        ("2", "2", "2.0.0.0"),
        ("1.2.3.4.5", "1.2.3.4.5", "1.2.3.4"),
    ],
)
def test_windows_and_macos_get_the_release_numbers(
    info: AppInfo, version: str, numeric: str, quad: str
) -> None:
    other = AppInfo(**{**info.__dict__, "version": version})
    assert (other.numeric_version, other.version_quad) == (numeric, quad)


def test_a_version_without_numbers_is_refused(info: AppInfo) -> None:
    with pytest.raises(ValueError, match="'dev'"):
        _ = AppInfo(**{**info.__dict__, "version": "dev"}).numeric_version


def test_the_windows_app_id_is_a_guid_that_never_changes(info: AppInfo) -> None:
    guid = info.windows_app_id
    assert uuid.UUID(guid) == uuid.uuid5(uuid.NAMESPACE_DNS, "org.clabberleague.ClabberLeague")
    assert guid == guid.upper()
    assert info.bundle_identifier == "org.clabberleague.ClabberLeague"


def test_the_release_date_follows_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1788048000")  # 2026-08-30 UTC
    assert render.release_date() == dt.date(2026, 8, 30)


def test_every_template_is_rendered_with_nothing_left_over(rendered: Path, info: AppInfo) -> None:
    for template in TEMPLATES:
        text = output(rendered, info, template).read_text(encoding="utf-8-sig")
        assert not LEFTOVER.findall(text), template.source.name
        assert __version__ in text or template in (DESKTOP, MIME_INFO)


def test_the_command_line_writes_the_five_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert render.main(["--out", str(tmp_path)]) == 0
    written = capsys.readouterr().out.split()
    assert sorted(Path(path).name for path in written) == sorted(
        [
            f"{APP_ID}.desktop",
            f"{APP_ID}.xml",
            f"{APP_ID}.iss",
            "Info.plist",
            f"{render.app_info().bundle_identifier}.metainfo.xml",
        ]
    )
    assert all(Path(path).is_file() for path in written)


# --- Linux: the desktop entry and AppStream -------------------------------------------


def test_the_desktop_entry_launches_the_app_with_its_icon(rendered: Path, info: AppInfo) -> None:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(output(rendered, info, DESKTOP), encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == APP_NAME
    assert entry["Exec"] == f"{APP_ID} %f"  # the file the file manager opens with it
    assert entry["TryExec"] == APP_ID
    assert entry["MimeType"] == f"{LEAGUE_MIME};{GAME_MIME};"
    assert entry["Icon"] == APP_ID  # the hicolor theme name install.sh fills
    assert entry["Comment"] == info.summary
    assert entry["Terminal"] == "false"
    assert entry["Categories"].split(";")[:2] == ["Game", "CardGame"]


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils")
def test_the_desktop_entry_passes_desktop_file_validate(rendered: Path, info: AppInfo) -> None:
    done = subprocess.run(
        ["desktop-file-validate", str(output(rendered, info, DESKTOP))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def test_the_metainfo_has_the_fields_appstream_requires(rendered: Path, info: AppInfo) -> None:
    path = output(rendered, info, METAINFO)
    assert path.name == f"{info.bundle_identifier}.metainfo.xml"
    component = ET.parse(path).getroot()
    assert component.tag == "component"
    assert component.get("type") == "desktop-application"

    def text(tag: str) -> str:
        element = component.find(tag)
        assert element is not None, tag
        return (element.text or "").strip()

    assert text("id") == info.bundle_identifier
    assert text("name") == APP_NAME
    assert text("summary") == info.summary
    assert text("metadata_license") == "CC0-1.0"
    assert text("project_license") == "MIT"
    assert text("launchable") == f"{APP_ID}.desktop"
    assert text("icon") == APP_ID
    assert component.findall("description/p")
    assert component.find("content_rating") is not None
    release = component.find("releases/release")
    assert release is not None
    assert release.attrib == {"version": __version__, "date": "2026-11-30"}


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream")
def test_the_metainfo_passes_appstreamcli_validate(rendered: Path, info: AppInfo) -> None:
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(output(rendered, info, METAINFO))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


MIME_NS = {"mime": "http://www.freedesktop.org/standards/shared-mime-info"}


def test_the_mime_types_name_the_league_and_game_globs(rendered: Path, info: AppInfo) -> None:
    root = ET.parse(output(rendered, info, MIME_INFO)).getroot()
    assert root.tag == f"{{{MIME_NS['mime']}}}mime-info"
    types = {
        element.get("type"): (
            [glob.get("pattern") for glob in element.findall("mime:glob", MIME_NS)],
            [parent.get("type") for parent in element.findall("mime:sub-class-of", MIME_NS)],
        )
        for element in root.findall("mime:mime-type", MIME_NS)
    }
    # Only the app's own extensions: no other .sqlite3 or .json file is claimed.
    assert types == {
        LEAGUE_MIME: ([f"*{LEAGUE_SUFFIX}"], ["application/vnd.sqlite3"]),
        GAME_MIME: ([f"*{GAME_SUFFIX}"], ["application/json"]),
    }


@pytest.mark.skipif(shutil.which("update-mime-database") is None, reason="shared-mime-info")
def test_update_mime_database_reads_the_types(
    rendered: Path, info: AppInfo, tmp_path: Path
) -> None:
    packages = tmp_path / "mime" / "packages"
    packages.mkdir(parents=True)
    shutil.copy(output(rendered, info, MIME_INFO), packages / f"{APP_ID}.xml")
    done = subprocess.run(
        ["update-mime-database", str(tmp_path / "mime")],
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path)},  # else it warns the folder is unread
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    globs = (tmp_path / "mime" / "globs2").read_text(encoding="utf-8").splitlines()
    assert f"50:{LEAGUE_MIME}:*{LEAGUE_SUFFIX}" in globs
    assert f"50:{GAME_MIME}:*{GAME_SUFFIX}" in globs


# --- Windows: the Inno Setup script ---------------------------------------------------


def iss_sections(text: str) -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            continue
        if stripped.startswith("[") and stripped.endswith("]"):
            current = stripped[1:-1]
            sections.setdefault(current, [])
        else:
            assert current, f"a line outside any section: {line!r}"
            sections[current].append(stripped)
    return sections


def test_the_inno_setup_script_has_the_version_and_its_sections(
    rendered: Path, info: AppInfo
) -> None:
    raw = output(rendered, info, INNO_SETUP).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM, as ISCC wants it
    assert b"\r\n" in raw
    assert b"\n" not in raw.replace(b"\r\n", b"")
    sections = iss_sections(raw.decode("utf-8-sig"))
    assert {"Setup", "Languages", "Tasks", "Files", "Icons", "Run"} <= sections.keys()
    setup = dict(line.split("=", 1) for line in sections["Setup"])
    assert setup["AppVersion"] == __version__
    assert setup["AppName"] == APP_NAME
    assert setup["AppVerName"] == f"{APP_NAME} {__version__}"
    assert setup["VersionInfoVersion"] == info.version_quad
    assert setup["OutputBaseFilename"] == f"{APP_ID}-{__version__}-windows-setup"
    assert setup["AppId"] == "{{" + info.windows_app_id + "}"
    assert setup["DefaultDirName"] == "{autopf}\\" + APP_NAME
    # The paths ISCC resolves from SourceDir: the project root, the icon and the bundle.
    source_dir = (rendered / "windows" / Path(*PureWindowsPath(setup["SourceDir"]).parts)).resolve()
    assert source_dir == ROOT
    assert (ROOT / Path(*PureWindowsPath(setup["SetupIconFile"]).parts)).is_file()
    assert any(line.startswith(f'Source: "dist\\{APP_ID}\\*"') for line in sections["Files"])
    assert all(f"{APP_ID}-gui.exe" in line for line in sections["Icons"])


def registry_entries(rendered: Path, info: AppInfo) -> list[dict[str, str]]:
    """The ``[Registry]`` lines, each as its parameters (``Subkey``, ``ValueData`` …)."""
    text = output(rendered, info, INNO_SETUP).read_text(encoding="utf-8-sig")
    entries = []
    for line in iss_sections(text)["Registry"]:
        entry = {}
        for parameter in re.findall(r'(\w+): ("(?:[^"]|"")*"|[^;]*)', line):
            name, value = parameter
            value = value.strip()
            if value.startswith('"'):
                value = value[1:-1].replace('""', '"')
            entry[name] = value
        entries.append(entry)
    return entries


def test_the_inno_setup_script_associates_league_files_with_the_app(
    rendered: Path, info: AppInfo
) -> None:
    text = output(rendered, info, INNO_SETUP).read_text(encoding="utf-8-sig")
    setup = dict(line.split("=", 1) for line in iss_sections(text)["Setup"])
    assert setup["ChangesAssociations"] == "yes"
    entries = registry_entries(rendered, info)
    assert all(entry["Root"] == "HKA" for entry in entries)  # per user, or all users'
    values = {(entry["Subkey"], entry["ValueName"]): entry["ValueData"] for entry in entries}
    league, game = info.prog_id("League"), info.prog_id("Game")
    assert league == "ClabberLeague.League"
    assert values[(f"Software\\Classes\\{LEAGUE_SUFFIX}", "")] == league
    assert values[(f"Software\\Classes\\{LEAGUE_SUFFIX}", "Content Type")] == LEAGUE_MIME
    command = f'"{{app}}\\{APP_ID}-gui.exe" "%1"'
    for prog_id in (league, game):
        assert values[(f"Software\\Classes\\{prog_id}\\shell\\open\\command", "")] == command
    # JSON and other SQLite files are only offered "Open with", never taken over.
    assert ("Software\\Classes\\.json", "") not in values
    assert ("Software\\Classes\\.sqlite3", "") not in values
    assert values[("Software\\Classes\\.json\\OpenWithProgids", game)] == ""
    # Uninstalling takes every value or key it added away again.
    for entry in entries:
        if not entry["Subkey"].endswith(("DefaultIcon", "command", "SupportedTypes")):
            assert entry.get("Flags", "").startswith("uninsdelete"), entry


# --- macOS: the Info.plist ------------------------------------------------------------


def test_the_info_plist_parses_and_carries_the_version(rendered: Path, info: AppInfo) -> None:
    plist = plistlib.loads(output(rendered, info, INFO_PLIST).read_bytes())
    assert plist["CFBundleShortVersionString"] == __version__
    assert plist["CFBundleVersion"] == info.numeric_version
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == APP_NAME
    assert plist["CFBundleIdentifier"] == info.bundle_identifier
    assert plist["CFBundleExecutable"] == APP_ID
    assert plist["CFBundlePackageType"] == "APPL"
    assert plist["NSHighResolutionCapable"] is True
    assert (ROOT / "resources" / "icons" / plist["CFBundleIconFile"]).is_file()


def test_the_info_plist_declares_league_files_and_opens_game_sheets(
    rendered: Path, info: AppInfo
) -> None:
    plist = plistlib.loads(output(rendered, info, INFO_PLIST).read_bytes())
    (declared,) = plist["UTExportedTypeDeclarations"]
    assert declared["UTTypeIdentifier"] == info.league_uti == "org.clabberleague.league"
    assert "public.database" in declared["UTTypeConformsTo"]
    tags = declared["UTTypeTagSpecification"]
    assert tags["public.filename-extension"] == [LEAGUE_SUFFIX.removeprefix(".")]
    assert tags["public.mime-type"] == [LEAGUE_MIME]
    kinds = {
        content: (kind["LSHandlerRank"], kind["CFBundleTypeRole"])
        for kind in plist["CFBundleDocumentTypes"]
        for content in kind["LSItemContentTypes"]
    }
    assert kinds == {info.league_uti: ("Owner", "Editor"), "public.json": ("Alternate", "Viewer")}
