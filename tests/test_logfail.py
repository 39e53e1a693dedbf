"""The suite's ``logfail`` plugin fails a test on an ERROR record nobody declared, from
the test's thread or another, and lets through the ones a test names."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SMALL_SUITE = """
import logging
import threading

import pytest

log = logging.getLogger("clabber_league.example")


def test_error_fails():
    log.error("a bug, carried on from")


def test_error_from_a_thread_fails():
    thread = threading.Thread(target=lambda: log.error("a worker's bug"))
    thread.start()
    thread.join()


def test_exception_fails():
    try:
        1 / 0
    except ZeroDivisionError:
        log.exception("a division")


@pytest.fixture
def tidy():
    yield
    log.error("in the tear-down")


def test_error_in_tear_down_fails(tidy):
    pass


def test_warning_passes():
    log.warning("only a warning")


@pytest.mark.expected_errors("clabber_league")
def test_declared_error_passes():
    log.error("meant")


@pytest.mark.expected_errors("clabber_league.elsewhere")
def test_another_loggers_error_fails():
    log.error("not the one declared")
"""


def test_logfail_fails_what_it_should(tmp_path: Path) -> None:
    (tmp_path / "test_small.py").write_text(SMALL_SUITE, encoding="utf-8")
    finished = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.logfail",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:qt",
            "-rA",
            "-q",
            "test_small.py",
        ],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    out = finished.stdout
    # The short summary: "PASSED test_small.py::name", an ERROR line after a test that
    # failed in its tear-down.
    outcomes = {
        words[1].removeprefix("test_small.py::"): words[0]
        for words in (line.split() for line in out.splitlines())
        if len(words) >= 2
        and words[0] in ("PASSED", "FAILED", "ERROR")
        and words[1].startswith("test_small.py::")
    }
    assert outcomes == {
        "test_error_fails": "FAILED",
        "test_error_from_a_thread_fails": "FAILED",
        "test_exception_fails": "FAILED",
        "test_error_in_tear_down_fails": "ERROR",
        "test_warning_passes": "PASSED",
        "test_declared_error_passes": "PASSED",
        "test_another_loggers_error_fails": "FAILED",
    }, out
    assert "a worker's bug" in out
    assert "ZeroDivisionError" in out  # the traceback is shown with the record


def test_logfail_is_on_in_this_suite(request: pytest.FixtureRequest) -> None:
    assert request.config.pluginmanager.has_plugin("tests.logfail")


@pytest.mark.expected_errors("clabber_league.example")
def test_a_declared_error_passes_here() -> None:
    logging.getLogger("clabber_league.example").error("meant")
