"""``night cards``' PDF: a card per table in table order, then the board's, each with its
link written out and a QR code that reads back as that link."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from clabber_league.night.cards import TableCardsRenderer, _broken, table_cards_data
from clabber_league.night.links import NightLinks, night_links
from clabber_league.reports import Paper, fonts
from clabber_league.store.database import Database
from clabber_league.store.league import add_team, create_season, generate_schedule
from tests.night.helpers import LEAGUE, SEASON, WEEK, league_with_teams

BASE = "http://192.168.1.20:8717"


def cards_pdf(links: NightLinks, paper: Paper = Paper.LETTER) -> PdfReader:
    stream = io.BytesIO()
    TableCardsRenderer(table_cards_data(links, season=SEASON, week=WEEK), paper=paper).render(
        stream
    )
    return PdfReader(stream)


def squeezed(text: str) -> str:
    """A page's text without line breaks and spaces, so a link broken across lines reads whole."""
    return re.sub(r"\s+", "", text)


@pytest.fixture
def big_night(tmp_path: Path) -> Database:
    """Ten teams: five tables, so the cards run onto a second page."""
    database = Database.open(str(tmp_path / "ten.sqlite3"))
    league_with_teams(database, teams=10)
    return database


def test_a_card_per_table_in_order_then_the_boards(big_night: Database) -> None:
    links = night_links(big_night, season=SEASON, week=WEEK, base=BASE)
    data = table_cards_data(links, season=SEASON, week=WEEK)
    assert [card.heading for card in data.cards] == [
        *(f"Table {link.table}" for link in links.tables),
        "The board",
    ]
    first = links.tables[0]
    assert data.cards[0].match == f"{first.sides[0]} v {first.sides[1]}"
    assert data.cards[0].detail == f"{LEAGUE} — {SEASON} · week {WEEK} · match {first.match}"
    assert [card.url for card in data.cards] == [
        *(link.url for link in links.tables),
        links.board.url,
    ]
    big_night.close()


def test_four_cards_a_page_with_every_link_written_out(big_night: Database) -> None:
    links = night_links(big_night, season=SEASON, week=WEEK, base=BASE)
    pages = [page.extract_text() for page in cards_pdf(links).pages]
    assert len(links.tables) == 5
    assert len(pages) == 2  # five tables and the board: four cards, then two
    assert [squeezed(page).count("Table") for page in pages] == [4, 1]
    whole = squeezed("".join(pages))
    for link in links.tables:
        assert squeezed(link.url) in whole
    assert squeezed(links.board.url) in squeezed(pages[1])
    big_night.close()


def test_a4_paper(database: Database) -> None:
    links = night_links(database, season=SEASON, week=WEEK, base=BASE)
    page = cards_pdf(links, Paper.A4).pages[0]
    assert (round(page.mediabox.width), round(page.mediabox.height)) == (595, 842)


def test_team_names_print_as_typed(tmp_path: Path) -> None:
    database = Database.open(str(tmp_path / "names.sqlite3"))
    create_season(database, league=LEAGUE, season=SEASON)
    add_team(database, SEASON, '<b>&"Eagles"', ["A", "B"])
    add_team(database, SEASON, "Совы", ["C", "D"])
    generate_schedule(database, SEASON)
    links = night_links(database, season=SEASON, week=WEEK, base=BASE)
    text = cards_pdf(links).pages[0].extract_text()
    assert '<b>&"Eagles" v Совы' in text or 'Совы v <b>&"Eagles"' in text
    database.close()


@pytest.mark.parametrize(
    "url",
    [
        "http://192.168.1.20:8717/t/D7Okpub8JO-pe3PDrHsgBUyLnYke3gAbCdEf",
        "https://club.example.org/league/night/board/" + "x" * 60,
        "http://[fe80::1]:8717/t/short",
    ],
)
def test_a_link_breaks_into_lines_that_fit_and_read_back_whole(url: str) -> None:
    lines = _broken(url, 200, 8)
    assert "".join(lines) == url
    assert all(fonts.width(line, 8) <= 200 for line in lines)
    if "/t/" in url and len(lines) > 1:
        assert lines[0].endswith("/t/")  # the token stands whole on its own line


@pytest.mark.skipif(
    not (shutil.which("pdftoppm") and shutil.which("zbarimg")) and not os.environ.get("CI"),
    reason="needs poppler-utils and zbar-tools (.ci/run installs them)",
)
def test_every_qr_code_reads_back_as_its_link(big_night: Database, tmp_path: Path) -> None:
    links = night_links(big_night, season=SEASON, week=WEEK, base=BASE)
    pdf = tmp_path / "cards.pdf"
    TableCardsRenderer(table_cards_data(links, season=SEASON, week=WEEK)).render(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "110", str(pdf), str(tmp_path / "page")], check=True)
    read: set[str] = set()
    for image in sorted(tmp_path.glob("page*.png")):
        result = subprocess.run(
            ["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True, check=False
        )
        read |= set(result.stdout.split())
    assert read == {link.url for link in links.tables} | {links.board.url}
    big_night.close()
