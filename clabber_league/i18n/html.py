"""A Babel extractor for the league night pages' HTML (``babel.cfg``, ``make catalogues``).

The pages are plain HTML files with no template language, so their words are marked
where they stand: an element carrying ``data-i18n`` has its text (spaces collapsed)
as a message, and every ``aria-label`` and ``title`` attribute is one. The page's
script (``night.js``) finds the same texts the same way and shows their translations.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import IO, Any

#: The attributes whose values a reader (or a screen reader) is given.
TRANSLATED_ATTRIBUTES = ("aria-label", "title")
MARK = "data-i18n"


def collapse(text: str) -> str:
    """``text`` with its runs of white space made one space, as the browser shows it."""
    return " ".join(text.split())


class _Marked(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        named = dict(attrs)
        self.found.extend(
            (line, collapse(value))
            for key in TRANSLATED_ATTRIBUTES
            if (value := named.get(key)) and collapse(value)
        )
        if MARK in named:
            self._open.append((tag, line, []))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _tag, line, parts = self._open.pop()
            if text := collapse("".join(parts)):
                self.found.append((line, text))


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor interface: (line, function, message, comments) per message."""
    del keywords, comment_tags
    parser = _Marked()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    parser.close()
    for line, text in parser.found:
        yield line, "_", text, []
