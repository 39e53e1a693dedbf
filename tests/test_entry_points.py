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


def test_no_command_opens_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str | None] = []

    def fake_run(db: str | None = None, lang: str | None = None, game_id: int | None = None) -> int:
        opened.append(db)
        return 0

    monkeypatch.setattr("clabber_league.app.run", fake_run)
    assert cli.main([]) == 0
    assert cli.main(["--db", "league.sqlite3"]) == 0
    assert opened == [None, "league.sqlite3"]


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
    def interrupted(db: str | None = None) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("clabber_league.app.run", interrupted)
    assert cli.main([]) == cli.EXIT_INTERRUPTED
    assert capsys.readouterr().err == "stopped; nothing was changed\n"
