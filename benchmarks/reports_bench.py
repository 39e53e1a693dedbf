"""Printing: a blank sheet against a bare ReportLab canvas, and a 500-game season book.

The floor for the blank sheet is the same page drawn by hand on a canvas
(same fonts, same rules and words, no document template, no flowables, no
forms), so the ratio is what the renderer's structure costs.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import sqlite3
import tempfile
from pathlib import Path
from typing import IO

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from benchmarks.timing import median_seconds, report
from clabber_league.reports import BlankSheetRenderer, SeasonBookRenderer, blank_sheet_data
from clabber_league.reports.book import CONTENTS_LINES, SeasonBookData
from clabber_league.reports.fonts import BOLD, REGULAR, register_fonts
from clabber_league.reports.gather import season_book_from_store
from clabber_league.store.database import Database
from clabber_league.store.exports import HAND_COLUMNS
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
    _draw_blank_page(canvas)
    canvas.showPage()
    canvas.save()
    return stream.getvalue()


def _draw_blank_page(canvas: Canvas) -> None:
    """The blank sheet's words and rules, string by string, line by line."""
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


def bare_canvas_book(book: SeasonBookData, out: IO[bytes]) -> None:
    """The floor of the season book: the same pages drawn straight on a canvas — the cover's
    standings, the contents, and each game's sheet (the blank page and every figure on it)."""
    canvas = Canvas(out, pagesize=LETTER, pageCompression=1)
    canvas.setFont(BOLD, 24)
    canvas.drawString(36, 700, book.league)
    canvas.setFont(REGULAR, 9)
    for row, standing in enumerate(book.standings.rows):
        for column, text in enumerate(standing):
            canvas.drawString(36 + column * 40, 640 - row * 12, text)
    canvas.showPage()
    for start in range(0, len(book.contents), CONTENTS_LINES):
        for row, entry in enumerate(book.contents[start : start + CONTENTS_LINES]):
            facts = (entry.number, entry.week, entry.table, entry.date, entry.teams, entry.result)
            for column, fact in enumerate((*facts, entry.page)):
                canvas.drawString(36 + column * 70, 700 - row * 14.5, str(fact))
        canvas.showPage()
    for number, sheet in enumerate(book.sheets, start=1):
        _draw_blank_page(canvas)
        canvas.setFont(BOLD, 11)
        canvas.drawString(36, 760, f"Game {number}: {' v '.join(sheet.sides)}")
        canvas.setFont(REGULAR, 11)
        for row, line in enumerate(sheet.lines):
            y = 640 - row * 34.0
            makers = sheet.sides[line.makers] if line.makers is not None else ""
            written = (line.dealer, line.trump, makers, *(m.mark.text for m in line.marks))
            for column, figure in enumerate((*written, line.hand_check, line.running_check)):
                canvas.drawString(90 + column * 60, y, str(figure))
        for column, total in enumerate(sheet.totals):
            canvas.drawString(172 + column * 180, 230, f"{total} {sheet.w_marks[column]}")
        for row, note in enumerate(sheet.footnotes):
            canvas.drawString(36, 200 - row * 10, note)
        canvas.showPage()
    canvas.save()


def bench_season_book(database: Database) -> None:
    """Gathering the season from the store and rendering it, against the same pages drawn
    on a bare canvas."""
    book = season_book_from_store(database, SEASON)

    def floor() -> None:
        bare_canvas_book(book, io.BytesIO())

    def made() -> None:
        SeasonBookRenderer(season_book_from_store(database, SEASON)).render(io.BytesIO())

    gathered = median_seconds(lambda: season_book_from_store(database, SEASON), 3)
    report(
        f"season book of {BOOK_GAMES} games ({1 + book.contents_pages + BOOK_GAMES} pages)",
        median_seconds(made, 3),
        median_seconds(floor, 3),
        "the same pages on a bare canvas",
        target="ratio ≤ 1.5",
    )
    print(f"  of which {gathered:.2f} s gathering the games from the database")


def bench_csv_export(database: Database) -> None:
    """The season as CSV, against reading the same hand rows with bare ``sqlite3`` and
    writing them with the ``csv`` module."""
    from clabber_league.commands.league import season_export  # noqa: PLC0415

    assert database.path is not None
    connection = sqlite3.connect(database.path)

    def floor() -> None:
        rows = connection.execute(
            "SELECT game.id, game.side_a, game.side_b, hand.n, hand.dealer, hand.makers, "
            "hand.trump, hand.kind, hand.is_set, hand.score_a, hand.score_b "
            "FROM hand JOIN game ON game.id = hand.game_id ORDER BY game.id, hand.n"
        ).fetchall()
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(HAND_COLUMNS)
        # 19 columns, as the export writes: some of them twice.
        writer.writerows((*row, *row[:8]) for row in rows)

    report(
        f"CSV export of a {BOOK_GAMES}-game season",
        median_seconds(lambda: season_export(database, SEASON, None, "csv")),
        median_seconds(floor),
        "the same rows read with sqlite3 and written with csv",
        target="ratio ≤ 2",
    )
    connection.close()


def bench_reports() -> None:
    bench_blank_sheet()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLABBER_LEAGUE_DATA"] = folder
        database = build_season(Path(folder) / "season.sqlite3")
        bench_season_book(database)
        bench_csv_export(database)
        database.close()
