"""The compiled schema check (the fast path) against ``jsonschema`` (the reference): for
documents on and around every edge of the schema, the same problem lines — so the fast
path never lets through what ``jsonschema`` refuses, nor refuses what it accepts."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clabber_league.gamesheet.schema import (
    GAME_SCHEMA,
    SHEET_SCHEMA,
    described_problems,
    schema_problems,
)

#: Values that sit on an edge of some keyword: integral floats, booleans for integers,
#: nulls, empty and over-long strings, a trailing newline after a card, the unicode suits.
EDGES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    1.0,
    162.0,
    2147483647,
    2147483648,
    10_000,
    10_001,
    "",
    " ",
    "A",
    "B",
    "C",
    "D",
    "both",
    "A1",
    "B3",
    "C1",
    "S",
    "♥",
    "X",
    "JH",
    " 10♠ ",
    "JH\n",
    "1H",
    "100",
    "XX",
    "-",
    "x" * 20,
    "x" * 21,
    [],
    {},
    ["JH"],
    [["JH", "QH", "KH"]],
]
PRESETS = ["evansville", "two-handed", "klaberjass", "three-handed"]

edge = st.sampled_from(EDGES)


def mostly(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A valid value most of the time, else a value on some edge of the schema."""
    return st.sampled_from([valid] * 15 + [edge]).flatmap(lambda chosen: chosen)


#: Keys of a by-side object (JSON keys are strings): the sides, now and then another.
side = st.sampled_from(["A", "B"] * 20 + ["C", "D", "", "both", "A1"])
figures = mostly(st.integers(0, 200))
by_side = mostly(st.dictionaries(side, figures, max_size=2))
card = mostly(st.sampled_from(["JH", "QH", "KH", "10S", " 9♦ ", "ac", "TC"]))
declared = mostly(
    st.dictionaries(
        st.sampled_from(["A1", "B1", "A2", "B2"] * 10 + ["C", "Z9", ""]),
        mostly(st.lists(mostly(st.lists(card, max_size=4)), max_size=2)),
        max_size=2,
    )
)
FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "makers": mostly(st.sampled_from(["A", "B", None])),
    "trump": mostly(st.sampled_from(["S", "H", "♣"])),
    "tricks": by_side,
    "melds": by_side,
    "declared": declared,
    "bell": mostly(st.sampled_from(["A", "B", None])),
    "passed": mostly(st.just(True)),
    "renege": mostly(st.sampled_from(["A", "B", "both"])),
    "written": mostly(st.dictionaries(side, mostly(st.sampled_from(["92", "XX", "-"])))),
    "paper_totals": by_side,
}


@st.composite
def hands(draw: st.DrawFn) -> Any:
    keys = draw(st.lists(st.sampled_from(sorted(FIELDS)), max_size=4, unique=True))
    hand = {key: draw(FIELDS[key]) for key in keys}
    if draw(st.sampled_from([False] * 30 + [True])):
        hand["extra"] = draw(edge)
    return hand


@st.composite
def near_games(draw: st.DrawFn) -> Any:
    document: dict[str, Any] = {
        "format": draw(mostly(st.just("clabber-game/1"))),
        "sides": draw(
            mostly(st.lists(mostly(st.sampled_from(["Eagles", "Owls"])), min_size=2, max_size=3))
        ),
        "hands": draw(mostly(st.lists(mostly(hands()), max_size=4))),
    }
    if draw(st.booleans()):
        document["rules"] = draw(mostly(st.sampled_from(PRESETS)))
    if draw(st.booleans()):
        options = st.fixed_dictionaries(
            {}, optional={"target": mostly(st.integers(1, 10_000)), "zero_mark": edge}
        )
        document["options"] = draw(mostly(options))
    if draw(st.booleans()):
        document["first_dealer"] = draw(mostly(st.sampled_from(["A1", "B2"])))
    change = draw(st.sampled_from(["none"] * 20 + ["format", "sides", "hands", "extra"]))
    if change == "extra":
        document["extra"] = draw(edge)
    elif change != "none":
        del document[change]
    return document


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_games())
def test_the_fast_check_reports_what_jsonschema_reports(document: Any) -> None:
    assert schema_problems(document) == described_problems(document)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["format", "sides", "hands", "totals", "x"]), edge))
def test_the_fast_check_of_sheets_reports_what_jsonschema_reports(document: Any) -> None:
    assert schema_problems(document, SHEET_SCHEMA) == described_problems(document, SHEET_SCHEMA)


def test_a_valid_game_has_no_problems_either_way() -> None:
    document = {
        "format": "clabber-game/1",
        "rules": "two-handed",
        "sides": ["Eagles", "Owls"],
        "hands": [{"makers": "A", "tricks": {"A": 60, "B": 40}}, {"passed": True}],
    }
    assert schema_problems(document, GAME_SCHEMA) == described_problems(document) == []


def test_the_fast_check_leaves_the_document_as_it_was() -> None:
    document: dict[str, Any] = {"format": "clabber-game/1", "sides": ["E", "O"], "hands": []}
    schema_problems(document)
    assert document == {"format": "clabber-game/1", "sides": ["E", "O"], "hands": []}
