"""The league night pages in the service's language: their words and their direction.

The pages' words live in the same gettext catalogues as the app's (``make catalogues``
gathers them). The build makes, for each language, a script holding the translations
of just those messages (``i18n.prebuilt``: ``resources/night-words/<lang>.js``); the
service answers it at ``/i18n/<lang>.js`` and writes the language into each page it
serves (``<html lang dir>`` and that script's address), so a page shows the language
the service speaks (``serve --lang``, or the window's) with no inline script (the CSP
forbids it).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from clabber_league import i18n
from clabber_league.i18n.prebuilt import read, words_file
from clabber_league.resources import resources_dir

STATIC = Path(__file__).resolve().parent / "static"
#: The page as it is stored, and what the service writes there instead.
HTML_TAG = '<html lang="en">'
WORDS_SCRIPT = '<script src="/i18n/en.js" defer></script>'


@cache
def words_script(code: str) -> str:
    """The script that gives the pages their words in ``code``, as the build made it."""
    return read(words_file(resources_dir(), code)).decode("utf-8")


def page(path: Path, code: str) -> str:
    """A page's HTML with the language ``code`` written in: its tag and its words' script."""
    html = path.read_text(encoding="utf-8")
    direction = "rtl" if i18n.is_right_to_left(code) else "ltr"
    return html.replace(HTML_TAG, f'<html lang="{code}" dir="{direction}">', 1).replace(
        WORDS_SCRIPT, f'<script src="/i18n/{code}.js" defer></script>', 1
    )
