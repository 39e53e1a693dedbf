"""The league night's screenshots for the docs: a table's phone page (360×640), the
phone correcting a hand and reopening a finished game, and the board on a 1920×1080
television, in Debian's headless Chromium, of a twelve-table night played part-way
through the service's own API; then a second table's phone with the sheet's small words
(all passed, renege) and a fourth keypad digit refused.

    python -m tests.night.screenshots --out docs     (make screenshots runs it)
    python -m tests.night.screenshots --out DIR --dark  (the phone's dark scheme, to look at)
    python -m tests.night.screenshots --out DIR --lang fa --lang ru --lang ko
        (the phone's sheet, a meld, a bell, all passed and a renege, and a fourth digit
        refused, in each language the service is asked to speak, to look at)
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from pathlib import Path
from typing import Any, Literal

import httpx
from playwright.sync_api import Browser, expect

from clabber_league import i18n
from clabber_league.night.links import NightLinks, TableLink
from clabber_league.night.server import NightServer, NightSettings
from clabber_league.store.database import Database
from clabber_league.store.league import (
    add_team,
    create_season,
    generate_schedule,
    list_teams,
    retire_team,
)
from tests.night.browser import PHONE, TV, chromium, playwright

SEASON, WEEK = "Fall 2026", 1
TEAMS = [
    "Eagles", "Owls", "Jack Rabbits", "Nines", "Bell Ringers", "Turkey Tracks",
    "Westside", "Trump Cards", "Dads", "High Fives", "River Rats", "Mules",
    "Aces", "Kingfishers", "Queen's Men", "Last Trick", "Renegers", "Evansville Ten",
    "Bluebirds", "Card Sharks", "Dealers", "Deuces Wild", "Oak Street", "Ohio Valley",
]  # fmt: skip
PLAYERS = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou"]


def night_database(path: Path) -> Database:
    database = Database.open(str(path))
    create_season(database, league="Thursday Club", season=SEASON)
    for number, name in enumerate(TEAMS):
        first, second = PLAYERS[number % 12], PLAYERS[(number + 5) % 12]
        add_team(database, SEASON, name, [f"{first} {name[:1]}.", f"{second} {name[:1]}."])
    generate_schedule(database, SEASON)
    return database


class Api:
    """The phones' requests, made straight to the service."""

    def __init__(self, server: NightServer) -> None:
        self.base = f"http://127.0.0.1:{server.port}"
        self.count = 0

    def post(self, token: str, what: str, body: dict[str, Any]) -> dict[str, Any]:
        self.count += 1
        answer = httpx.post(
            f"{self.base}/api/t/{token}/{what}", json={"id": f"shot-{self.count}", **body}
        )
        answer.raise_for_status()
        return dict(answer.json())

    def version(self, token: str) -> int:
        return int(httpx.get(f"{self.base}/api/t/{token}").json()["version"])


def play(api: Api, token: str, hands: list[dict[str, Any]]) -> None:
    api.post(token, "games", {"version": api.version(token)})
    for hand in hands:
        api.post(token, "hands", {"version": api.version(token), "hand": hand})


def some_hands(chance: random.Random, count: int) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = []
    for _ in range(count):
        makers = chance.choice("AB")
        tricks = chance.choice([70, 81, 92, 100, 110, 122, 130, 162])
        hand: dict[str, Any] = {"makers": makers, "tricks": {makers: tricks}}
        if chance.random() < 0.3:
            hand["melds"] = {makers: chance.choice([20, 50])}
        hands.append(hand)
    return hands


