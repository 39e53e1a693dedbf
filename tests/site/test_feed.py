"""The season's results feed, read back with ``feedparser``: an entry per match with a
result, ``tag:`` ids, times from the games, names as text, links that name no other
host (or the site's own address), and the same bytes for the same database."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import feedparser
import pytest

from clabber_league import i18n
from clabber_league.rules.messages import ProblemError
from clabber_league.site.feed import results_feed, site_address
from clabber_league.store.calendar_reads import season_dates
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.imports import import_games
from clabber_league.store.league import (
    FORFEIT,
    add_team,
    create_season,
    generate_schedule,
    list_teams,
    rename_team,
    schedule,
)
from clabber_league.store.matches import start_match_game
from tests.store.helpers import made
from tests.store.test_calendar_reads import spring
from tests.store.test_league import g1, g1_again

MARKUP = '<b>Owls</b> & "Co" <script>alert(1)</script>'
ATOM = b'xmlns="http://www.w3.org/2005/Atom"'


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    opened = spring(str(tmp_path / "league.sqlite3"))
    yield opened
    opened.close()


def parsed(feed: bytes) -> Any:
    """The feed as ``feedparser`` reads it, which must find nothing wrong with it."""
    found = feedparser.parse(feed)
    assert not found.bozo, found.get("bozo_exception")
    assert found.version == "atom10"
    return found


def moment(text: str) -> datetime:
    return datetime.fromisoformat(text)


def test_an_entry_per_match_with_a_result_newest_first(database: Database) -> None:
    dates = season_dates(database, "Spring")
    feed = parsed(results_feed(database, "Spring", base_url=None))
    with_result = [
        match for match in dates.matches if match.games_entered or match.state == FORFEIT
    ]
    assert len(with_result) == 5
    assert {entry.id for entry in feed.entries} == {
        f"{feed.feed.id}/match-{match.id}" for match in with_result
    }
    assert re.fullmatch(r"tag:clabber-league,\d{4}-\d\d-\d\d:season-\d+", feed.feed.id)
    times = [moment(entry.updated) for entry in feed.entries]
    assert times == sorted(times, reverse=True)
    assert moment(feed.feed.updated) == times[0]
    assert feed.feed.title == "Club · Spring · Results"
    assert feed.feed.author == "Club"
    titles = {entry.title for entry in feed.entries}
    assert "Eagles v Owls: 504–74" in titles
    assert "Eagles v Crows: forfeit (Crows)" in titles


def test_an_entry_is_updated_when_its_last_game_finished(database: Database) -> None:
    dates = season_dates(database, "Spring")
    feed = parsed(results_feed(database, "Spring", base_url=None))
    updated = {entry.id.rsplit("-", 1)[1]: moment(entry.updated) for entry in feed.entries}
    for match in dates.matches:
        finished = dates.stamps[match.id].last_finished
        if finished is not None:
            assert updated[str(match.id)] == finished
        elif match.state == FORFEIT:  # no game: its night
            assert updated[str(match.id)] == datetime(2025, 3, 20, tzinfo=UTC)


def test_without_an_address_every_link_is_relative(database: Database) -> None:
    feed = results_feed(database, "Spring", base_url=None)
    assert feed.count(b"http") == feed.count(ATOM) == 1  # the Atom namespace's name only
    entries = parsed(feed).entries
    assert {entry.link for entry in entries} == {
        f"match/{entry.id.rsplit('-', 1)[1]}.html" for entry in entries
    }


def test_with_the_sites_address_links_are_under_it(database: Database) -> None:
    feed = parsed(results_feed(database, "Spring", base_url="https://club.example/league"))
    assert feed.feed.link == "https://club.example/league/index.html"
    for entry in feed.entries:
        assert entry.link == f"https://club.example/league/match/{entry.id.rsplit('-', 1)[1]}.html"


def test_the_site_can_put_its_match_pages_elsewhere(database: Database) -> None:
    feed = results_feed(
        database,
        "Spring",
        base_url=None,
        page_of_match=lambda match_id: f"m/{match_id}/",
        home_page="./",
    )
    links = {entry.link for entry in parsed(feed).entries}
    assert all(re.fullmatch(r"m/\d+/", link) for link in links)
    assert b'<link href="./" rel="alternate"' in feed


@pytest.mark.parametrize("address", ["club.example/league", "ftp://club.example/", "https://", ""])
def test_an_address_that_is_not_a_web_address_is_refused(database: Database, address: str) -> None:
    with pytest.raises(ProblemError, match="the site's address must be a whole web address"):
        results_feed(database, "Spring", base_url=address)


def test_an_address_is_kept_with_one_final_slash() -> None:
    assert site_address("https://club.example/league/") == "https://club.example/league/"
    assert site_address(" http://club.example ") == "http://club.example/"


def test_the_same_database_gives_the_same_bytes(database: Database, tmp_path: Path) -> None:
    first = results_feed(database, "Spring", base_url=None)
    assert results_feed(database, "Spring", base_url=None) == first
    database.close()
    again = Database.open(str(tmp_path / "league.sqlite3"))
    try:
        assert results_feed(again, "Spring", base_url=None) == first
    finally:
        again.close()


def test_a_name_with_markup_stays_text(database: Database) -> None:
    owls = next(team for team in list_teams(database, "Spring") if team.name == "Owls")
    rename_team(database, owls.id, MARKUP)
    feed = results_feed(database, "Spring", base_url=None)
    assert b"<script>" not in feed
    assert b"&lt;b&gt;Owls&lt;/b&gt;" in feed
    assert f"Eagles v {MARKUP}: 504–74" in {entry.title for entry in parsed(feed).entries}


def test_a_hand_changes_the_feed_only_when_its_game_is_finished(database: Database) -> None:
    to_play = next(match for match in schedule(database, "Spring") if match.week == 4)
    before = results_feed(database, "Spring", base_url=None)
    recorder = start_match_game(database, to_play.id)
    recorder.record(made("A"))
    assert results_feed(database, "Spring", base_url=None) == before
    while not recorder.game.finished:
        recorder.record(made("A"))
    feed = parsed(results_feed(database, "Spring", base_url=None))
    assert feed.entries[0].id.endswith(f"/match-{to_play.id}")
    assert len(feed.entries) == 6


def test_a_match_of_several_games_lists_each(tmp_path: Path) -> None:
    database = Database.open(str(tmp_path / "two.sqlite3"))
    try:
        create_season(database, league="Club", season="Two", games_per_match=2)
        for name in ("Eagles", "Owls"):
            add_team(database, "Two", name)
        generate_schedule(database, "Two", start=date(2025, 3, 6))
        import_games(database, [g1(), g1_again()], "Two")
        (entry,) = parsed(results_feed(database, "Two", base_url=None)).entries
    finally:
        database.close()
    assert entry.title == "Eagles v Owls: 2–0"
    assert entry.content[0].value.splitlines() == [
        "Week 1",
        "Result: 2–0",
        "Game 1: Eagles 504, Owls 74",
        "Game 2: Eagles 504, Owls 74",
    ]


def test_a_season_with_no_result_yet_is_an_empty_feed(tmp_path: Path) -> None:
    database = Database.open(str(tmp_path / "new.sqlite3"))
    try:
        create_season(database, league="Club", season="New")
        feed = parsed(results_feed(database, "New", base_url=None))
        created = season_dates(database, "New").created_at
    finally:
        database.close()
    assert feed.entries == []
    assert moment(feed.feed.updated) == created


def test_an_unknown_season_is_refused(database: Database) -> None:
    with pytest.raises(StoreError, match="there is no season called 'Autumn'"):
        results_feed(database, "Autumn", base_url=None)


def test_in_persian_the_words_are_persian(database: Database) -> None:
    i18n.install("fa")
    feed = parsed(results_feed(database, "Spring", base_url=None))
    assert feed.feed.language == "fa"
    assert feed.feed.title == "\u2068Club\u2069 · \u2068Spring\u2069 · \u2068نتایج\u2069"
    assert any("Eagles" in entry.title and "در برابر" in entry.title for entry in feed.entries)
