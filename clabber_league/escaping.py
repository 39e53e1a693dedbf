"""Data made safe for where it is shown: a terminal, a spreadsheet, a JSON reader.

Names are cleaned where they come in (``rules.names``), but a database
written by an older version, or by another program, may still hold anything;
so every output escapes what it writes as well:

- ``terminal_text``: no control character reaches a terminal (an escape
  sequence in a team name could recolour or rewrite the screen), nor a
  bidi override that would make a line read differently from what it says;
- ``csv_cell``: a cell a spreadsheet would run as a formula (OWASP's rule:
  it begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is
  written with a leading apostrophe, so it shows as the text it is — except
  plain numbers such as ``-12``, which stay numbers, and a lone ``-`` (the mark
  for "none"), which no spreadsheet reads as a formula;
- ``json_text``: JSON whose strings carry no raw control or bidi character
  (JSON escapes C0 controls itself; DEL, C1 and the bidi marks are escaped too).

The window escapes its rich text itself (``ui.plain``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from clabber_league.rules.messages import BIDI_CONTROLS, REPLACEMENT

#: OWASP's list of first characters that make a spreadsheet cell a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"-|[+-]?[0-9]+(\.[0-9]+)?")
#: Control characters (C0 but line break and tab, DEL, C1), bidi marks, embeddings,
#: overrides and isolates, the Unicode line separators, and lone surrogates.
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff" + "".join(sorted(BIDI_CONTROLS)) + "]"
)


def terminal_text(text: str) -> str:
    """``text`` with every control character but line breaks and tabs shown as "�"."""
    return _UNSAFE.sub(REPLACEMENT, text)


def csv_cell(value: object) -> object:
    """A value for a CSV cell that no spreadsheet will evaluate (see the module's doc)."""
    formula = isinstance(value, str) and value.startswith(FORMULA_STARTS)
    if formula and not PLAIN_NUMBER.fullmatch(str(value)):
        return f"'{value}"
    return value


class CsvCells(dict[str | None, object]):
    """Text as ``csv_cell`` writes it, each text escaped once: an export repeats the same few
    words, names and marks on every line. ``None`` (no value) is the empty cell."""

    def __init__(self) -> None:
        super().__init__({None: ""})

    def __missing__(self, value: str | None) -> object:
        found = self[value] = csv_cell(value)
        return found


def json_text(document: Any) -> str:
    """``document`` as indented JSON (UTF-8 letters kept), with no raw control character."""
    text = json.dumps(document, indent=2, ensure_ascii=False)
    return _UNSAFE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)
