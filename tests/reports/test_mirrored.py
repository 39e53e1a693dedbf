"""A right-to-left language mirrors the printed grid, as a Persian paper sheet is laid out:
hand numbers and dealers at the right, the check columns at the left. Positions are read back
from the PDF's text layer (pypdf), so the test sees what the page shows."""

from __future__ import annotations

import io
import json

import pytest
from arabic_reshaper import reshape
from pypdf import PdfReader

from clabber_league import i18n
from clabber_league.gamesheet import read_game
from clabber_league.reports import (
    BlankSheetRenderer,
    FilledSheetRenderer,
    blank_sheet_data,
    filled_sheet_data,
)
from clabber_league.reports.bracket import (
    BracketBox,
    BracketData,
    BracketRenderer,
    BracketRound,
    BracketSide,
)
from clabber_league.reports.document import Renderer
from clabber_league.reports.grid import Geometry
from clabber_league.resources import resource
from tests.reports.conftest import pdf_bytes

Matrix = tuple[float, float, float, float, float, float]


def _times(m: Matrix, n: Matrix) -> Matrix:
    return (
        m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
    )  # fmt: skip


def placed(renderer: Renderer) -> list[tuple[float, float, str]]:
    """Each piece of text on the first page: (x of its left end, baseline, text)."""
    seen: list[tuple[float, float, str]] = []

    def visit(text: str, cm: Matrix, tm: Matrix, *_font: object) -> None:
        if text.strip():
            _a, _b, _c, _d, x, y = _times(tm, cm)
            seen.append((x, y, text.strip()))

    PdfReader(io.BytesIO(pdf_bytes(renderer))).pages[0].extract_text(visitor_text=visit)
    return seen


def reading_order(items: list[tuple[float, float, str]]) -> list[str]:
    """The texts as a reader of the language meets them: from the right in Persian."""
    return [text for _x, _y, text in sorted(items, reverse=i18n.is_right_to_left())]


def row_of(seen: list[tuple[float, float, str]], text: str) -> list[tuple[float, float, str]]:
    """Everything written on the baseline of ``text`` (give or take a point)."""
    return row_of_at(seen, next(y for _x, y, said in seen if said == text))


def row_of_at(seen: list[tuple[float, float, str]], y: float) -> list[tuple[float, float, str]]:
    return [item for item in seen if abs(item[1] - y) < 1.5]


def example_sheet() -> FilledSheetRenderer:
    """The example game's sheet, in the language installed now."""
    path = resource("examples", "evansville-full-game.json")
    game = read_game(json.loads(path.read_text(encoding="utf-8"))).game()
    return FilledSheetRenderer(filled_sheet_data(game))


@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_filled_sheet_is_read_in_the_language_s_direction(code: str) -> None:
    i18n.install(code)
    seen = placed(example_sheet())
    hand_one = row_of(seen, "A1")
    # Hand 1: its number, the dealer, each side's score and total, the two checks.
    assert reading_order(hand_one) == ["1", "A1", "70", "70", "92", "92", "162", "162"]
    # The team names over their column pairs: the nearest above hand 1 (the title names
    # them too, higher up).
    sides = {"Jack-Nine Club", "West Side Deuces"}
    grid_names = min(y for _x, y, text in seen if text in sides and y > hand_one[0][1])
    names = [item for item in row_of_at(seen, grid_names) if item[2] in sides]
    assert reading_order(names) == ["Jack-Nine Club", "West Side Deuces"]
    middle = (min(x for x, _y, _text in hand_one) + max(x for x, _y, _text in hand_one)) / 2
    hand_number = next(x for x, _y, text in hand_one if text == "1")
    running_check = min(x for x, _y, text in hand_one if text == "162")
    assert (hand_number > middle) is (code == "fa")
    assert (running_check < middle) is (code == "fa")


@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_blank_sheet_is_mirrored_in_persian(code: str) -> None:
    i18n.install(code)
    seen = placed(BlankSheetRenderer(blank_sheet_data()))
    running = reshape(i18n.gettext_("Running"))
    # The column headings in reading order: the hand first, the check columns last.
    words = ["Hand", "Score", "Total", "Score", "Total", "Hand", "Running"]
    assert reading_order(row_of(seen, running)) == [reshape(i18n.gettext_(w)) for w in words]
    running_x = next(x for x, _y, text in seen if text == running)
    hand_numbers = [x for x, _y, text in seen if text in {"1", "12", "W"}]
    assert len(hand_numbers) == 3
    if code == "fa":
        assert min(hand_numbers) > running_x
    else:
        assert max(hand_numbers) < running_x


def test_an_ltr_grid_is_placed_as_measured_and_an_rtl_one_mirrored() -> None:
    ltr = Geometry.fit(500, 600, sides=2, rows=12)
    rtl = Geometry.fit(500, 600, sides=2, rows=12, rtl=True)
    assert ltr.edges == rtl.edges
    assert [ltr.x(edge) for edge in ltr.edges] == list(ltr.edges)
    assert [rtl.x(edge) for edge in rtl.edges] == [500 - edge for edge in rtl.edges]
    assert [ltr.align(a) for a in ("left", "center", "right")] == ["left", "center", "right"]
    assert [rtl.align(a) for a in ("left", "center", "right")] == ["right", "center", "left"]


@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_playoff_bracket_runs_in_the_language_s_direction(code: str) -> None:
    """Round 1 at the left in English, at the right in Persian; the champion at the end."""
    i18n.install(code)
    sides = (BracketSide("(1) Eagles", "", True), BracketSide("(4) Owls", "", False))
    first = BracketRound("Semi-final", 2, (BracketBox(1, sides),))
    data = BracketData("Club", "Spring", (first, BracketRound("Final", 1, ())), "Eagles", True, "")
    seen = placed(BracketRenderer(data))
    semi = next(x for x, _y, text in seen if text == "(1) Eagles")
    champion = next(x for x, _y, text in seen if text == "Eagles")
    assert (semi < champion) is (code == "en")
