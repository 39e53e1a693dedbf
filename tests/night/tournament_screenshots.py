"""The screenshots of a tournament's round (``screenshots.main`` calls ``shoot_tournament``):
a sixteen-player tournament's first round played out, its second served with three
tables finished and one under way; the board at 1920 px and the phone of a finished
table (where its players sit next round) at 360 px, in English and in Persian.

    python -m tests.night.screenshots --out docs     (with the league night's pictures)
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

from playwright.sync_api import expect

from clabber_league import i18n
from tests.night.browser import PHONE, TV, chromium, playwright
from tests.night.screenshots import Api, play
from tests.night.tournament_night import PLAYERS, play_out, round_night, tournament_database


def shoot_tournament(out: Path) -> None:
    """``tournament-board-CODE.png`` and ``tournament-phone-CODE.png`` for en and fa."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLABBER_LEAGUE_DATA"] = str(Path(folder) / "data")
        database = tournament_database(Path(folder) / "pairs.sqlite3")
        chance = random.Random(3)
        try:
            with round_night(database, 1) as first:
                api = Api(first)
                assert first.links is not None
                for link in first.links.tables:
                    play_out(api, link.token, chance)
            with round_night(database, 2) as night:
                api = Api(night)
                assert night.links is not None
                *done, going = night.links.tables
                for link in done:
                    play_out(api, link.token, chance)
                play(api, going.token, [{"makers": "B", "tricks": {"B": 122}}])
                with playwright() as driver, chromium(driver) as browser:
                    for code in ("en", "fa"):
                        i18n.install(code)
                        board = browser.new_context(**TV).new_page()
                        board.goto(night.links.board.url)
                        expect(board.locator("#players-body tr")).to_have_count(len(PLAYERS))
                        board.screenshot(path=str(out / f"tournament-board-{code}.png"))
                        phone = browser.new_context(**PHONE).new_page()
                        phone.goto(done[0].url)
                        expect(phone.locator("#next-seats li")).to_have_count(4)
                        phone.screenshot(
                            path=str(out / f"tournament-phone-{code}.png"), full_page=True
                        )
        finally:
            i18n.install(i18n.SOURCE)
            database.close()
