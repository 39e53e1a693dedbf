"""How the app is packed: the wheel's and sdist's configuration, and the Linux tarball with
its install.sh and uninstall.sh (run here around a stand-in for the bundle, so that
``make test`` checks them without building one; ``make bundle-test`` runs the real one)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tarfile
import tomllib
from pathlib import Path
from typing import Any

import pytest

from clabber_league import APP_ID, __version__
from clabber_league.file_types import LEAGUE_MIME, LEAGUE_SUFFIX
from clabber_league.i18n.prebuilt import made
from installer.icons import SIZES
from installer.render import ROOT, AppInfo
from installer.tarball import make_tarball, share_files, tarball_name

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


# --- the wheel and the sdist ----------------------------------------------------------


def test_the_bundle_extra_brings_pyinstaller_and_build() -> None:
    extra = PYPROJECT["project"]["optional-dependencies"]["bundle"]
    assert {requirement.split(">")[0] for requirement in extra} == {"pyinstaller", "build"}
    assert not any("pyinstaller" in req for req in PYPROJECT["project"]["dependencies"])


def test_the_wheel_carries_resources_inside_the_package() -> None:
    """clabber_league/resources.py looks for ``clabber_league/resources`` in a wheel."""
    wheel = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["clabber_league"]  # migrations are in the package
    assert wheel["force-include"] == {"resources": "clabber_league/resources"}
    for folder in ("schemas", "examples", "fonts", "icons", "locale"):
        assert any((ROOT / "resources" / folder).iterdir()), folder


def test_the_sdist_can_build_the_wheel_and_the_bundles() -> None:
    include = set(PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"])
    assert {"clabber_league", "resources", "installer", "tests", "README.md"} <= include


def test_the_wheels_build_hook_is_registered_with_what_it_needs() -> None:
    """hatch_build.py makes the compiled catalogues and the pages' words (i18n.prebuilt)."""
    assert "custom" in PYPROJECT["tool"]["hatch"]["build"]["hooks"]
    assert any(req.startswith("babel") for req in PYPROJECT["build-system"]["requires"])
    assert "hatch_build.py" in PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert {"resources/locale/*/LC_MESSAGES/*.mo", "resources/night-words/"} <= set(ignored)


def test_the_build_hook_makes_the_files_in_the_tree_a_wheel_is_built_from(
    tmp_path: Path,
) -> None:
    """A tree as an sdist unpacks (the catalogues and the pages, nothing built): building
    its wheel, or its editable wheel, makes every file; building the sdist makes none."""
    from hatch_build import PrebuiltHook  # noqa: PLC0415 -- the repository root's

    for folder in ("resources/locale", "clabber_league/night/static"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("*.mo"))

    def build(target: str, version: str) -> None:
        unread: Any = None  # the build's configuration and metadata: the hook reads neither
        hook = PrebuiltHook(str(tmp_path), {}, unread, unread, str(tmp_path / "dist"), target)
        hook.initialize(version, {})

    expected = made(tmp_path)
    build("sdist", "standard")
    assert not any(path.exists() for path in expected)
    build("wheel", "editable")
    assert {path: path.read_bytes() for path in expected} == expected
    # the same catalogues and pages make the same files as in the checkout
    here = {path.relative_to(ROOT): content for path, content in made(ROOT).items()}
    assert {path.relative_to(tmp_path): content for path, content in expected.items()} == here


# --- the tarball and its installer ----------------------------------------------------


def test_the_tarball_is_named_by_version_and_machine(info: AppInfo) -> None:
    assert tarball_name(info, "x86_64") == f"{APP_ID}-{__version__}-linux-x86_64.tar.gz"


def test_the_tarball_brings_the_menu_entry_metainfo_file_types_and_every_icon(
    info: AppInfo,
) -> None:
    names = set(share_files(info))
    assert f"applications/{APP_ID}.desktop" in names
    assert f"metainfo/{info.bundle_identifier}.metainfo.xml" in names
    assert f"mime/packages/{APP_ID}.xml" in names
    assert f"icons/hicolor/scalable/apps/{APP_ID}.svg" in names
    assert {f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png" for size in SIZES} <= names


@pytest.mark.parametrize("script", ["install.sh", "uninstall.sh"])
def test_the_scripts_are_posix_shell(script: str) -> None:
    path = ROOT / "installer" / "linux" / script
    subprocess.run(["sh", "-n", str(path)], check=True)
    if shutil.which("shellcheck"):
        subprocess.run(["shellcheck", "--shell=sh", str(path)], check=True)


STAND_IN = f"""#!/bin/sh
[ "$1" = --version ] && echo "{APP_ID} {__version__}"
"""


@pytest.fixture
def unpacked(tmp_path: Path, info: AppInfo) -> Path:
    """A tarball around a stand-in bundle (a script answering --version), unpacked."""
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / APP_ID).write_text(STAND_IN, encoding="utf-8")
    (bundle / APP_ID).chmod(0o755)
    (bundle / "_internal").mkdir()
    (bundle / "_internal" / "data.txt").write_text("data", encoding="utf-8")
    tarball = make_tarball(bundle, tmp_path / "dist", info)
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            assert (member.uid, member.uname) == (0, ""), member.name
        archive.extractall(tmp_path / "unpacked", filter="tar")
    return tmp_path / "unpacked" / f"{APP_ID}-{__version__}"


