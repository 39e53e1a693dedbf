"""Report fixtures: a fixed clock zone, and the PDF read back as text, page by page."""

from __future__ import annotations

import io
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from clabber_league.reports import Renderer


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Correction times print in local time: make local time UTC for exact expectations."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("CLABBER_LEAGUE_DB", raising=False)


def pdf_bytes(renderer: Renderer) -> bytes:
    stream = io.BytesIO()
    renderer.render(stream)
    return stream.getvalue()


def page_texts(pdf: bytes | Path) -> list[str]:
    """Each page's text as pypdf extracts it (the PDF's own text layer)."""
    source = io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf
    return [page.extract_text() for page in PdfReader(source).pages]


def page_sizes(pdf: bytes) -> set[tuple[int, int]]:
    reader = PdfReader(io.BytesIO(pdf))
    return {(round(page.mediabox.width), round(page.mediabox.height)) for page in reader.pages}


class ProgressLog:
    """A ``progress`` callback that notes every call, and says stop after ``stop_at``."""

    def __init__(self, stop_at: int | None = None) -> None:
        self.calls: list[tuple[int, int]] = []
        self.stop_at = stop_at

    def __call__(self, done: int, total: int) -> bool:
        self.calls.append((done, total))
        return self.stop_at is None or done < self.stop_at
