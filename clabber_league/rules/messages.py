"""Problem lines as a person reads them: one line each, short, and each said once.

Every error family (the rules' ``ClabberError``, the store's, the printing's,
the command line's) passes its lines through ``tidy`` or ``one_line`` where
they are made, so no message anywhere repeats a 4,000-digit number, a meld of
30,000 cards or the same sentence 9,999 times, and none carries a control
character from the data into a terminal.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence

#: The longest problem line, in characters.
LINE_CHARS = 200
#: The most problem lines reported at once; the rest are counted on the last line.
MOST_LINES = 50
#: A run of characters without a space longer than this is shortened inside a line.
LONG_WORD = 120

ELLIPSIS = "\u2026"
#: What a control character from the data shows as.
REPLACEMENT = "\ufffd"
#: Marks that reorder what follows them on a terminal (bidi embeddings, overrides,
#: isolates, the directional marks): dropped from messages.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_LONG_WORD = re.compile(rf"\S{{{LONG_WORD + 1},}}")
#: A file's path or a URL as a message names it: kept whole (up to ``LONGEST_PATH``
#: characters) and not counted in a line's length, since the user needs all of it.
_PATH = re.compile(r"(?:/|~/|[A-Za-z]:\\|[a-z][a-z0-9+.-]*://)\S+")
LONGEST_PATH = 400


def N_(message: str) -> str:  # noqa: N802 -- the usual gettext marker's name
    """Marks English words shown to players (a rule set's name, an option's label) for
    the translation catalogue. The rules engine stays free of gettext: the words are
    translated where they are shown, by the window, the printouts and the commands."""
    return message


class Problem(str):
    """A problem line in English that keeps what it was made from: its message (a
    ``str.format`` template, the catalogue's id) and the values put in it.

    The rules engine speaks English and knows no catalogue; where a line is shown,
    ``clabber_league.i18n.said`` puts the template's translation together with the
    same values, and a value that is itself a ``Problem`` (a part of a sentence made
    elsewhere) is translated the same way. As a ``str`` it is the English line, so
    files, logs and the ``score`` command's output stay exactly as they were.
    """

    template: str
    values: Mapping[str, object]
    context: str | None
    """The catalogue's context of the template, where one English word has two meanings
    (a card's "ten", a count's "ten"); ``None`` for most lines."""

    def __new__(
        cls, template: str, values: Mapping[str, object], context: str | None = None
    ) -> Problem:
        line = super().__new__(cls, template.format_map(values))
        line.template = template
        line.values = values
        line.context = context
        return line

    def __reduce__(self) -> tuple[type[Problem], tuple[str, Mapping[str, object], str | None]]:
        """Copied and pickled as what it is made from (``str`` alone would lose that)."""
        return (Problem, (self.template, dict(self.values), self.context))


def problem(template: str, /, **values: object) -> Problem:
    """A problem line from a template and its values (``Problem``); marks the template
    for the translation catalogue (``make catalogues`` extracts ``problem``)."""
    return Problem(template, values)


def word(message: str, context: str | None = None) -> Problem:
    """A word marked for the catalogue (a rule set's name; a card's rank, in the "card"
    context) as a value of a problem line, so that it is translated with the line, where
    the line is shown."""
    return Problem(message, {}, context)


def and_list(items: Sequence[str]) -> str:
    """ "A, B and C", its words in the user's language where the line is shown."""
    return _listed(items, N_("{items} and {last}"))


def or_list(items: Sequence[str]) -> str:
    """ "A, B or C", its words in the user's language where the line is shown."""
    return _listed(items, N_("{items} or {last}"))


def _listed(items: Sequence[str], last: str) -> str:
    """``items`` listed, each kept as it is (a ``Problem`` part is translated in turn)."""
    words = list(items)
    if len(words) == 1:
        return words[0]
    head = words[0]
    for item in words[1:-1]:
        head = problem("{items}, {item}", items=head, item=item)
    return Problem(last, {"items": head, "last": words[-1]})


def shortened(text: str, width: int = 60) -> str:
    """``text``, or its start and end with "…" between them, in at most ``width`` characters."""
    if len(text) <= width:
        return text
    head = (width - 1) * 2 // 3
    tail = width - 1 - head
    return text[:head] + ELLIPSIS + (text[-tail:] if tail else "")


def _visible(char: str) -> str:
    if char in BIDI_CONTROLS:
        return ""
    category = unicodedata.category(char)
    if char.isspace() or category in ("Zl", "Zp"):
        return " "
    if category in ("Cc", "Cs"):
        return REPLACEMENT
    return char


def one_line(text: str, width: int = LINE_CHARS) -> str:
    """``text`` as one line of at most ``width`` characters.

    Line breaks and tabs become spaces; other control characters show as "�";
    an endless word (a number of thousands of digits) keeps its start and end;
    a line still too long keeps its start (what it is about) and its end (what
    is wrong), with "…" between. File paths and URLs are kept whole and not
    counted: a user needs every character of them to act on the message.
    """
    flat = "".join(_visible(char) for char in text).strip()
    flat = _LONG_WORD.sub(_shortened_word, flat)
    if flat == text and len(flat) <= width:
        return text  # a ``Problem`` stays one, to be translated where it is shown
    paths = sum(len(path) for path in _PATH.findall(flat))
    if len(flat) - paths <= width:
        return flat
    head_room = (width - 3) * 3 // 5
    head = flat[:head_room]
    tail = flat[len(flat) - (width - 3 - head_room) :]
    # Cut at spaces when one is near, so that no word is left in pieces.
    space = head.rfind(" ", head_room - 15)
    head = head[:space] if space > 0 else head
    space = tail.find(" ", 0, 15)
    tail = tail[space + 1 :] if space >= 0 else tail
    return f"{head.rstrip()} {ELLIPSIS} {tail.lstrip()}"


def _shortened_word(word: re.Match[str]) -> str:
    text = word.group()
    if _PATH.fullmatch(text) and len(text) <= LONGEST_PATH:
        return text
    return shortened(text, LONG_WORD // 2)


def tidy(lines: Iterable[str], most: int = MOST_LINES) -> tuple[str, ...]:
    """Problem lines fit to show: one line per problem (``one_line``), the same problem
    once with a count, and at most ``most`` lines, the last counting the rest."""
    counts: dict[str, int] = {}
    for text in lines:
        for line in text.splitlines() if "\n" in text or "\r" in text else [text]:
            shown = one_line(line)
            if shown:
                counts[shown] = counts.get(shown, 0) + 1
    said = [line if count == 1 else _counted(line, count) for line, count in counts.items()]
    if len(said) <= most:
        return tuple(said)
    rest = sum(list(counts.values())[most - 1 :])
    return (*said[: most - 1], problem("… and {rest:,} more problems", rest=rest))


def _counted(line: str, count: int) -> str:
    suffix = f" ({count:,} times)"
    return problem(
        "{line} ({count:,} times)", line=one_line(line, LINE_CHARS - len(suffix)), count=count
    )


class ProblemError(ValueError):
    """An error whose message is problem lines fit to show (``tidy``), one per problem.

    The rules' errors, and the files', outputs' and printouts' errors, are these.
    """

    def __init__(self, *lines: str) -> None:
        self.lines: tuple[str, ...] = tidy(lines)
        super().__init__("\n".join(self.lines))
