"""Which language is spoken: --lang, CLABBER_LEAGUE_LANG, the system's; the CLI's help.

The system's language on Windows and macOS is tested here through its parts that run
anywhere (installer/README.md lists them): the tags the platform's call gives, read as
the app reads them, and that call's place, monkeypatched, in the order of choice.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

from clabber_league import cli, i18n, resources
from clabber_league.i18n import prebuilt


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "fa_IR.UTF-8"}, "fa"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANGUAGE": "de:ko", "LANG": "de_DE.UTF-8"}, "ko"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_system_locale_picks_the_first_language_spoken(
    environ: dict[str, str], expected: str
) -> None:
    assert i18n.system_language(environ, platform="linux") == expected


def test_lang_beats_the_variable_which_beats_the_preference_and_the_system() -> None:
    environ = {"CLABBER_LEAGUE_LANG": "ru", "LANG": "ko_KR.UTF-8"}
    option, variable, preference, system = (
        i18n.Origin.OPTION,
        i18n.Origin.ENVIRONMENT,
        i18n.Origin.PREFERENCE,
        i18n.Origin.SYSTEM,
    )
    assert i18n.choose("fa", saved="ko", environ=environ) == ("fa", option)
    assert i18n.choose(None, saved="ko", environ=environ) == ("ru", variable)
    assert i18n.choose(None, saved="ko", environ={"LANG": "ru_RU"}) == ("ko", preference)
    assert i18n.choose(None, saved="xx", environ={"LANG": "ru_RU"}) == ("ru", system)
    assert i18n.choose(None, saved=i18n.SYSTEM_DEFAULT, environ={}, system="fa") == ("fa", system)
    assert i18n.choose(" FA-ir ", environ={}) == ("fa", option)


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        (["fa-IR", "en-US"], "fa"),  # Windows, macOS and Qt: BCP 47
        (["de-DE", "ru-RU"], "ru"),
        (["zh-Hant-TW", "ko"], "ko"),
        (["ru_RU.UTF-8@euro"], "ru"),  # POSIX
        (["C", "POSIX"], None),
        ([], None),
    ],
)
def test_the_first_language_spoken_of_a_systems_list(tags: list[str], expected: str | None) -> None:
    assert i18n.spoken(tags) == expected


def test_a_windows_multi_string_is_its_languages() -> None:
    """What ``GetUserPreferredUILanguages`` fills its buffer with (MUI_LANGUAGE_NAME)."""
    assert i18n.multi_string("fa-IR\0en-US\0\0") == ["fa-IR", "en-US"]
    assert i18n.multi_string("\0") == []


@pytest.mark.parametrize(
    ("platform", "call"), [("win32", "windows_ui_languages"), ("darwin", "macos_ui_languages")]
)
def test_windows_and_macos_ask_the_platform_not_the_variables(
    monkeypatch: pytest.MonkeyPatch, platform: str, call: str
) -> None:
    """Started from the Start menu or the Finder there are no locale variables; the
    platform's list of display languages is the user's choice."""
    monkeypatch.setattr(i18n, call, lambda: ["de-DE", "ko-KR", "en-US"])
    assert i18n.system_language({"LANG": "ru_RU.UTF-8"}, platform=platform) == "ko"
    monkeypatch.setattr(i18n, call, list)
    assert i18n.system_language({"LANG": "ru_RU.UTF-8"}, platform=platform) == "en"


def test_the_platform_calls_answer_nothing_on_another_platform() -> None:
    assert i18n.windows_ui_languages() == [] or sys.platform == "win32"
    assert i18n.macos_ui_languages() == [] or sys.platform == "darwin"


def test_the_command_line_says_where_its_language_came_from(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", "ru", "--help"])
    assert (i18n.current(), i18n.origin()) == ("ru", i18n.Origin.OPTION)
    monkeypatch.delenv("CLABBER_LEAGUE_LANG")
    monkeypatch.setattr(i18n, "system_language", lambda environ=None: "ko")
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert (i18n.current(), i18n.origin()) == ("ko", i18n.Origin.SYSTEM)
    assert "사용법" in capsys.readouterr().out


@pytest.mark.parametrize("bad", ["xx", "de", "english"])
def test_an_unknown_language_names_those_there_are(bad: str) -> None:
    with pytest.raises(i18n.UnknownLanguageError, match="en, fa, ru, ko"):
        i18n.choose(bad, environ={})
    with pytest.raises(i18n.UnknownLanguageError):
        i18n.choose(None, environ={"CLABBER_LEAGUE_LANG": bad})


def test_lazy_text_follows_the_language() -> None:
    heading = i18n.lazy("Trump")
    assert str(heading) == "Trump"
    i18n.install("ru")
    assert str(heading) == "Козырь"
    assert i18n.lazy_p("card", "jack").format() == "валет"


def test_plural_forms_follow_each_languages_rules() -> None:
    i18n.install("ru")
    pages = [i18n.ngettext("{count} page", "{count} pages", n).format(count=n) for n in (1, 3, 5)]
    assert pages == ["1 страница", "3 страницы", "5 страниц"]
    i18n.install("ko")
    assert i18n.ngettext("{count} page", "{count} pages", 5).format(count=5) == "5페이지"


def test_dates_are_written_the_languages_way() -> None:
    import datetime as dt  # noqa: PLC0415

    day = dt.date(2026, 12, 1)
    assert i18n.date_text(day, "EEE d MMM") == "Tue 1 Dec"
    i18n.install("ru")
    assert i18n.date_text(day, "d MMMM") == "1 декабря"


def test_cli_unknown_language_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "xx", "score", "game.json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "'xx'" in err
    assert "en, fa, ru, ko" in err


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("fa", ["کاربرد:", "نمایش این راهنما و خروج", "برگه امتیاز"]),
        ("ru", ["использование:", "показать эту справку и выйти", "протоколы"]),
        ("ko", ["사용법:", "이 도움말을 보여 주고 끝냄", "점수표"]),
    ],
)
def test_help_is_in_the_chosen_language(
    code: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["--lang", code, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out
    assert "show this help message" not in out


def test_subcommand_help_follows_the_variable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CLABBER_LEAGUE_LANG", "ru")
    with pytest.raises(SystemExit):
        cli.main(["print", "blank", "--help"])
    assert "логотип спонсора" in capsys.readouterr().out


def test_argparse_words_go_back_to_english() -> None:
    i18n.install("ko")
    parser = argparse.ArgumentParser(prog="x")
    assert "사용법" in parser.format_usage()
    i18n.install("en")
    assert parser.format_usage().startswith("usage:")


def test_a_catalogue_the_build_never_compiled_is_one_line_naming_the_fix(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A checkout run without ``make install``: no ``.mo`` beside the ``.po``."""
    monkeypatch.setattr(resources, "resources_dir", lambda: tmp_path)
    i18n.translations.cache_clear()
    try:
        assert cli.main(["--lang", "fa", "--help"]) == 2
    finally:
        i18n.translations.cache_clear()
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert str(prebuilt.mo_file(tmp_path, "fa")) in err
    assert "make install" in err
    # English has no .mo, but the league night pages' words are built for it too.
    assert cli.main(["score", "game.json"]) == 2
    assert str(prebuilt.words_file(tmp_path, "en")) in capsys.readouterr().err


def test_the_window_says_so_too_before_it_opens(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    qapp: object,
) -> None:
    from clabber_league import app  # noqa: PLC0415 -- Qt, for this test only

    monkeypatch.setattr(resources, "resources_dir", lambda: tmp_path)
    monkeypatch.setenv("CLABBER_LEAGUE_LANG", "ko")
    i18n.translations.cache_clear()
    try:
        assert app.run(str(tmp_path / "never-made.sqlite3")) == 2
    finally:
        i18n.translations.cache_clear()
    assert "make install" in capsys.readouterr().err
    assert not (tmp_path / "never-made.sqlite3").exists()
