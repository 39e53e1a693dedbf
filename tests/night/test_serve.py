"""``clabber-league serve`` as its own process: SIGTERM and SIGINT finish the request in
flight and exit 0; SIGKILL mid-night loses no hand a phone was told was saved.
Also ``night tables`` and ``night close`` from the command line."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from clabber_league.cli import main
from clabber_league.kill_points import KILL_ENV, SIGNAL_ENV
from clabber_league.store.database import Database
from clabber_league.store.games import open_game
from tests.night.helpers import SEASON, WEEK
from tests.store.helpers import match_line

ROOT = Path(__file__).resolve().parents[2]
#: Only how long a broken test may hang: no test result depends on it.
PROCESS_TIMEOUT_S = 60
HANDS = [
    {"makers": "A", "tricks": {"A": 92}},
    {"makers": "B", "tricks": {"B": 100}},
    {"makers": "A", "tricks": {"A": 120}, "melds": {"A": 20}},
    {"makers": "B", "tricks": {"B": 82}},
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Serve:
    """A running ``serve`` and what its phones were told."""

    process: subprocess.Popen[str]
    port: int
    tables: list[dict[str, Any]]
    acknowledged: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def enter(self, table: dict[str, Any], hand: dict[str, Any]) -> httpx.Response:
        """One hand from the table's phone; an acknowledged one is remembered. A table
        the service cannot read answers for the hand (the phone has nothing to send)."""
        token = table["token"]
        read = httpx.get(self.url(f"/api/t/{token}"))
        if read.status_code != 200:
            return read
        version = read.json()["version"]
        answer = httpx.post(
            self.url(f"/api/t/{token}/hands"),
            json={"id": f"h{version}", "version": version, "hand": hand},
        )
        if answer.status_code in (200, 201):
            self.acknowledged.setdefault(table["match"], []).append(hand)
        return answer


@pytest.fixture
def serve(
    database: Database, database_path: Path, data_folder: Path, request: pytest.FixtureRequest
) -> Iterator[Serve]:
    """``serve`` started on a free port, every table's first game begun by its phone."""
    extra: dict[str, str] = getattr(request, "param", {})
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in (KILL_ENV, SIGNAL_ENV)}
    env.update({"CLABBER_LEAGUE_DATA": str(data_folder), "PYTHONPATH": str(ROOT), **extra})
    argv = ["serve", "--db", str(database_path), "--season", SEASON, "--week", str(WEEK)]
    process = subprocess.Popen(
        [sys.executable, "-m", "clabber_league", *argv, "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith("stop it with Ctrl+C"):
                break
        else:
            pytest.fail(f"serve did not start: {process.communicate()}")
        tables = _tables(database_path, data_folder)[:-1]
        running = Serve(process, port, tables)
        for table in tables:
            started = httpx.post(
                running.url(f"/api/t/{table['token']}/games"), json={"id": "g", "version": 0}
            )
            assert started.status_code == 201
        yield running
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=PROCESS_TIMEOUT_S)


def _tables(database_path: Path, data_folder: Path) -> list[dict[str, Any]]:
    env = {**os.environ, "CLABBER_LEAGUE_DATA": str(data_folder), "PYTHONPATH": str(ROOT)}
    listed = subprocess.run(
        [sys.executable, "-m", "clabber_league", "night", "tables", "--db", str(database_path),
         "--season", SEASON, "--week", str(WEEK), "--format", "json"],
        env=env, capture_output=True, text=True, check=True, timeout=PROCESS_TIMEOUT_S,
    )  # fmt: skip
    tables: list[dict[str, Any]] = json.loads(listed.stdout)
    return tables


def stored(database_path: Path, match: int) -> list[dict[str, Any]]:
    """The hands of the match's game as stored, as entered."""
    database = Database.open(str(database_path))
    try:
        game = open_game(database, match_line(database, match).game_ids[0])
        return [_as_entered(entry) for entry in game.game.entries]
    finally:
        database.close()


def _as_entered(entry: Any) -> dict[str, Any]:
    from clabber_league.gamesheet import hand_document  # noqa: PLC0415

    return hand_document(entry)


def expected(hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from clabber_league.gamesheet import hand_document, read_hand  # noqa: PLC0415

    return [hand_document(read_hand(hand)) for hand in hands]


@pytest.mark.parametrize("stop_with", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_serve_cleanly_with_every_hand_kept(
    serve: Serve, database_path: Path, stop_with: signal.Signals
) -> None:
    for hand in HANDS[:2]:
        for table in serve.tables:
            assert serve.enter(table, hand).status_code == 201
    serve.process.send_signal(stop_with)
    out, err = serve.process.communicate(timeout=PROCESS_TIMEOUT_S)
    assert serve.process.returncode == 0, err
    assert "every hand the phones were told was saved is saved" in out
    assert err == ""
    for table in serve.tables:
        assert stored(database_path, table["match"]) == expected(serve.acknowledged[table["match"]])


def test_a_database_deleted_while_serving_acknowledges_nothing_and_says_so(
    serve: Serve, database_path: Path
) -> None:
    database_path.unlink()
    for table in serve.tables:
        answer = serve.enter(table, HANDS[0])
        assert (answer.status_code, answer.headers["retry-after"]) == (503, "5")
    serve.process.send_signal(signal.SIGTERM)
    out, err = serve.process.communicate(timeout=PROCESS_TIMEOUT_S)
    assert serve.process.returncode == 1
    assert "every hand the phones were told was saved" not in out
    assert f"error: {database_path} was deleted while the night was served" in err
    assert not database_path.exists()
    assert serve.acknowledged == {}


@pytest.mark.parametrize(
    "serve", [{KILL_ENV: "recorder:before-commit", SIGNAL_ENV: "TERM"}], indirect=True
)
def test_sigterm_in_the_middle_of_a_request_finishes_it_first(
    serve: Serve, database_path: Path
) -> None:
    """SIGTERM arrives while the first hand is inside its transaction: that request is
    answered 201 and kept, then serve exits 0."""
    table = serve.tables[0]
    assert serve.enter(table, HANDS[0]).status_code == 201
    _out, err = serve.process.communicate(timeout=PROCESS_TIMEOUT_S)
    assert serve.process.returncode == 0, err
    assert stored(database_path, table["match"]) == expected([HANDS[0]])
    assert serve.acknowledged == {table["match"]: [HANDS[0]]}


@pytest.mark.parametrize(
    "serve", [{KILL_ENV: "recorder:before-commit@3", SIGNAL_ENV: "KILL"}], indirect=True
)
def test_sigkill_mid_night_loses_no_acknowledged_hand(serve: Serve, database_path: Path) -> None:
    """Killed inside the third hand's write: every hand answered before it is kept, the one in
    flight was never acknowledged (and is not half stored), and a new serve carries on."""
    answers = []
    for hand in HANDS:
        for table in serve.tables:
            try:
                answers.append(serve.enter(table, hand).status_code)
            except httpx.TransportError:
                answers.append(0)
    assert answers[:2] == [201, 201]
    assert 0 in answers
    serve.process.wait(timeout=PROCESS_TIMEOUT_S)
    assert serve.process.returncode == -signal.SIGKILL
    for table in serve.tables:
        hands = stored(database_path, table["match"])
        assert hands == expected(serve.acknowledged.get(table["match"], []))


def test_night_tables_and_close_from_the_command_line(
    database: Database, database_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--db", str(database_path), "--season", SEASON, "--week", str(WEEK)]
    assert main(["night", "tables", *argv, "--public-url", "http://192.168.1.20:8717"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].startswith("table 1  Team")
    assert "http://192.168.1.20:8717/t/" in text[0]
    assert text[-1].startswith("board  http://192.168.1.20:8717/board/")

    assert main(["night", "tables", *argv, "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed[-1]["board"] is True
    assert set(listed[0]) == {"table", "match", "sides", "url", "token"}
    assert listed[0]["url"] == f"http://127.0.0.1:8717/t/{listed[0]['token']}"

    assert main(["night", "close", *argv, "--force"]) == 0  # its tables never began
    assert capsys.readouterr().out == f"week 1 of {SEASON} is closed: 3 links stopped working\n"


def exit_code(argv: list[str]) -> int:
    """What the command exits with, whether argparse or the command refused."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["night", "tables", "--week", "0"], "--week"),
        (["night", "tables", "--public-url", "192.168.1.20"], "--public-url"),
        (["night", "tables", "--week", "9"], "has no week 9"),
        (["night", "close", "--season", "Spring"], "no season called 'Spring'"),
        (["serve", "", "--port", "70000"], "--port"),
        (["serve", "", "--public-url", "ftp://x"], "--public-url"),
    ],
)
def test_bad_night_options_are_one_line(
    database: Database,
    database_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    words: str,
) -> None:
    base = ["--db", str(database_path), "--season", SEASON, "--week", str(WEEK)]
    command = [word for word in argv[:2] if word]
    assert exit_code([*command, *base, *argv[2:]]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err
    assert len(err.splitlines()) == 1


@pytest.mark.usefixtures("database")
@pytest.mark.parametrize("command", ["night tables", "night close", "night cards", "serve"])
@pytest.mark.parametrize(
    "refusal",
    [(["--season", "Spring"], "no season called 'Spring'"), (["--week", "9"], "has no week 9")],
)
def test_a_refused_night_command_leaves_nothing_in_the_data_folder(
    database_path: Path,
    data_folder: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    refusal: tuple[list[str], str],
) -> None:
    choice, words = refusal
    cards = data_folder.parent / "cards.pdf"
    extra = {"night cards": ["--out", str(cards)], "serve": ["--port", str(free_port())]}
    argv = ["--db", str(database_path), "--season", SEASON, "--week", str(WEEK), *choice]
    handlers = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        assert exit_code([*command.split(), *argv, *extra.get(command, [])]) == 2
    finally:
        for number, handler in handlers.items():  # serve sets its own before it refuses
            signal.signal(number, handler)
    assert words in capsys.readouterr().err
    assert not data_folder.exists()
    assert not cards.exists()


def test_links_whose_key_is_gone_are_refused_without_making_a_key(
    database: Database, database_path: Path, data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--db", str(database_path), "--season", SEASON, "--week", str(WEEK)]
    assert main(["night", "tables", *argv]) == 0
    (data_folder / "night.key").unlink()
    assert exit_code(["night", "tables", *argv]) == 2
    assert "another computer" in capsys.readouterr().err
    assert list(data_folder.iterdir()) == []
