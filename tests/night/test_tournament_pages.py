"""A tournament's round on the board and on a table's phone, in a real headless Chromium
against the service on 127.0.0.1: the board names the tournament and the round, seats
each pair, ranks the players (not the partnerships) and moves them the moment a table's
game has its W, with no reload; it fits a 1920 px and a 1280 px screen, in English and
in Persian, and asks no other host for anything. The phone says which hand of how many
is next and, once the round's game has its W, where each of its players sits next.

Waits are for something to appear (``WAIT_MS`` in test_pages only bounds a broken test).
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, expect

from clabber_league import i18n
from clabber_league.night.server import NightServer
from clabber_league.store.database import Database
from tests.night.browser import PHONE, have_chromium
from tests.night.screenshots import Api, play
from tests.night.test_pages import WAIT_MS, browser, links_of  # noqa: F401 -- the fixture
from tests.night.tournament_night import (
    HANDS,
    NAME,
    PLAYERS,
    ROUNDS,
    play_out,
    round_night,
    tournament_database,
)

pytestmark = pytest.mark.skipif(
    not have_chromium() and not os.environ.get("CI"),
    reason="needs Debian's chromium (.ci/run installs it)",
)
#: Hands that end no game before its last (nobody near the target): the round's length.
SMALL = {"makers": "A", "tricks": {"A": 100}}
#: Every name the board shows, whether it is cut, its direction and alignment.
NAMES = """() => Array.from(document.querySelectorAll('.tile .name, #players-body .fit'),
  (node) => ({
    text: node.textContent,
    cut: node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1,
    direction: getComputedStyle(node).direction,
    align: getComputedStyle(node).textAlign,
  }))"""


@dataclass(frozen=True)
class Served:
    """The night, and the one client that enters its hands (its request ids its own)."""

    night: NightServer
    api: Api


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """Round 1 played out, round 2 served: its first table's game one hand from its W."""
    database: Database = tournament_database(tmp_path / "pairs.sqlite3")
    chance = random.Random(7)
    with round_night(database, 1) as first:
        api = Api(first)
        for link in links_of(first).tables:
            play_out(api, link.token, chance)
    with round_night(database, 2) as night:
        api = Api(night)
        play(api, links_of(night).tables[0].token, [SMALL] * (HANDS - 1))
        yield Served(night, api)
    database.close()


def opened(context: BrowserContext, url: str) -> tuple[Page, list[str]]:
    """The page at ``url`` and every address it asks for."""
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(url)
    return page, asked


def standings(page: Page) -> list[list[str]]:
    found: list[list[str]] = page.evaluate(
        """() => Array.from(document.querySelectorAll('#players-body tr'),
          (row) => Array.from(row.children, (cell) => cell.textContent))"""
    )
    return found


def board_json(night: NightServer) -> dict[str, Any]:
    url = f"http://127.0.0.1:{night.port}/api/board/{links_of(night).board.token}"
    answer: dict[str, Any] = httpx.get(url).json()
    return answer


@pytest.mark.parametrize("width", [1920, 1280])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_board_of_a_round_fits_the_screen_and_ranks_the_players(
    served: Served,
    browser: Browser,  # noqa: F811 -- the fixture imported above
    width: int,
    code: str,
) -> None:
    i18n.install(code)
    round_two = served.night
    height = width * 9 // 16
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(WAIT_MS)
    page, asked = opened(context, links_of(round_two).board.url)
    expect(page.locator("#players-body tr")).to_have_count(len(PLAYERS))
    expect(page.locator("#title")).to_have_text(NAME)
    expect(page.locator("#team-standings")).to_be_hidden()
    rows = standings(page)
    expected = board_json(round_two)["tournament"]["standings"]
    assert [row[1] for row in rows] == [line["player"] for line in expected]
    assert [row[2] for row in rows] == [str(line["points"]) for line in expected]
    shown = page.evaluate(
        """() => ({
          line: document.getElementById('night-line').textContent,
          dir: document.documentElement.dir,
          seats: Array.from(document.querySelectorAll('.tile .seats'), (node) => node.textContent),
          wide: document.documentElement.scrollWidth,
          tall: document.documentElement.scrollHeight,
        })"""
    )
    assert shown["line"] == i18n.fill(
        i18n._("Round {round} of {rounds}"), round="2", rounds=str(ROUNDS)
    )
    assert shown["seats"] == [i18n._("North–South"), i18n._("East–West")] * (len(PLAYERS) // 4)
    assert (shown["wide"], shown["tall"]) == (width, height)  # no scrolling either way
    names: list[dict[str, Any]] = page.evaluate(NAMES)
    assert len(names) == len(PLAYERS) // 2 + len(PLAYERS)  # each pair's tile name, each player
    align = "right" if code == "fa" else "left"
    assert [name for name in names if name["cut"] or name["align"] != align] == []
    assert shown["dir"] == ("rtl" if code == "fa" else "ltr")
    base = f"http://127.0.0.1:{round_two.port}/"
    assert [url for url in asked if not url.startswith(base)] == []
    context.close()


def test_the_standings_move_when_a_table_has_its_w_without_a_reload(
    served: Served,
    browser: Browser,  # noqa: F811 -- the fixture imported above
) -> None:
    round_two, api = served.night, served.api
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(WAIT_MS)
    page, _ = opened(context, links_of(round_two).board.url)
    expect(page.locator("#players-body tr")).to_have_count(len(PLAYERS))
    before = standings(page)
    page.evaluate("window.stayed = true")  # gone if the page were loaded again
    token = links_of(round_two).tables[0].token
    api.post(token, "hands", {"version": api.version(token), "hand": SMALL})
    expected = board_json(round_two)["tournament"]["standings"]
    wanted = [str(line["points"]) for line in expected]
    expect(page.locator("#players-body tr td:nth-child(3)")).to_have_text(wanted)
    assert standings(page) != before
    assert page.evaluate("window.stayed") is True
    expect(page.locator(".tile").first).to_have_class(re.compile(r"\bfinished\b"))
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    context.close()


@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_phone_counts_the_rounds_hands_then_says_where_everyone_sits_next(
    served: Served,
    browser: Browser,  # noqa: F811 -- the fixture imported above
    code: str,
) -> None:
    i18n.install(code)
    round_two, api = served.night, served.api
    context = browser.new_context(**PHONE)
    context.set_default_timeout(WAIT_MS)
    link = links_of(round_two).tables[0]
    page, asked = opened(context, link.url)
    expect(page.locator("#connection")).to_have_text(i18n._("Connected"))
    digits = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹") if code == "fa" else {}
    expect(page.locator("#entry-title")).to_have_text(
        i18n.fill(
            i18n._("Hand {number} of {hands}"), number=str(HANDS), hands=str(HANDS)
        ).translate(digits)
    )
    expect(page.locator("#round-over")).to_be_hidden()
    api.post(link.token, "hands", {"version": api.version(link.token), "hand": SMALL})
    over = page.locator("#round-over")
    expect(over).to_be_visible()
    expect(over.locator("h2")).to_have_text(
        i18n.fill(i18n._("Round {round} is over."), round="2").translate(digits)
    )
    table = httpx.get(f"http://127.0.0.1:{round_two.port}/api/t/{link.token}").json()
    players = [place["player"] for place in table["tournament"]["next"]]
    expect(over.locator("li strong")).to_have_text(players)
    expect(page.locator("#entry")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") == PHONE["viewport"]["width"]
    base = f"http://127.0.0.1:{round_two.port}/"
    assert [url for url in asked if not url.startswith(base)] == []
    context.close()
