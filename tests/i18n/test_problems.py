"""The rules engine's problems, made in English and said in the user's language where shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clabber_league import cli, i18n
from clabber_league.rules import GameError, PlayedHand, rule_set
from clabber_league.rules.game import Game
from clabber_league.rules.messages import Problem, problem, tidy


def refused() -> GameError:
    game = Game(rule_set("evansville"), ["Eagles", "Owls"])
    with pytest.raises(GameError) as caught:
        game.push(PlayedHand("A", {"A": 161}, None))
    return caught.value


def test_a_problem_is_its_english_line_and_keeps_its_parts() -> None:
    line = problem("{who} cannot score {points} trick points", who="Eagles", points=161)
    assert line == "Eagles cannot score 161 trick points"
    assert isinstance(line, Problem)
    assert line.template == "{who} cannot score {points} trick points"
    assert dict(line.values) == {"who": "Eagles", "points": 161}


def test_tidying_keeps_problems_whole() -> None:
    line = problem("{bell} reneged, so its bell does not count", bell="Owls")
    assert isinstance(tidy([line])[0], Problem)
    counted = tidy([line, line])[0]
    assert counted == "Owls reneged, so its bell does not count (2 times)"
    i18n.install("ru")
    assert i18n.said(counted) == "у Owls ренеж, поэтому белль не засчитывается (повторов: 2)"


def test_the_rules_lines_are_english_and_said_in_each_language() -> None:
    error = refused()
    english = list(error.lines)
    assert any("cannot score 161 trick points" in line for line in english)
    assert [i18n.said(line) for line in english] == english
    for code, word in (("ru", "очков за взятки"), ("fa", "امتیاز تریک"), ("ko", "트릭 점수")):
        i18n.install(code)
        said = [i18n.said(line) for line in error.lines]
        assert all(word in line for line in said), said
        assert all("Eagles" in line for line in said)  # names are never translated
        assert not any("cannot score" in line for line in said)


def test_names_inside_a_line_are_not_taken_for_words() -> None:
    line = problem("{bell} reneged, so its bell does not count", bell="the bell")
    i18n.install("ru")
    assert i18n.said(line).startswith("у the bell ренеж")


def write_bad_game(tmp_path: Path) -> Path:
    document = json.loads(
        (
            Path(__file__).resolve().parents[2] / "resources/examples/evansville-full-game.json"
        ).read_text(encoding="utf-8")
    )
    document["hands"] = [{"makers": "A", "tricks": {"A": 161}}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_score_speaks_english_whatever_the_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_bad_game(tmp_path)
    monkeypatch.setenv("CLABBER_LEAGUE_LANG", "ru")
    assert cli.main(["score", str(path)]) == 2
    assert "cannot score 161 trick points" in capsys.readouterr().err


def test_score_speaks_the_language_lang_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_bad_game(tmp_path)
    assert cli.main(["--lang", "ru", "score", str(path)]) == 2
    err = capsys.readouterr().err
    assert "раздача 1:" in err
    assert "не может набрать 161 очков за взятки" in err


def test_names_in_a_persian_line_are_isolated() -> None:
    line = problem("{bell} reneged, so its bell does not count", bell="Owls")
    i18n.install("fa")
    persian = i18n.said(line)
    assert f"{i18n.FIRST_STRONG_ISOLATE}Owls{i18n.POP_ISOLATE}" in persian
    i18n.install("ru")
    assert i18n.FIRST_STRONG_ISOLATE not in i18n.said(line)
    assert i18n.fill("{name} {points}", name="Owls", points=5) == "Owls 5"


def test_lang_may_follow_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_bad_game(tmp_path)
    assert cli.main(["score", str(path), "--lang", "ru"]) == 2
    assert "раздача 1:" in capsys.readouterr().err
