"""The league night pages in the service's language: their words and their direction.

The pages' words live in the same gettext catalogues as the app's: the scripts mark
them with ``_("…")`` and ``ngettext("…", "…", n)`` (Babel's JavaScript extractor) and
the HTML with ``data-i18n`` (``clabber_league.i18n.html``), so ``make catalogues``
gathers them. The service answers ``/i18n/<lang>.js``, a script holding the
translations of just those messages, and writes the language into each page it
serves (``<html lang dir>`` and that script's address), so a page shows the language
the service speaks (``serve --lang``, or the window's) with no build step and no
inline script (the CSP forbids it).

Plural forms: for each CLDR plural category of the language the script holds the form
the catalogue's own formula picks for a number of that category; the browser's
``Intl.PluralRules`` names a number's category (tests/night check that both agree).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.extract import extract, extract_javascript

from clabber_league import i18n
from clabber_league.i18n.html import extract_html

STATIC = Path(__file__).resolve().parent / "static"
#: Where the pages' marked words are, and how Babel reads each kind of file: the
#: extractors themselves, imported, not named by strings that Babel would look up at run
#: time (an installer's bundle holds only what is imported: a name found nothing there,
#: and every page's words answered 500).
METHODS: list[tuple[str, Callable[..., Any]]] = [
    ("*.js", extract_javascript),
    ("*.html", extract_html),
]
KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "ngettext": (1, 2)}
#: CLDR's plural categories in the order gettext numbers a language's forms.
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
#: The page as it is stored, and what the service writes there instead.
HTML_TAG = '<html lang="en">'
WORDS_SCRIPT = '<script src="/i18n/en.js" defer></script>'


@cache
def page_messages() -> tuple[str | tuple[str, ...], ...]:
    """Every message the pages mark: a text, or (singular, plural) for a count."""
    found = []
    for pattern, method in METHODS:
        for path in sorted(STATIC.glob(pattern)):
            with path.open("rb") as stream:
                found += [message for _line, message, _, _ in extract(method, stream, KEYWORDS)]
    return tuple(dict.fromkeys(found))


def plural_categories(code: str) -> list[str]:
    """The CLDR plural categories of ``code`` (the script's forms are in this order)."""
    tags = Locale.parse(code).plural_form.tags | {"other"}
    return [tag for tag in CLDR_ORDER if tag in tags]


@cache
def words_script(code: str) -> str:
    """The script that gives the pages their words in ``code`` (English: the marked text)."""
    language = i18n.translations(code)
    words: dict[str, str | list[str]] = {}
    for message in page_messages():
        if isinstance(message, tuple):
            singular, plural = message[0], message[1]
            words[singular] = [language.ngettext(singular, plural, n) for n in _samples(code)]
        else:
            words[message] = language.gettext(message)
    table = {
        "lang": code,
        "dir": "rtl" if i18n.is_right_to_left(code) else "ltr",
        "categories": plural_categories(code),
        "words": words,
    }
    return f'"use strict";\nconst NightWords = {json.dumps(table, sort_keys=True)};\n'


def _samples(code: str) -> list[int]:
    """One number of each of the language's plural categories, in their order."""
    rule = Locale.parse(code).plural_form
    first: dict[str, int] = {}
    for n in range(1000):
        first.setdefault(rule(n), n)
    return [first.get(tag, 1000) for tag in plural_categories(code)]


def page(path: Path, code: str) -> str:
    """A page's HTML with the language ``code`` written in: its tag and its words' script."""
    html = path.read_text(encoding="utf-8")
    direction = "rtl" if i18n.is_right_to_left(code) else "ltr"
    return html.replace(HTML_TAG, f'<html lang="{code}" dir="{direction}">', 1).replace(
        WORDS_SCRIPT, f'<script src="/i18n/{code}.js" defer></script>', 1
    )
