"""The phone page and the board in a real headless Chromium (Debian's), against the
service on 127.0.0.1: hands entered by tapping, the sheet, the store and the board
following, the connection lost and found again (every hand stored once), undo, the
next game, names shown as typed, and axe-core's accessibility check.

Waits are for something to appear (``WAIT_MS`` only bounds how long a broken test
hangs); no result depends on how fast it appears.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from clabber_league import i18n
from clabber_league.night.links import NightLinks
from clabber_league.night.server import NightServer, NightSettings
from clabber_league.store.database import Database
from clabber_league.store.league import add_team, create_season, generate_schedule
from clabber_league.store.night import close_night
from tests.night.browser import PHONE, TV, chromium, have_chromium, playwright
from tests.night.helpers import LEAGUE, SEASON, WEEK, league_with_teams

# Without the browser the tests cannot run; on CI (which installs it) they must.
pytestmark = pytest.mark.skipif(
    not have_chromium() and not os.environ.get("CI"),
    reason="needs Debian's chromium (.ci/run installs it)",
)
WAIT_MS = 20_000
Scheme = Literal["light", "dark"]
expect.set_options(timeout=WAIT_MS)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with playwright() as driver, chromium(driver) as running:
        yield running


def serve(database: Database) -> NightServer:
    night = NightServer(database, NightSettings(SEASON, WEEK, host="127.0.0.1", port=0))
    night.start()
    return night


@pytest.fixture
def server(database: Database) -> Iterator[NightServer]:
    night = serve(database)
    yield night
    night.stop()


def context(browser: Browser, device: dict[str, Any]) -> Iterator[BrowserContext]:
    made = browser.new_context(**device)
    made.set_default_timeout(WAIT_MS)
    yield made
    made.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    yield from context(browser, PHONE)


@pytest.fixture
def tv(browser: Browser) -> Iterator[BrowserContext]:
    yield from context(browser, TV)


def links_of(server: NightServer) -> NightLinks:
    assert server.links is not None
    return server.links


def entered_elsewhere(server: NightServer, token: str, request_id: str) -> None:
    """The secretary's desktop (here: another client) records a hand at the table."""
    version = server.service.table(token)["version"]
    other = httpx.post(
        f"http://127.0.0.1:{server.port}/api/t/{token}/hands",
        json={"id": request_id, "version": version, "hand": {"makers": "A", "tricks": {"A": 92}}},
    )
    assert other.status_code == 201


def stored_hands(server: NightServer, token: str) -> list[dict[str, Any]]:
    """The hands of the table's game as the store has them now."""
    games = server.service.table(token)["games"]
    return list(games[-1]["hands"]) if games else []


