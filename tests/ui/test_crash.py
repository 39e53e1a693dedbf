"""The crash dialog: an exception nobody caught, in a slot or a thread, is logged with
its traceback and shown once, with its details to copy and the log folder to open."""

import sys
import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QTimer, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from pytestqt.qtbot import QtBot

from clabber_league import __version__
from clabber_league.logs import log_dir
from clabber_league.ui import crash

ERRORS = "clabber_league.ui.crash"


@pytest.fixture
def installed(qtbot: QtBot) -> Iterator[None]:
    uninstall = crash.install()
    yield
    uninstall()


def shown(qtbot: QtBot) -> crash.CrashDialog:
    qtbot.waitUntil(lambda: crash.crashes_dialog() is not None)
    dialog = crash.crashes_dialog()
    assert dialog is not None
    return dialog


def fail_in_a_slot(message: str) -> None:
    def slot() -> None:
        raise RuntimeError(message)

    QTimer.singleShot(0, slot)


@pytest.mark.expected_errors(ERRORS)
def test_an_exception_in_a_slot_is_logged_and_shown(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    # pytest-qt's own hook, installed first, still hears of it: the crash hook chains.
    with qtbot.captureExceptions() as exceptions:
        uninstall = crash.install()
        try:
            fail_in_a_slot("the sheet model lost its row")
            dialog = shown(qtbot)
            text = dialog.details.toPlainText()
            assert not dialog.isModal()
        finally:
            uninstall()
    assert [str(error) for _kind, error, _tb in exceptions] == ["the sheet model lost its row"]
    assert "RuntimeError: the sheet model lost its row" in text
    assert "Traceback (most recent call last)" in text
    assert f"version: {__version__}" in text
    assert "pyside6: " in text
    assert f"log_folder: {log_dir()}" in text
    (record,) = [r for r in caplog.records if r.name == ERRORS]
    assert record.exc_info is not None
    assert record.exc_info[0] is RuntimeError


@pytest.mark.qt_no_exception_capture
@pytest.mark.expected_errors(ERRORS)
def test_a_burst_of_errors_is_one_dialog(qtbot: QtBot, installed: None) -> None:
    fail_in_a_slot("first")
    first = shown(qtbot)
    fail_in_a_slot("second")
    qtbot.waitUntil(lambda: "RuntimeError: second" in first.details.toPlainText())
    assert crash.crashes_dialog() is first
    assert "RuntimeError: first" in first.details.toPlainText()


@pytest.mark.expected_errors(ERRORS)
# pytest's own thread hook, which the crash hook hands on to, warns of it too.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_an_exception_in_a_thread_is_shown_on_the_gui_thread(
    qtbot: QtBot, installed: None, caplog: pytest.LogCaptureFixture
) -> None:
    def work() -> None:
        raise ValueError("a thread's bug")

    thread = threading.Thread(target=work, name="a-worker")
    thread.start()
    thread.join()
    dialog = shown(qtbot)
    assert "ValueError: a thread's bug" in dialog.details.toPlainText()
    (record,) = [r for r in caplog.records if r.name == ERRORS]
    assert record.getMessage() == "unexpected error in thread a-worker"


@pytest.mark.qt_no_exception_capture
@pytest.mark.expected_errors(ERRORS)
def test_copy_details_and_open_log_folder(
    qtbot: QtBot, installed: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[QUrl] = []

    def open_url(url: QUrl) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr(QDesktopServices, "openUrl", open_url)
    fail_in_a_slot("copy me")
    dialog = shown(qtbot)
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == dialog.details.toPlainText()
    dialog.folder_button.click()
    assert opened == [QUrl.fromLocalFile(str(log_dir()))]


@pytest.mark.qt_no_exception_capture
@pytest.mark.expected_errors(ERRORS)
def test_a_closed_dialog_makes_room_for_the_next(qtbot: QtBot, installed: None) -> None:
    fail_in_a_slot("first")
    first = shown(qtbot)
    first.close()
    qtbot.waitUntil(lambda: crash.crashes_dialog() is None)
    fail_in_a_slot("later")
    later = shown(qtbot)
    assert "RuntimeError: first" not in later.details.toPlainText()


def test_uninstalling_puts_the_hooks_back(qtbot: QtBot) -> None:
    before = (sys.excepthook, threading.excepthook)
    uninstall = crash.install()
    assert sys.excepthook is not before[0]
    uninstall()
    assert (sys.excepthook, threading.excepthook) == before
    assert crash.crashes_dialog() is None


def test_ctrl_c_is_no_crash(qtbot: QtBot, installed: None) -> None:
    with qtbot.captureExceptions() as exceptions:
        sys.excepthook(KeyboardInterrupt, KeyboardInterrupt(), None)
    QCoreApplication.processEvents()
    assert crash.crashes_dialog() is None  # and nothing logged, or logfail would fail it
    assert [kind for kind, _error, _tb in exceptions] == [KeyboardInterrupt]
