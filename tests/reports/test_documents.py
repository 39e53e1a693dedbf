"""Filled sheets, standings, schedules and season books: the data, then the PDF read back."""

from __future__ import annotations

import itertools
import os
import stat
from datetime import date
from pathlib import Path

import pytest

from clabber_league.league import round_robin
from clabber_league.league.ranking import HandCounts, TeamRecord, standings_from_records
from clabber_league.outputs import write_output
from clabber_league.reports import (
    FilledSheetRenderer,
    ScheduleRenderer,
    SeasonBookRenderer,
    StandingsRenderer,
    filled_sheet_data,
)
from clabber_league.reports.book import (
    CONTENTS_LINES,
    BookEntry,
    ContentsLine,
    SeasonBookData,
    season_book_data,
)
from clabber_league.reports.schedule import ScheduleMatch, ScheduleWeek, schedule_data
from clabber_league.reports.sheet import SheetHeading
from clabber_league.reports.standings import StandingsData, standings_data
from clabber_league.rules import Game, PassedHand, WrittenHand, rule_set
from clabber_league.store.league import MatchInfo
from tests.league.game_results import GameResult, standings
from tests.reports.conftest import page_texts, pdf_bytes
from tests.reports.test_sheet import example_game

STAMP = date(2025, 3, 20)


def written(makers: str, a: str, b: str) -> WrittenHand:
    return WrittenHand(makers, {"A": a, "B": b})


def won_by_a(a: str, b: str) -> Game:
    hands = [written("A", "150", "12")] * 3 + [written("A", "XX", "92"), written("A", "162", "-")]
    return Game(rule_set(), [a, b], entries=hands)


# ---------------------------------------------------------------- filled sheet
def test_a_filled_sheet_prints_names_marks_totals_checks_and_the_w() -> None:
    data = filled_sheet_data(example_game(), heading=SheetHeading("Club — Spring", "Thu", "3"))
    (text,) = page_texts(pdf_bytes(FilledSheetRenderer(data)))
    for words in ("Jack-Nine Club", "West Side Deuces", "Club — Spring", "Evansville rules"):
        assert words in text
    # Each hand's marks, totals and checks, in the order the row draws them.
    for line in data.lines:
        for mark in line.marks:
            assert mark.mark.text in text
            assert str(mark.total) in text
        assert f"{line.hand_check}\n{line.running_check}" in text
    assert text.count("XX") >= 2  # the two turkey tracks' hidden letters (and the legend)
    assert "-\n438" in text  # the dash, then its total
    assert "\nW\n" in text.split("12\nW\n", 1)[1]  # the big W, besides the row's label
    assert "all passed" in text
    assert "♣" in text
    assert "♥" in text


def test_a_long_game_still_fits_its_page() -> None:
    game = Game(rule_set(), ["Eagles", "Owls"], entries=[PassedHand()] * 20)
    data = filled_sheet_data(game)
    (text,) = page_texts(pdf_bytes(FilledSheetRenderer(data)))
    assert text.count("all passed") == 40  # two cells a hand


# ------------------------------------------------------------------- standings
def season_table(teams: int) -> StandingsData:
    names = {team: f"Team {team:02d}" for team in range(1, teams + 1)}
    games = [
        GameResult((a, b), (510, 300 + a), a if (a + b) % 3 else None)
        for a, b in itertools.combinations(names, 2)
    ]
    rows = standings(names, games, {1: HandCounts(5, 2, 1)})
    return standings_data(
        league="Club",
        season="Spring",
        rules_name="Evansville",
        rows=rows,
        order=("pct", "h2h", "diff", "pf", "name"),
        stamp=STAMP,
    )


