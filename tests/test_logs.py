"""The log: where it is kept, what a record says, faulthandler beside it, and the command
line's one line for an error nobody expected."""

import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from clabber_league import cli, logs


@pytest.fixture
def fresh_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of the test's own, and the log configuration as it was afterwards."""
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(tmp_path))
    before = logs._handler
    monkeypatch.setattr(logs, "_handler", None)
    yield tmp_path / "logs"
    handler = logs._handler
    if handler is not None and handler is not before:
        logging.getLogger().removeHandler(handler)
        handler.close()


def test_the_log_lives_in_the_moved_data_folder(fresh_log: Path) -> None:
    assert logs.log_dir() == fresh_log
    assert logs.start() == fresh_log / "clabber-league.log"
    assert logs.started() == fresh_log / "clabber-league.log"


def test_the_platforms_log_folder_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CLABBER_LEAGUE_DATA")
    assert "clabber-league" in logs.log_dir().parts


def test_a_record_has_its_time_level_logger_and_thread(fresh_log: Path) -> None:
    path = logs.start()
    logging.getLogger("clabber_league.example").warning("the league file is busy")
    line = path.read_text(encoding="utf-8").splitlines()[-1]
    date, time, level, name, thread, *message = line.split(" ")
    assert (level, name, thread) == ("WARNING", "clabber_league.example", "[MainThread]")
    assert " ".join(message) == "the league file is busy"
    assert len(date) == 10
    assert ":" in time


def test_starting_again_keeps_one_handler(fresh_log: Path) -> None:
    logs.start()
    logs.start()
    files = [h for h in logging.getLogger().handlers if isinstance(h, logging.FileHandler)]
    assert [Path(h.baseFilename) for h in files].count(fresh_log / "clabber-league.log") == 1


def test_the_log_rotates_at_about_a_megabyte(fresh_log: Path) -> None:
    logs.start()
    assert logs._handler is not None
    assert (logs._handler.maxBytes, logs._handler.backupCount) == (1_000_000, 3)


def test_nothing_is_made_until_a_record_is_written(fresh_log: Path) -> None:
    """A command that logs nothing (a refused one, say) leaves no folder behind."""
    path = logs.start()
    logging.getLogger("alembic.runtime.migration").info("Running upgrade 0001 -> 0002")
    assert not fresh_log.exists()  # below the log's level (WARNING)
    logging.getLogger("clabber_league.example").warning("kept")
    assert path.read_text(encoding="utf-8").endswith("kept\n")


def test_faulthandler_writes_into_the_log_folder(tmp_path: Path) -> None:
    """In a process of its own: pytest has faulthandler on already (to its stream)."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import faulthandler; from clabber_league import logs; logs.keep_faults(); "
            "print(faulthandler.is_enabled())",
        ],
        env={
            "CLABBER_LEAGUE_DATA": str(tmp_path),
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": ":".join(sys.path),
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout.strip() == "True", done.stderr
    assert (tmp_path / "logs" / "faults.log").exists()


@pytest.mark.expected_errors("clabber_league.cli")
def test_an_unexpected_error_is_one_line_and_a_traceback_in_the_log(
    fresh_log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def bug(_args: object) -> None:
        raise KeyError("made_a")

    monkeypatch.setattr("clabber_league.commands.common.check_text_arguments", bug)
    assert (
        cli.main(["standings", "--season", "2026", "--db", str(fresh_log.parent / "x.sqlite3")])
        == 1
    )
    path = fresh_log / "clabber-league.log"
    assert capsys.readouterr().err == (
        f"clabber-league: unexpected error (KeyError: 'made_a'); the details are in {path}\n"
    )
    logged = path.read_text(encoding="utf-8")
    assert "ERROR clabber_league.cli [MainThread] unexpected error" in logged
    assert "Traceback (most recent call last)" in logged
    assert "KeyError: 'made_a'" in logged