class Table:
    """The phone page of one table, driven by taps as a player would."""

    def __init__(self, context: BrowserContext, url: str, connected: str = "Connected") -> None:
        self.context = context
        self.page: Page = context.new_page()
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(str(error)))
        self.page.on(
            "console",
            lambda message: self.problems.append(message.text) if message.type == "error" else None,
        )
        self.page.goto(url)
        expect(self.page.locator("#connection")).to_have_text(connected)

    def go_offline(self) -> None:
        """The phone loses its connection (the browser's own offline mode)."""
        self.context.set_offline(True)
        expect(self.page.locator("#connection")).to_have_text("No connection")

    def tap(self, name: str, *, within: str | None = None, exact: bool = True) -> None:
        scope = self.page.get_by_role("group", name=within) if within else self.page
        scope.get_by_role("radio" if within else "button", name=name, exact=exact).tap()

    def start(self, label: str = "Start the game") -> None:
        self.tap(label)
        expect(self.page.locator("#entry")).to_be_visible()

    def makers(self, team: str, within: str = "Who made trump?") -> None:
        self.tap(team, within=within)

    def keypad(self, digits: str) -> None:
        for digit in digits:
            self.page.locator("#keypad").get_by_role("button", name=digit, exact=True).tap()

    def hand(self, team: str, tricks: str) -> None:
        self.makers(team)
        self.keypad(tricks)

    def send(self, label: str = "Send the hand") -> None:
        send = self.page.get_by_role("button", name=label)
        expect(send).to_be_enabled()
        send.tap()

    @property
    def verdict(self) -> Any:
        return expect(self.page.locator("#verdict"))

    def expect_hands(self, count: int) -> None:
        """Wait until the sheet shows ``count`` hands and none waiting to be sent."""
        expect(self.page.locator("#sheet-body tr:not(.pending) > th")).to_have_count(count)
        expect(self.page.locator("#sheet-body tr.pending")).to_have_count(0)

    def sheet_rows(self) -> list[list[str]]:
        rows = self.page.locator("#sheet-body tr:not(.pending)")
        return [
            [cell.strip() for cell in row.locator("th, td").all_inner_texts()] for row in rows.all()
        ]

    def waiting(self) -> list[Any]:
        """The hands waiting in the phone's local storage."""
        stored = self.page.evaluate(
            "Object.keys(localStorage).filter((key) => key.startsWith('clabber-night/'))"
            ".map((key) => localStorage.getItem(key))"
        )
        return [item for text in stored for item in json.loads(text)]

    def sends_on(self, event: str) -> list[str]:
        """The requests the page starts while it handles the window's ``event``. The page
        starts a send inside the event's own handler (its first request goes out before
        the handler's first ``await``), so an empty list means the event sends nothing."""
        started: list[str] = self.page.evaluate(
            """(event) => {
                const started = [];
                const fetch = window.fetch;
                window.fetch = (resource, options) => {
                    started.push(`${(options && options.method) || "GET"} ${resource}`);
                    return fetch(resource, options);
                };
                try {
                    window.dispatchEvent(new Event(event));
                } finally {
                    window.fetch = fetch;
                }
                return started;
            }""",
            event,
        )
        return started

    def all_sent(self) -> None:
        """Wait until no hand waits in the phone's local storage."""
        self.page.wait_for_function(
            "Object.keys(localStorage).every((key) => !key.startsWith('clabber-night/')"
            " || JSON.parse(localStorage.getItem(key)).length === 0)"
        )


def started(context: BrowserContext, server: NightServer) -> tuple[Table, NightLinks, str, str]:
    """The first table's phone page with its game started; the night's links, the teams."""
    links = links_of(server)
    table = Table(context, links.tables[0].url)
    table.start()
    home, away = links.tables[0].sides
    return table, links, home, away


# ----------------------------------------------------------------------------- entering
def test_a_hand_tapped_in_reaches_the_sheet_the_store_and_the_board(
    server: NightServer, phone: BrowserContext, tv: BrowserContext
) -> None:
    board = tv.new_page()
    board.goto(links_of(server).board.url)
    tile = board.locator(".tile").first
    expect(tile).to_contain_text("Table 1")

    table, links, home, away = started(phone, server)
    expect(table.page.locator("#dealer-line")).to_have_text(f"Deals next: {home} North (A1)")
    table.hand(home, "92")
    table.verdict.to_have_text(f"{home} made it: {home} 92, {away} 70.")
    table.send()

    table.expect_hands(1)
    assert table.sheet_rows() == [["1", f"{home} North", "92", "92", "70", "70"]]
    assert [hand["totals"] for hand in stored_hands(server, links.tables[0].token)] == [
        {"A": 92, "B": 70}
    ]
    expect(table.page.locator("#dealer-line")).to_have_text(f"Deals next: {away} North (B1)")
    expect(table.page.locator("#verdict")).to_have_text("Tap the makers’ team to begin.")
    # The board heard of it by its event stream and read the table again.
    expect(tile.locator(".total")).to_have_text(["92", "70"])
    expect(tile.locator(".tile-info")).to_have_text(f"1 hand · deals: {away} North")
    assert table.problems == []


def test_melds_bell_and_a_set_in_plain_words_before_sending(
    server: NightServer, phone: BrowserContext
) -> None:
    table, links, home, away = started(phone, server)
    table.hand(away, "70")
    table.tap("20", within=f"{home}’s melds")
    table.tap(home, within="Bell (king and queen of trumps)")
    table.verdict.to_have_text(f"{away} are set (XX): {home} score 132.")
    table.send()
    table.expect_hands(1)
    assert table.sheet_rows()[0][2:] == ["132", "132", "XX", "0"]
    [hand] = stored_hands(server, links.tables[0].token)
    assert (hand["set"], hand["melds"], hand["bell"]) == (True, {"A": 20, "B": 0}, "A")


