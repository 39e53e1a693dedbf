"""The files the build makes from the catalogues and the league night pages.

Compiling a ``.po`` catalogue takes 65–100 ms and extracting the pages' words with
Babel more, so neither is done while the app runs: the build makes, beside each
``resources/locale/<lang>/LC_MESSAGES/clabber_league.po``, its compiled ``.mo``, and
``resources/night-words/<lang>.js``, the script that gives the league night pages
their words in that language. The same ``generate`` is called by the wheel's build
hook (``hatch_build.py``: ``pip install``, ``pip install -e .``, ``python -m build``),
by the PyInstaller spec and by ``make install``; ``tests/i18n`` checks that the files
in the tree are what it makes from the current catalogues.

At run time only the paths below are used (no Babel): a missing file is
``NotBuiltError``, naming the fix.

Plural forms in the words script: for each CLDR plural category of the language the
script holds the form the catalogue's own formula picks for a number of that category;
the browser's ``Intl.PluralRules`` names a number's category (tests/night check that
both agree).
"""

from __future__ import annotations

import gettext
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from clabber_league.i18n import DOMAIN, LANGUAGES, RIGHT_TO_LEFT, SOURCE

#: The checkout (or unpacked sdist) this module is in: its ``resources/`` and the pages.
ROOT = Path(__file__).resolve().parents[2]
STATIC = Path("clabber_league", "night", "static")
WORDS = "night-words"
KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "ngettext": (1, 2)}
#: CLDR's plural categories in the order gettext numbers a language's forms.
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
FIX = "make install (or pip install -e .) builds it"


class NotBuiltError(FileNotFoundError):
    """A file the build makes is missing: the app runs from a checkout never installed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"{path} is missing: {FIX}")


def po_file(resources: Path, code: str) -> Path:
    """A language's catalogue, as the translators keep it (not English's, the source)."""
    return resources / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_file(resources: Path, code: str) -> Path:
    """A language's compiled catalogue, beside its ``.po``."""
    return po_file(resources, code).with_suffix(".mo")


def words_file(resources: Path, code: str) -> Path:
    """The league night pages' words script in a language."""
    return resources / WORDS / f"{code}.js"


def require(code: str) -> None:
    """``NotBuiltError`` unless the build made a language's files (in the app's resources):
    said once where a process chooses its language, rather than as a failure wherever a
    word is first shown (the pages' words are asked for only once a phone connects)."""
    from clabber_league.resources import resources_dir  # noqa: PLC0415 -- run time only

    resources = resources_dir()
    # English is the catalogues' source language: it has no .mo, only the pages' words.
    catalogue = [] if code == SOURCE else [mo_file(resources, code)]
    for path in (*catalogue, words_file(resources, code)):
        if not path.is_file():
            raise NotBuiltError(path)


def read(path: Path) -> bytes:
    """A built file's bytes, or ``NotBuiltError`` when the build never made it."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise NotBuiltError(path) from None


# --- what the build makes (Babel) -----------------------------------------------------


def compiled(po: Path, code: str) -> bytes:
    """A ``.po`` catalogue compiled to a ``.mo``; fuzzy entries are left out, as
    ``msgfmt`` leaves them out: a guess is not shown."""
    from babel.messages.mofile import write_mo  # noqa: PLC0415 -- Babel: build time only
    from babel.messages.pofile import read_po  # noqa: PLC0415

    with po.open("rb") as stream:
        catalogue = read_po(stream, locale=code, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def page_messages(root: Path = ROOT) -> tuple[str | tuple[str, ...], ...]:
    """Every message the pages mark: a text, or (singular, plural) for a count.

    The scripts mark them with ``_("…")`` and ``ngettext("…", "…", n)`` (Babel's
    JavaScript extractor), the HTML with ``data-i18n`` (``clabber_league.i18n.html``).
    """
    from babel.messages.extract import extract, extract_javascript  # noqa: PLC0415

    from clabber_league.i18n.html import extract_html  # noqa: PLC0415

    # The extractors themselves, not named by strings for Babel to look up.
    methods: list[tuple[str, Callable[..., Any]]] = [
        ("*.js", extract_javascript),
        ("*.html", extract_html),
    ]
    found = []
    for pattern, method in methods:
        for path in sorted((root / STATIC).glob(pattern)):
            with path.open("rb") as stream:
                found += [message for _line, message, _, _ in extract(method, stream, KEYWORDS)]
    return tuple(dict.fromkeys(found))


def plural_categories(code: str) -> list[str]:
    """The CLDR plural categories of ``code`` (the script's forms are in this order)."""
    from babel import Locale  # noqa: PLC0415

    tags = Locale.parse(code).plural_form.tags | {"other"}
    return [tag for tag in CLDR_ORDER if tag in tags]


def _samples(code: str) -> list[int]:
    """One number of each of the language's plural categories, in their order."""
    from babel import Locale  # noqa: PLC0415

    rule = Locale.parse(code).plural_form
    first: dict[str, int] = {}
    for n in range(1000):
        first.setdefault(rule(n), n)
    return [first.get(tag, 1000) for tag in plural_categories(code)]


def words_script(
    code: str, language: gettext.NullTranslations, messages: tuple[str | tuple[str, ...], ...]
) -> str:
    """The script that gives the pages their words in ``code`` (English: the marked text)."""
    import json  # noqa: PLC0415 -- build time only

    words: dict[str, str | list[str]] = {}
    for message in messages:
        if isinstance(message, tuple):
            singular, plural = message[0], message[1]
            words[singular] = [language.ngettext(singular, plural, n) for n in _samples(code)]
        else:
            words[message] = language.gettext(message)
    table = {
        "lang": code,
        "dir": "rtl" if code in RIGHT_TO_LEFT else "ltr",
        "categories": plural_categories(code),
        "words": words,
    }
    return f'"use strict";\nconst NightWords = {json.dumps(table, sort_keys=True)};\n'


def made(root: Path = ROOT) -> dict[Path, bytes]:
    """Every file the build makes under ``root`` (a checkout), and what it holds."""
    resources = root / "resources"
    messages = page_messages(root)
    files: dict[Path, bytes] = {}
    for code in LANGUAGES:
        language = gettext.NullTranslations()
        if code != SOURCE:
            mo = compiled(po_file(resources, code), code)
            files[mo_file(resources, code)] = mo
            language = gettext.GNUTranslations(io.BytesIO(mo))
        files[words_file(resources, code)] = words_script(code, language, messages).encode()
    return files


def generate(root: Path = ROOT) -> list[Path]:
    """Write the files the build makes under ``root``; those that changed, in order."""
    written = []
    for path, content in made(root).items():
        if not path.is_file() or path.read_bytes() != content:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
            written.append(path)
    return written


def main() -> None:
    """``python -m clabber_league.i18n.prebuilt [ROOT]``: ``make install``'s step."""
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    for path in generate(root):
        print(f"made {path.relative_to(root)}")


if __name__ == "__main__":
    main()
