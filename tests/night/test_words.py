"""The league night pages' words: marked in the HTML and the scripts, built from the
catalogues and served in the service's language, with plural forms the browser picks as
gettext would."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from babel import Locale
from starlette.testclient import TestClient

from clabber_league import i18n
from clabber_league.i18n.html import extract_html
from clabber_league.i18n.prebuilt import page_messages
from clabber_league.night.app import create_app
from clabber_league.night.links import NightLinks, night_links
from clabber_league.night.service import NightService
from clabber_league.night.words import words_script
from clabber_league.store.database import Database
from tests.night.helpers import SEASON, WEEK


@pytest.fixture
def links(database: Database) -> NightLinks:
    return night_links(database, season=SEASON, week=WEEK, base="http://127.0.0.1:8717")


@pytest.fixture
def client(database: Database, links: NightLinks) -> Iterator[TestClient]:
    service = NightService(database, SEASON, WEEK, None)
    with TestClient(create_app(service), base_url="http://127.0.0.1") as test_client:
        yield test_client


def table_of(code: str) -> dict[str, Any]:
    return table_in(words_script(code))


def table_in(script: str) -> dict[str, Any]:
    """A words script's table, read back as JSON."""
    start = script.index("{")
    table: dict[str, Any] = json.loads(script[start : script.rindex("}") + 1])
    return table


def test_the_html_extractor_takes_marked_text_and_labels_only() -> None:
    html = (
        "<h1 data-i18n>The\n   sheet</h1><p>Not marked</p><p data-i18n> </p>"
        '<button aria-label="Clear the trick points" title="hand">C</button>'
    )
    found = list(extract_html(io.BytesIO(html.encode()), None, None, {}))
    assert [message for _, _, message, _ in found] == [
        "The sheet",
        "Clear the trick points",
        "hand",
    ]


def test_the_pages_mark_their_words_counts_included() -> None:
    messages = page_messages()
    assert "Who made trump?" in messages  # the HTML
    assert "Number pad for the trick points" in messages  # an aria-label
    assert "The rules accept this hand." in messages  # a script
    assert ("{count} hand", "{count} hands") in messages


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_words_script_holds_every_page_message_in_its_language(code: str) -> None:
    table = table_of(code)
    assert table["lang"] == code
    assert table["dir"] == ("rtl" if code == "fa" else "ltr")
    singular = {
        message[0] if isinstance(message, tuple) else message for message in page_messages()
    }
    assert set(table["words"]) == singular
    translated = i18n.translations(code).gettext("Send the hand")
    assert table["words"]["Send the hand"] == translated
    assert (translated == "Send the hand") == (code == i18n.SOURCE)


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_browsers_plural_category_picks_the_form_gettext_picks(code: str) -> None:
    """The page picks a form by ``Intl.PluralRules`` (CLDR, as Babel's ``plural_form``)."""
    table, rule = table_of(code), Locale.parse(code).plural_form
    language = i18n.translations(code)
    counted = [message for message in page_messages() if isinstance(message, tuple)]
    assert counted
    for singular, plural in counted:
        forms = table["words"][singular]
        assert len(forms) == len(table["categories"])
        for n in range(250):
            picked = forms[table["categories"].index(rule(n))]
            assert picked == language.ngettext(singular, plural, n), (singular, n)


@pytest.mark.parametrize(("code", "direction"), [("en", "ltr"), ("fa", "rtl"), ("ko", "ltr")])
def test_a_page_is_served_in_the_services_language(
    client: TestClient, links: NightLinks, code: str, direction: str
) -> None:
    i18n.install(code)
    for address in (f"/t/{links.tables[0].token}", f"/board/{links.board.token}"):
        page = client.get(address)
        assert page.status_code == 200
        assert f'<html lang="{code}" dir="{direction}">' in page.text
        assert f'<script src="/i18n/{code}.js" defer></script>' in page.text
        assert "/i18n/en.js" not in page.text or code == "en"


def test_the_words_scripts_are_served_and_unknown_languages_are_not(client: TestClient) -> None:
    answer = client.get("/i18n/ru.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["content-security-policy"] == "default-src 'self'; frame-ancestors 'none'"
    assert table_in(answer.text)["words"]["Send the hand"] == "Отправить раздачу"
    assert client.get("/i18n/xx.js").status_code == 404
    assert client.get("/i18n/..%2Fapp.js").status_code == 404