def test_a_hand_the_rules_refuse_is_named_and_cannot_be_sent(
    server: NightServer, phone: BrowserContext
) -> None:
    table, links, home, _ = started(phone, server)
    table.hand(home, "1")
    table.verdict.to_contain_text("trick points")
    expect(table.page.locator("#verdict")).to_have_class("verdict refused")
    expect(table.page.get_by_role("button", name="Send the hand")).to_be_disabled()
    assert stored_hands(server, links.tables[0].token) == []


def test_all_passed_is_one_tap(server: NightServer, phone: BrowserContext) -> None:
    table, links, home, _ = started(phone, server)
    table.makers("All passed")
    table.verdict.to_have_text("All passed: nobody scores, and the deal passes on.")
    expect(table.page.get_by_role("textbox", name=home)).to_be_disabled()
    table.send()
    table.expect_hands(1)
    assert stored_hands(server, links.tables[0].token)[0]["kind"] == "passed"


def test_trump_and_a_renege_one_tap_away(server: NightServer, phone: BrowserContext) -> None:
    table, links, home, away = started(phone, server)
    table.makers(home)
    table.page.locator("#more summary").tap()
    table.tap("spades", within="Trump suit (optional)")
    table.tap(f"{home} reneged", within="Renege")
    expect(table.page.get_by_role("textbox", name=home)).to_be_disabled()
    table.verdict.to_have_text(f"A renege: {away} score 162, the reneging team 0.")
    table.send()
    table.expect_hands(1)
    # The renege's small word above its XX, as the desktop's sheet and the paper write it.
    assert table.sheet_rows()[0][2:] == ["renege\nXX", "0", "162", "162"]
    [hand] = stored_hands(server, links.tables[0].token)
    assert (hand["kind"], hand["trump"]) == ("renege", "S")


# ----------------------------------------------------------------------------- the connection
def test_a_hand_entered_offline_waits_on_the_phone_and_is_sent_once(
    server: NightServer, phone: BrowserContext
) -> None:
    table, links, home, _ = started(phone, server)
    token = links.tables[0].token

    table.go_offline()
    table.hand(home, "92")
    table.verdict.to_have_text("No connection: the hand will be checked and sent when it returns.")
    table.send()
    expect(table.page.locator("#waiting")).to_be_visible()
    expect(table.page.locator("#waiting-list li")).to_have_count(1)
    expect(table.page.locator("#connection")).to_have_text("No connection · 1 waiting")
    assert [item["hand"] for item in table.waiting()] == [{"makers": "A", "tricks": {"A": 92}}]
    assert stored_hands(server, token) == []

    phone.set_offline(False)
    expect(table.page.locator("#waiting")).to_be_hidden()
    table.expect_hands(1)
    assert table.waiting() == []
    assert len(stored_hands(server, token)) == 1
    # Back online for good: another "online" event finds nothing to send.
    assert [sent for sent in table.sends_on("online") if "/hands" in sent] == []
    assert table.waiting() == []
    assert len(stored_hands(server, token)) == 1


def test_an_answer_arriving_after_the_connection_went_does_not_say_connected(
    server: NightServer, phone: BrowserContext
) -> None:
    table, links, _, _ = started(phone, server)
    token = links.tables[0].token
    connection = table.page.locator("#connection")
    answered: list[Route] = []

    def answer_once_offline(route: Route) -> None:
        """The first read of the table is answered only after the phone went offline;
        any read after it finds no connection."""
        if answered:
            route.abort("internetdisconnected")
            return
        answered.append(route)
        table.go_offline()
        route.fulfill(json=httpx.get(route.request.url).json())

    table.page.route("**/api/t/*", answer_once_offline)
    entered_elsewhere(server, token, "desk-1")  # the page hears of it and reads the table
    table.expect_hands(1)  # the answer arrived, after the connection went
    expect(connection).to_have_text("No connection")


