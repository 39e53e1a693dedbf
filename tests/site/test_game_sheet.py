"""A game's paper sheet on the published site: each mark as the printout's sheet data has
it (made, set, all passed, renege, melds and bell, the W, the tie), the checks, the
correction footnotes, names as text, Persian, and a strict HTML parse."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import html5lib
import pytest
from markupsafe import Markup

from clabber_league import i18n
from clabber_league.reports.gather import filled_sheet_from_store
from clabber_league.resources import resource
from clabber_league.rules import WrittenHand
from clabber_league.site.game_sheet import game_sheet_html
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import open_game
from clabber_league.store.imports import import_game

HOSTILE_TEAM = '<b onmouseover="alert(1)">Owls</b> & Co'
HOSTILE_PLAYER = "<script>alert('Ann')</script>"


def example_document() -> dict[str, Any]:
    """The example game: made, set, all passed, renege, melds, bell and the W (RULES.md)."""
    path = resource("examples", "evansville-full-game.json")
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    opened = Database.open(str(tmp_path / "league.sqlite3"))
    yield opened
    opened.close()


@pytest.fixture
def example(database: Database) -> int:
    return import_game(database, example_document())


def page(fragment: Markup, *, lang: str = "en") -> str:
    """A whole page around the fragment, as the site's game page holds it."""
    direction = "rtl" if i18n.is_right_to_left(lang) else "ltr"
    return (
        f'<!DOCTYPE html><html lang="{lang}" dir="{direction}"><head><meta charset="utf-8">'
        f"<title>Sheet</title></head><body><main>{fragment}</main></body></html>"
    )


def parsed(fragment: Markup) -> ET.Element:
    """The page parsed by html5lib in strict mode: any parse error fails the test."""
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    root: ET.Element = parser.parse(page(fragment))
    return root


def text(element: ET.Element | None) -> str:
    assert element is not None
    return "".join(element.itertext())


def shown(element: ET.Element) -> str:
    """What a sighted reader sees in a cell: its text without the screen reader's words."""
    parts = [element.text or ""]
    for child in element:
        if "sr-only" not in child.get("class", ""):
            parts.append(shown(child))
        parts.append(child.tail or "")
    return "".join(parts)


def spans(cell: ET.Element, kind: str) -> list[str]:
    return [text(span) for span in cell.iter("span") if kind in span.get("class", "").split()]


def hand_rows(root: ET.Element) -> list[ET.Element]:
    return list(root.iterfind(".//tbody/tr"))


def cells(row: ET.Element) -> list[ET.Element]:
    return [cell for cell in row if cell.tag in {"td", "th"}]


def side_cells(row: ET.Element, side: int) -> tuple[ET.Element, ET.Element]:
    """A side's score cell and running-total cell (after the hand and dealer cells)."""
    row_cells = cells(row)
    return row_cells[2 + 2 * side], row_cells[3 + 2 * side]


def test_every_hand_has_a_row_with_its_number_dealer_marks_totals_and_checks(
    database: Database, example: int
) -> None:
    root = parsed(game_sheet_html(database, example))
    data = filled_sheet_from_store(database, example)
    rows = hand_rows(root)
    assert len(rows) == len(data.lines) == 7
    for row, line in zip(rows, data.lines, strict=True):
        row_cells = cells(row)
        assert row_cells[0].tag == "th"
        assert row_cells[0].get("scope") == "row"
        assert text(row_cells[0]) == str(line.n)
        assert text(row_cells[1]) == line.dealer
        for side, cell in enumerate(line.marks):
            mark, total = side_cells(row, side)
            assert spans(mark, "figure") == ([cell.mark.text] if cell.mark.text else [])
            assert f"mark-{cell.mark.kind.value}" in mark.get("class", "").split()
            assert text(total) == str(cell.total)
        assert [text(cell) for cell in row_cells[-2:]] == [
            str(line.hand_check),
            str(line.running_check),
        ]
    teams = [text(th) for th in root.iterfind(".//thead/tr[1]/th[@class='team']")]
    assert teams == ["Jack-Nine Club", "West Side Deuces"]


