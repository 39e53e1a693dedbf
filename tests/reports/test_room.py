"""The printed sheet makes room for its words: the dealers' names whole beside the hand
numbers, the date whole on its line, and the W inside the winner's Total cell."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from arabic_reshaper import reshape
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from clabber_league import i18n
from clabber_league.gamesheet import read_game
from clabber_league.reports import FilledSheetRenderer, filled_sheet_data, fonts
from clabber_league.reports.document import Furniture
from clabber_league.reports.grid import (
    DEALER_SIZE,
    WIDEST_CHECK,
    Geometry,
    ScoreGrid,
    SheetWords,
    dealer_text,
    w_placement,
)
from clabber_league.reports.layout import PageAreas
from clabber_league.reports.room import SHRINK, fitted, share
from clabber_league.reports.sheet import SheetHeading
from clabber_league.reports.styles import Paper
from clabber_league.resources import resource
from clabber_league.rules import Game
from tests.reports.conftest import page_texts, pdf_bytes
from tests.reports.test_mirrored import placed, row_of

PLAYERS = {
    "A1": "Cal Carpenter",
    "B1": "Bartholomew Bell",
    "A2": "Ann Albright",
    "B2": "Dee Dunlap",
}
WEDNESDAY = "چهارشنبه 16 سپتامبر 2026"
"""A Persian date as the sheets write it ("EEE dd MMM y"): the old date field cut its year."""


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.install("en")


def example_game() -> Game:
    path = resource("examples", "evansville-full-game.json")
    return read_game(json.loads(path.read_text(encoding="utf-8"))).game()


def sheet_grid(
    words: SheetWords | None = None,
    *,
    paper: Paper = Paper.LETTER,
    games: int = 1,
    rtl: bool = False,
) -> Geometry:
    """The grid of a sheet slot of ``paper`` with ``words`` to make room for."""
    _x, _y, width, height = PageAreas.of(paper.size, games, banner=False).slots[0]
    return Geometry.fit(width, height - 40, 2, 12, rtl=rtl, words=words or SheetWords())


def test_share_widens_one_part_from_the_others_spare_room() -> None:
    widths = share([20, 100, 50], [20, 60, 40], 0, 38)
    assert widths[0] == 40  # 38 in steps of STEP
    assert sum(widths) == pytest.approx(170)
    # Each gave in proportion to its spare: 40 and 10 spare, 16 and 4 given.
    assert widths[1:] == pytest.approx((84, 46))


def test_share_never_takes_a_part_below_its_need() -> None:
    assert share([20, 100, 50], [20, 95, 50], 0, 80) == pytest.approx((25, 95, 50))
    assert share([20, 100], [20, 100], 0, 80) == (20, 100)
    assert share([40, 100], [20, 20], 0, 30) == (40, 100)  # wide enough already


def test_fitted_shrinks_a_step_before_it_cuts() -> None:
    name = "Bartholomew Bell"
    size = 8.0
    whole = fonts.width(name, size)
    assert fitted(name, whole, size) == (name, size)
    assert fitted(name, whole * 0.9, size) == (name, size * SHRINK)
    cut, smaller = fitted(name, whole * 0.5, size)
    assert smaller == size * SHRINK
    assert cut.endswith(fonts.ELLIPSIS)
    assert name.startswith(cut[:-1])
    assert fonts.width(cut, smaller) <= whole * 0.5


@pytest.mark.parametrize("paper", list(Paper))
def test_the_dealers_are_written_whole_where_the_row_has_room(paper: Paper) -> None:
    plain = sheet_grid(paper=paper)
    roomy = sheet_grid(SheetWords(dealers=tuple(PLAYERS.values())), paper=paper)
    assert roomy.edges[1] > plain.edges[1]
    size = roomy.text_size * DEALER_SIZE
    for n, name in enumerate(PLAYERS.values(), start=9):  # two-digit hand numbers, the widest
        assert dealer_text(roomy, n, name) == (name, size)
    # The hand figures keep their size, and the check columns still hold four digits.
    assert roomy.text_size == plain.text_size
    first, second, end = roomy.checks
    check_figures = fonts.width(WIDEST_CHECK, roomy.text_size * 0.9) + 8
    assert min(second - first, end - second) >= check_figures - 0.01


def test_a_name_too_long_for_any_room_is_cut_a_step_smaller() -> None:
    long = "Maximilian Bartholomew-Fitzgerald"
    roomy = sheet_grid(SheetWords(dealers=(long,)))
    shown, size = dealer_text(roomy, 12, long)
    assert size == pytest.approx(roomy.text_size * DEALER_SIZE * SHRINK)
    assert shown.endswith(fonts.ELLIPSIS)
    assert long.startswith(shown[:-1])
    assert roomy.edges[1] <= roomy.width * 0.22 + 0.01


def test_the_printed_sheet_writes_the_dealers_whole() -> None:
    data = filled_sheet_data(example_game(), players=PLAYERS)
    (text,) = page_texts(pdf_bytes(FilledSheetRenderer(data)))
    for name in PLAYERS.values():
        assert name in text
    assert fonts.ELLIPSIS not in text


@pytest.mark.parametrize("rtl", [False, True])
@pytest.mark.parametrize("mark", ["W", "tie"])
def test_the_w_stands_inside_the_winner_s_total_cell(rtl: bool, mark: str) -> None:
    g = sheet_grid(rtl=rtl)
    for side in range(2):
        centre, baseline, size = w_placement(g, side, mark)
        half = fonts.width(mark, size, True) / 2
        _left, middle, right = g.side_cells(side)
        ink = sorted((g.x(centre - half), g.x(centre + half)))
        cell = sorted((g.x(middle), g.x(right)))
        # Clear of the Score/Total rule and of the frame: inside the Total cell.
        assert cell[0] < ink[0]
        assert ink[1] < cell[1]
        # Clear of the rule over the W row: a capital stands about 0.73 of its size.
        assert baseline > 0
        assert baseline + size * 0.73 < g.w_h


def test_the_w_is_big_in_a_narrow_sheet_too() -> None:
    g = sheet_grid(games=4)
    _centre, _baseline, size = w_placement(g, 0, "W")
    assert size > g.text_size * 1.5


def test_a_persian_date_is_printed_whole() -> None:
    i18n.install("fa")
    heading = SheetHeading(league="Evansville Clabber — Fall 2026", date=WEDNESDAY, table="1")
    data = filled_sheet_data(example_game(), heading=heading, players=PLAYERS)
    seen = placed(FilledSheetRenderer(data))
    # pypdf reads a Persian line back in pieces, each word shaped and in reading order.
    written = [text for _x, _y, text in row_of(seen, "2026")]
    assert fonts.ELLIPSIS not in " ".join(written)
    assert all(reshape(word) in written for word in WEDNESDAY.split())


def test_a_persian_date_too_long_for_its_line_is_cut_at_its_logical_end() -> None:
    i18n.install("fa")
    g = sheet_grid(SheetWords(SheetHeading(league="x" * 40, date=WEDNESDAY * 2)), games=4)
    meets = g.field_meets
    assert len(meets) == 1  # a narrow sheet: Date and Table under the League line
    shown, _size = fitted(WEDNESDAY * 2, meets[0] - 40, g.heading_size)
    assert shown.endswith(fonts.ELLIPSIS)
    assert (WEDNESDAY * 2).startswith(shown[:-1])
    # Drawn from the right, the ellipsis is at the left end: where the date reads last.
    assert "".join(run.text for run in fonts.runs(shown)).startswith(fonts.ELLIPSIS)


def test_the_date_takes_room_from_a_short_league_line() -> None:
    i18n.install("fa")
    heading = SheetHeading(league="Club", date=WEDNESDAY, table="1")
    plain = sheet_grid()
    roomy = sheet_grid(SheetWords(heading))
    league, date = roomy.field_meets
    assert league < plain.field_meets[0]
    assert date - league >= roomy._field_need(i18n.gettext_("Date"), league, WEDNESDAY)


def test_a_footnote_marker_keeps_its_room_beside_the_dealer() -> None:
    roomy = sheet_grid(SheetWords(dealers=tuple(PLAYERS.values())))
    small = roomy.text_size * DEALER_SIZE
    marker = "1,2"
    shown, size = dealer_text(roomy, 12, "Bartholomew Bell", marker)
    # The marker follows the hand number (from x 5); the dealer ends 3 short of the column.
    marker_end = 5 + fonts.width("12", roomy.number_size) + fonts.width(marker, small)
    assert marker_end < roomy.edges[1] - 3 - fonts.width(shown, size)


@pytest.mark.skipif(
    not shutil.which("pdftoppm") and not os.environ.get("CI"),
    reason="needs poppler-utils (.ci/run installs them)",
)
@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_printed_w_leaves_the_score_cell_and_its_rule_clear(code: str, tmp_path: Path) -> None:
    """The sheet as a picture (pdftoppm, 2 pixels a point): under the winner's Score, the W
    row is blank paper, and so is the strip of the Total cell along the rule; the W is inked
    in the Total cell."""
    i18n.install(code)
    data = filled_sheet_data(example_game(), players=PLAYERS)
    grid = ScoreGrid(Furniture(forms=False), data.sides, lines=data.lines, w_marks=data.w_marks)
    width, height = grid.wrap(540, 600)
    pdf = tmp_path / "grid.pdf"
    canvas = Canvas(str(pdf), pagesize=(width, height))
    grid.drawOn(canvas, 0, 0)
    canvas.save()
    subprocess.run(["pdftoppm", "-r", "144", "-gray", "-png", "-singlefile", str(pdf),
                    str(tmp_path / "grid")], check=True)  # fmt: skip
    picture = Image.open(tmp_path / "grid.png").convert("L")
    g = grid.geometry
    assert g is not None
    left, middle, right = g.side_cells(0)  # the example's winner

    def darkest(x0: float, x1: float) -> int:
        """The darkest pixel of the W row's inside between reading-order x0 and x1."""
        xs = sorted((g.x(x0), g.x(x1)))
        box = (round(xs[0] * 2), round((height - g.w_h + 1.5) * 2),
               round(xs[1] * 2), round((height - 1.5) * 2))  # fmt: skip
        low, _high = picture.crop(box).getextrema()
        assert isinstance(low, int)  # one grey channel
        return low

    assert darkest(left + 1.5, middle - 1.5) > 200  # the Score cell: paper
    assert darkest(middle + 1, middle + 3) > 200  # along the Score/Total rule: paper
    assert darkest(middle + 3, right - 1.5) < 100  # the W
