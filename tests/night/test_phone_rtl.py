"""The phone's page in Persian, right to left, in a real headless Chromium (issue 26): the
sheet reads from the right as the paper does, its figures in Persian digits and in their
own order, names keep theirs ("Ann E.", not ".Ann E"), the verdict names each team
before its score, and the number pad still reads 1 2 3 from the left; in Russian a long
word is never cut in two on its button.

Each element is found and read in one script (as ``test_phone_sheet`` does): the page
draws its sheet again on every change, and an element found first and read after may be
one it has just replaced.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext

from clabber_league import i18n
from clabber_league.night.server import NightServer
from clabber_league.store.database import Database
from clabber_league.store.league import add_team, create_season, generate_schedule
from tests.night import test_pages
from tests.night.browser import have_chromium
from tests.night.helpers import LEAGUE, SEASON
from tests.night.test_pages import Table, links_of
from tests.night.test_phone_sheet import entered

pytestmark = pytest.mark.skipif(
    not have_chromium() and not os.environ.get("CI"),
    reason="needs Debian's chromium (.ci/run installs it)",
)
#: The page tests' fixtures: the browser, a phone in it, the night's service.
browser, phone, server = test_pages.browser, test_pages.phone, test_pages.server

#: Players whose names end in a full stop, which a right-to-left line would move to the
#: name's left ("Ann E." read as ".Ann E") unless the name is set apart.
PLAYERS = {"Eagles": ["Ann E.", "Bob E."], "Owls": ["Cal O.", "Dee O."]}
#: Hands of every kind the Persian sheet must read: made with a meld and the bell, all
#: passed, a renege, and all 162 trick points.
HANDS: list[dict[str, Any]] = [
    {"makers": "A", "tricks": {"A": 100}, "melds": {"A": 50}, "bell": "A"},
    {"passed": True},
    {"makers": "B", "renege": "B"},
    {"makers": "B", "tricks": {"B": 162}},
]
PERSIAN_162 = "\u06f1\u06f6\u06f2"  # ۱۶۲


@pytest.fixture
def database(database_path: Path) -> Iterator[Database]:
    """The night's league: two teams, their players named as on a paper sheet."""
    opened = Database.open(str(database_path))
    create_season(opened, league=LEAGUE, season=SEASON)
    for team, players in PLAYERS.items():
        add_team(opened, SEASON, team, players)
    generate_schedule(opened, SEASON)
    yield opened
    opened.close()


#: The page as a Persian reader sees it, read in one script: the document's language and
#: direction; the left edge of the sheet's first and last header cells; per row its
#: cells' text; the hand-4 "162" cell's digits from left to right (each digit's own box);
#: the dealer's name's full stop and first letter, left edges; the keypad's "1" and "0".
PERSIAN_PAGE = """() => {
    const left = (node) => node.getBoundingClientRect().left;
    const leftToRight = (node) => {
        const text = node.firstChild;
        return Array.from(text.textContent, (_char, index) => {
            const range = document.createRange();
            range.setStart(text, index);
            range.setEnd(text, index + 1);
            return [range.getBoundingClientRect().left, text.textContent[index]];
        }).sort((one, other) => one[0] - other[0]).map(([_x, char]) => char).join('');
    };
    const head = document.querySelectorAll('#sheet-head tr:first-child th');
    const rows = Array.from(document.querySelectorAll('#sheet-body tr'));
    const figure = rows[3].querySelectorAll('td.mark')[1].querySelector('.figure');
    const dealer = rows[0].querySelector('td.dealer');
    return {
        lang: document.documentElement.lang,
        dir: document.documentElement.dir,
        direction: getComputedStyle(document.body).direction,
        first: left(head[0]),
        last: left(head[head.length - 1]),
        rows: rows.map((row) => Array.from(row.querySelectorAll('th, td'),
            (cell) => cell.textContent)),
        figure: [figure.textContent, leftToRight(figure)],
        dealer: [dealer.textContent, leftToRight(dealer)],
        keypad: [left(document.querySelector('#keypad [data-key="1"]')),
                 left(document.querySelector('#keypad [data-key="0"]'))],
    };
}"""


def persian_table(server: NightServer, phone: BrowserContext) -> Table:
    """The first table's phone page in Persian, its game under way with ``HANDS``."""
    i18n.install("fa")
    links = links_of(server)
    table = Table(phone, links.tables[0].url, connected=i18n._("Connected"))
    table.start(i18n._("Start the game"))
    entered(server, links.tables[0].token, HANDS)
    table.expect_hands(len(HANDS))
    return table


