"""Printing: a blank sheet against a bare ReportLab canvas, and a 500-game season book.

The floor for the blank sheet is the same page drawn by hand on a canvas
(same fonts, same rules and words, no document template, no flowables, no
forms), so the ratio is what the renderer's structure costs.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import tempfile
import time
from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from benchmarks.timing import median_seconds, report
from clabber_league.reports import BlankSheetRenderer, SeasonBookRenderer, blank_sheet_data
from clabber_league.reports.fonts import BOLD, REGULAR, register_fonts
from clabber_league.reports.gather import season_book_from_store
from clabber_league.store import Database
from clabber_league.store.imports import import_games
from clabber_league.store.league import add_team, create_season

BOOK_GAMES = 500
BOOK_TEAMS = 20
SEASON = "Benchmark"
# A finished game as a paper sheet shows it (7 hands, A wins 600–332).
HANDS = [
    {"makers": "A", "written": {"A": "150", "B": "12"}},
    {"makers": "A", "written": {"A": "XX", "B": "122"}},
    {"makers": "B", "written": {"A": "-", "B": "162"}},
    {"makers": "A", "renege": "B"},
    {"makers": "A", "written": {"A": "150", "B": "12"}},
    {"makers": "B", "renege": "both"},
    {"makers": "A", "written": {"A": "138", "B": "24"}},
]
_CARDS = (("J", "20", "A", "11"), ("9", "14", "10", "10"), ("A", "11", "K", "4"),
          ("10", "10", "Q", "3"), ("K", "4", "J", "2"), ("Q", "3", "9", "0"))  # fmt: skip
_MELDS = (("four jacks", "200"), ("four nines", "100"), ("four aces", "100"),
          ("four tens", "100"), ("four kings", "100"), ("four queens", "100"),
          ("run of five (hundred)", "100"), ("run of four (fifty)", "50"),
          ("run of three (dad)", "20"))  # fmt: skip
_PROSE = (
    "Last trick 10: 162 trick points in every", "hand.", "A run of six counts as an ace-high run",
    "of five.",
    "Bell (K and Q of trumps) 20, whoever", "scores the melds.",
    "Makers need more than the defenders: tricks", "+ melds + bell.",
    "A tie or less is set: makers XX (turkey", "tracks), defenders their own.",
    "Renege: the other side 162 + its melds;", "reneging side 0.",
    "Nothing scored: “-”. Game to 500.",
)  # fmt: skip


def bare_canvas_sheet() -> bytes:
    """The blank Letter sheet drawn straight on a canvas: the floor."""
    stream = io.BytesIO()
    canvas = Canvas(stream, pagesize=LETTER, pageCompression=1)
    left, right, top = 36.0, 576.0, 700.0
    columns = [36.0, 82.0, 172.0, 262.0, 352.0, 442.0, 509.0, 576.0]
    row = 34.0
    canvas.setFont(BOLD, 11)
    canvas.drawString(left, 745, "Clabber scoresheet")
    canvas.setFont(REGULAR, 9)
    canvas.drawRightString(right, 745, "Evansville rules")
    for x, label in ((36.0, "League"), (306.0, "Date"), (457.0, "Table")):
        canvas.drawString(x, 720, label)
        canvas.line(x + 40, 718, x + 140, 718)
    canvas.setFont(REGULAR, 8)
    for x, label in zip(
        columns, ("Hand", "Score", "Total", "Score", "Total", "Hand", "Running"), strict=False
    ):
        canvas.drawString(x + 4, top - 36, label)
    for x in (columns[1], columns[3]):
        canvas.drawString(x + 3, top - 8, "Team")
    canvas.drawString(columns[5] + 20, top - 18, "Check")
    canvas.setFont(REGULAR, 11)
    for hand in range(12):
        canvas.drawString(left + 4, top - 60 - hand * row, str(hand + 1))
    canvas.drawString(left + 4, top - 60 - 12.5 * row, "W")
    for hand in range(14):
        canvas.line(left, top - 42 - hand * row, right, top - 42 - hand * row)
    for x in columns:
        canvas.line(x, top, x, top - 42 - 13.5 * row)
    canvas.rect(left, top - 42 - 13.5 * row, right - left, 42 + 13.5 * row)
    # The reference panel: its title, headings, tables and prose, string by string.
    canvas.rect(left, 36, right - left, 120)
    canvas.setFont(BOLD, 7)
    for x, heading in ((40, "Quick reference — Evansville"), (40, "Card values"),
                       (186, "Melds (highest first)"), (375, "Set rule")):  # fmt: skip
        canvas.drawString(x, 148 if heading.startswith("Quick") else 138, heading)
    canvas.setFont(REGULAR, 7)
    canvas.drawString(40, 130, "Trump")
    canvas.drawString(100, 130, "Plain")
    for row, cells in enumerate(_CARDS):
        for column, cell in enumerate(cells):
            canvas.drawString(40 + column * 30, 121 - row * 8.5, cell)
    for row, (name, points) in enumerate(_MELDS):
        canvas.drawString(186, 130 - row * 8.5, name)
        canvas.drawRightString(360, 130 - row * 8.5, points)
    for row, words in enumerate(_PROSE):
        canvas.drawString(40 + (row // 5) * 170, 60 - (row % 5) * 8.5, words)
    canvas.drawString(left, 18, "Clabber scoresheet")
    canvas.showPage()
    canvas.save()
    return stream.getvalue()


def blank_sheet() -> bytes:
    stream = io.BytesIO()
    BlankSheetRenderer(blank_sheet_data()).render(stream)
    return stream.getvalue()


def bench_blank_sheet() -> None:
    register_fonts()
    report(
        "blank scoresheet, one Letter page",
        median_seconds(blank_sheet),
        median_seconds(bare_canvas_sheet),
        "the same page on a bare canvas",
        target="ratio ≤ 1.3",
    )


def build_season(path: Path) -> Database:
    """A season of 20 teams and 500 finished games, imported in one transaction."""
    database = Database.open(str(path))
    create_season(database, league="Bench League", season=SEASON)
    names = [f"Team {number:02d}" for number in range(BOOK_TEAMS)]
    for name in names:
        add_team(database, SEASON, name)
    # The same hands in another order for each game of a pair: the store keeps one copy of a
    # game, so 500 games need 500 different sheets (every order ends 600–332 at hand 7).
    *first, last = HANDS
    orders = list(
        dict.fromkeys(
            tuple(json.dumps(first[i], sort_keys=True) for i in order)
            for order in itertools.permutations(range(len(first)))
        )
    )
    games: list[dict[str, object]] = []
    n = 0
    while len(games) < BOOK_GAMES:
        home, away = names[n % BOOK_TEAMS], names[(n * 7 + 3) % BOOK_TEAMS]
        if home != away:
            hands = [json.loads(hand) for hand in orders[n // BOOK_TEAMS]]
            games.append(
                {"format": "clabber-game/1", "sides": [home, away], "hands": [*hands, last]}
            )
        n += 1
    imported = import_games(database, games, SEASON)
    assert len(imported.ids) == BOOK_GAMES
    return database


def bench_season_book() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLABBER_LEAGUE_DATA"] = folder
        database = build_season(Path(folder) / "season.sqlite3")
        out = Path(folder) / "book.pdf"
        start = time.perf_counter()
        book = season_book_from_store(database, SEASON)
        gathered = time.perf_counter()
        SeasonBookRenderer(book).render(out)
        done = time.perf_counter()
        database.close()
        pages = 1 + book.contents_pages + len(book.sheets)
        print(
            f"season book of {len(book.sheets)} games ({pages} pages, "
            f"{out.stat().st_size / 1e6:.1f} MB): {done - start:.2f} s = "
            f"{gathered - start:.2f} s from the database + {done - gathered:.2f} s of PDF; "
            "target under 10 s"
        )


def bench_reports() -> None:
    bench_blank_sheet()
    bench_season_book()
