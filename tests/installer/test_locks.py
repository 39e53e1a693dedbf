"""The lock files (installer/lock/, installer/README.md "Reproducible builds") still fit
``pyproject.toml``: every library it names is pinned, inside its range, and every pinned
release carries the hashes ``pip install --require-hashes`` checks. ``make lock`` writes
them; this catches the ``pyproject.toml`` change that forgot to."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ROOT / "installer" / "lock"
#: Each lock and the extras ``make lock`` resolves it with (besides the run-time ones).
EXTRAS = {"bundle.txt": ("bundle",), "test.txt": ("test", "bundle", "postgres")}
PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>\S+)")


def pinned(lock: Path) -> dict[str, tuple[Version, int]]:
    """Each pinned library's release and how many hashes its entry lists."""
    found: dict[str, tuple[Version, int]] = {}
    name = ""
    for line in lock.read_text(encoding="utf-8").splitlines():
        match = PIN.match(line)
        if match:
            name = canonicalize_name(match["name"])
            assert name not in found, f"{lock.name} pins {name} twice"
            found[name] = (Version(match["version"]), 0)
        elif line.strip().startswith("--hash=sha256:"):
            release, hashes = found[name]
            found[name] = (release, hashes + 1)
    return found


def wanted(extras: tuple[str, ...]) -> list[Requirement]:
    """What ``pyproject.toml`` asks for with ``extras``, and the locked build backend."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines = list(project["dependencies"])
    for extra in extras:
        lines += project["optional-dependencies"][extra]
    return [Requirement(line) for line in lines] + backend()


def backend() -> list[Requirement]:
    """The build backend the locked installs build the package with."""
    lines = (LOCKS / "build-backend.in").read_text(encoding="utf-8").splitlines()
    return [Requirement(line) for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("lock_name", sorted(EXTRAS))
def test_every_library_pyproject_names_is_pinned_in_its_range(lock_name: str) -> None:
    locked = pinned(LOCKS / lock_name)
    for requirement in wanted(EXTRAS[lock_name]):
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{lock_name} lacks {name}: run make lock"
        release, _hashes = locked[name]
        assert requirement.specifier.contains(release, prereleases=True), (
            f"{lock_name} pins {name} {release}, outside {requirement.specifier}: run make lock"
        )


@pytest.mark.parametrize("lock_name", sorted(EXTRAS))
def test_every_pinned_release_has_its_hashes(lock_name: str) -> None:
    locked = pinned(LOCKS / lock_name)
    assert locked
    assert [name for name, (_release, hashes) in locked.items() if hashes == 0] == []


def test_the_build_backend_is_the_one_pyproject_builds_with() -> None:
    system = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    needs = {canonicalize_name(Requirement(line).name) for line in system["requires"]}
    assert needs <= {canonicalize_name(requirement.name) for requirement in backend()}


def test_the_bundle_is_built_without_the_test_libraries() -> None:
    bundle = pinned(LOCKS / "bundle.txt")
    assert {"pytest", "psycopg-binary", "playwright", "mypy"}.isdisjoint(bundle)
    assert {"pyinstaller", "pyside6-essentials", "babel"} <= set(bundle)