def run_script(script: Path, home: Path, *args: str) -> str:
    done = subprocess.run(
        ["sh", str(script), *args],
        env={"HOME": str(home), "PATH": os.environ["PATH"]},
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_install_puts_the_app_in_the_menu_and_uninstall_takes_it_all_away(
    unpacked: Path, tmp_path: Path, info: AppInfo
) -> None:
    home = tmp_path / "home with space"
    (home / ".local" / "share" / APP_ID).mkdir(parents=True)
    (home / ".local" / "share" / APP_ID / "games.sqlite3").write_text("x", encoding="utf-8")
    assert os.access(unpacked / "install.sh", os.X_OK)

    said = run_script(unpacked / "install.sh", home)
    local = home / ".local"
    libdir = local / "lib" / APP_ID
    assert f"Installed {APP_ID} {__version__} in {libdir}" in said
    assert (local / "bin" / APP_ID).resolve() == libdir / APP_ID
    assert (libdir / "_internal" / "data.txt").read_text(encoding="utf-8") == "data"
    assert stat.S_IMODE((libdir / APP_ID).stat().st_mode) == 0o755
    desktop = (local / "share" / "applications" / f"{APP_ID}.desktop").read_text("utf-8")
    assert f'Exec="{libdir / APP_ID}" %f' in desktop.splitlines()
    assert f"TryExec={libdir / APP_ID}" in desktop.splitlines()
    assert f"Icon={APP_ID}" in desktop.splitlines()
    for size in SIZES:
        assert (local / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps").is_dir()
    assert (local / "share" / "metainfo" / f"{info.bundle_identifier}.metainfo.xml").is_file()
    assert (local / "share" / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    if shutil.which("update-mime-database"):
        globs = (local / "share" / "mime" / "globs2").read_text(encoding="utf-8").splitlines()
        assert f"50:{LEAGUE_MIME}:*{LEAGUE_SUFFIX}" in globs
    if shutil.which("desktop-file-validate"):
        subprocess.run(
            ["desktop-file-validate", str(local / "share" / "applications" / f"{APP_ID}.desktop")],
            check=True,
        )

    # Installing again replaces the copy; then the installed uninstall.sh removes it all.
    run_script(unpacked / "install.sh", home)
    installed = (libdir / "installed-files").read_text(encoding="utf-8").split("\n")
    said = run_script(libdir / "uninstall.sh", home)
    assert "Removed" in said
    assert not libdir.exists()
    assert not any(Path(path).exists() or Path(path).is_symlink() for path in installed if path)
    if shutil.which("update-mime-database"):
        left = (local / "share" / "mime" / "globs2").read_text(encoding="utf-8")
        assert LEAGUE_MIME not in left  # the desktop forgets the types again
    # The games are the user's: they stay.
    assert (local / "share" / APP_ID / "games.sqlite3").is_file()


def test_install_takes_a_prefix_and_uninstall_from_the_tarball_finds_it(
    unpacked: Path, tmp_path: Path
) -> None:
    prefix = tmp_path / "opt"
    run_script(unpacked / "install.sh", tmp_path, "--prefix", str(prefix))
    assert (prefix / "bin" / APP_ID).is_symlink()
    run_script(unpacked / "uninstall.sh", tmp_path, f"--prefix={prefix}")
    assert not (prefix / "lib" / APP_ID).exists()
    assert not (prefix / "bin" / APP_ID).is_symlink()


def test_uninstall_refuses_a_folder_install_sh_did_not_make(unpacked: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        ["sh", str(unpacked / "uninstall.sh"), "--prefix", str(tmp_path / "nothing")],
        env={"HOME": str(tmp_path), "PATH": os.environ["PATH"]},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "no install of clabber-league" in done.stderr
