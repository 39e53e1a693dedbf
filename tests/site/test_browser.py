"""The published pages in Debian's Chromium from ``file://``: at a 360 px phone's width and a
desk's 1280 px, nothing wider than the page, no request anywhere, and axe-core finds no
accessibility violation (light scheme, and right to left in Persian)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Request

from clabber_league import i18n
from clabber_league.site.publish import league_seasons, publish
from clabber_league.store.database import Database
from clabber_league.store.league import season_info
from tests.night.browser import PHONE, chromium, have_chromium, playwright

pytestmark = pytest.mark.skipif(
    not have_chromium() and not os.environ.get("CI"),
    reason="needs Debian's Chromium (apt install chromium)",
)
DESK = {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with playwright() as driver, chromium(driver) as opened:
        yield opened


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("device", ["phone", "desk"])
@pytest.mark.parametrize(
    "page_path", ["index.html", "game/1.html", "team/1.html", "ratings.html", "player/1.html"]
)
def test_the_page_fits_the_screen_asks_no_host_and_passes_axe(  # noqa: PLR0917 - fixtures and cases
    browser: Browser,
    database: Database,
    tmp_path: Path,
    language: str,
    device: str,
    page_path: str,
) -> None:
    i18n.install(language)
    site = tmp_path / "site"
    publish(database, site, [season_info(database, "Spring")], league_index=False)
    context = browser.new_context(**(PHONE if device == "phone" else DESK))
    asked: list[str] = []

    def note(request: Request) -> None:
        asked.append(request.url)

    try:
        page = context.new_page()
        page.on("request", note)
        page.goto((site / page_path).as_uri())
        wide = (PHONE if device == "phone" else DESK)["viewport"]["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= wide
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()
    assert [url for url in asked if not url.startswith("file://")] == []


def test_the_index_of_a_leagues_seasons_passes_axe(
    browser: Browser, database: Database, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    publish(database, site, league_seasons(database, "Club"), league_index=True)
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto((site / "index.html").as_uri())
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
        page.get_by_role("link", name="Spring").click()
        page.wait_for_url("**/season-*/index.html")
        assert Axe().run(page).violations_count == 0
    finally:
        context.close()


def test_printed_the_page_drops_its_navigation_and_shows_every_column(
    browser: Browser, database: Database, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    publish(database, site, [season_info(database, "Spring")], league_index=False)
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto((site / "standings.html").as_uri())
        page.emulate_media(media="print")
        assert not page.locator("nav").is_visible()
        box = page.locator(".wide").first
        assert box.evaluate("element => getComputedStyle(element).overflowX") == "visible"
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF")
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("page_path", ["ratings.html", "player/1.html"])
def test_the_ratings_chart_is_drawn_inside_the_page(
    browser: Browser, database: Database, tmp_path: Path, language: str, page_path: str
) -> None:
    """The inline SVG chart shows at a phone's width: visible, with its lines, and no
    wider than the page."""
    i18n.install(language)
    site = tmp_path / "site"
    publish(database, site, [season_info(database, "Spring")], league_index=False)
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto((site / page_path).as_uri())
        chart = page.locator("figure.chart svg")
        assert chart.is_visible()
        box = chart.bounding_box()
        assert box is not None
        assert 0 < box["width"] <= PHONE["viewport"]["width"]
        assert box["height"] > 0
        assert chart.locator("polyline").count() >= 1
    finally:
        context.close()
