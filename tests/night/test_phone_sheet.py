"""The phone's sheet and keypad in a real headless Chromium (issue 26): hands the paper
marks with small words (all passed, both reneged, renege) marked so on the phone too, a
fourth keypad digit refused in the rule's words, passing messages that pass, and a long
sheet whose header never covers hand 1.

Each element is found and read in one script (as ``test_pages.lightness`` does): the
page draws its sheet again on every change, and an element found first and read after
may be one it has just replaced.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from clabber_league import i18n
from clabber_league.night.server import NightServer
from clabber_league.night.service import NightService
from tests.night import test_pages
from tests.night.browser import have_chromium
from tests.night.test_pages import Table, links_of, started

pytestmark = pytest.mark.skipif(
    not have_chromium() and not os.environ.get("CI"),
    reason="needs Debian's chromium (.ci/run installs it)",
)
#: The page tests' fixtures: the browser, a phone in it, the night's service.
browser, phone, server = test_pages.browser, test_pages.phone, test_pages.server

#: Each mark cell of the sheet's rows: its small words and its mark, read in one script.
MARK_CELLS = """() => Array.from(document.querySelectorAll('#sheet-body tr:not(.pending)'), (row) =>
    Array.from(row.querySelectorAll('td.mark'), (cell) => [
        (cell.querySelector('.note') || {}).textContent || '',
        (cell.querySelector('.figure') || {}).textContent || '',
        cell.querySelector('.note') ? getComputedStyle(cell.querySelector('.note')).display : '',
    ]))"""


def mark_cells(page: Page) -> list[list[list[str]]]:
    """Per row, per side: [small words, mark, how the words are displayed (on a line of
    their own above the mark)]."""
    cells: list[list[list[str]]] = page.evaluate(MARK_CELLS)
    return cells


def entered(night: NightServer, token: str, hands: list[dict[str, Any]]) -> None:
    """Hands recorded at the table by another station (the secretary's desktop, say)."""
    service: NightService = night.service
    for number, hand in enumerate(hands):
        version = service.table(token)["version"]
        service.hand(token, {"id": f"desk-{number}", "version": version, "hand": hand})


# ----------------------------------------------------------------------------- the marks
def test_an_all_passed_hand_and_a_double_renege_say_so_in_every_column(
    server: NightServer,
    phone: BrowserContext,
) -> None:
    table, links, _, _ = started(phone, server)
    table.makers("All passed")
    table.send()
    table.expect_hands(1)
    entered(server, links.tables[0].token, [{"makers": "A", "renege": "both"}])
    table.expect_hands(2)
    assert mark_cells(table.page) == [
        [["all passed", "", "block"], ["all passed", "", "block"]],
        [["both reneged", "", "block"], ["both reneged", "", "block"]],
    ]
    assert [row[3::2] for row in table.sheet_rows()] == [["0", "0"], ["0", "0"]]  # the totals
    assert table.problems == []


def test_a_renege_is_marked_renege_and_a_set_is_not(
    server: NightServer,
    phone: BrowserContext,
) -> None:
    table, links, home, _ = started(phone, server)
    table.makers(home)
    table.page.locator("#more summary").tap()
    table.tap(f"{home} reneged", within="Renege")
    table.send()
    table.expect_hands(1)
    entered(
        server,
        links.tables[0].token,
        [{"makers": "A", "renege": "B"}, {"makers": "B", "tricks": {"B": 70}}],
    )
    table.expect_hands(3)
    assert mark_cells(table.page) == [
        [["renege", "XX", "block"], ["", "162", ""]],  # the makers reneged
        [["", "162", ""], ["renege", "-", "block"]],  # the defenders reneged
        [["", "92", ""], ["", "XX", ""]],  # an ordinary set: no words
    ]
    renege = table.page.evaluate(
        "getComputedStyle(document.querySelector('#sheet-body td.renege .note')).color"
    )
    assert renege != table.page.evaluate(
        "getComputedStyle(document.querySelector('#sheet-body td.total')).color"
    )
    assert table.problems == []


@pytest.mark.parametrize("code", ["fa", "ru", "ko"])
def test_the_sheets_small_words_are_the_services_language(
    server: NightServer,
    phone: BrowserContext,
    code: str,
) -> None:
    i18n.install(code)
    links = links_of(server)
    table = Table(phone, links.tables[0].url, connected=i18n._("Connected"))
    table.start(i18n._("Start the game"))
    entered(server, links.tables[0].token, [{"passed": True}, {"makers": "A", "renege": "A"}])
    table.expect_hands(2)
    cells = mark_cells(table.page)
    assert [words for words, _, _ in cells[0]] == [i18n._("all passed")] * 2
    assert cells[1][0][:2] == [i18n._("renege"), "XX"]
    assert i18n._("renege") != "renege"


# ----------------------------------------------------------------------------- the keypad
#: The trick points field and the keypad's message, read together.
TRICKS = """(code) => [document.getElementById(`tricks-${code}`).value,
    document.getElementById('tricks-message').textContent]"""


def test_a_fourth_digit_is_refused_in_the_rules_words_and_three_are_kept(
    server: NightServer,
    phone: BrowserContext,
) -> None:
    table, _, home, away = started(phone, server)
    table.hand(home, "1000")
    rule = f"{home} cannot score 1000 trick points: there are only 162 in a hand"
    expect(table.page.locator("#tricks-message")).to_have_text(rule)
    assert table.page.evaluate(TRICKS, "A") == ["100", rule]
    # The hand on the form is the three digits', and its verdict stands.
    table.verdict.to_have_text(f"{home} made it: {home} 100, {away} 62.")
    # Typed on a keyboard, the same.
    table.page.locator("#tricks-B").fill("")
    table.page.locator("#tricks-A").fill("")
    table.page.locator("#tricks-B").press_sequentially("1234")
    refused = f"{away} cannot score 1234 trick points: there are only 162 in a hand"
    expect(table.page.locator("#tricks-message")).to_have_text(refused)
    assert table.page.evaluate(TRICKS, "B") == ["123", refused]
    # Leading zeros are no digits of the figure: "0092" is 92, and nothing is refused.
    table.page.locator("#tricks-B").fill("")
    table.page.locator("#tricks-B").press_sequentially("0092")
    expect(table.page.locator("#tricks-message")).to_have_text("")
    assert table.page.evaluate(TRICKS, "B") == ["92", ""]
    assert table.problems == []


def test_offline_a_fourth_digit_is_refused_in_the_rules_first_words(
    server: NightServer,
    phone: BrowserContext,
) -> None:
    table, _, home, _ = started(phone, server)
    table.go_offline()
    table.hand(home, "1620")
    expect(table.page.locator("#tricks-message")).to_have_text(
        f"{home} cannot score 1620 trick points"
    )
    assert table.page.evaluate(TRICKS, "A")[0] == "162"


@pytest.mark.parametrize("code", ["fa", "ru", "ko"])
def test_the_refusal_is_said_in_the_services_language(
    server: NightServer,
    phone: BrowserContext,
    code: str,
) -> None:
    """The engine's own line, as the service translates it, without its "hand 1: "."""
    i18n.install(code)
    links = links_of(server)
    home = links.tables[0].sides[0]
    table = Table(phone, links.tables[0].url, connected=i18n._("Connected"))
    table.start(i18n._("Start the game"))
    table.makers(home, within=i18n._("Who made trump?"))
    table.keypad("1000")
    cannot = i18n._("{who} cannot score {points} trick points").format(who=home, points=1000)
    rule = i18n._("{cannot}: there are only {shared} in a hand").format(cannot=cannot, shared=162)
    expect(table.page.locator("#tricks-message")).to_have_text(rule)
    assert table.page.evaluate(TRICKS, "A") == ["100", rule]


# ----------------------------------------------------------------------------- messages
def undone(table: Table, home: str) -> None:
    """A hand sent and undone: the table's message says "Hand 1 undone."."""
    table.hand(home, "92")
    table.send()
    table.expect_hands(1)
    table.tap("Undo the last hand")
    table.tap("Tap again to undo hand 1")
    expect(table.page.locator("#table-message")).to_have_text("Hand 1 undone.")


def test_a_message_goes_at_the_next_tap(
    server: NightServer,
    phone: BrowserContext,
) -> None:
    table, _, home, _ = started(phone, server)
    undone(table, home)
    table.makers(home)
    expect(table.page.locator("#table-message")).to_have_text("")
    table.keypad("1000")
    expect(table.page.locator("#tricks-message")).not_to_have_text("")
    table.page.locator('#keypad [data-key="back"]').tap()
    expect(table.page.locator("#tricks-message")).to_have_text("")
    assert table.page.evaluate(TRICKS, "A")[0] == "10"


def test_a_message_goes_by_itself_after_a_few_seconds(
    server: NightServer,
    phone: BrowserContext,
) -> None:
    table, _, home, _ = started(phone, server)
    undone(table, home)
    expect(table.page.locator("#table-message")).to_have_text("")  # no tap meanwhile
    assert (
        table.page.evaluate("document.getElementById('table-message').getAttribute('role')")
        == "status"
    )


# ----------------------------------------------------------------------------- a long sheet
#: The header's bottom (its cells', where they are drawn) and hand 1's top, with the sheet
#: scrolled as ``how`` says, in one script: ``top`` scrolls the sheet to its first row,
#: ``into-view`` brings hand 1 into view the way the keyboard or a search does. ``text``
#: is the phone's text size (150%: a larger text setting, the header's rows taller).
HAND_ONE = """async ([how, text]) => {
    document.documentElement.style.fontSize = text;
    for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame);
    const scroller = document.getElementById('sheet-scroll');
    const first = document.querySelector('#sheet-body tr');
    scroller.scrollTop = scroller.scrollHeight;
    if (how === 'top') scroller.scrollTop = 0;
    else first.scrollIntoView({block: 'nearest'});
    const head = Math.max(...Array.from(document.querySelectorAll('#sheet-head th'),
        (cell) => cell.getBoundingClientRect().bottom));
    const row = first.getBoundingClientRect();
    const box = scroller.getBoundingClientRect();
    return {head, top: row.top, bottom: row.bottom, box: box.bottom,
            number: first.querySelector('th').textContent,
            scrolled: scroller.scrollHeight > scroller.clientHeight,
            width: document.documentElement.clientWidth};
}"""


@pytest.mark.parametrize("text", ["100%", "150%"])
@pytest.mark.parametrize("how", ["top", "into-view"])
def test_the_header_never_covers_hand_one_of_a_long_sheet(
    server: NightServer,
    phone: BrowserContext,
    how: str,
    text: str,
) -> None:
    table, links, _, _ = started(phone, server)
    hands: list[dict[str, Any]] = [{"passed": True}] * 27
    hands += [{"makers": "A", "renege": "A"}, {"makers": "B", "tricks": {"B": 70}}]
    hands += [{"makers": "B", "renege": "both"}]
    entered(server, links.tables[0].token, hands)
    table.expect_hands(30)
    seen = table.page.evaluate(HAND_ONE, [how, text])
    assert (seen["number"], seen["scrolled"], seen["width"]) == ("1", True, 360)
    assert seen["top"] >= seen["head"] - 0.5  # half a pixel: the rounding of a rule
    assert seen["bottom"] <= seen["box"]
    assert table.problems == []


# ----------------------------------------------------------------------------- the send bar
#: The renege choices' bottom and the sticky send bar's top, once the trump and renege
#: part has opened, in one script (frames waited for the page's own scrolling).
CHOICES_AND_BAR = """async () => {
    for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame);
    const choices = document.getElementById('renege-choices').getBoundingClientRect();
    const bar = document.querySelector('.send-bar').getBoundingClientRect();
    return {choices: choices.bottom, bar: bar.top, height: window.innerHeight};
}"""


@pytest.mark.parametrize("text", ["100%", "150%"])
def test_the_renege_choices_open_above_the_send_bar(
    server: NightServer, phone: BrowserContext, text: str
) -> None:
    """Opening "Trump suit, renege" at the foot of the page shows its renege choices
    whole, not under the sticky bar with Send the hand."""
    table, _, _, _ = started(phone, server)
    table.page.evaluate(f"document.documentElement.style.fontSize = {text!r}")
    table.page.evaluate("window.scrollTo(0, 0)")
    table.page.locator("#more summary").tap()
    seen = table.page.evaluate(CHOICES_AND_BAR)
    assert seen["choices"] <= seen["bar"] + 0.5, seen
    assert table.problems == []
