"""The rules engine's problems, made in English and said in the user's language where shown."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from clabber_league import cli, i18n
from clabber_league.i18n import words
from clabber_league.league import ScheduleError, StandingsError, check_order, round_robin
from clabber_league.league.ranking import HandCounts
from clabber_league.league.schedule import Pairing
from clabber_league.rules import ClabberError, GameError, PlayedHand, rule_set
from clabber_league.rules.cards import Card
from clabber_league.rules.game import Game
from clabber_league.rules.limits import SCHEDULE_DATES
from clabber_league.rules.messages import Problem, and_list, or_list, problem, tidy
from clabber_league.rules.names import clean_name
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.league import (
    add_team,
    create_season,
    edit_match,
    generate_schedule,
    schedule,
)


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


def refusal(make: Callable[[], object]) -> str:
    with pytest.raises(ClabberError) as caught:
        make()
    (line,) = caught.value.lines
    return line


@pytest.mark.parametrize(
    ("make", "english", "russian"),
    [
        (
            lambda: rule_set("whist"),
            "there is no rule set 'whist': choose one of evansville, evansville-alt, "
            "wadesville, two-handed, three-handed, six-handed, klaberjass",
            "набора правил 'whist' нет; выберите один из: evansville, evansville-alt, "
            "wadesville, two-handed, three-handed, six-handed, klaberjass",
        ),
        (
            lambda: rule_set("evansville", {"zero_mark": "o"}),
            "option zero_mark must be '-' or '~', not 'o'",
            "параметр zero_mark должен быть '-' или '~', а не 'o'",
        ),
        (
            lambda: rule_set("evansville", {"target": 0}),
            "option target must be a whole number from 1 to 10,000 points, not 0",
            "параметр target должен быть целым числом от 1 до 10,000 (очков), а не 0",
        ),
        (
            lambda: rule_set("klaberjass", {"run_of_six": 300}),
            "option run_of_six does not apply to Klaberjass: its melds are runs only and it "
            "scores sets its own way",
            "параметр run_of_six не относится к игре «Клаберьяс»: в ней комбинации — только "
            "последовательности, а сет считается по-своему",
        ),
        (
            lambda: clean_name(" ", "team"),
            "the team needs a name",
            "у команды должно быть название",
        ),
        (
            lambda: clean_name("O" * 101, "season"),
            "the season name is 101 characters long; at most 100 fit",
            "название сезона длиной 101 символов; помещается не больше 100",
        ),
        (
            lambda: SCHEDULE_DATES.check(date(1800, 1, 1)),
            "the date must be between 01 Jan 1900 and 31 Dec 2199, not 01 Jan 1800",
            "дата: нужна дата от 01 Jan 1900 до 31 Dec 2199, а не 01 Jan 1800",
        ),
    ],
)
def test_rule_set_name_and_date_refusals_are_said_in_the_users_language(
    make: Callable[[], object], english: str, russian: str
) -> None:
    line = refusal(make)
    assert line == english
    i18n.install("ru")
    assert i18n.said(line) == russian


@pytest.mark.parametrize(
    ("change", "english", "russian"),
    [
        (
            lambda db, _match: add_team(db, "Spring", " "),
            "the team needs a name",
            "у команды должно быть название",
        ),
        (
            lambda db, _match: add_team(db, "Spring", "eagles"),
            "Spring already has a team called Eagles",
            "в «Spring» уже есть команда Eagles",
        ),
        (
            lambda db, _match: create_season(db, league="Club", season="SPRING"),
            "Club already has a season called Spring",
            "в «Club» уже есть сезон Spring",
        ),
        (
            lambda db, _match: generate_schedule(db, "Spring", start=date(1800, 1, 1)),
            "the first night must be between 01 Jan 1900 and 31 Dec 2199, not 01 Jan 1800",
            "первый вечер: нужна дата от 01 Jan 1900 до 31 Dec 2199, а не 01 Jan 1800",
        ),
        (
            lambda db, match: edit_match(db, match, played_on=date(2200, 1, 1)),
            "the night's date must be between 01 Jan 1900 and 31 Dec 2199, not 01 Jan 2200",
            "дата вечера: нужна дата от 01 Jan 1900 до 31 Dec 2199, а не 01 Jan 2200",
        ),
        (
            lambda db, match: edit_match(db, match, table=0),
            "the table must be from 1 to 500, not 0",
            "стол: нужно от 1 до 500, а не 0",
        ),
        (
            lambda db, _match: create_season(
                db, league="Club", season="Autumn", tie_break=["pct", "h2h", "diff", "pf"]
            ),
            "tie-break keys missing ['name'] (the order must list each of pct, h2h, diff, pf, "
            "name once)",
            "недостающие ключи дополнительных показателей: ['name'] (в порядке каждый из "
            "ключей pct, h2h, diff, pf, name должен быть ровно один раз)",
        ),
    ],
    ids=[
        "no name",
        "team taken",
        "season taken",
        "first night",
        "night's date",
        "table",
        "tie-break",
    ],
)
def test_the_stores_name_date_and_limit_refusals_are_said_in_the_users_language(
    tmp_path: Path,
    change: Callable[[Database, int], object],
    english: str,
    russian: str,
) -> None:
    database = Database.open(str(tmp_path / "league.sqlite3"))
    try:
        create_season(database, league="Club", season="Spring")
        for team in ("Eagles", "Owls"):
            add_team(database, "Spring", team)
        generate_schedule(database, "Spring")
        match = schedule(database, "Spring")[0].id
        with pytest.raises(StoreError) as caught:
            change(database, match)
    finally:
        database.close()
    assert str(caught.value) == english
    i18n.install("ru")
    assert i18n.said_error(caught.value) == russian


def league_refusal(make: Callable[[], object]) -> StandingsError | ScheduleError:
    with pytest.raises((StandingsError, ScheduleError)) as caught:
        make()
    assert isinstance(caught.value, StandingsError | ScheduleError)
    return caught.value


@pytest.mark.parametrize(
    ("make", "english", "russian"),
    [
        (
            lambda: check_order(["pct", "h2h", "pct", "pf", "name", "wins"]),
            "unknown tie-break keys ['wins']; tie-break keys listed more than once ['pct']; "
            "tie-break keys missing ['diff'] (the order must list each of pct, h2h, diff, pf, "
            "name once)",
            "неизвестные ключи дополнительных показателей: ['wins']; ключи дополнительных "
            "показателей, указанные больше одного раза: ['pct']; недостающие ключи "
            "дополнительных показателей: ['diff'] (в порядке каждый из ключей pct, h2h, diff, "
            "pf, name должен быть ровно один раз)",
        ),
        (
            lambda: check_order("pct"),
            "the tie-break order is a list of keys, not the single string 'pct'",
            "порядок дополнительных показателей — это список ключей, а не одна строка 'pct'",
        ),
        (
            lambda: HandCounts(2, -1, 0),
            "a count of hands cannot be negative: sets=-1",
            "число раздач не может быть отрицательным: sets=-1",
        ),
        (
            lambda: round_robin([4]),
            "a round robin needs at least 2 teams, but 1 given",
            "для кругового турнира нужно не меньше двух команд, а дано 1",
        ),
        (
            lambda: round_robin([5, 3, 1, 5, 3]),
            "each team can be listed only once, but 3, 5 appear more often",
            "каждую команду можно указать только один раз, а 3, 5 указаны несколько раз",
        ),
        (
            lambda: round_robin([1, 2], 0),
            "a schedule needs at least 1 round, not 0",
            "в расписании должен быть хотя бы один круг, а не 0",
        ),
        (
            lambda: Pairing(2, 1, 3, 3),
            "team 3 cannot play itself in week 2",
            "команда 3 не может играть сама с собой в неделе 2",
        ),
        (
            lambda: Pairing(2, 5, 4, None),
            "team 4 has the bye in week 2, so it has no table (table 0), not table 5",
            "у команды 4 в неделе 2 выходной, так что стола у неё нет (стол 0), а не стол 5",
        ),
    ],
)
def test_the_leagues_standings_and_schedule_refusals_are_said_in_the_users_language(
    make: Callable[[], object], english: str, russian: str
) -> None:
    error = league_refusal(make)
    assert str(error) == english
    assert isinstance(error, ValueError)
    i18n.install("ru")
    assert i18n.said_error(error) == russian


def test_a_schedule_refusal_is_said_in_persian_and_korean() -> None:
    error = league_refusal(lambda: Pairing(0, 1, 1, 2))
    i18n.install("fa")
    assert i18n.said_error(error) == "شمارهٔ هفته‌ها از یک آغاز می‌شود، نه \u20680\u2069"
    i18n.install("ko")
    assert i18n.said_error(error) == "주 번호는 0이(가) 아니라 1부터 시작합니다"


def test_lists_are_joined_in_the_users_language() -> None:
    i18n.install("fa")
    # Each part is isolated from the right-to-left sentence, the first two together too.
    said = i18n.said(and_list(["A", "B", "C"]))
    assert said == "\u2068\u2068A\u2069، \u2068B\u2069\u2069 و \u2068C\u2069"
    i18n.install("ru")
    assert i18n.said(or_list(["'-'", "'~'"])) == "'-' или '~'"
    assert and_list(["A"]) == "A"


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


def test_a_quoted_value_in_a_persian_line_is_isolated_not_escaped() -> None:
    i18n.install("fa")
    quoted = i18n.fill("{field!r} {name}", field="extra", name="Owls")
    isolated = f"{i18n.FIRST_STRONG_ISOLATE}'extra'{i18n.POP_ISOLATE}"
    assert quoted == f"{isolated} {i18n.FIRST_STRONG_ISOLATE}Owls{i18n.POP_ISOLATE}"
    i18n.install("en")
    assert i18n.fill("{field!r}", field="extra") == "'extra'"


def test_lang_may_follow_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_bad_game(tmp_path)
    assert cli.main(["score", str(path), "--lang", "ru"]) == 2
    assert "раздача 1:" in capsys.readouterr().err


def test_a_card_in_a_line_is_said_in_the_windows_words() -> None:
    queen = Card.from_str("QS").describe()
    assert queen == "queen of spades"
    for code in ("fa", "ru", "ko"):
        i18n.install(code)
        said = i18n.said(queen)
        for mark in (i18n.FIRST_STRONG_ISOLATE, i18n.POP_ISOLATE):  # Persian's word order
            said = said.replace(mark, "")
        assert said == words.card_name(Card.from_str("QS"))
    i18n.install("ru")
    assert i18n.said(Card.from_str("10H").describe()) == "десятка червы"  # a card's ten
