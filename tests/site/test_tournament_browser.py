"""A tournament's published pages in Debian's Chromium from ``file://``: the home page
(players' standings and the rounds), the standings and the rounds fit a 360 px phone and a
1280 px desk, ask no host, and axe-core finds no violation, in English and in Persian."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Request

from clabber_league import i18n
from clabber_league.site.publish import publish
from clabber_league.store.database import Database
from clabber_league.store.league import season_info
from tests.night.browser import PHONE, chromium, have_chromium, playwright
from tests.site.test_browser import DESK
from tests.store.tournament_play import NINE, played_tournament

pytestmark = pytest.mark.skipif(
    not have_chromium() and not os.environ.get("CI"),
    reason="needs Debian's Chromium (apt install chromium)",
)
#: Persian players, and a Latin one among them, as a mixed club has.
PERSIAN = ("آرش", "بهرام", "سارا", "مینا", "نگار", "پویا", "رضا", "لیلا", "Ivy")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with playwright() as driver, chromium(driver) as opened:
        yield opened


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("device", ["phone", "desk"])
def test_the_tournament_s_pages_fit_ask_no_host_and_pass_axe(
    browser: Browser, database: Database, tmp_path: Path, language: str, device: str
) -> None:
    i18n.install(language)
    info = played_tournament(database, players=PERSIAN if language == "fa" else NINE)
    site = tmp_path / "site"
    publish(database, site, [season_info(database, info.season, info.league)], league_index=False)
    options = PHONE if device == "phone" else DESK
    context = browser.new_context(**options)
    asked: list[str] = []

    def note(request: Request) -> None:
        asked.append(request.url)

    try:
        page = context.new_page()
        page.on("request", note)
        for path in ("index.html", "standings.html", "schedule.html"):
            page.goto((site / path).as_uri())
            assert (
                page.evaluate("document.documentElement.scrollWidth")
                <= (options["viewport"]["width"])
            ), path
            results = Axe().run(page)
            assert results.violations_count == 0, (path, results.generate_report())
    finally:
        context.close()
    assert [url for url in asked if not url.startswith("file://")] == []
