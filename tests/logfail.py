"""A test fails when anything logs an ERROR it did not say it expects (qutebrowser's
``logfail``): an error logged and carried on from is an error nobody would see.

One handler on the root logger, from the start of the session, keeps every record at
ERROR and above, from whichever thread logged it; after each phase of a test (set-up,
the test, tear-down) the records of loggers the test did not name are its failure.
A test that means to provoke one names the logger::

    @pytest.mark.expected_errors("clabber_league.night.app")

(a logger's children are covered by its name). ``tests/test_logfail.py`` runs a
small suite with this plugin to show that it fails what it should.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Generator

import pytest

MARKER = "expected_errors"


class _Kept(logging.Handler):
    """Keeps ERROR records until the phase that saw them is checked."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self._kept_lock = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        with self._kept_lock:
            self.records.append(record)

    def take(self) -> list[logging.LogRecord]:
        with self._kept_lock:
            records, self.records = self.records, []
        return records


_kept = _Kept()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARKER}(*loggers): the test logs ERROR records from these loggers on purpose",
    )
    logging.getLogger().addHandler(_kept)


def pytest_unconfigure(config: pytest.Config) -> None:
    logging.getLogger().removeHandler(_kept)


def _expected(item: pytest.Item) -> tuple[str, ...]:
    return tuple(name for marker in item.iter_markers(MARKER) for name in marker.args)


def _allowed(record: logging.LogRecord, expected: tuple[str, ...]) -> bool:
    return any(record.name == name or record.name.startswith(f"{name}.") for name in expected)


def _checked(item: pytest.Item) -> Generator[None, object, object]:
    _kept.take()  # whatever a thread of an earlier test logged late is not this test's
    try:
        result = yield
    except BaseException:
        _kept.take()  # the test fails already, and says why
        raise
    unexpected = [record for record in _kept.take() if not _allowed(record, _expected(item))]
    if unexpected:
        lines = "\n".join(
            f"{record.levelname} {record.name} [{record.threadName}]: {record.getMessage()}"
            + (
                f"\n{logging.Formatter().formatException(record.exc_info)}"
                if record.exc_info
                else ""
            )
            for record in unexpected
        )
        pytest.fail(
            f"logged {len(unexpected)} unexpected error record(s) "
            f"(mark the test @pytest.mark.{MARKER}(logger) if they are meant):\n{lines}",
            pytrace=False,
        )
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _checked(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _checked(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _checked(item))
