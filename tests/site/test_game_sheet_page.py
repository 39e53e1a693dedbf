"""The game sheet in Debian's headless Chromium, on a page of its own from ``file://``:
axe-core finds nothing at 360 px and 1280 px, in English and in Persian; the sheet
scrolls inside its box and never the page; Persian mirrors it; nothing is asked of
another host."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from markupsafe import Markup
from playwright.sync_api import Browser, BrowserContext, Page, Route

from clabber_league import i18n
from clabber_league.site import game_sheet
from clabber_league.site.game_sheet import game_sheet_html
from clabber_league.store.database import Database
from clabber_league.store.games import open_game
from clabber_league.store.imports import import_game
from tests.night.browser import chromium, have_chromium, playwright
from tests.site.test_game_sheet import HOSTILE_TEAM, example_document

pytestmark = pytest.mark.skipif(
    not have_chromium() and not os.environ.get("CI"),
    reason="needs Debian's chromium (.ci/run installs it)",
)

SHEET_CSS = Path(game_sheet.__file__).parent / "static" / "sheet.css"
WIDTHS = (360, 1280)
#: The page around the sheet: only what any page of the site has (a body font and margin).
BODY_CSS = (
    "body { margin: 8px; font: 16px/1.4 system-ui, sans-serif; }"
    "@media (prefers-color-scheme: dark) { body { background: #15171a; color: #e8eaed; } }"
)


def standalone(fragment: Markup, lang: str) -> str:
    """A page holding nothing but the sheet and its CSS, in ``lang``'s direction."""
    direction = "rtl" if i18n.is_right_to_left(lang) else "ltr"
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}" dir="{direction}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>Sheet</title><link rel="stylesheet" href="sheet.css"><style>{BODY_CSS}</style>'
        f"</head><body><main><h1>Sheet</h1>{fragment}</main></body></html>\n"
    )


def write_page(folder: Path, database: Database, game_id: int, lang: str) -> Path:
    """The sheet's page in ``lang``, written to ``folder`` beside a copy of sheet.css."""
    i18n.install(lang)
    try:
        fragment = game_sheet_html(database, game_id)
    finally:
        i18n.install("en")
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SHEET_CSS, folder / "sheet.css")
    path = folder / f"sheet-{lang}.html"
    path.write_text(standalone(fragment, lang), encoding="utf-8")
    return path


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    opened = Database.open(str(tmp_path / "league.sqlite3"))
    yield opened
    opened.close()


@pytest.fixture
def game_id(database: Database) -> int:
    """The example game (every kind of mark), with a long team name and named dealers."""
    document = example_document() | {"sides": [HOSTILE_TEAM, "West Side Deuces"]}
    made = import_game(database, document)
    open_game(database, made).seat(
        {"A1": "Anahita Karimi", "B1": "Bo", "A2": "Cyrus", "B2": "Dana Lee"}
    )
    return made


@pytest.fixture
def page_of(database: Database, game_id: int, tmp_path: Path) -> Callable[[str], str]:
    """The address of the sheet's page in a language."""
    return lambda lang: write_page(tmp_path / "site", database, game_id, lang).as_uri()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with playwright() as driver, chromium(driver) as running:
        yield running


class Visit:
    """A page open at one width, each request not to ``file://`` refused and noted."""

    def __init__(self, context: BrowserContext) -> None:
        self.elsewhere: list[str] = []
        context.route("**/*", self._route)
        self.page: Page = context.new_page()

    def _route(self, route: Route) -> None:
        url = route.request.url
        if url.startswith("file://"):
            route.continue_()
        else:
            self.elsewhere.append(url)
            route.abort()


@pytest.fixture(params=WIDTHS, ids=lambda width: f"{width}px")
def visit(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Visit]:
    width: int = request.param
    context = browser.new_context(viewport={"width": width, "height": 800})
    yield Visit(context)
    context.close()


def width_of(page: Page, script: str) -> float:
    value = page.evaluate(script)
    assert isinstance(value, int | float)
    return float(value)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_sheet_passes_axe_cores_check(
    visit: Visit, page_of: Callable[[str], str], lang: str, scheme: str
) -> None:
    """Contrast included, on a page in a light scheme and in a dark one."""
    visit.page.emulate_media(color_scheme="dark" if scheme == "dark" else "light")
    visit.page.goto(page_of(lang))
    results = Axe().run(visit.page)
    assert results.violations_count == 0, results.generate_report()
    assert visit.elsewhere == []


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_sheet_scrolls_in_its_box_never_the_page(
    visit: Visit, page_of: Callable[[str], str], lang: str
) -> None:
    page = visit.page
    page.goto(page_of(lang))
    viewport = width_of(page, "window.innerWidth")
    assert width_of(page, "document.documentElement.scrollWidth") <= viewport
    box = ".paper-sheet-box"
    assert width_of(page, f"document.querySelector('{box}').getBoundingClientRect().width") <= (
        viewport
    )
    assert page.eval_on_selector(box, "box => getComputedStyle(box).overflowX") == "auto"


def test_persian_mirrors_the_sheet(visit: Visit, page_of: Callable[[str], str]) -> None:
    """The hand numbers at the right, the checks at the left, as a Persian paper sheet."""
    page = visit.page
    page.goto(page_of("fa"))
    first_row = ".paper-sheet tbody tr:first-child"
    hand = page.eval_on_selector(f"{first_row} th", "cell => cell.getBoundingClientRect().left")
    check = page.eval_on_selector(
        f"{first_row} td:last-child", "cell => cell.getBoundingClientRect().left"
    )
    assert hand > check


def test_a_printed_sheet_shows_every_column(visit: Visit, page_of: Callable[[str], str]) -> None:
    page = visit.page
    page.goto(page_of("en"))
    page.emulate_media(media="print")
    box = ".paper-sheet-box"
    assert page.eval_on_selector(box, "box => getComputedStyle(box).overflowX") == "visible"
