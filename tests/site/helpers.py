"""The published site read back: every page parsed strictly, every internal link followed."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

import html5lib
from html5lib.html5parser import ParseError

from clabber_league.site.builder import MANIFEST

NS = "{http://www.w3.org/1999/xhtml}"


def parsed(path: Path):  # type: ignore[no-untyped-def]  # html5lib has no type hints
    """The page as an element tree; html5lib's strict parser fails on any parse error."""
    try:
        return html5lib.HTMLParser(strict=True).parse(path.read_bytes())
    except ParseError as exc:
        raise AssertionError(f"{path}: {exc}") from exc


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def links(page: Path) -> list[str]:
    tree = parsed(page)
    found = [element.get("href") for element in tree.iter(f"{NS}a")]
    found += [element.get("href") for element in tree.iter(f"{NS}link")]
    found += [element.get("src") for element in tree.iter() if element.get("src")]
    return [link for link in found if link is not None]


def broken_links(site: Path) -> list[str]:
    """Every link of every page that leads nowhere in the site, or out of it: to another
    host, or above the site's folder."""
    broken = []
    root = site.resolve()
    for page in pages(site):
        for link in links(page):
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("/"):
                broken.append(f"{page.relative_to(site)}: {link} (not relative)")
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if root not in (target, *target.parents) or not target.is_file():
                broken.append(f"{page.relative_to(site)}: {link}")
    return broken


def files(site: Path) -> dict[str, bytes]:
    """Every file of the site (its manifest aside) by path."""
    return {
        str(path.relative_to(site)): path.read_bytes()
        for path in sorted(site.rglob("*"))
        if path.is_file() and path.name != MANIFEST
    }
