"""Progress and Cancel for the season book renderer: the window's progress bar hangs on these."""

from __future__ import annotations

from pathlib import Path

import pytest

from clabber_league.reports import SeasonBookRenderer
from clabber_league.reports.document import ReportCancelledError
from tests.reports.conftest import ProgressLog, page_texts, pdf_bytes
from tests.reports.test_documents import book


def test_the_book_renderer_reports_each_game_s_page() -> None:
    progress = ProgressLog()
    pdf = pdf_bytes(SeasonBookRenderer(book(3), progress=progress))
    assert progress.calls == [(1, 3), (2, 3), (3, 3)]
    assert len(page_texts(pdf)) == 1 + 1 + 3


def test_an_empty_book_reports_nothing() -> None:
    progress = ProgressLog()
    pdf_bytes(SeasonBookRenderer(book(0), progress=progress))
    assert progress.calls == []


def test_a_cancelled_book_stops_and_leaves_no_file(tmp_path: Path) -> None:
    progress = ProgressLog(stop_at=2)
    out = tmp_path / "book.pdf"
    with pytest.raises(ReportCancelledError, match="cancelled after 2 of 5"):
        SeasonBookRenderer(book(5), progress=progress).render(out)
    assert progress.calls == [(1, 5), (2, 5)]
    assert list(tmp_path.iterdir()) == []
