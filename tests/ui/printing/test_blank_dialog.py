"""Blank pads from the window: the options of `clabber-league print blank`, remembered."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from clabber_league.reports import Paper
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.printing.blank_dialog import BlankSheetsDialog, load_options
from clabber_league.ui.printing.documents import BlankOptions
from clabber_league.ui.printing.preview import PdfPreviewDialog
from tests.reports.test_blank import png_logo

from .conftest import pages_of


@pytest.fixture
def dialog(qtbot: QtBot) -> BlankSheetsDialog:
    shown = BlankSheetsDialog(BlankOptions())
    qtbot.addWidget(shown)
    return shown


def choose(
    dialog: BlankSheetsDialog,
    *,
    games_per_page: int = 1,
    pages: int = 1,
    paper: str = "letter",
    league: str = "",
    sponsor_text: str = "",
    sponsor_logo: str = "",
) -> None:
    dialog.games_per_page.setCurrentIndex(dialog.games_per_page.findData(games_per_page))
    dialog.pages.setValue(pages)
    dialog.paper.setCurrentIndex(dialog.paper.findData(paper))
    dialog.league.setText(league)
    dialog.sponsor_text.setPlainText(sponsor_text)
    dialog.sponsor_logo.setText(sponsor_logo)


def test_the_options_are_the_command_line_s(dialog: BlankSheetsDialog, tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    logo.write_bytes(png_logo())
    choose(
        dialog,
        games_per_page=4,
        pages=3,
        paper="a4",
        league="  Westside League ",
        sponsor_text="Joe's Tavern\n5th Street",
        sponsor_logo=str(logo),
    )
    dialog.rules.setCurrentIndex(dialog.rules.findData("three-handed"))
    assert dialog.summary.text() == "12 sheets in all"
    assert dialog.options() == BlankOptions(
        games_per_page=4,
        pages=3,
        paper=Paper.A4,
        rules="three-handed",
        league="Westside League",
        sponsor_text="Joe's Tavern\n5th Street",
        sponsor_logo=str(logo),
    )
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    data = dialog.data()
    assert data is not None
    assert (data.games_per_page, data.pages, data.sheets, data.sides) == (4, 3, 12, 3)
    assert data.heading.league == "Westside League"
    assert data.sponsor is not None
    assert data.sponsor.logo == png_logo()


def test_an_unreadable_logo_keeps_the_dialog_open_and_says_why(
    dialog: BlankSheetsDialog, tmp_path: Path
) -> None:
    logo = tmp_path / "logo.png"
    logo.write_bytes(b"not an image")
    choose(dialog, sponsor_logo=str(logo))
    dialog.show()
    dialog.accept()
    assert dialog.isVisible()
    assert dialog.data() is None
    assert dialog.problem.text() == (
        f"The sponsor logo {logo} is not an image that can be printed: use a PNG, JPEG or GIF file."
    )


def fill_in(**choices: object) -> Callable[[BlankSheetsDialog], int]:
    """``exec`` as a user who makes these choices and presses Preview."""

    def run(dialog: BlankSheetsDialog) -> int:
        choose(dialog, **choices)  # type: ignore[arg-type]
        dialog.accept()
        return dialog.result()

    return run


@pytest.mark.parametrize(("games_per_page", "pages"), [(1, 1), (2, 3), (4, 5)])
def test_the_pad_previewed_has_the_pages_asked_for(
    monkeypatch: pytest.MonkeyPatch, window: MainWindow, games_per_page: int, pages: int
) -> None:
    monkeypatch.setattr(
        BlankSheetsDialog, "exec", fill_in(games_per_page=games_per_page, pages=pages)
    )
    preview = window.print_menu.print_blank()
    assert preview is not None
    assert preview.document.pageCount() == pages
    assert pages_of(preview.printout.pdf) == [(612, 792)] * pages
    sheets = games_per_page * pages
    assert preview.printout.title == f"{sheets} blank scoresheet{'s' if sheets > 1 else ''}"


def test_the_pad_s_options_and_paper_are_remembered(
    monkeypatch: pytest.MonkeyPatch, window: MainWindow, settings: QSettings
) -> None:
    monkeypatch.setattr(
        BlankSheetsDialog,
        "exec",
        fill_in(games_per_page=2, pages=4, paper="a4", league="Westside", sponsor_text="Joe's"),
    )
    preview = window.print_menu.print_blank()
    assert preview is not None
    assert set(pages_of(preview.printout.pdf)) == {(595, 842)}
    assert load_options(settings, Paper.A4) == BlankOptions(
        games_per_page=2, pages=4, paper=Paper.A4, league="Westside", sponsor_text="Joe's"
    )
    assert window.print_menu.paper() is Paper.A4


def test_cancelling_the_options_previews_nothing(
    monkeypatch: pytest.MonkeyPatch, window: MainWindow
) -> None:
    monkeypatch.setattr(BlankSheetsDialog, "exec", lambda _dialog: QDialog.DialogCode.Rejected)
    assert window.print_menu.print_blank() is None
    assert window.findChildren(PdfPreviewDialog) == []