def test_the_persian_sheet_reads_from_the_right_in_persian_words_and_digits(
    server: NightServer,
    phone: BrowserContext,
) -> None:
    table = persian_table(server, phone)
    seen = table.page.evaluate(PERSIAN_PAGE)
    assert (seen["lang"], seen["dir"], seen["direction"]) == ("fa", "rtl", "rtl")
    # The first column (the hand's number) is at the right, the teams follow leftwards.
    assert seen["first"] > seen["last"]
    number, _dealer, *marks = seen["rows"][1]
    assert number == "\u06f2"  # ۲: hand 2, in Persian digits
    assert [marks[0], marks[2]] == [i18n._("all passed")] * 2  # both teams' mark cells
    assert i18n._("all passed") != "all passed"
    # 162 in Persian digits, drawn as it is read: ۱ then ۶ then ۲, from the left.
    assert seen["figure"] == [PERSIAN_162, PERSIAN_162]
    # A Latin name keeps its order in the right-to-left sheet, its full stop last.
    assert seen["dealer"] == ["Ann E.", "Ann E."]
    # The number pad reads from the left, as the phone's own does.
    assert seen["keypad"][0] < seen["keypad"][1]
    assert table.problems == []


#: Where the verdict's words are drawn: the left edge of each of ``words`` (each the
#: first of its kind after the one before it in the text), read in one script.
WORDS_AT = """(words) => {
    const line = document.getElementById('verdict');
    const text = line.firstChild;
    let from = 0;
    return [text.textContent, words.map((word) => {
        const index = text.textContent.indexOf(word, from);
        if (index < 0) return null;
        from = index + word.length;
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, from);
        const box = range.getClientRects()[0];
        return [Math.round(box.top), box.left];
    })];
}"""


def test_the_persian_verdict_names_each_team_before_its_score(
    server: NightServer,
    phone: BrowserContext,
) -> None:
    """In "Eagles made it: Eagles 92، Owls 70." each score stands left of (after) its
    team, and the second team left of the first, though the list of scores begins with
    a Latin name; in "Eagles are set (XX): Owls 92 …" the one score too."""
    table = persian_table(server, phone)
    table.makers("Eagles", within=i18n._("Who made trump?"))
    table.keypad("92")
    table.verdict.to_contain_text("70")
    text, (made, eagles, ninety_two, owls, seventy) = table.page.evaluate(
        WORDS_AT, ["Eagles", "Eagles", "92", "Owls", "70"]
    )
    assert text.startswith("\u2068Eagles\u2069")
    assert made[1] > eagles[1] or made[0] < eagles[0]  # the sentence begins at the right
    for team, score in ((eagles, ninety_two), (owls, seventy)):
        assert score[0] > team[0] or score[1] < team[1]  # on the next line, or leftwards
    assert owls[0] > eagles[0] or owls[1] < eagles[1]
    table.page.locator('#keypad [data-key="clear"]').tap()
    table.keypad("70")
    table.verdict.to_contain_text("XX")
    # Not the verdict of the "7" typed first (also set): wait for the 70's own figure.
    table.verdict.to_contain_text("92")
    _text, (owls, ninety_two) = table.page.evaluate(WORDS_AT, ["Owls", "92"])
    assert ninety_two[0] > owls[0] or ninety_two[1] < owls[1]
    assert table.problems == []


#: The makers' choices: each face's text and how many lines each of its words takes.
CHOICE_WORDS = """() => Array.from(document.querySelectorAll('#makers-choices .choice span'),
    (face) => {
        const text = face.firstChild;
        let from = 0;
        return [face.textContent, text.textContent.split(' ').map((word) => {
            const range = document.createRange();
            range.setStart(text, from);
            range.setEnd(text, from + word.length);
            from += word.length + 1;
            return range.getClientRects().length;
        })];
    })"""


def test_a_long_russian_word_is_never_cut_on_its_button(
    server: NightServer,
    phone: BrowserContext,
) -> None:
    i18n.install("ru")
    links = links_of(server)
    table = Table(phone, links.tables[0].url, connected=i18n._("Connected"))
    table.start(i18n._("Start the game"))
    faces = table.page.evaluate(CHOICE_WORDS)
    assert [text for text, _ in faces] == [*PLAYERS, i18n._("All passed")]
    assert all(lines == 1 for _, words in faces for lines in words)
    assert table.page.evaluate("document.documentElement.scrollWidth") == 360
