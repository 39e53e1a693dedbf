"""Printing fixtures: printouts to preview, a stored game, a season with a night of games."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from pytestqt.qtbot import QtBot

from clabber_league.reports import Paper, blank_sheet_data
from clabber_league.rules import WrittenHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import DatabaseRecorder, create_game
from clabber_league.store.imports import import_games
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.printing.documents import Printout, blank_printout
from clabber_league.ui.printing.preview import PdfPreviewDialog
from tests.ui.league.helpers import season_of_eight
from tests.ui.league.test_panel import make_schedule
from tests.ui.league.test_workers import week_one_games


def pages_of(pdf: bytes | Path) -> list[tuple[int, int]]:
    """Each page's size in points, read back with pypdf."""
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    return [(round(page.mediabox.width), round(page.mediabox.height)) for page in reader.pages]


@pytest.fixture
def pad() -> Printout:
    """Three pages of blank sheets: a printout with pages to move through."""
    return blank_printout(blank_sheet_data(games_per_page=2, pages=3), Paper.LETTER)


@pytest.fixture
def preview(qtbot: QtBot, pad: Printout) -> PdfPreviewDialog:
    dialog = PdfPreviewDialog(pad)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


@pytest.fixture
def stored_game(window: MainWindow, database: Database) -> DatabaseRecorder:
    """Eagles v Owls, two hands in, open in the window."""
    recorder = create_game(database, rule_set("evansville"), ["Eagles", "Owls"])
    recorder.record(WrittenHand("A", {"A": "150", "B": "12"}))
    recorder.record(WrittenHand("B", {"A": "40", "B": "122"}))
    window.show_recorder(recorder)
    return recorder


@pytest.fixture
def night_played(qtbot: QtBot, window: MainWindow, database: Database) -> None:
    """Fall 2025, eight teams, and week 1's four games entered."""
    panel = window.league_panel
    assert panel is not None
    season_of_eight(panel)
    make_schedule(qtbot, panel)
    import_games(database, week_one_games(database), "Fall 2025")
    panel.refresh()
