"""Names a league secretary might really type, on every document: printed as typed,
shortened with an ellipsis, or shown as "�" — never a crash, never markup."""

from __future__ import annotations

import unicodedata
from datetime import date

import pytest

from clabber_league.reports import (
    BlankSheetRenderer,
    FilledSheetRenderer,
    Renderer,
    ScheduleRenderer,
    SeasonBookRenderer,
    Sponsor,
    StandingsRenderer,
    blank_sheet_data,
    filled_sheet_data,
)
from clabber_league.reports.book import BookEntry, season_book_data
from clabber_league.reports.fonts import ELLIPSIS, REPLACEMENT
from clabber_league.reports.schedule import schedule_data
from clabber_league.reports.sheet import SheetHeading
from clabber_league.reports.standings import standings_data
from clabber_league.rules import Game, WrittenHand, rule_set
from clabber_league.store.league import MatchInfo
from tests.league.game_results import GameResult, standings
from tests.reports.conftest import page_texts, pdf_bytes

MARKUP = '<b>&"Eagles"'
ACCENTS = "Čížek Ærø Ünïcødé"
CYRILLIC = "Орлы Москвы"
PERSIAN = "عقاب‌های تهران"
KOREAN = "독수리 클럽"
LONG = "The Extraordinarily Long-Named Jack-Nine Appreciation Society of Greater Evansville"
UNPRINTABLE = "中文队 🦅"
LEAGUE = "Liga <i>&amp; Ünïon"
NAMES = (MARKUP, ACCENTS, CYRILLIC, PERSIAN, KOREAN, LONG, UNPRINTABLE, "O'Brien's")


def game(a: str, b: str) -> Game:
    hands = [WrittenHand("A", {"A": "150", "B": "12"})] * 3
    hands += [WrittenHand("A", {"A": "XX", "B": "92"}), WrittenHand("A", {"A": "162", "B": "-"})]
    return Game(rule_set(), [a, b], entries=hands)


def pairs() -> list[tuple[str, str]]:
    return [(NAMES[i], NAMES[i + 1]) for i in range(0, len(NAMES), 2)]


def readable(text: str) -> str:
    """The PDF's text as a reader gets it: joined forms back to letters (NFKC)."""
    return unicodedata.normalize("NFKC", text)


def documents() -> dict[str, Renderer]:
    heading = SheetHeading(LEAGUE, "Thu 06 Mar 2025", "<3>")
    sheets = [filled_sheet_data(game(a, b), heading=heading) for a, b in pairs()]
    table = standings_data(
        league=LEAGUE,
        season=CYRILLIC,
        rules_name="Evansville",
        rows=standings(
            dict(enumerate(NAMES)),
            [GameResult((2 * i, 2 * i + 1), (612, 128), 2 * i) for i in range(len(NAMES) // 2)],
        ),
        order=("pct", "h2h", "diff", "pf", "name"),
        stamp=date(2025, 3, 20),
    )
    plan = schedule_data(
        league=LEAGUE,
        season=CYRILLIC,
        matches=[
            MatchInfo(i, 1, None, i, a, b, "to play", 0) for i, (a, b) in enumerate(pairs(), 1)
        ]
        + [MatchInfo(9, 1, None, 0, KOREAN, None, "bye", 0)],
        stamp=date(2025, 3, 20),
    )
    book = season_book_data(
        league=LEAGUE,
        season=CYRILLIC,
        rules=rule_set(),
        standings=table,
        entries=[BookEntry(1, n, sheet) for n, sheet in enumerate(sheets, 1)],
    )
    return {
        "blank": BlankSheetRenderer(
            blank_sheet_data(league=MARKUP, sponsor=Sponsor(f"{MARKUP}\n{PERSIAN} {KOREAN}"))
        ),
        "filled": FilledSheetRenderer(sheets[0]),
        "filled-persian": FilledSheetRenderer(sheets[1]),
        "filled-long": FilledSheetRenderer(sheets[2]),
        "filled-unprintable": FilledSheetRenderer(sheets[3]),
        "standings": StandingsRenderer(table),
        "schedule": ScheduleRenderer(plan),
        "season": SeasonBookRenderer(book),
    }


@pytest.fixture(scope="module")
def printed() -> dict[str, str]:
    return {name: "\n".join(page_texts(pdf_bytes(doc))) for name, doc in documents().items()}


@pytest.mark.parametrize("document", ["blank", "filled", "standings", "schedule", "season"])
def test_markup_in_a_name_prints_as_typed(printed: dict[str, str], document: str) -> None:
    assert MARKUP in printed[document]


@pytest.mark.parametrize("document", ["standings", "schedule", "season"])
@pytest.mark.parametrize("name", [ACCENTS, CYRILLIC, "O'Brien's", LEAGUE])
def test_accents_and_cyrillic_print_as_typed(
    printed: dict[str, str], document: str, name: str
) -> None:
    assert name in printed[document]


@pytest.mark.parametrize("document", ["blank", "filled-persian", "standings", "schedule"])
def test_persian_is_joined_and_reads_right_to_left(printed: dict[str, str], document: str) -> None:
    text = printed[document]
    assert "\ufecb\ufed8" in text  # ع and ق in their joined forms: shaped, not loose letters
    assert readable(PERSIAN).replace("\u200c", "") in readable(text)


@pytest.mark.parametrize("document", ["blank", "filled-long", "standings", "schedule", "season"])
def test_korean_prints_in_its_font(printed: dict[str, str], document: str) -> None:
    assert "독수리" in printed[document]
    assert "클럽" in printed[document]


@pytest.mark.parametrize("document", ["filled-long", "standings", "schedule"])
def test_a_long_name_is_shortened_with_an_ellipsis(printed: dict[str, str], document: str) -> None:
    text = printed[document]
    assert "The Extraordinarily" in text
    assert ELLIPSIS in text
    assert "Greater Evansville" not in text


@pytest.mark.parametrize("document", ["filled-unprintable", "standings", "schedule"])
def test_letters_no_font_has_show_as_the_replacement_mark(
    printed: dict[str, str], document: str
) -> None:
    assert REPLACEMENT * 3 in printed[document]


def test_the_sheet_heading_keeps_its_angle_brackets(printed: dict[str, str]) -> None:
    assert "<3>" in printed["filled"]