def phone_marks(
    browser: Browser, api: Api, link: TableLink, out: Path, scheme: Literal["light", "dark"]
) -> None:
    """Issue 26's cases on a table of their own: the sheet's small words (an all-passed
    hand, a renege by the makers and by the defenders) and a fourth keypad digit refused
    in the rule's words (``phone-sheet-marks.png``, ``phone-fourth-digit.png``)."""
    suffix = "" if scheme == "light" else f"-{scheme}"
    play(
        api,
        link.token,
        [
            {"makers": "B", "tricks": {"B": 100}},
            {"passed": True},
            {"makers": "B", "renege": "B"},
            {"makers": "A", "renege": "B"},
            {"makers": "B", "tricks": {"B": 70}},
        ],
    )
    page = browser.new_context(**PHONE, color_scheme=scheme).new_page()
    page.goto(link.url)
    expect(page.locator("#sheet-body tr")).to_have_count(5)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(out / f"phone-sheet-marks{suffix}.png"))
    page.get_by_role("group", name="Who made trump?").get_by_role("radio", name=link.sides[0]).tap()
    for digit in "1000":
        page.locator("#keypad").get_by_role("button", name=digit).tap()
    expect(page.locator("#tricks-message")).to_contain_text("there are only 162")
    page.locator("#keypad").scroll_into_view_if_needed()
    page.screenshot(path=str(out / f"phone-fourth-digit{suffix}.png"))


#: A game whose sheet has every kind of row: made with a meld and the bell,
#: all 162 with a meld, all passed, the makers reneged, set, the defenders reneged.
EVERY_KIND: list[dict[str, Any]] = [
    {"makers": "A", "tricks": {"A": 100}, "melds": {"A": 50}, "bell": "A"},
    {"makers": "B", "tricks": {"B": 162}, "melds": {"B": 20}},
    {"passed": True},
    {"makers": "B", "renege": "B"},
    {"makers": "A", "tricks": {"A": 70}},
    {"makers": "A", "renege": "B"},
]


def phone_in(browser: Browser, api: Api, link: TableLink, out: Path, code: str) -> None:
    """The phone's sheet of every kind of row and a fourth digit refused, in the language
    ``code`` (``phone-sheet-CODE.png``, ``phone-page-CODE.png`` the whole page,
    ``phone-fourth-digit-CODE.png``, ``phone-renege-CODE.png`` the trump suit and
    renege choices): to look at in a right-to-left Persian and in long
    Russian words, at 360 px."""
    i18n.install(code)
    play(api, link.token, EVERY_KIND)
    page = browser.new_context(**PHONE).new_page()
    page.goto(link.url)
    expect(page.locator("#connection")).to_have_text(i18n._("Connected"))
    expect(page.locator("#sheet-body tr")).to_have_count(len(EVERY_KIND))
    page.evaluate("document.getElementById('sheet-scroll').scrollTop = 0; window.scrollTo(0, 0)")
    page.screenshot(path=str(out / f"phone-sheet-{code}.png"))
    page.screenshot(path=str(out / f"phone-page-{code}.png"), full_page=True)
    page.get_by_role("group", name=i18n._("Who made trump?")).get_by_role(
        "radio", name=link.sides[0]
    ).tap()
    for digit in "1000":
        page.locator("#keypad").get_by_role("button", name=digit, exact=True).tap()
    expect(page.locator("#tricks-message")).to_contain_text("162")
    page.locator("#keypad").scroll_into_view_if_needed()
    page.screenshot(path=str(out / f"phone-fourth-digit-{code}.png"))
    page.locator("#more summary").tap()
    page.evaluate("document.getElementById('more').scrollIntoView({block: 'start'})")
    page.screenshot(path=str(out / f"phone-renege-{code}.png"))


