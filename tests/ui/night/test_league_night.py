"""File → League night… and View → Scoreboard: the service started and stopped inside the
window (on 127.0.0.1 only), every table's QR code and link, the warning for an address
other machines reach, the table cards, ending the night, and the scoreboard following a
phone's hand by signal."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QFrame, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from clabber_league.night.server import NightServer
from clabber_league.store.database import Database
from clabber_league.store.night import token_holder
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.night import dialog as night_dialog
from clabber_league.ui.night.dialog import NETWORK_WARNING, LeagueNightDialog
from clabber_league.ui.night.qr_widget import QrWidget
from clabber_league.ui.night.scoreboard import ScoreboardWindow
from tests.night.helpers import LEAGUE, SEASON, WEEK, league_with_teams

#: Only how long a broken test may hang: no result depends on it.
WAIT_MS = 10_000


def tile_totals(board: ScoreboardWindow) -> list[list[str]]:
    """Each table's totals as shown, in table order."""
    return [
        [label.text() for label in tile.findChildren(QLabel, "side_total")]
        for tile in board.findChildren(QFrame, "tile")
    ]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def dialog(qtbot: QtBot, window: MainWindow, database: Database) -> Iterator[LeagueNightDialog]:
    league_with_teams(database)
    window.night.open_dialog()
    opened = window.night.dialog
    assert opened is not None
    qtbot.waitExposed(opened)
    opened.port.setValue(free_port())
    yield opened
    window.night.stop()


def running(window: MainWindow) -> NightServer:
    server = window.night.server
    assert server is not None
    assert server.running
    assert server.links is not None
    return server


def api(server: NightServer, path: str) -> str:
    return f"http://127.0.0.1:{server.port}{path}"


def test_the_menus_offer_the_night_and_the_scoreboard(window: MainWindow) -> None:
    assert window.night.dialog_action.isEnabled()
    assert window.night.scoreboard_action.text() == "&Scoreboard"
    assert not window.night.scoreboard_action.isEnabled()  # until a night is served


def test_a_night_started_in_the_window_shows_each_tables_code_and_link(
    window: MainWindow, dialog: LeagueNightDialog
) -> None:
    assert dialog.chosen_season() == (LEAGUE, SEASON)
    assert dialog.week.value() == WEEK
    assert not dialog.warning.isVisibleTo(dialog)
    dialog.start_button.click()
    server = running(window)
    links = server.links
    assert links is not None
    assert server.settings.host == "127.0.0.1"
    expected = [link.url for link in links.tables] + [links.board.url]
    assert [code.link for code in dialog.findChildren(QrWidget)] == expected
    assert [field.text() for field in dialog.findChildren(QLineEdit, "link")] == expected
    assert dialog.state.text().startswith(f"Serving {SEASON}, week {WEEK} at http://127.0.0.1:")
    assert not dialog.warning.isVisibleTo(dialog)
    assert window.night.scoreboard_action.isEnabled()
    assert not dialog.start_button.isEnabled()
    assert httpx.get(api(server, f"/api/t/{links.tables[0].token}")).status_code == 200

    dialog.stop_button.click()
    assert window.night.server is None
    assert dialog.findChildren(QrWidget) == []
    assert dialog.findChildren(QLineEdit, "link") == []
    assert not window.night.scoreboard_action.isEnabled()
    with pytest.raises(httpx.ConnectError):
        httpx.get(api(server, f"/api/t/{links.tables[0].token}"))


@pytest.mark.parametrize("address", ["0.0.0.0", "192.168.1.20", "::"])
def test_an_address_other_machines_reach_is_warned_of_before_starting(
    dialog: LeagueNightDialog, address: str
) -> None:
    dialog.address.setEditText(address)
    assert dialog.host() == address
    assert dialog.warning.isVisibleTo(dialog)
    assert dialog.warning.text() == NETWORK_WARNING
    dialog.address.setCurrentIndex(0)
    assert dialog.host() == "127.0.0.1"
    assert not dialog.warning.isVisibleTo(dialog)


