"""``clabber-league about`` and the details behind it: what a bug report quotes."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QApplication

from clabber_league import __version__, cli
from clabber_league.logs import log_dir
from clabber_league.store.paths import data_dir


def about(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, object]:
    assert cli.main([*words, "about", "--format", "json"]) == 0
    document: dict[str, object] = json.loads(capsys.readouterr().out)
    return document


def test_about_in_russian_says_why_and_shows_qts_own_words(
    qapp: QApplication, capsys: pytest.CaptureFixture[str]
) -> None:
    details = about(capsys, "--lang", "ru")
    assert details["version"] == __version__
    assert (details["language"], details["language_from"]) == ("ru (Русский)", "option")
    assert (details["qt_translations"], details["qt_cancel"]) == (True, "Отмена")
    assert details["data_folder"] == str(data_dir())
    assert details["log_folder"] == str(log_dir())


def test_about_in_english_needs_no_qt_translation(
    qapp: QApplication, capsys: pytest.CaptureFixture[str]
) -> None:
    details = about(capsys)
    assert (details["language"], details["language_from"]) == ("en (English)", "environment")
    assert (details["qt_translations"], details["qt_cancel"]) == (False, "Cancel")


def test_about_as_text_is_a_line_a_detail(
    qapp: QApplication, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--lang", "ko", "about"]) == 0
    lines = capsys.readouterr().out.splitlines()
    keys = [line.split(": ", 1)[0] for line in lines]
    assert keys[:2] == ["app", "version"]
    assert "qt_cancel: 취소" in lines
    assert {"python", "qt", "pyside6", "data_folder", "log_folder"} <= set(keys)