def test_an_older_answer_arriving_late_does_not_take_the_sheet_back(
    server: NightServer, phone: BrowserContext
) -> None:
    table, links, home, _ = started(phone, server)
    token = links.tables[0].token
    late: list[Route] = []

    def hold_the_first_read(route: Route) -> None:
        if late:
            route.continue_()
        else:
            late.append(route)

    table.page.route("**/api/t/*", hold_the_first_read)
    entered_elsewhere(server, token, "desk-1")  # the page reads the table: held
    older = httpx.get(f"http://127.0.0.1:{server.port}/api/t/{token}").json()
    entered_elsewhere(server, token, "desk-2")  # the page reads the table again: shown
    table.expect_hands(2)
    [route] = late
    route.fulfill(json=older)  # the first read's answer, as the table was then, arrives last

    # The phone's next hand is sent against the version it stands on, not the older one.
    table.hand(home, "92")
    table.send()
    table.expect_hands(3)
    expect(table.page.locator("#conflict-actions")).to_be_hidden()
    assert len(stored_hands(server, token)) == 3


def test_an_answer_lost_on_its_way_back_is_sent_again_and_stored_once(
    server: NightServer, phone: BrowserContext
) -> None:
    table, links, home, _ = started(phone, server)
    token = links.tables[0].token
    sent: list[dict[str, Any]] = []

    def lose_the_first_answer(route: Route) -> None:
        sent.append(json.loads(route.request.post_data or "{}"))
        if len(sent) == 1:
            route.fetch()  # the server stores the hand …
            route.abort("connectionreset")  # … and the phone never hears so
        else:
            route.continue_()

    table.page.route("**/api/t/*/hands", lose_the_first_answer)
    table.hand(home, "92")
    table.send()
    table.expect_hands(1)
    table.all_sent()
    assert len(sent) == 2
    assert sent[0] == sent[1]  # the same id, version and hand: the idempotency key
    assert len(stored_hands(server, token)) == 1
    table.expect_hands(1)


def test_a_sheet_changed_elsewhere_while_offline_is_shown_before_the_hand_is_sent(
    server: NightServer, phone: BrowserContext
) -> None:
    table, links, _, away = started(phone, server)
    token = links.tables[0].token
    table.go_offline()
    table.hand(away, "100")
    table.send()
    entered_elsewhere(server, token, "desk-1")  # meanwhile

    phone.set_offline(False)
    expect(table.page.locator("#conflict-actions")).to_be_visible()
    expect(table.page.locator("#waiting-words")).to_contain_text("The sheet changed")
    expect(table.page.locator("#sheet-body tr:not(.pending) > th")).to_have_count(1)
    expect(table.page.locator("#sheet-body tr.pending")).to_have_count(1)
    assert len(stored_hands(server, token)) == 1
    table.tap("Send it as the next hand")
    table.expect_hands(2)
    assert [hand["makers"] for hand in stored_hands(server, token)] == ["A", "B"]
    assert table.sheet_rows()[1][2:] == ["62", "154", "100", "170"]


def test_a_closed_night_says_the_link_no_longer_works(
    server: NightServer, phone: BrowserContext, tv: BrowserContext
) -> None:
    table, links, home, _ = started(phone, server)
    board = tv.new_page()
    board.goto(links.board.url)
    expect(board.locator("#connection")).to_have_text("Live")
    close_night(server.database, SEASON, WEEK)
    expect(table.page.locator("#connection")).to_have_text("Closed")
    table.verdict.to_have_text(
        "This table’s link no longer works: the night is closed, or the link is wrong."
    )
    expect(table.page.get_by_role("button", name="Send the hand")).to_be_disabled()
    expect(board.locator("#connection")).to_have_text("Closed")
    table.hand(home, "92")
    expect(table.page.get_by_role("button", name="Send the hand")).to_be_disabled()


# ----------------------------------------------------------------------------- undo, games
def test_undo_takes_back_the_last_hand_on_a_second_tap(
    server: NightServer, phone: BrowserContext
) -> None:
    table, links, home, away = started(phone, server)
    token = links.tables[0].token
    for team, tricks in ((home, "92"), (away, "100")):
        table.hand(team, tricks)
        table.send()
        expect(table.page.locator("#verdict")).to_have_text("Tap the makers’ team to begin.")
    table.expect_hands(2)
    table.tap("Undo the last hand")
    expect(table.page.locator("#undo")).to_have_text("Tap again to undo hand 2")
    assert len(stored_hands(server, token)) == 2
    table.tap("Tap again to undo hand 2")
    expect(table.page.locator("#table-message")).to_have_text("Hand 2 undone.")
    table.expect_hands(1)
    assert len(stored_hands(server, token)) == 1