def test_a_made_hand_shows_each_side_s_figure_and_the_makers_trump(
    database: Database, example: int
) -> None:
    first = hand_rows(parsed(game_sheet_html(database, example)))[0]
    defenders, defenders_total = side_cells(first, 0)
    makers, makers_total = side_cells(first, 1)
    assert (shown(defenders), text(defenders_total)) == ("70", "70")
    assert "makers" not in defenders.get("class", "")
    assert shown(makers) == "♣92"
    assert "makers" in makers.get("class", "").split()
    assert spans(makers, "sr-only") == ["Makers, ", "clubs: "]
    assert text(makers_total) == "92"


def test_a_set_hand_shows_xx_and_says_set(database: Database, example: int) -> None:
    fourth = hand_rows(parsed(game_sheet_html(database, example)))[3]
    made, _ = side_cells(fourth, 0)
    went_set, total = side_cells(fourth, 1)
    assert shown(made) == "92"
    assert spans(went_set, "figure") == ["XX"]
    assert "mark-set" in went_set.get("class", "").split()
    assert "XX, set " in spans(went_set, "sr-only")
    assert spans(went_set, "red") == ["♥"]  # a red suit's pip in red, as printed
    assert text(total) == "154"  # the set side's total stands still


def test_all_passed_writes_nothing_and_says_so_for_both_sides(
    database: Database, example: int
) -> None:
    third = hand_rows(parsed(game_sheet_html(database, example)))[2]
    for side in (0, 1):
        mark, _total = side_cells(third, side)
        assert spans(mark, "figure") == []
        assert spans(mark, "note") == [" all passed"]
        assert "mark-blank" in mark.get("class", "").split()


def test_a_renege_is_xx_with_the_word_and_the_other_side_s_melds(
    database: Database, example: int
) -> None:
    fifth = hand_rows(parsed(game_sheet_html(database, example)))[4]
    reneged, _ = side_cells(fifth, 0)
    other, _ = side_cells(fifth, 1)
    assert spans(reneged, "figure") == ["XX"]
    assert spans(reneged, "note") == [" renege"]
    assert spans(other, "figure") == ["182"]
    assert spans(other, "note") == [" melds 20"]


def test_melds_and_the_bell_are_noted_and_the_zero_mark_is_said(
    database: Database, example: int
) -> None:
    last = hand_rows(parsed(game_sheet_html(database, example)))[6]
    makers, total = side_cells(last, 0)
    nothing, _ = side_cells(last, 1)
    assert spans(makers, "figure") == ["282"]
    assert spans(makers, "note") == [" melds 100 · bell"]
    assert text(total) == "674"
    assert spans(nothing, "figure") == ["-"]
    assert "mark-zero" in nothing.get("class", "").split()
    assert "nothing scored " in spans(nothing, "sr-only")


def test_the_w_stands_under_the_winner_s_total(database: Database, example: int) -> None:
    root = parsed(game_sheet_html(database, example))
    (w_row,) = root.iterfind(".//tfoot/tr")
    w_cells = cells(w_row)
    assert text(w_cells[0]) == "W"
    assert [shown(cell) for cell in w_cells[1:]] == ["", "", "W", "", "", "", ""]
    assert spans(w_cells[3], "sr-only") == ["W: Jack-Nine Club won"]


def test_a_tie_writes_the_tie_word_for_every_side(database: Database) -> None:
    hands = [{"makers": "B", "tricks": {"A": 12, "B": 150}}] * 2
    hands += [{"makers": "A", "tricks": {"A": 150, "B": 12}}] * 2
    hands += [
        {"makers": "B", "tricks": {"A": 50}, "melds": {"B": 20}},
        {"makers": "A", "tricks": {"B": 50}, "melds": {"A": 20}},
    ]
    document = {"format": "clabber-game/1", "sides": ["Eagles", "Hawks"], "hands": hands}
    root = parsed(game_sheet_html(database, import_game(database, document)))
    assert [text(cell) for cell in side_cells(hand_rows(root)[-1], 0)[1::]] == ["506"]
    (w_row,) = root.iterfind(".//tfoot/tr")
    assert [shown(cell) for cell in cells(w_row)[1:]] == ["", "", "Tie", "", "Tie", "", ""]


def test_a_game_going_on_has_no_w_row(database: Database) -> None:
    document = {
        "format": "clabber-game/1",
        "sides": ["Eagles", "Owls"],
        "hands": [{"makers": "A", "tricks": {"A": 92}}],
    }
    root = parsed(game_sheet_html(database, import_game(database, document)))
    assert root.find(".//tfoot") is None
    assert len(hand_rows(root)) == 1


