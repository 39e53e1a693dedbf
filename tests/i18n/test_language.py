"""Which language is spoken: --lang, CLABBER_LEAGUE_LANG, the system's locale; the CLI's help."""

from __future__ import annotations

import argparse

import pytest

from clabber_league import cli, i18n


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
    assert i18n.system_language(environ) == expected


def test_lang_beats_the_variable_which_beats_the_preference_and_the_system() -> None:
    environ = {"CLABBER_LEAGUE_LANG": "ru", "LANG": "ko_KR.UTF-8"}
    assert i18n.choose("fa", saved="ko", environ=environ) == "fa"
    assert i18n.choose(None, saved="ko", environ=environ) == "ru"
    assert i18n.choose(None, saved="ko", environ={"LANG": "ru_RU"}) == "ko"
    assert i18n.choose(None, saved="xx", environ={"LANG": "ru_RU"}) == "ru"
    assert i18n.choose(" FA-ir ", environ={}) == "fa"


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
