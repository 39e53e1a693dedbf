"""Output made safe: CSV cells no spreadsheet runs, terminal text without control
characters, JSON without raw control or bidi characters."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clabber_league.escaping import (
    FORMULA_STARTS,
    CsvCells,
    csv_cell,
    json_text,
    terminal_text,
)


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3", "'-2+3"),
        ("@SUM(1)", "'@SUM(1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-12", "-12"),
        ("+3.5", "+3.5"),
        ("-", "-"),
        ("Eagles", "Eagles"),
        (12, 12),
        (-4, -4),
    ],
)
def test_csv_cells(value: object, cell: object) -> None:
    assert csv_cell(value) == cell


@given(st.text())
def test_no_text_cell_starts_a_formula(text: str) -> None:
    cell = csv_cell(text)
    assert isinstance(cell, str)
    assert not cell.startswith(FORMULA_STARTS) or cell == "-" or cell.lstrip("+-")[:1].isdigit()


@given(st.lists(st.one_of(st.none(), st.text(alphabet="=+-@\t\r1a", max_size=4))))
def test_csv_cells_escape_each_text_as_csv_cell_does(texts: list[str | None]) -> None:
    cells = CsvCells()
    assert [cells[text] for text in texts] == [
        "" if text is None else csv_cell(text) for text in texts
    ]


@given(st.text())
def test_terminal_text_has_no_control_character(text: str) -> None:
    shown = terminal_text(text)
    assert all(
        char in "\n\t" or (ord(char) >= 32 and not 0x7F <= ord(char) <= 0x9F) for char in shown
    )
    assert "\u202e" not in shown


def test_json_text_escapes_c1_and_bidi_and_stays_json() -> None:
    document = {"name": "A\u202eB\x85C\x1b"}
    text = json_text(document)
    assert "\u202e" not in text
    assert "\x85" not in text
    assert "\x1b" not in text
    assert json.loads(text) == document
