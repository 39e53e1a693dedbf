"""Qt's messages reach the log, and pytest-qt (which fails a test on a Qt warning)
still hears every one."""

import logging
from typing import Any

import pytest
from PySide6.QtCore import qInfo, qWarning
from pytestqt.qtbot import QtBot

from clabber_league.ui.qt_messages import forward_qt_messages


def qt_records(caplog: pytest.LogCaptureFixture) -> list[tuple[str, int, str]]:
    return [(r.name, r.levelno, r.getMessage()) for r in caplog.records if r.name == "qt"]


def test_a_qt_message_is_logged_and_still_seen_by_pytest_qt(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture, qtlog: Any
) -> None:
    caplog.set_level(logging.DEBUG)
    forward_qt_messages()
    forward_qt_messages()  # again: still one record a message
    qInfo("a font was not found")
    assert qt_records(caplog) == [("qt", logging.INFO, "a font was not found")]
    assert [m.message for m in qtlog.records] == ["a font was not found"]


@pytest.mark.qt_log_ignore("a warning of Qt's")
def test_a_qt_warning_is_a_warning_record(qtbot: QtBot, caplog: pytest.LogCaptureFixture) -> None:
    forward_qt_messages()
    qWarning("a warning of Qt's")
    assert qt_records(caplog) == [("qt", logging.WARNING, "a warning of Qt's")]


def test_the_offscreen_plugins_size_hints_are_no_news(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    forward_qt_messages()
    qWarning("This plugin does not support propagateSizeHints()")
    assert qt_records(caplog) == []