def test_standings_data_is_the_view_s_table() -> None:
    names = {1: "Eagles", 2: "Owls"}
    rows = standings(names, [GameResult((1, 2), (504, 74), 1)], {2: HandCounts(3, 1, 2)})
    data = standings_data(
        league="Club",
        season="Spring",
        rules_name="Evansville",
        rows=rows,
        order=("pct", "diff", "h2h", "pf", "name"),
        stamp=STAMP,
    )
    assert data == StandingsData(
        league="Club",
        season="Spring",
        rules_name="Evansville",
        headings=(
            "#",
            "Team",
            "GP",
            "W",
            "L",
            "T",
            "Pct",
            "PF",
            "PA",
            "Diff",
            "Made",
            "Sets",
            "Reneges",
        ),
        rows=(
            ("1", "Eagles", "1", "1", "0", "0", "1.000", "504", "74", "+430", "0", "0", "0"),
            ("2", "Owls", "1", "0", "1", "0", "0.000", "74", "504", "-430", "3", "1", "2"),
        ),
        tie_break=(
            "Ranked by pct, then diff, then head-to-head pct, then points for, then team name"
        ),
        stamp="As of Thu 20 Mar 2025",
    )


def test_standings_print_on_as_many_pages_as_the_teams_need() -> None:
    data = season_table(90)
    texts = page_texts(pdf_bytes(StandingsRenderer(data)))
    assert len(texts) >= 2
    everything = "\n".join(texts)
    for row in data.rows:
        assert row[1] in everything
    assert all("Pct" in text for text in texts)  # the heading row on every page
    assert "Ranked by pct, then head-to-head pct" in texts[-1]
    assert "As of Thu 20 Mar 2025" in texts[0]


# -------------------------------------------------------------------- schedule
def matches(teams: list[str], rounds: int) -> list[MatchInfo]:
    ids = dict(enumerate(teams, start=1))
    lines: list[MatchInfo] = []
    for week, pairings in enumerate(round_robin(list(ids), rounds), start=1):
        for pairing in pairings:
            lines.append(
                MatchInfo(
                    id=len(lines) + 1,
                    week=week,
                    played_on=date(2025, 3, 6 + week - 1) if week < 20 else None,
                    table=pairing.table,
                    home=ids[pairing.home],
                    away=ids[pairing.away] if pairing.away is not None else None,
                    state="entered" if week == 1 else "to play",
                    games_entered=0,
                )
            )
    return lines


def test_schedule_data_groups_weeks_with_their_byes() -> None:
    data = schedule_data(
        league="Club", season="Spring", matches=matches(["Eagles", "Owls", "Hawks"], 1), stamp=STAMP
    )
    assert data.stamp == "As of Thu 20 Mar 2025"
    assert [week.number for week in data.weeks] == [1, 2, 3]
    first = data.weeks[0]
    assert first.night == "Thu 06 Mar 2025"
    assert len(first.matches) == 1
    assert len(first.byes) == 1
    assert first.matches[0].state == "entered"
    assert data.weeks[1].matches[0].state == ""  # to play: left blank on paper
    assert sorted(bye for week in data.weeks for bye in week.byes) == ["Eagles", "Hawks", "Owls"]


def test_a_long_schedule_prints_every_week_and_pairing() -> None:
    teams = [f"Team {n}" for n in range(1, 12)]
    data = schedule_data(league="Club", season="Spring", matches=matches(teams, 2), stamp=STAMP)
    texts = page_texts(pdf_bytes(ScheduleRenderer(data)))
    assert len(texts) >= 3
    everything = "\n".join(texts)
    for week in data.weeks:
        assert f"Week {week.number}" in everything
        assert f"Bye: {week.byes[0]}" in everything
    assert everything.count(" v ") + everything.count("\nv\n") >= 1
    assert sum(text.count("\nv\n") for text in texts) == sum(len(w.matches) for w in data.weeks)


def test_a_season_without_a_schedule_says_so() -> None:
    data = schedule_data(league="Club", season="Spring", matches=[], stamp=STAMP)
    (text,) = page_texts(pdf_bytes(ScheduleRenderer(data)))
    assert "No schedule has been made" in text


