"""Write a site's pages into a folder: only the changed ones, and remove the stale ones.

Publishing again after a night must rewrite only the pages that changed and say how many,
and a page an earlier publish wrote that is no longer part of the site (a removed team)
must go. The folder may hold a stranger's files too (the club's own ``robots.txt``), so
only what a publish wrote is ever removed: the manifest file (``MANIFEST``) lists it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO

from clabber_league.inputs import os_words
from clabber_league.outputs import OutputError, write_output
from clabber_league.rules.messages import problem

MANIFEST = ".clabber-site.json"
"""The pages the last publish wrote, one relative path each, kept in the site's folder."""
MANIFEST_FORMAT = "clabber-site/1"


@dataclass(frozen=True)
class Page:
    """One file of the site: its path inside the site (``/``-separated) and its bytes."""

    path: str
    content: bytes


@dataclass(frozen=True)
class Outcome:
    """What a publish did to the folder, file by file."""

    written: int
    unchanged: int
    removed: int


def _inside(path: object) -> bool:
    """Whether ``path`` names a file inside the site's folder (and not its manifest): a
    relative ``/`` path, with no ``..``, backslash or drive (``C:``) to leave it by."""
    if not isinstance(path, str) or path in {"", MANIFEST} or "\\" in path or ":" in path:
        return False
    relative = PurePosixPath(path)
    return not relative.is_absolute() and ".." not in relative.parts


def _manifest(folder: Path) -> list[str]:
    """The pages the earlier publish wrote ([] for a folder never published to); a
    manifest that is not one (or names a file out of the folder) is refused."""
    path = folder / MANIFEST
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        raise OutputError(problem("cannot read {path}: {why}", path=path, why=str(exc))) from None
    pages = document.get("pages") if isinstance(document, dict) else None
    if (
        not isinstance(document, dict)
        or document.get("format") != MANIFEST_FORMAT
        or not isinstance(pages, list)
        or not all(_inside(page) for page in pages)
    ):
        raise OutputError(problem("{path} is not a published site's list of pages", path=path))
    return [str(page) for page in pages]


def write_site(folder: Path, pages: Iterable[Page]) -> Outcome:
    """Write ``pages`` under ``folder`` (made if need be), skipping each file whose bytes
    are already there, and remove the files of the earlier publish that are not among
    ``pages``; then write the manifest naming the pages written."""
    site = {page.path: page.content for page in pages}
    assert all(_inside(path) for path in site), "a page path out of the site"
    _make_folder(folder)
    earlier = _manifest(folder)
    written = unchanged = removed = 0
    for path, content in sorted(site.items()):
        target = folder / path
        if target.is_file() and target.read_bytes() == content:
            unchanged += 1
            continue
        _make_folder(target.parent)
        _write(target, content)
        written += 1
    for path in sorted(set(earlier) - set(site)):
        stale = folder / path
        if stale.is_file():
            try:
                stale.unlink()
            except OSError as exc:
                raise _cannot(stale, exc) from None
            removed += 1
            _prune(folder, stale.parent)
    manifest = json.dumps({"format": MANIFEST_FORMAT, "pages": sorted(site)}, indent=1) + "\n"
    if earlier != sorted(site) or not (folder / MANIFEST).is_file():
        _write(folder / MANIFEST, manifest.encode())
    return Outcome(written, unchanged, removed)


def _cannot(path: Path, exc: OSError) -> OutputError:
    return OutputError(
        problem("cannot write {path}: {os_words}", path=path, os_words=os_words(exc))
    )


def _make_folder(folder: Path) -> None:
    """``folder`` and the folders above it, made if need be (a file there: refused)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _cannot(folder, exc) from None


def _write(target: Path, content: bytes) -> None:
    """``content`` in ``target``, atomically (``outputs``: never half a page)."""

    def fill(stream: IO[bytes]) -> None:
        stream.write(content)

    write_output(target, fill, force=True)


def _prune(folder: Path, directory: Path) -> None:
    """Remove the folders a removed page leaves empty, up to (never) the site's own."""
    while directory != folder and directory.is_dir() and not any(directory.iterdir()):
        directory.rmdir()
        directory = directory.parent