def test_three_sides_get_three_column_pairs(database: Database) -> None:
    document = {
        "format": "clabber-game/1",
        "rules": "three-handed",
        "sides": ["Ann", "Bob", "Cy"],
        "hands": [{"makers": "A", "tricks": {"B": 50, "C": 60}}],
    }
    root = parsed(game_sheet_html(database, import_game(database, document)))
    teams = [text(th) for th in root.iterfind(".//thead/tr[1]/th[@class='team']")]
    assert teams == ["Ann", "Bob", "Cy"]
    (row,) = hand_rows(root)
    assert [spans(side_cells(row, side)[0], "figure") for side in range(3)] == [
        ["XX"],
        ["50"],
        ["60"],
    ]


def test_names_with_markup_stay_text(database: Database) -> None:
    document = example_document() | {"sides": [HOSTILE_TEAM, "West Side Deuces"]}
    game_id = import_game(database, document)
    open_game(database, game_id).seat({"A1": HOSTILE_PLAYER, "B1": "Bo"})
    fragment = game_sheet_html(database, game_id)
    assert "<b " not in fragment
    assert "<script" not in fragment
    root = parsed(fragment)
    assert root.find(".//b") is None
    assert root.find(".//script") is None
    assert text(root.find(".//thead/tr/th[@class='team']")) == HOSTILE_TEAM
    assert text(cells(hand_rows(root)[0])[1]) == HOSTILE_PLAYER
    assert text(cells(hand_rows(root)[1])[1]) == "Bo"
    (w_row,) = root.iterfind(".//tfoot/tr")
    assert spans(cells(w_row)[3], "sr-only") == [f"W: {HOSTILE_TEAM} won"]


def test_corrections_are_footnoted_and_linked_from_their_hands(database: Database) -> None:
    document = {
        "format": "clabber-game/1",
        "sides": ["Eagles", "Owls"],
        "hands": [{"makers": "A", "tricks": {"A": 92}}, {"makers": "B", "tricks": {"B": 92}}],
    }
    game_id = import_game(database, document)
    open_game(database, game_id).replace(2, WrittenHand("B", {"A": "92", "B": "XX"}))
    data = filled_sheet_from_store(database, game_id)
    root = parsed(game_sheet_html(database, game_id))
    notes = root.findall(".//ul[@class='sheet-notes']/li")
    assert [text(note) for note in notes] == [f"1 {line}" for line in data.footnotes]
    (link,) = hand_rows(root)[1].iterfind(".//sup/a")
    assert link.get("href") == f"#game-{game_id}-note-1"
    assert notes[0].get("id") == f"game-{game_id}-note-1"
    assert shown(side_cells(hand_rows(root)[1], 1)[0]) == "XX"


def test_the_sheet_speaks_persian_with_persian_digits(database: Database, example: int) -> None:
    i18n.install("fa")
    try:
        root = parsed(game_sheet_html(database, example))
    finally:
        i18n.install("en")
    first = hand_rows(root)[0]
    assert text(cells(first)[0]) == "۱"
    assert shown(side_cells(first, 1)[0]) == "♣۹۲"
    assert text(side_cells(first, 1)[1]) == "۹۲"
    assert [text(cell) for cell in cells(first)[-2:]] == ["۱۶۲", "۱۶۲"]
    third = hand_rows(root)[2]
    assert spans(side_cells(third, 0)[0], "note") != [" all passed"]
    headings = [text(th) for th in root.iterfind(".//thead/tr[2]/th")]
    assert "Score" not in headings
    (w_row,) = root.iterfind(".//tfoot/tr")
    assert shown(cells(w_row)[3]) == "W"  # the paper's letter, as the printout prints it


def test_the_same_game_gives_the_same_bytes(database: Database, example: int) -> None:
    """What the site's incremental publish counts on: nothing in the sheet but its data."""
    assert game_sheet_html(database, example) == game_sheet_html(database, example)


def test_an_unknown_game_is_a_store_error(database: Database) -> None:
    with pytest.raises(StoreError, match="there is no game 99"):
        game_sheet_html(database, 99)
