"""Hypothesis strategies for what a careless or malicious user gives the program:
strings with control, invisible and bidi characters and spreadsheet formulas, numbers
far beyond any column, and files that are almost game sheets.

``FUZZ`` is the run's settings: a quick profile in ``make test``, and with
``CLABBER_LEAGUE_FUZZ=long`` (``make fuzz``) enough examples that the suite tries at
least 10,000 inputs.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

#: Examples per test: the suite has four tests, so the long profile tries 10,000 or more.
EXAMPLES = 2_600 if os.environ.get("CLABBER_LEAGUE_FUZZ") == "long" else 12

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,  # no wall-clock limits in tests: the machines are shared
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)

TRICKY = [
    "\x00",
    "\x07",
    "\x1b[31m",
    "\x1b]0;owned\x07",
    "\r",
    "\n",
    "\t",
    "\x7f",
    "\x85",
    "\u200b",
    "\u200d",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\u2028",
    "\ud800",
    "=",
    "+",
    "-",
    "@",
    '=HYPERLINK("http://x")',
    "+cmd|' /C calc'!A0",
    "@SUM(1+1)",
    "<img src=/etc/passwd>",
    "<b>",
    "&amp;",
    "%s",
    "{}",
    "'",
    '"',
    "\\",
    "/",
    "..",
    "ＡＢ",
    "ﬁ",
    "Ⅻ",
    "🂡",
    "a\u0301",
    "١٢٣",
]

hostile_text = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(TRICKY) | st.text(max_size=5), max_size=8).map("".join),
    st.integers(min_value=101, max_value=5_000).map(lambda n: "x" * n),
)

hostile_number = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.integers(min_value=-3, max_value=400).map(str),
    st.integers(min_value=19, max_value=5_000).map(lambda n: "9" * n),
    st.sampled_from(["", " ", "1e3", "0x10", "1.5", "١٢", "+5", "-0", "NaN", "٣", "1_000"]),
    hostile_text,
)

json_value = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | hostile_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(hostile_text, inner, max_size=4),
    max_leaves=12,
)

HAND_KEYS = ["makers", "written", "renege", "tricks", "melds", "bell", "passed", "trump"]


@st.composite
def almost_a_game(draw: st.DrawFn) -> Any:
    """A clabber-game/1 document with some of its parts replaced by hostile values."""
    hand: dict[str, Any] = {"makers": "A", "written": {"A": "100", "B": "62"}}
    for key in draw(st.lists(st.sampled_from(HAND_KEYS), max_size=3)):
        hand[key] = draw(json_value)
    document: dict[str, Any] = {
        "format": "clabber-game/1",
        "sides": [draw(hostile_text), draw(hostile_text)],
        "hands": [hand] * draw(st.integers(min_value=0, max_value=30)),
    }
    if draw(st.booleans()):
        document["options"] = {"target": draw(json_value)}
    if draw(st.booleans()):
        document[draw(st.sampled_from(["format", "sides", "hands", "first_dealer"]))] = draw(
            json_value
        )
    return document