def test_schedule_weeks_are_plain_data() -> None:
    data = schedule_data(
        league="Club", season="Spring", matches=matches(["Eagles", "Owls"], 1), stamp=STAMP
    )
    assert data.weeks == (
        ScheduleWeek(1, "Thu 06 Mar 2025", (ScheduleMatch(1, "Eagles", "Owls", "entered"),), ()),
    )


# ------------------------------------------------------------------ season book
def book(games: int) -> SeasonBookData:
    entries = [
        BookEntry(
            week=number // 3 + 1,
            table=number % 3 + 1,
            sheet=filled_sheet_data(
                won_by_a(f"Home {number}", f"Away {number}"),
                heading=SheetHeading("Club — Spring", "Thu 06 Mar 2025", str(number % 3 + 1)),
            ),
        )
        for number in range(games)
    ]
    return season_book_data(
        league="Club",
        season="Spring",
        rules=rule_set(),
        standings=season_table(4),
        entries=entries,
    )


def test_the_contents_know_every_game_s_page() -> None:
    data = book(CONTENTS_LINES + 5)
    assert data.contents_pages == 2
    assert data.contents[0] == ContentsLine(
        number=1,
        week="1",
        table="1",
        date="Thu 06 Mar 2025",
        teams="Home 0 v Away 0",
        result="612–128 Home 0",
        page=4,
    )
    assert [line.page for line in data.contents] == list(range(4, 4 + CONTENTS_LINES + 5))


def test_a_season_book_puts_each_game_on_the_page_its_contents_say() -> None:
    data = book(CONTENTS_LINES + 5)
    texts = page_texts(pdf_bytes(SeasonBookRenderer(data)))
    assert len(texts) == 1 + 2 + CONTENTS_LINES + 5
    assert "Season book · Evansville rules · 45 games" in texts[0]
    assert "Team 01" in texts[0]  # the standings on the cover
    assert "Contents" in texts[1]
    assert "Contents (continued)" in texts[2]
    for line in data.contents:
        page = texts[line.page - 1]
        assert f"Game {line.number} of 45" in page
        assert line.teams.split(" v ")[0] in page
        assert "612" in page
        assert "\nW\n" in page


def test_an_empty_season_book_has_a_cover_and_says_there_are_no_games() -> None:
    texts = page_texts(pdf_bytes(SeasonBookRenderer(book(0))))
    assert len(texts) == 2
    assert "No games have been entered" in texts[1]


@pytest.mark.parametrize("games", [1, 3])
def test_results_in_the_contents(games: int) -> None:
    data = book(games)
    assert {line.result for line in data.contents} == {f"612–128 Home {n}" for n in range(games)}


def test_a_written_pdf_has_ordinary_file_permissions(tmp_path: Path) -> None:
    """Atomic writing goes through a private temp file; the printout itself is not private."""
    out = tmp_path / "pad.pdf"
    umask = os.umask(0o022)
    try:
        write_output(out, lambda stream: stream.writelines([b"%PDF-1.4\n"]), force=False)
    finally:
        os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o644


def test_a_retired_team_is_printed_apart_with_no_rank() -> None:
    """Larks retired before their first game: not in the ranked table, but under a note."""
    names = {1: "Eagles", 2: "Owls", 3: "Larks"}
    records = {1: TeamRecord(1, 0, 0, 504, 74), 2: TeamRecord(0, 1, 0, 74, 504)}
    rows = standings_from_records(names, records, lambda _groups: {}, retired={3})
    data = standings_data(
        league="Club",
        season="Spring",
        rules_name="Evansville",
        rows=rows,
        order=("pct", "h2h", "diff", "pf", "name"),
        stamp=STAMP,
    )
    assert [row[:2] for row in data.rows] == [("1", "Eagles"), ("2", "Owls")]
    assert [row[:3] for row in data.retired] == [("", "Larks", "0")]
    (text,) = page_texts(pdf_bytes(StandingsRenderer(data)))
    assert text.index("Owls") < text.index("Retired (not ranked)") < text.index("Larks")
