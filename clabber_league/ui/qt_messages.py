"""Qt's own messages (its warnings, a plugin's complaints) into the log, and still on
standard error as Qt prints them: the one Qt message handler of the process.

A handler installed before this one (pytest-qt's, which fails a test on a Qt warning:
``qt_log_level_fail`` in ``pyproject.toml``) is called in place of the printing, so
the suite still sees every message.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

#: Messages that are no problem: the offscreen platform plugin (screenshots, tests)
#: says it cannot propagate size hints on every ``show()``.
IGNORED = ("This plugin does not support propagateSizeHints",)
LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def forward_qt_messages() -> None:
    """Make ``_forward`` Qt's message handler, in front of the one installed before it
    (installing it again keeps that one: a message is never forwarded twice)."""
    global _previous  # noqa: PLW0603 -- one handler per process
    previous = qInstallMessageHandler(_forward)
    if previous is not _forward:
        _previous = previous


def _forward(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if any(ignored in message for ignored in IGNORED):
        return
    category = context.category if context is not None else None
    name = f"qt.{category}" if category and category != "default" else "qt"
    logging.getLogger(name).log(LEVELS.get(kind, logging.WARNING), "%s", message)
    if _previous is not None:
        _previous(kind, context, message)
    else:
        print(message, file=sys.stderr)


_previous: Callable[[QtMsgType, QMessageLogContext, str], object] | None = None
