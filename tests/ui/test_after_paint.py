"""Work left for after the paint runs after it, once however often it was asked for, and
not at all once cancelled."""

from __future__ import annotations

from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from clabber_league.ui.after_paint import AfterPaint


class Label(QLabel):
    """A label that notes each time it is painted."""

    def __init__(self, done: list[str]) -> None:
        super().__init__("before")
        self.done = done

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 -- Qt's name
        self.done.append("paint")
        super().paintEvent(event)


def shown_label(qtbot: QtBot, done: list[str]) -> Label:
    label = Label(done)
    qtbot.addWidget(label)
    label.show()
    qtbot.waitExposed(label)
    qtbot.waitUntil(lambda: "paint" in done)
    QApplication.processEvents()
    done.clear()
    return label


def later_work(qtbot: QtBot) -> tuple[Label, AfterPaint, list[str]]:
    """A shown label, work that notes itself, and what has happened so far (nothing)."""
    done: list[str] = []
    label = shown_label(qtbot, done)
    return label, AfterPaint(lambda: done.append("work"), label), done


def test_the_work_runs_after_the_paint_it_was_asked_before(qtbot: QtBot) -> None:
    label, later, done = later_work(qtbot)
    label.setText("after")
    later.ask()
    QApplication.processEvents()
    assert done == ["paint", "work"]


def test_asked_twice_before_it_ran_it_runs_once_then_again_when_asked_again(
    qtbot: QtBot,
) -> None:
    _label, later, done = later_work(qtbot)
    later.ask()
    later.ask()
    QApplication.processEvents()
    QApplication.processEvents()
    assert done.count("work") == 1
    later.ask()
    QApplication.processEvents()
    assert done.count("work") == 2


def test_cancelled_it_does_not_run(qtbot: QtBot) -> None:
    _label, later, done = later_work(qtbot)
    later.ask()
    later.cancel()
    QApplication.processEvents()
    QApplication.processEvents()
    assert "work" not in done
