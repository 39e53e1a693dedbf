"""The site's Jinja2 environment: the package's templates, autoescaped, strict.

Every name in the league is text, never markup: autoescape is on for every template, and
a name that would be markup comes out as its characters. ``StrictUndefined`` makes a
misspelt value a failure, never an empty cell. The words are translated as they are
rendered (``_`` in the templates; ``babel.cfg`` reads them for the catalogues).
"""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from clabber_league.i18n import _, date_text, ngettext
from clabber_league.league.ranking import pct_text

TEMPLATES = Path(__file__).resolve().parent / "templates"
STATIC = Path(__file__).resolve().parent / "static"
"""Copied into the site as they are (its style sheets)."""


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.globals.update(_=_, ngettext=ngettext)
    env.filters.update(pct=pct_text)
    return env


def render(template: str, **values: Any) -> bytes:
    """The page ``template`` makes of ``values``, as UTF-8 bytes."""
    return environment().get_template(template).render(**values).encode("utf-8")


def night_text(day: date | None) -> str:
    """A league night as the schedule prints it ("Thu 06 Mar 2025"), "" for none."""
    return date_text(day, "EEE dd MMM y") if day else ""


def sheet_styles() -> tuple[str, ...]:
    """The paper sheet's own style sheet, when the site has one (``static/sheet.css``)."""
    return ("sheet.css",) if (STATIC / "sheet.css").is_file() else ()