def test_hand_2_is_corrected_from_the_phone(server: NightServer, phone: BrowserContext) -> None:
    table, links, home, away = started(phone, server)
    token = links.tables[0].token
    for team, tricks in ((home, "92"), (away, "100"), (home, "92")):
        table.hand(team, tricks)
        table.send()
        expect(table.page.locator("#verdict")).to_have_text("Tap the makers’ team to begin.")
    table.expect_hands(3)
    table.page.locator("#sheet-body tr").nth(1).tap()
    expect(table.page.locator("#entry-title")).to_have_text("Correct hand 2")
    expect(table.page.get_by_role("radio", name=away, exact=True).first).to_be_checked()
    expect(table.page.locator("#tricks-B")).to_have_value("100")
    table.page.get_by_role("button", name="Clear the trick points").tap()
    table.keypad("120")
    table.send("Correct hand 2")
    expect(table.page.locator("#table-message")).to_have_text("Hand 2 corrected.")
    expect(table.page.locator("#entry-title")).to_have_text("Hand 4")
    assert [row["marks"] for row in stored_hands(server, token)][1] == {"A": "42", "B": "120"}
    assert table.sheet_rows()[1][2::2] == ["42", "120"]  # each side's mark
    assert table.problems == []


def test_a_finished_game_is_reopened_on_the_phone_before_undo(
    server: NightServer, phone: BrowserContext
) -> None:
    table, links, home, _away = started(phone, server)
    for _ in range(2):  # 162 and four jacks, twice: the W
        table.hand(home, "162")
        table.tap("200", within=f"{home}’s melds")
        table.send()
        expect(table.page.locator("#verdict")).to_have_text("Tap the makers’ team to begin.")
    expect(table.page.locator("#sheet-foot .w")).to_have_text(["W", ""])
    expect(table.page.locator("#undo")).to_be_hidden()
    table.page.locator("#sheet-body tr").first.tap()
    expect(table.page.locator("#table-message")).to_have_text(
        "The game is over: reopen it first to correct a hand."
    )
    table.tap("Reopen game")
    expect(table.page.locator("#reopen")).to_have_text(
        "Tap again to reopen the game for corrections"
    )
    assert server.service.table(links.tables[0].token)["closed"] is True
    table.tap("Tap again to reopen the game for corrections")
    expect(table.page.locator("#table-message")).to_have_text(
        "The game is reopened: tap a hand to correct it."
    )
    expect(table.page.locator("#reopen")).to_be_hidden()
    expect(table.page.locator("#undo")).to_be_visible()
    assert server.service.table(links.tables[0].token)["closed"] is False
    assert table.problems == []


@pytest.fixture
def two_game_night(tmp_path: Path) -> Iterator[NightServer]:
    database = Database.open(str(tmp_path / "two-games.sqlite3"))
    league_with_teams(database, games_per_match=2)
    night = serve(database)
    yield night
    night.stop()
    database.close()


def test_the_next_game_after_a_w_and_the_board_standings(
    two_game_night: NightServer, phone: BrowserContext, tv: BrowserContext
) -> None:
    board = tv.new_page()
    board.goto(links_of(two_game_night).board.url)
    table, _, home, _ = started(phone, two_game_night)
    expect(table.page.locator("#sheet-title")).to_have_text("Game 1 of 2")
    for _ in range(2):  # 162 and four jacks, twice: 724
        table.hand(home, "162")
        table.tap("200", within=f"{home}’s melds")
        table.send()
        expect(table.page.locator("#verdict")).to_have_text("Tap the makers’ team to begin.")
    expect(table.page.locator("#sheet-foot .w")).to_have_text(["W", ""])
    expect(table.page.locator("#dealer-line")).to_have_text(f"The game is over: {home} won.")
    expect(table.page.locator("#entry")).to_be_hidden()

    tile = board.locator(".tile").first
    expect(tile.locator(".w")).to_have_text("W")
    expect(board.locator("#standings-body tr").first.locator("th")).to_have_text(home)
    expect(board.locator("#standings-body tr").first.locator("td").nth(2)).to_have_text("1")

    table.start("Start game 2")
    expect(table.page.locator("#sheet-title")).to_have_text("Game 2 of 2")
    expect(table.page.locator("#games-line")).to_have_text(f"Game 1: {home} W 724–0")
    table.expect_hands(0)
    expect(tile.locator(".w")).to_have_count(0)


