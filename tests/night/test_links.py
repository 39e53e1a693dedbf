"""The night's links: one per playable table plus the board, the same every time until
the night is closed, and only the token's hash in the database."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from sqlmodel import select

from clabber_league.night.links import (
    LinkError,
    base_url,
    checked_public_url,
    night_links,
    reachable_from_network,
    serving_warnings,
)
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.league import schedule, set_match_status
from clabber_league.store.models import NightToken
from clabber_league.store.night import KEY_FILE, close_night, token_hash, token_holder
from tests.night.helpers import SEASON, WEEK

BASE = "http://127.0.0.1:8717"


def test_every_table_and_the_board_get_a_link(database: Database) -> None:
    links = night_links(database, season=SEASON, week=WEEK, base=BASE)
    week = [match for match in schedule(database, SEASON) if match.week == WEEK]
    assert [(link.table, link.match) for link in links.tables] == [
        (match.table, match.id) for match in week if match.away is not None
    ]
    assert [link.sides for link in links.tables] == [
        (match.home, match.away) for match in week if match.away is not None
    ]
    for link in links.tables:
        assert link.url == f"{BASE}/t/{link.token}"
    assert links.board.url == f"{BASE}/board/{links.board.token}"
    document = links.document()
    assert document[-1] == {"board": True, "url": links.board.url, "token": links.board.token}
    assert document[0] == {
        "table": links.tables[0].table,
        "match": links.tables[0].match,
        "sides": list(links.tables[0].sides),
        "url": links.tables[0].url,
        "token": links.tables[0].token,
    }


def test_tokens_are_long_random_and_stored_only_as_hashes(database: Database) -> None:
    links = night_links(database, season=SEASON, week=WEEK, base=BASE)
    tokens = [link.token for link in links.tables] + [links.board.token]
    assert len(set(tokens)) == len(tokens)
    assert all(len(token) >= 43 for token in tokens)  # 32 bytes, base64url
    with database.session() as session:
        rows = session.exec(select(NightToken)).all()
        assert sorted(row.token_hash for row in rows) == sorted(map(token_hash, tokens))
        for token in tokens:
            assert all(token not in (row.token_hash, row.salt) for row in rows)
    path = database.path
    assert path is not None
    raw = path.read_bytes() + Path(f"{path}-wal").read_bytes()
    assert not any(token.encode() in raw for token in tokens)


def test_the_links_stay_the_same_until_the_night_is_closed(database: Database) -> None:
    first = night_links(database, season=SEASON, week=WEEK, base=BASE)
    again = night_links(database, season=SEASON, week=WEEK, base="http://10.0.0.5:80")
    assert [link.token for link in again.tables] == [link.token for link in first.tables]
    assert again.tables[0].url == f"http://10.0.0.5:80/t/{first.tables[0].token}"

    assert close_night(database, SEASON, WEEK) == len(first.tables) + 1
    with database.session() as session:
        assert token_holder(session, first.tables[0].token) is None
        assert token_holder(session, first.board.token) is None
    fresh = night_links(database, season=SEASON, week=WEEK, base=BASE)
    assert not {link.token for link in fresh.tables} & {link.token for link in first.tables}


def test_a_token_opens_its_own_match_and_the_board_none(database: Database) -> None:
    links = night_links(database, season=SEASON, week=WEEK, base=BASE)
    with database.session() as session:
        table = token_holder(session, links.tables[1].token)
        board = token_holder(session, links.board.token)
        assert table is not None
        assert table.match == links.tables[1].match
        assert board is not None
        assert board.match is None
        assert token_holder(session, links.tables[1].token[:-1]) is None
        assert token_holder(session, "") is None


def test_postponed_matches_and_byes_get_no_link(database: Database) -> None:
    week = [match for match in schedule(database, SEASON) if match.week == WEEK]
    set_match_status(database, week[0].id, "postponed")
    links = night_links(database, season=SEASON, week=WEEK, base=BASE)
    assert week[0].id not in [link.match for link in links.tables]


def test_the_night_key_is_the_owners_alone(database: Database, data_folder: Path) -> None:
    night_links(database, season=SEASON, week=WEEK, base=BASE)
    mode = os.stat(data_folder / KEY_FILE).st_mode
    assert stat.S_IMODE(mode) == 0o600


def test_links_made_with_another_key_are_not_shown_as_if_they_worked(
    database: Database, data_folder: Path
) -> None:
    night_links(database, season=SEASON, week=WEEK, base=BASE)
    (data_folder / KEY_FILE).write_bytes(b"k" * 32)
    with pytest.raises(StoreError, match="another computer"):
        night_links(database, season=SEASON, week=WEEK, base=BASE)


def test_an_unknown_week_is_said_in_words(database: Database) -> None:
    with pytest.raises(StoreError, match="has no week 99"):
        night_links(database, season=SEASON, week=99, base=BASE)


def test_the_base_url() -> None:
    assert base_url() == "http://127.0.0.1:8717"
    assert base_url("::1", 9000) == "http://[::1]:9000"
    assert base_url("0.0.0.0", 80, "http://192.168.1.20:8717/") == "http://192.168.1.20:8717"
    longest = "http://192.168.1.20/" + "x" * 180
    assert checked_public_url(longest) == longest
    with pytest.raises(
        LinkError, match="201 characters long; the public URL must be from 1 to 200"
    ):
        checked_public_url(longest + "x")
    bad_urls = ("", "ftp://x", "192.168.1.20", "http://x:port", "http://u:p@x", "http://x/?q=1")
    for bad in bad_urls:
        with pytest.raises(LinkError):
            checked_public_url(bad)


def test_what_serving_on_a_host_warns_of() -> None:
    assert serving_warnings("127.0.0.1", None) == []
    lan = serving_warnings("192.168.1.20", None)
    assert len(lan) == 1
    assert "other machines on the network can reach it" in lan[0]
    everywhere = serving_warnings("0.0.0.0", None)
    assert len(everywhere) == 2
    assert "the links say 0.0.0.0, which no phone can open" in everywhere[1]
    assert len(serving_warnings("::", "http://192.168.1.20:8717")) == 1


def test_which_hosts_other_machines_reach() -> None:
    assert not reachable_from_network("127.0.0.1")
    assert not reachable_from_network("localhost")
    assert not reachable_from_network("::1")
    assert reachable_from_network("0.0.0.0")
    assert reachable_from_network("192.168.1.20")