def shoot_languages(out: Path, codes: list[str]) -> None:
    """``phone_in`` for each language, each on a table of its own."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLABBER_LEAGUE_DATA"] = str(Path(folder) / "data")
        database = night_database(Path(folder) / "night.sqlite3")
        server = NightServer(database, NightSettings(SEASON, WEEK, host="127.0.0.1", port=0))
        server.start()
        try:
            links = server.links
            assert links is not None
            with playwright() as driver, chromium(driver) as browser:
                for code, link in zip(codes, links.tables, strict=False):
                    phone_in(browser, Api(server), link, out, code)
        finally:
            i18n.install(i18n.SOURCE)
            server.stop()
            database.close()


def shoot(out: Path, scheme: Literal["light", "dark"] = "light") -> None:
    """The two pictures, in the browser's ``scheme``: the dark ones are named ``*-dark.png``."""
    suffix = "" if scheme == "light" else f"-{scheme}"
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLABBER_LEAGUE_DATA"] = str(Path(folder) / "data")
        database = night_database(Path(folder) / "night.sqlite3")
        server = NightServer(database, NightSettings(SEASON, WEEK, host="127.0.0.1", port=0))
        server.start()
        try:
            links = server.links
            assert links is not None
            api = Api(server)
            chance = random.Random(14)
            big = {"makers": "A", "tricks": {"A": 162}, "melds": {"A": 200}}
            play(api, links.tables[2].token, [big, big])  # a W on the board
            for link in links.tables[3:]:
                play(api, link.token, some_hands(chance, chance.randint(1, 5)))
            play(
                api,
                links.tables[0].token,
                [
                    {"makers": "A", "trump": "S", "tricks": {"A": 92}},
                    {"makers": "B", "tricks": {"B": 81}},
                    {"makers": "A", "tricks": {"A": 100}, "melds": {"A": 20}, "bell": "A"},
                    {"passed": True},
                ],
            )
            with playwright() as driver, chromium(driver) as browser:
                phone = browser.new_context(**PHONE, color_scheme=scheme)
                page = phone.new_page()
                page.goto(links.tables[0].url)
                expect(page.locator("#connection")).to_have_text("Connected")
                page.get_by_role("group", name="Who made trump?").get_by_role(
                    "radio", name=links.tables[0].sides[1]
                ).tap()
                for digit in "70":
                    page.locator("#keypad").get_by_role("button", name=digit).tap()
                expect(page.locator("#verdict")).to_contain_text("set")
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(out / f"league-night-phone{suffix}.png"))
                board = browser.new_context(**TV, color_scheme=scheme).new_page()
                board.goto(links.board.url)
                expect(board.locator(".tile")).to_have_count(len(links.tables))
                board.screenshot(path=str(out / f"league-night-board{suffix}.png"))
                phone_marks(browser, api, links.tables[1], out, scheme)
                shoot_corrections(browser, links, out, scheme)
        finally:
            server.stop()
            database.close()


#: Names as long as a club gives them, a Persian one among them: the board must show
#: them whole at 1920 px, in English and in Persian.
LONG_TEAMS = [
    "Cardinals of Evansville", "Kingfishers Social Club", "Jack Rabbits", "Bell Ringers",
    "شاه‌ماهی‌های تبریز", "Turkey Tracks", "Westside Trump Cards", "Retired Mules",
]  # fmt: skip


def long_names_database(path: Path) -> Database:
    """Eight teams with long names, their first two weeks played out, then one retired."""
    database = Database.open(str(path))
    create_season(database, league="Thursday Club", season=SEASON)
    for number, name in enumerate(LONG_TEAMS):
        first, second = PLAYERS[number], PLAYERS[number + 4]
        add_team(database, SEASON, name, [f"{first} {number}", f"{second} {number}"])
    generate_schedule(database, SEASON)
    return database