def test_every_address_gets_links_to_this_computers_network_address(
    dialog: LeagueNightDialog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(night_dialog, "lan_addresses", lambda: ["192.168.1.20"])
    dialog.address.setEditText("0.0.0.0")
    settings = dialog.settings()  # not started: tests listen on 127.0.0.1 only
    assert (settings.host, settings.public_url) == (
        "0.0.0.0",
        f"http://192.168.1.20:{dialog.port.value()}",
    )
    assert dialog.public_url.text() == settings.public_url


def test_every_address_with_no_network_address_asks_for_the_link_base(
    window: MainWindow, dialog: LeagueNightDialog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(night_dialog, "lan_addresses", list)
    dialog.address.setEditText("0.0.0.0")
    dialog.start_button.click()
    assert window.night.server is None
    assert dialog.state.text().startswith(
        "The league night did not start: phones cannot open links to 0.0.0.0"
    )


def test_a_port_in_use_is_one_line_and_nothing_starts(
    window: MainWindow, dialog: LeagueNightDialog
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        dialog.port.setValue(taken.getsockname()[1])
        dialog.start_button.click()
    assert window.night.server is None
    assert dialog.state.text().startswith("The league night did not start: ")
    assert "\n" not in dialog.state.text()
    assert dialog.start_button.isEnabled()


def test_a_public_link_base_that_is_no_link_is_refused(
    window: MainWindow, dialog: LeagueNightDialog
) -> None:
    dialog.public_url.setText("ftp://club")
    dialog.start_button.click()
    assert window.night.server is None
    assert dialog.state.text().startswith("The league night did not start: ")
    assert "ftp://club" in dialog.state.text()


def test_the_public_link_base_is_written_into_the_links(
    window: MainWindow, dialog: LeagueNightDialog
) -> None:
    dialog.public_url.setText("http://192.168.1.20:8717/")
    dialog.start_button.click()
    server = running(window)
    assert server.settings.host == "127.0.0.1"  # still listening on this computer only
    assert all(
        field.text().startswith("http://192.168.1.20:8717/")
        for field in dialog.findChildren(QLineEdit, "link")
    )


@pytest.mark.skipif(
    not shutil.which("zbarimg") and not os.environ.get("CI"),
    reason="needs zbar-tools (.ci/run installs it)",
)
def test_the_code_on_screen_reads_back_as_the_link(
    qtbot: QtBot, window: MainWindow, dialog: LeagueNightDialog, tmp_path: Path
) -> None:
    dialog.start_button.click()
    code = dialog.findChildren(QrWidget)[0]
    qtbot.waitUntil(code.isVisible, timeout=WAIT_MS)
    image = tmp_path / "code.png"
    assert code.grab().save(str(image))
    read = subprocess.run(
        ["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True, check=False
    )
    assert read.stdout.strip() == code.link
    assert code.module() >= 2


def test_the_table_cards_from_the_dialog(dialog: LeagueNightDialog, tmp_path: Path) -> None:
    dialog.public_url.setText("http://192.168.1.20:8717")
    out = tmp_path / "cards.pdf"
    dialog.write_cards(str(out))
    assert dialog.state.text() == f"The table cards are in {out}."
    text = re.sub(r"\s+", "", "".join(page.extract_text() for page in PdfReader(out).pages))
    assert text.count("http://192.168.1.20:8717/t/") == 2
    assert "http://192.168.1.20:8717/board/" in text


def test_ending_the_night_stops_the_service_and_every_link(
    window: MainWindow, dialog: LeagueNightDialog, database: Database
) -> None:
    dialog.start_button.click()
    links = running(window).links
    assert links is not None
    dialog.end_night()
    assert window.night.server is None
    assert dialog.state.text() == f"Week {WEEK} of {SEASON} is ended: 3 links stopped working."
    with database.session() as session:
        assert token_holder(session, links.tables[0].token) is None
        assert token_holder(session, links.board.token) is None


def test_the_scoreboard_follows_a_phones_hand(
    qtbot: QtBot, window: MainWindow, dialog: LeagueNightDialog
) -> None:
    dialog.start_button.click()
    server = running(window)
    links = server.links
    assert links is not None
    window.night.scoreboard_action.trigger()
    board = window.night.scoreboard
    assert isinstance(board, ScoreboardWindow)
    qtbot.waitExposed(board)
    qtbot.waitUntil(lambda: tile_totals(board) == [["0", "0"], ["0", "0"]], timeout=WAIT_MS)
    assert board.night.text() == f"{SEASON}, week {WEEK}"
    assert board.standings.rowCount() == 4

    token = links.tables[0].token
    assert httpx.post(api(server, f"/api/t/{token}/games"), json={"id": "g", "version": 0})
    hand = {"id": "h", "version": 1, "hand": {"makers": "A", "tricks": {"A": 92}}}
    assert httpx.post(api(server, f"/api/t/{token}/hands"), json=hand).status_code == 201
    qtbot.waitUntil(lambda: tile_totals(board)[0] == ["92", "70"], timeout=WAIT_MS)

    dialog.stop_button.click()
    qtbot.waitUntil(lambda: window.night.scoreboard is None, timeout=WAIT_MS)


def test_closing_the_window_stops_the_service(
    window: MainWindow, dialog: LeagueNightDialog
) -> None:
    dialog.start_button.click()
    server = running(window)
    window.close()
    assert not server.running
    assert window.night.server is None
