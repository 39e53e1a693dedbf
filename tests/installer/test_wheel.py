"""The wheel and sdist that ``python -m build`` made (``make bundle-test`` builds them first):
every resource inside, and a fresh venv with only the wheel installed runs the app."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from clabber_league import APP_ID, __version__
from clabber_league.i18n.prebuilt import made
from clabber_league.notices import NOTICES_FILE
from installer.render import ROOT

pytestmark = pytest.mark.bundle

DIST_NAME = APP_ID.replace("-", "_")


def shipped(folder: str) -> set[str]:
    """The files a checkout has under ``folder`` (no byte-code caches)."""
    return {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.fixture(scope="module")
def wheel(dist: Path) -> Path:
    path = dist / f"{DIST_NAME}-{__version__}-py3-none-any.whl"
    if not path.is_file():
        pytest.fail(f"{path} is missing: run python -m build (make bundle-test does)")
    return path


@pytest.fixture(scope="module")
def sdist(dist: Path) -> Path:
    path = dist / f"{DIST_NAME}-{__version__}.tar.gz"
    if not path.is_file():
        pytest.fail(f"{path} is missing: run python -m build (make bundle-test does)")
    return path


def test_the_wheel_holds_every_resource_and_the_migrations(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    resources = {f"clabber_league/{name}" for name in shipped("resources")}
    assert resources <= names, sorted(resources - names)
    for folder in ("schemas", "examples", "fonts", "icons", "locale"):
        assert any(name.startswith(f"clabber_league/resources/{folder}/") for name in names)
    migrations = shipped("clabber_league/store/migrations")
    assert migrations <= names, sorted(migrations - names)
    assert "clabber_league/py.typed" in names
    licence = f"{DIST_NAME}-{__version__}.dist-info/licenses/LICENSE"
    assert zipfile.ZipFile(wheel).read(licence).startswith(b"MIT License")


def test_the_wheel_carries_the_third_party_notices_where_about_reads_them(wheel: Path) -> None:
    """Written by the build hook from the build's environment (``installer/notices.py``),
    at ``clabber_league.notices.NOTICES_FILE`` inside the resources."""
    name = "clabber_league/resources/" + "/".join(NOTICES_FILE)
    notices = zipfile.ZipFile(wheel).read(name).decode("utf-8")
    for library in ("PySide6_Essentials", "shiboken6", "python-bidi"):
        assert f"\n  {library} " in notices, library
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in notices


def test_the_wheel_holds_the_compiled_catalogues_and_the_pages_words(wheel: Path) -> None:
    """Made by the build hook from the sdist's catalogues, as the checkout's build makes them."""
    archive = zipfile.ZipFile(wheel)
    for path, content in made(ROOT).items():
        assert archive.read(f"clabber_league/{path.relative_to(ROOT).as_posix()}") == content


def test_the_sdist_holds_what_building_the_wheel_and_the_bundles_needs(sdist: Path) -> None:
    top = f"{DIST_NAME}-{__version__}"
    with tarfile.open(sdist) as archive:
        names = {name.removeprefix(top + "/") for name in archive.getnames()}
    generated = {path.relative_to(ROOT).as_posix() for path in made(ROOT)}
    for folder in ("resources", "installer", "clabber_league/store/migrations"):
        expected = {name for name in shipped(folder) if not name.endswith(".pyc")} - generated
        assert expected <= names, sorted(expected - names)
    assert not generated & names, "the sdist ships the catalogues; its wheel builds the rest"
    assert {"pyproject.toml", "hatch_build.py", "README.md", "LICENSE"} <= names


def test_pip_install_of_the_wheel_in_a_fresh_venv_gives_a_working_app(
    wheel: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    pip = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert pip.returncode == 0, pip.stderr
    env = {
        "PATH": f"{venv / 'bin'}:/usr/bin:/bin",
        "HOME": str(tmp_path),
        "QT_QPA_PLATFORM": "offscreen",
        "CLABBER_LEAGUE_DATA": str(tmp_path / "data"),
    }
    program = str(venv / "bin" / APP_ID)

    def run(*args: str) -> str:
        done = subprocess.run(
            [program, *args], env=env, cwd=tmp_path, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, f"{args}: {done.stderr}"
        return done.stdout

    assert run("--version") == f"{APP_ID} {__version__}\n"
    example = ROOT / "resources" / "examples" / "evansville-full-game.json"
    assert json.loads(run("score", str(example)))["format"] == "clabber-sheet/1"
    run("--screenshot", str(tmp_path / "shot.png"))
    assert (tmp_path / "data" / f"{APP_ID}.sqlite3").is_file()
    run("print", "blank", "--out", str(tmp_path / "pad.pdf"))
    # The resources came from the wheel, not from this checkout.
    where = subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "from clabber_league.resources import resources_dir; print(resources_dir())",
        ],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(where).is_relative_to(venv), where
    assert os.path.isfile(Path(where) / "icons" / f"{APP_ID}.svg")
