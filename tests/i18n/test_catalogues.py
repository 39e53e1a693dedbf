"""Every language's catalogue is complete, current and safe to show.

A message left untranslated or marked fuzzy, a placeholder that differs from
the English one (``{name}`` renamed or dropped would raise ``KeyError`` or lose
a figure), a lost keyboard accelerator or HTML tag, a wrong number of plural
forms, or a marked message of the code missing from a catalogue (someone
added text without running ``make catalogues``): each fails here, naming the
message. So does a compiled ``.mo`` or pages' words script that is not what the build
makes from the catalogues now (a ``.po`` edited since the last ``make install``).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from clabber_league import i18n
from clabber_league.i18n.prebuilt import made, page_messages, po_file

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "lazy": None,
    "lazy_p": ((1, "c"), 2),
    "problem": None,
}
_TAG = re.compile(r"</?[a-z0-9]+[^>]*>")


def catalogue(code: str) -> Catalog:
    with po_file(ROOT / "resources", code).open("rb") as po:
        return read_po(po, locale=code)


def messages(code: str) -> Iterator[Message]:
    return (message for message in catalogue(code) if message.id)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(message: Message) -> list[tuple[str, str]]:
    """(English, translation) pairs: each plural form against the English plural."""
    if isinstance(message.id, tuple | list):
        return [(str(message.id[1]), str(form)) for form in message.string or ()]
    return [(str(message.id), str(message.string or ""))]


def marked_in_code() -> set[tuple[str | None, str]]:
    """The messages marked in the Python code, the published site's templates and the
    league night pages."""
    found = extract_from_dir(
        str(ROOT / "clabber_league"),
        method_map=[("**.py", "python"), ("site/templates/**.j2", "jinja2")],
        keywords=KEYWORDS,
    )
    ids: set[tuple[str | None, str]] = set()
    for _file, _line, message, _comments, context in found:
        ids.add((context, message[0] if isinstance(message, tuple) else message))
    return ids | {
        (None, message[0] if isinstance(message, tuple) else message) for message in page_messages()
    }


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(code: str) -> None:
    missing = [
        message.id
        for message in messages(code)
        if not all(translated for _, translated in forms(message))
    ]
    fuzzy = [message.id for message in messages(code) if message.fuzzy]
    assert missing == []
    assert fuzzy == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_match_the_english(code: str) -> None:
    wrong = [
        (english, translated)
        for message in messages(code)
        for english, translated in forms(message)
        if fields(english) != fields(translated)
    ]
    assert wrong == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_accelerators_and_markup_are_kept(code: str) -> None:
    accelerator = re.compile(r"&(?!&)\S")
    lost = [
        (english, translated)
        for message in messages(code)
        for english, translated in forms(message)
        if bool(accelerator.search(english)) != (len(accelerator.findall(translated)) == 1)
        or sorted(_TAG.findall(english)) != sorted(_TAG.findall(translated))
    ]
    assert lost == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_are_the_languages(code: str) -> None:
    read = catalogue(code)
    wrong = [
        message.id
        for message in read
        if isinstance(message.id, tuple) and len(forms(message)) != read.num_plurals
    ]
    assert wrong == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalogue_holds_every_message_of_the_code(code: str) -> None:
    """``make catalogues`` was run after the last marked text was added or changed."""
    held = {(message.context, forms(message)[0][0] if not isinstance(message.id, tuple)
             else message.id[0]) for message in messages(code)}  # fmt: skip
    assert sorted(marked_in_code() - held, key=str) == []
    assert sorted(held - marked_in_code(), key=str) == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalogue_compiles_and_translates(code: str) -> None:
    i18n.translations.cache_clear()
    i18n.install(code)
    assert i18n._("&File") != "&File"
    assert i18n.ngettext("{count} page", "{count} pages", 5) != "{count} pages"
    assert i18n.pgettext("card", "jack") != "jack"


def test_the_built_files_are_what_the_build_makes_from_the_catalogues_now() -> None:
    stale = [
        str(path.relative_to(ROOT))
        for path, content in made(ROOT).items()
        if not path.is_file() or path.read_bytes() != content
    ]
    assert stale == [], "stale or missing: make install (python -m clabber_league.i18n.prebuilt)"
