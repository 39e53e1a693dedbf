"""The board page on a playoff night, in a real headless Chromium: the bracket's rounds
beside the tables, the seeds and the winners (``board.js`` ``showPlayoffs``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect

from clabber_league.night.server import NightServer, NightSettings
from clabber_league.store.database import Database
from clabber_league.store.knockout import create_knockout, knockout_bracket
from clabber_league.store.playoffs import create_playoffs
from tests.night.browser import have_chromium
from tests.night.helpers import SEASON, league_with_teams
from tests.night.test_pages import browser, links_of, tv  # noqa: F401 -- the fixtures
from tests.store.test_knockout import entries, play

pytestmark = pytest.mark.skipif(
    not have_chromium() and not os.environ.get("CI"),
    reason="needs Debian's chromium (.ci/run installs it)",
)
PLAYOFF_WEEK = 4


@pytest.fixture
def playoff_night(tmp_path: Path) -> Iterator[NightServer]:
    database = Database.open(str(tmp_path / "playoffs.sqlite3"))
    league_with_teams(database)
    create_playoffs(database, season=SEASON, teams=3, force=True)
    night = NightServer(database, NightSettings(SEASON, PLAYOFF_WEEK, host="127.0.0.1", port=0))
    night.start()
    yield night
    night.stop()
    database.close()


def test_the_board_shows_the_bracket_on_a_playoff_night(
    playoff_night: NightServer,
    tv: BrowserContext,  # noqa: F811 -- the fixture imported above
) -> None:
    board = tv.new_page()
    board.goto(links_of(playoff_night).board.url)
    section = board.locator("#playoffs")
    expect(section).to_be_visible()
    expect(section.locator(".round h3")).to_have_text(["Semi-final", "Final"])
    expect(section.locator(".round").first.locator(".entrant.winner")).to_have_count(1)  # the bye
    expect(section.locator(".round").first.locator(".team")).to_contain_text(["(1) ", "bye"])
    # Made before any regular game (``force``): no standings of noughts beside it.
    expect(board.locator("#team-standings")).to_be_hidden()
    if os.environ.get("PLAYOFF_SCREENSHOT"):
        board.screenshot(path=os.environ["PLAYOFF_SCREENSHOT"])


@pytest.fixture
def knockout_night(tmp_path: Path) -> Iterator[NightServer]:
    """A double knockout of four on its second night: the winners' final and the losers'
    first round at the tables."""
    database = Database.open(str(tmp_path / "knockout.sqlite3"))
    create_knockout(database, name="Cup", teams=entries(4), double=True)
    for match in knockout_bracket(database, "Cup").rounds[0]:
        play(database, match.match_id, True)
    night = NightServer(database, NightSettings("Cup", 2, host="127.0.0.1", port=0))
    night.start()
    yield night
    night.stop()
    database.close()


def test_the_board_shows_a_double_bracket(
    knockout_night: NightServer,
    tv: BrowserContext,  # noqa: F811 -- the fixture imported above
) -> None:
    board = tv.new_page()
    board.goto(links_of(knockout_night).board.url)
    winners, losers = board.locator("#bracket"), board.locator("#losers-bracket")
    expect(winners.locator(".round h3")).to_have_text(["Winners' round 1", "Winners' final"])
    expect(losers).to_be_visible()
    expect(losers.locator(".round h3")).to_have_text(["Losers' round 1", "Losers' final"])
    expect(losers.locator(".round").first.locator(".team")).to_have_text(["(3) Hawks", "(4) Crows"])
    # A knockout's season has no regular game: no standings of noughts beside its bracket.
    expect(board.locator("#team-standings")).to_be_hidden()
    if os.environ.get("PLAYOFF_SCREENSHOT"):
        board.screenshot(path=os.environ["PLAYOFF_SCREENSHOT"].replace(".png", "-double.png"))