def shoot_board(out: Path) -> None:
    """The board at 1920 px in English and in Persian (``board-en.png``, ``board-fa.png``):
    long names whole, a retired team left out, signs and decimals in their places."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLABBER_LEAGUE_DATA"] = str(Path(folder) / "data")
        database = long_names_database(Path(folder) / "night.sqlite3")
        big = {"makers": "A", "tricks": {"A": 162}, "melds": {"A": 200}}
        small = {"makers": "B", "tricks": {"B": 92}}
        for week, hands in ((1, [big, big]), (2, [small, big, big])):
            server = NightServer(database, NightSettings(SEASON, week, host="127.0.0.1", port=0))
            server.start()
            try:
                assert server.links is not None
                api = Api(server)
                for link in server.links.tables:
                    play(api, link.token, hands)
            finally:
                server.stop()
        retired = next(team for team in list_teams(database, SEASON) if team.name == LONG_TEAMS[-1])
        retire_team(database, retired.id)
        server = NightServer(database, NightSettings(SEASON, 3, host="127.0.0.1", port=0))
        server.start()
        try:
            links = server.links
            assert links is not None
            api = Api(server)
            play(api, links.tables[0].token, [small, {"makers": "A", "tricks": {"A": 100}}])
            with playwright() as driver, chromium(driver) as browser:
                for code in ("en", "fa"):
                    i18n.install(code)
                    board = browser.new_context(**TV).new_page()
                    board.goto(links.board.url)
                    expect(board.locator(".tile")).to_have_count(len(links.tables))
                    board.screenshot(path=str(out / f"board-{code}.png"))
                    board.context.close()
        finally:
            i18n.install(i18n.SOURCE)
            server.stop()
            database.close()


def shoot_corrections(
    browser: Browser, links: NightLinks, out: Path, scheme: Literal["light", "dark"]
) -> None:
    """The phone correcting hand 2 of table 1, and table 3's Reopen game asking for its
    second tap after the W (``closed-phone-*.png``)."""
    suffix = "" if scheme == "light" else f"-{scheme}"
    phone = browser.new_context(**PHONE, color_scheme=scheme)
    page = phone.new_page()
    page.goto(links.tables[0].url)
    expect(page.locator("#connection")).to_have_text("Connected")
    page.locator("#sheet-body tr").nth(1).tap()
    expect(page.locator("#entry-title")).to_have_text("Correct hand 2")
    page.locator("#keypad").get_by_role("button", name="Clear the trick points").tap()
    for digit in "92":
        page.locator("#keypad").get_by_role("button", name=digit).tap()
    expect(page.locator("#send")).to_be_enabled()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(out / f"closed-phone-correcting{suffix}.png"))
    finished = phone.new_page()
    finished.goto(links.tables[2].url)
    expect(finished.locator("#connection")).to_have_text("Connected")
    finished.get_by_role("button", name="Reopen game").tap()
    expect(finished.locator("#reopen")).to_contain_text("Tap again")
    finished.screenshot(path=str(out / f"closed-phone-reopen{suffix}.png"), full_page=True)
    phone.close()


def shoot_site(out: Path) -> None:
    """The published league site's home page (docs/publishing.md), from ``file://``: on a
    phone in English and in Persian, and on a desk."""
    from clabber_league.site.publish import publish  # noqa: PLC0415
    from clabber_league.store.league import season_info  # noqa: PLC0415
    from tests.site.conftest import spring  # noqa: PLC0415

    with tempfile.TemporaryDirectory() as folder, playwright() as driver:
        database = Database.open(str(Path(folder) / "league.sqlite3"))
        spring(database)
        with chromium(driver) as browser:
            for code, device, name in (
                ("en", PHONE, "site-home-phone"),
                ("fa", PHONE, "site-home-phone-fa"),
                ("en", {"viewport": {"width": 1280, "height": 800}}, "site-home-desk"),
            ):
                i18n.install(code)
                site = Path(folder) / f"site-{code}"
                publish(database, site, [season_info(database, "Spring")], league_index=False)
                context = browser.new_context(**device)
                page = context.new_page()
                page.goto((site / "index.html").as_uri())
                page.screenshot(path=str(out / f"{name}.png"), full_page=True)
                context.close()
        i18n.install(i18n.SOURCE)
        database.close()


def main() -> None:
    # Imported once this module is whole: the tournament's pictures use its Api.
    from tests.night.tournament_screenshots import shoot_tournament  # noqa: PLC0415

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("docs"))
    parser.add_argument("--dark", action="store_true", help="in the dark colour scheme")
    parser.add_argument(
        "--lang",
        action="append",
        choices=[code for code in i18n.LANGUAGES if code != i18n.SOURCE],
        help="only the phone's sheet, in this language (again for more)",
    )
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    if options.lang:
        shoot_languages(options.out, options.lang)
        return
    shoot(options.out, "dark" if options.dark else "light")
    if not options.dark:
        shoot_board(options.out)
        shoot_tournament(options.out)
        shoot_languages(options.out, ["fa"])  # the phone's sheet right to left
        shoot_site(options.out)


if __name__ == "__main__":
    main()
