"""The window's printouts as data: names, the game sheet without a database, the pad's options."""

from __future__ import annotations

from clabber_league.recording import MemoryRecorder
from clabber_league.reports import Paper, blank_sheet_data
from clabber_league.reports.sheet import SheetHeading
from clabber_league.rules import Game, WrittenHand, rule_set
from clabber_league.ui.printing.documents import (
    BlankOptions,
    book_step,
    file_name,
    game_printout,
    game_sheet,
)

from .conftest import pages_of


def test_file_names_keep_any_alphabet_s_letters() -> None:
    assert file_name("Fall 2025", "season book") == "fall-2025-season-book.pdf"
    assert file_name("독수리 FC", "standings") == "독수리-fc-standings.pdf"
    assert file_name("عقاب v Owls") == "عقاب-v-owls.pdf"
    assert file_name('<b>&"', "") == "b.pdf"
    assert file_name("…") == "clabber.pdf"


def test_a_game_without_a_database_is_printed_from_the_game_and_its_log() -> None:
    game = Game(rule_set(), ["Wrens", "Larks"], entries=[WrittenHand("A", {"A": "150", "B": "12"})])
    recorder = MemoryRecorder(game)
    recorder.record(WrittenHand("B", {"A": "40", "B": "122"}))
    recorder.replace(2, WrittenHand("B", {"A": "12", "B": "150"}))
    data = game_sheet(recorder)
    assert data.heading == SheetHeading()  # league, date and table left to fill in by hand
    assert data.sides == ("Wrens", "Larks")
    assert data.totals == (162, 162)
    assert len(data.footnotes) == 1
    assert data.footnotes[0].startswith("Hand 2: ")
    printout = game_printout(recorder, Paper.A4)
    assert (printout.title, printout.file_name) == ("Wrens v Larks", "wrens-v-larks.pdf")
    assert pages_of(printout.pdf) == [(595, 842)]


def test_the_pad_s_options_make_the_command_line_s_pad() -> None:
    options = BlankOptions(games_per_page=2, pages=3, rules="wadesville", league="Westside")
    assert options.data() == blank_sheet_data(
        games_per_page=2, pages=3, league="Westside", rules=rule_set("wadesville")
    )


def test_progress_is_told_in_games() -> None:
    assert book_step(0, 8) == "Reading game 0 of 4…"
    assert book_step(3, 8) == "Reading game 3 of 4…"
    assert book_step(7, 8) == "Drawing game 3 of 4…"