# ----------------------------------------------------------------------------- safety
def test_names_are_shown_exactly_as_typed_never_as_markup(
    tmp_path: Path, phone: BrowserContext, tv: BrowserContext
) -> None:
    database = Database.open(str(tmp_path / "names.sqlite3"))
    create_season(database, league=LEAGUE, season=SEASON)
    hostile = "<img src=x onerror=\"document.title='owned'\">"
    add_team(database, SEASON, hostile, ["<b>North</b>", "South"])
    add_team(database, SEASON, "Owls & Co", ["N", "S"])
    generate_schedule(database, SEASON)
    night = serve(database)
    try:
        links = links_of(night)
        table = Table(phone, links.tables[0].url)
        table.start()
        board = tv.new_page()
        board.goto(links.board.url)
        for page in (table.page, board):
            expect(page.locator("body")).to_contain_text(hostile)
            assert page.locator("img").count() == 0
            assert page.locator("b").count() == 0
            assert page.title() != "owned"
        expect(table.page.locator("#dealer-line")).to_contain_text("<b>North</b>")
        assert table.problems == []
    finally:
        night.stop()
        database.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("device", ["phone", "tv"])
def test_the_pages_pass_axe_cores_accessibility_check(
    server: NightServer, phone: BrowserContext, tv: BrowserContext, device: str, scheme: Scheme
) -> None:
    """Contrast included, in the phone's light scheme and its dark one."""
    table, links, home, _ = started(phone, server)
    table.page.emulate_media(color_scheme=scheme)
    table.hand(home, "92")
    table.send()
    table.hand(home, "81")
    table.page.locator("#more summary").tap()  # the trump suits and renege shown too
    table.verdict.to_contain_text("set")
    if device == "phone":
        page = table.page
    else:
        page = tv.new_page()
        page.emulate_media(color_scheme=scheme)
        page.goto(links.board.url)
        expect(page.locator(".tile").first.locator(".total")).to_have_text(["92", "70"])
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def lightness(page: Page, selector: str, prop: str) -> float:
    """The relative luminance (WCAG) of a CSS colour ``prop`` of the first ``selector``."""
    # Found and read in one script: the board draws its tiles again on every change, and
    # an element found first and read after may be one it has just taken away (read as "").
    colour = page.evaluate(
        f"getComputedStyle(document.querySelector({selector!r})).getPropertyValue({prop!r})"
    )
    channels = [int(part) / 255 for part in re.findall(r"[\d.]+", colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_phone_page_follows_the_phones_colour_scheme(
    server: NightServer, phone: BrowserContext, scheme: Scheme
) -> None:
    table, _links, home, _ = started(phone, server)
    page = table.page
    page.emulate_media(color_scheme=scheme)
    table.hand(home, "92")
    table.verdict.to_contain_text("92")
    ground, ink = lightness(page, "body", "background-color"), lightness(page, "body", "color")
    verdict = lightness(page, "#verdict", "background-color")
    choice = lightness(page, ".choice input:not(:checked) + span", "background-color")
    if scheme == "dark":
        assert ground < 0.05
        assert ink > 0.6
        assert verdict < 0.1
        assert choice < 0.05
    else:
        assert ground > 0.9
        assert ink < 0.05
        assert verdict > 0.8


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_board_follows_the_browsers_colour_scheme(
    server: NightServer, tv: BrowserContext, scheme: Scheme
) -> None:
    """Light figures on a dark ground where the television's browser is set to dark, dark
    on light where it is set to light (board.css)."""
    board = tv.new_page()
    board.emulate_media(color_scheme=scheme)
    board.goto(links_of(server).board.url)
    expect(board.locator(".tile").first).to_be_visible()
    ground, ink = lightness(board, "body", "background-color"), lightness(board, "body", "color")
    tile = lightness(board, ".tile", "background-color")
    if scheme == "dark":
        assert (ground < 0.05, tile < 0.05, ink > 0.8) == (True, True, True)
    else:
        assert (ground > 0.85, tile > 0.85, ink < 0.05) == (True, True, True)


def test_the_keyboard_reaches_every_control_in_reading_order(
    server: NightServer, phone: BrowserContext
) -> None:
    table, _, home, away = started(phone, server)
    page = table.page
    # Only the sheet's scrolling box is made focusable (so the keyboard can scroll it),
    # and nothing jumps the reading order with a positive tabindex.
    assert page.evaluate(
        "Array.from(document.querySelectorAll('[tabindex]'), (node) => node.id + node.tabIndex)"
    ) == ["sheet-scroll0"]
    page.locator("body").focus()
    seen: list[str] = []
    for _ in range(21):
        page.keyboard.press("Tab")
        seen.append(
            page.evaluate(
                "document.activeElement.name || document.activeElement.id === 'sheet-scroll'"
                " && 'sheet' || document.activeElement.textContent"
            )
        )
    # Reading order: the sheet, the makers (a radio group is one stop), trick points, the
    # keypad, melds, bell, the more-choices summary and Clear (Send waits for a hand, undo
    # for one).
    assert seen == [
        "sheet", "makers", "tricks-A", "tricks-B", *"12345C67890⌫", "melds-A", "melds-B", "bell",
        "Trump suit, renege", "Clear",
    ]  # fmt: skip
    # A hand by keyboard alone: Space picks the makers, digits go in the field, Enter sends.
    page.locator('input[name="makers"]').first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.type("92")
    table.verdict.to_have_text(f"{home} made it: {home} 92, {away} 70.")
    page.keyboard.press("Enter")
    table.expect_hands(1)


# ----------------------------------------------------------------------------- languages
#: Latin words allowed on a translated page: the sheet's W and XX, kept as on paper.
KEPT_LATIN = {"W", "XX"}


def english_left(page: Page, names: list[str]) -> list[str]:
    """The Latin words a reader sees on ``page`` (its title, text, labels and tooltips),
    the league's own names (teams, players, the season) left aside."""
    shown = page.evaluate(
        "[document.title, document.body.innerText,"
        " ...Array.from(document.querySelectorAll('[aria-label]'), (n) => n.ariaLabel),"
        " ...Array.from(document.querySelectorAll('[title]'), (n) => n.title)].join('\\n')"
    )
    for name in sorted(names, key=len, reverse=True):
        shown = shown.replace(name, " ")
    return [word for word in re.findall(r"[A-Za-z]+", shown) if word not in KEPT_LATIN]


def league_names(server: NightServer) -> list[str]:
    teams = [side for table in links_of(server).tables for side in table.sides]
    players = [f"{team} {seat}" for team in teams for seat in ("North", "South")]
    seats = [f"{letter}{number}" for letter in "AB" for number in (1, 2)]
    return [LEAGUE, SEASON, *teams, *players, *seats]


@pytest.mark.parametrize("code", ["fa", "ru", "ko"])
def test_the_phone_page_and_the_board_speak_the_services_language(
    server: NightServer, phone: BrowserContext, tv: BrowserContext, code: str
) -> None:
    i18n.install(code)
    links = links_of(server)
    home, away = links.tables[0].sides
    table = Table(phone, links.tables[0].url, connected=i18n._("Connected"))
    table.start(i18n._("Start the game"))
    table.makers(home, within=i18n._("Who made trump?"))
    table.keypad("92")
    table.verdict.to_contain_text(i18n.fill(i18n._("{team} {points}"), team=away, points="70"))
    table.send(i18n._("Send the hand"))
    table.expect_hands(1)
    table.page.locator("#more summary").tap()  # the trump suits and renege shown too
    board = tv.new_page()
    board.goto(links.board.url)
    expect(board.locator(".tile").first.locator(".total")).to_have_text(["92", "70"])

    direction = "rtl" if code == "fa" else "ltr"
    for page in (table.page, board):
        assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [
            code,
            direction,
        ]
        assert page.evaluate("getComputedStyle(document.body).direction") == direction
        assert english_left(page, league_names(server)) == []
    # A Persian sheet reads from the right: its first column (the hand's number) is
    # at the right edge, the teams' columns follow leftwards.
    first, last = (
        table.page.locator("#sheet thead tr").first.locator("th").nth(n) for n in (0, -1)
    )
    first_box, last_box = first.bounding_box(), last.bounding_box()
    assert first_box is not None
    assert last_box is not None
    assert (first_box["x"] > last_box["x"]) == (code == "fa")
    assert table.problems == []
