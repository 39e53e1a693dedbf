"""The board on a 1920 px television, in a real headless Chromium: the league's name, long
team names whole, retired teams left out, and in Persian the figures' signs and points
in their places and names cut (when they must be) at their logical end.

Each check reads the element and its value in one ``page.evaluate``, after the board has
shown the answer, so that no check can meet the page between two of its updates.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from clabber_league import i18n
from clabber_league.night.server import NightServer, NightSettings
from clabber_league.store.database import Database
from clabber_league.store.league import (
    add_team,
    create_season,
    generate_schedule,
    list_teams,
    retire_team,
)
from tests.night.browser import have_chromium
from tests.night.helpers import LEAGUE, SEASON, WEEK
from tests.night.screenshots import Api, play
from tests.night.test_pages import browser, links_of, tv  # noqa: F401 -- the fixtures

pytestmark = pytest.mark.skipif(
    not have_chromium() and not os.environ.get("CI"),
    reason="needs Debian's chromium (.ci/run installs it)",
)
#: Names as long as clubs give them; the last one retires once the night is made.
TEAMS = ["Cardinals of Evansville", "Kingfishers Social Club", "Westside Trump Cards", "Mules"]
RETIRED = TEAMS[-1]
#: A name no board has room for on two lines: it must be cut, and keep its start.
ENDLESS = " ".join(["Cardinals"] * 9)
WIN = {"makers": "A", "tricks": {"A": 162}, "melds": {"A": 200}}


def long_names(path: Path, names: list[str]) -> Database:
    database = Database.open(str(path))
    create_season(database, league=LEAGUE, season=SEASON)
    for number, name in enumerate(names):
        add_team(database, SEASON, name, [f"North {number}", f"South {number}"])
    generate_schedule(database, SEASON)
    return database


def night_of(database: Database) -> Iterator[NightServer]:
    """The first week served, its first table's game won by its home team, the last team
    retired."""
    night = NightServer(database, NightSettings(SEASON, WEEK, host="127.0.0.1", port=0))
    night.start()
    play(Api(night), links_of(night).tables[0].token, [WIN, WIN])
    retired = next(team for team in list_teams(database, SEASON) if team.name == RETIRED)
    retire_team(database, retired.id)
    yield night
    night.stop()
    database.close()


@pytest.fixture
def night(tmp_path: Path) -> Iterator[NightServer]:
    yield from night_of(long_names(tmp_path / "names.sqlite3", TEAMS))


@pytest.fixture
def endless_night(tmp_path: Path) -> Iterator[NightServer]:
    yield from night_of(long_names(tmp_path / "endless.sqlite3", [ENDLESS, *TEAMS[1:]]))


def shown_board(context: BrowserContext, server: NightServer) -> Page:
    page = context.new_page()
    page.goto(links_of(server).board.url)
    expect(page.locator("#standings-body tr")).to_have_count(len(TEAMS) - 1)
    expect(page.locator(".tile").first.locator(".total").first).not_to_have_text("0")
    return page


#: Every name on the board: its text, its title, its direction and alignment, and whether
#: it is cut (more to it than its box shows).
NAMES = """() => Array.from(document.querySelectorAll('.tile .name, #standings-body .team .fit'),
  (node) => ({
    text: node.textContent,
    title: node.title,
    direction: getComputedStyle(node).direction,
    align: getComputedStyle(node).textAlign,
    cut: node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1,
  }))"""


def names(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(NAMES)
    return found


def test_the_board_names_the_league_shows_long_names_whole_and_no_retired_team(
    night: NightServer,
    tv: BrowserContext,  # noqa: F811 -- the fixture imported above
) -> None:
    page = shown_board(tv, night)
    heading, standings = page.evaluate(
        "[document.getElementById('title').textContent,"
        " document.getElementById('standings-body').innerText]"
    )
    assert heading == LEAGUE
    assert RETIRED not in standings
    shown = names(page)
    assert {name["text"] for name in shown} == set(TEAMS)  # the tiles' and the standings'
    assert [name for name in shown if name["cut"] or name["title"] != name["text"]] == []


def test_in_persian_signs_points_and_names_keep_their_order(
    night: NightServer,
    tv: BrowserContext,  # noqa: F811 -- the fixture imported above
) -> None:
    i18n.install("fa")
    page = shown_board(tv, night)
    # The loser's row: its diff negative, its pct .000; each figure's characters from the
    # left as the screen shows them, read from where each character is drawn.
    figures = page.evaluate(
        """() => {
          const row = Array.from(document.querySelectorAll('#standings-body tr'))
            .find((line) => line.querySelector('td:last-child').textContent.startsWith('-'));
          const drawn = (cell) => {
            const text = cell.querySelector('bdi').firstChild;
            return Array.from(text.data, (_char, index) => {
              const range = document.createRange();
              range.setStart(text, index);
              range.setEnd(text, index + 1);
              return [range.getBoundingClientRect().left, text.data[index]];
            }).sort((a, b) => a[0] - b[0]).map((pair) => pair[1]).join('');
          };
          const cells = row.querySelectorAll('td');
          return {
            dir: document.documentElement.dir,
            pct: [cells[cells.length - 2].textContent, drawn(cells[cells.length - 2])],
            diff: [cells[cells.length - 1].textContent, drawn(cells[cells.length - 1])],
          };
        }"""
    )
    assert figures["dir"] == "rtl"
    assert figures["pct"] == [".000", ".000"]
    assert figures["diff"][0].startswith("-")
    assert figures["diff"][1] == figures["diff"][0]
    # A Latin name in the Persian board reads left to right, aligned with the page.
    for name in names(page):
        assert (name["direction"], name["align"], name["cut"]) == ("ltr", "right", False), name


@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_name_too_long_even_for_two_lines_is_cut_at_its_end_with_its_whole_in_its_title(
    endless_night: NightServer,
    tv: BrowserContext,  # noqa: F811 -- the fixture imported above
    code: str,
) -> None:
    i18n.install(code)
    page = shown_board(tv, endless_night)
    cut = page.evaluate(
        """() => Array.from(document.querySelectorAll('.tile .name, #standings-body .team .fit'))
          .filter((node) => node.scrollHeight > node.clientHeight + 1)
          .map((node) => {
            const box = node.getBoundingClientRect();
            const text = node.firstChild;
            const range = document.createRange();
            range.setStart(text, 0);
            range.setEnd(text, 1);
            const first = range.getBoundingClientRect();
            range.setStart(text, 1);
            range.setEnd(text, 2);
            const second = range.getBoundingClientRect();
            return {
              title: node.title,
              direction: getComputedStyle(node).direction,
              firstShown: first.top >= box.top && first.bottom <= box.bottom + 1,
              onTheFirstLine: first.top - box.top < first.height / 2,
              readRightwards: first.left < second.left,
            };
          })"""
    )
    assert len(cut) == 2  # its tile's and its standings row's
    for name in cut:
        # The name's start is shown, on its first line, read rightwards (a Latin name is its
        # own left-to-right paragraph): what is cut is its end.
        assert name == {
            "title": ENDLESS,
            "direction": "ltr",
            "firstShown": True,
            "onTheFirstLine": True,
            "readRightwards": True,
        }
