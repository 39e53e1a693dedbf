"""Blank pads: the data, then the PDF for every layout and paper."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from clabber_league.reports import (
    BlankSheetData,
    BlankSheetRenderer,
    Paper,
    ReportError,
    Sponsor,
    blank_sheet_data,
)
from clabber_league.reports.grid import Geometry
from clabber_league.reports.layout import PageAreas
from clabber_league.reports.reference import quick_reference
from clabber_league.reports.sheet import SheetHeading
from clabber_league.rules import rule_set
from tests.reports.conftest import page_sizes, page_texts, pdf_bytes


def png_logo() -> bytes:
    stream = io.BytesIO()
    Image.new("RGB", (40, 20), (200, 30, 30)).save(stream, format="PNG")
    return stream.getvalue()


def test_the_default_pad() -> None:
    assert blank_sheet_data() == BlankSheetData(
        games_per_page=1,
        pages=1,
        heading=SheetHeading(),
        sides=2,
        reference=quick_reference(rule_set()),
        sponsor=None,
    )


def test_a_league_pad_for_three_players() -> None:
    data = blank_sheet_data(
        games_per_page=4, pages=3, league="  Jack-Nine Club ", rules=rule_set("three-handed")
    )
    assert (data.sheets, data.sides, data.heading) == (12, 3, SheetHeading("Jack-Nine Club"))


@pytest.mark.parametrize(("per_page", "pages"), [(3, 1), (0, 1), (1, 0), (1, 1001)])
def test_impossible_pads_are_refused(per_page: int, pages: int) -> None:
    with pytest.raises(ReportError):
        blank_sheet_data(games_per_page=per_page, pages=pages)


def test_an_empty_sponsor_is_no_sponsor() -> None:
    assert blank_sheet_data(sponsor=Sponsor("  ")).sponsor is None


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize(("paper", "size"), [(Paper.LETTER, (612, 792)), (Paper.A4, (595, 842))])
def test_every_layout_prints_its_pages_and_sheets(
    per_page: int, paper: Paper, size: tuple[int, int]
) -> None:
    pdf = pdf_bytes(
        BlankSheetRenderer(blank_sheet_data(games_per_page=per_page, pages=3), paper=paper)
    )
    texts = page_texts(pdf)
    assert len(texts) == 3
    assert page_sizes(pdf) == {size}
    for text in texts:
        assert text.count("Evansville rules") == per_page
        assert text.count("Running") == per_page
        assert "Quick reference — Evansville" in text
        assert "♠" not in text  # no trump is written on a blank sheet


def test_the_sheet_has_the_traditional_parts() -> None:
    (text,) = page_texts(pdf_bytes(BlankSheetRenderer(blank_sheet_data(league="Club"))))
    for words in ("League", "Club", "Date", "Table", "Team", "Score", "Total", "Check"):
        assert words in text
    # The hand numbers 1 to 12, then the W row.
    assert "\n".join([*map(str, range(1, 13)), "W"]) in text
    assert "four jacks" in text
    assert "Makers need more than the defenders" in text


def test_the_sponsor_box_prints_words_and_logo() -> None:
    sponsor = Sponsor("Compliments of\nJoe's <Tavern> & Grill", png_logo())
    pdf = pdf_bytes(BlankSheetRenderer(blank_sheet_data(pages=2, sponsor=sponsor)))
    for text in page_texts(pdf):
        assert "Compliments of" in text
        assert "Joe's <Tavern> & Grill" in text
    assert pdf.count(b"/Subtype /Image") == 1  # drawn once, placed on every page


def test_a_sponsor_logo_is_read_from_its_file(tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    logo.write_bytes(png_logo())
    assert Sponsor.from_file("Joe's", logo) == Sponsor("Joe's", png_logo())


def test_a_missing_logo_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ReportError, match=r"cannot read the sponsor logo .*missing\.png"):
        Sponsor.from_file("Joe's", tmp_path / "missing.png")


@pytest.mark.parametrize("content", [b"", b"not an image", png_logo()[:40]])
def test_a_logo_that_is_no_image_is_refused(tmp_path: Path, content: bytes) -> None:
    logo = tmp_path / "logo.png"
    logo.write_bytes(content)
    with pytest.raises(ReportError, match="is not an image that can be printed"):
        Sponsor.from_file("", logo)


def test_a_thousand_grids_are_one_grid_in_the_file() -> None:
    """The empty grid is a form drawn once: more pages barely grow the file."""
    one = pdf_bytes(BlankSheetRenderer(blank_sheet_data(pages=1)))
    many = pdf_bytes(BlankSheetRenderer(blank_sheet_data(pages=40)))
    assert len(many) < len(one) + 40 * 1500


@pytest.mark.parametrize("paper", list(Paper))
def test_two_games_a_page_stand_side_by_side_with_pencil_sized_rows(paper: Paper) -> None:
    """Stacked, a 2-up pad had 4-mm rows and 5-pt hand numbers; side by side each sheet has
    the page's height: rows over 7 mm and hand numbers of 8 pt and more."""
    areas = PageAreas.of(paper.size, 2, banner=True)
    (left, left_y, width, height), (right, right_y, _, _) = areas.slots
    assert left_y == right_y
    assert right > left + width
    grid = Geometry.fit(width, height - 20, sides=2, rows=12)
    millimetre = 72 / 25.4
    assert grid.row_h >= 7 * millimetre
    assert grid.number_size >= 8
    stacked = Geometry.fit(width, height / 2 - 20, sides=2, rows=12)
    assert stacked.number_size >= 8  # never below 8 pt, however small the rows
