"""The package's entry points: one version, and the window as the default command."""

import subprocess
import sys

import pytest

import clabber_league
from clabber_league import cli


def test_version_flag_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.strip() == f"clabber-league {clabber_league.__version__}"


def window_runs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str | None, str | None]]:
    """The windows ``cli.main`` opens, each as its database and its file."""
    opened: list[tuple[str | None, str | None]] = []

    def fake_run(
        db: str | None = None,
        lang: str | None = None,
        game_id: int | None = None,
        file: str | None = None,
    ) -> int:
        opened.append((db, file))
        return 0

    monkeypatch.setattr("clabber_league.app.run", fake_run)
    return opened


def test_no_command_opens_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = window_runs(monkeypatch)
    assert cli.main([]) == 0
    assert cli.main(["--db", "league.sqlite3"]) == 0
    assert opened == [(None, None), ("league.sqlite3", None)]


def test_a_file_alone_opens_the_window_on_it_as_the_file_manager_starts_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened = window_runs(monkeypatch)
    for words in (
        ["tuesday.clabber"],
        ["/home/pat/Leagues/tuesday"],
        ["tonight.clabber.json"],
        ["gui", "tuesday"],
        ["gui", "--lang", "ru", "./tuesday"],
    ):
        assert cli.main(words) == 0
    assert [file for _db, file in opened] == [
        "tuesday.clabber",
        "/home/pat/Leagues/tuesday",
        "tonight.clabber.json",
        "tuesday",
        "./tuesday",
    ]


def test_a_command_name_is_never_taken_for_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["score"])  # the command, reading standard input: here, a usage error
    assert stopped.value.code == 2
    assert "score" in capsys.readouterr().err


def test_a_league_file_and_db_together_are_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened = window_runs(monkeypatch)
    assert cli.main(["gui", "--db", "a.sqlite3", "b.clabber"]) == 2
    assert capsys.readouterr().err == "b.clabber is a league file: give it or --db, not both\n"
    assert cli.main(["gui", "--db", "a.sqlite3", "tonight.json"]) == 0  # a game: into a.sqlite3
    assert opened == [("a.sqlite3", "tonight.json")]


def test_module_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "clabber_league", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert clabber_league.__version__ in done.stdout


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["frobnicate"])
    assert stopped.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_ctrl_c_in_the_window_started_without_a_command_stops_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(db: str | None = None, **_given: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("clabber_league.app.run", interrupted)
    assert cli.main([]) == cli.EXIT_INTERRUPTED
    assert capsys.readouterr().err == "stopped; nothing was changed\n"
