"""``tournament knockout`` and ``tournament bracket`` on the command line: teams from
the options or a file, a double bracket shown as text and JSON, and every refusal in
one line with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import Workbook

from clabber_league.store.database import Database
from tests.commands.test_league import ok, refused
from tests.store.test_knockout import play

TEAMS = ("Eagles: Ann, Bob", "Owls: Cal, Dee", "Hawks: Eve, Fay", "Crows: Gus, Hal")


def team_options(*teams: str) -> list[str]:
    return [option for team in teams for option in ("--team", team)]


def test_a_double_knockout_made_played_and_shown(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    out = ok(capsys, "tournament", "knockout", "--db", db, "--name", "Cup", "--double",
             *team_options(*TEAMS))  # fmt: skip
    assert "Winners' round 1" in out
    assert "Losers' round 1" in out
    assert "Grand final" in out
    shown = json.loads(ok(capsys, "tournament", "bracket", "--db", db, "--name", "cup",
                          "--format", "json"))  # fmt: skip
    assert shown["double_elimination"] is True
    assert [s["team"] for s in shown["seeds"]] == ["Eagles", "Owls", "Hawks", "Crows"]
    assert [r["name"] for r in shown["rounds"]] == ["Winners' round 1", "Winners' final"]
    assert [r["name"] for r in shown["losers_rounds"]] == ["Losers' round 1", "Losers' final"]
    assert shown["finals"] == []
    database = Database.open(db)
    try:
        while shown["champion"] is None:
            stages = [*shown["rounds"], *shown["losers_rounds"], {"matches": shown["finals"]}]
            waiting = [m for s in stages for m in s["matches"] if m["away"] and m["winner"] is None]
            play(database, waiting[0]["match"], True)
            shown = json.loads(ok(capsys, "tournament", "bracket", "--db", db, "--name", "Cup",
                                  "--format", "json"))  # fmt: skip
    finally:
        database.close()
    assert shown["champion"] == "Eagles"
    assert [f["name"] for f in shown["finals"]] == ["Grand final"]
    text = ok(capsys, "tournament", "bracket", "--db", db, "--name", "Cup")
    assert "Champion: Eagles" in text
    assert "out after its second loss" in text


def test_teams_from_a_csv_xlsx_or_text_file(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    csv = tmp_path / "teams.csv"
    csv.write_text("Team,Player,Player\nEagles,Ann,Bob\nOwls,Cal,Dee\n\n", encoding="utf-8")
    text = tmp_path / "teams.txt"
    text.write_text("Eagles: Ann, Bob\nOwls, Cal, Dee\n", encoding="utf-8")
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in (["Eagles", "Ann", "Bob"], ["Owls", "Cal", "Dee"], ["Hawks", "Eve", "Fay"]):
        sheet.append(row)
    book.save(tmp_path / "teams.xlsx")
    for name, path in (("A", csv), ("B", text), ("C", tmp_path / "teams.xlsx")):
        ok(capsys, "tournament", "knockout", "--db", db, "--name", name, "--teams", str(path))
        shown = json.loads(ok(capsys, "tournament", "bracket", "--db", db, "--name", name,
                              "--format", "json"))  # fmt: skip
        assert [s["team"] for s in shown["seeds"]][:2] == ["Eagles", "Owls"]
        assert "double_elimination" not in shown
    assert len(shown["seeds"]) == 3


def test_a_draw_is_the_same_for_the_same_seed(capsys: pytest.CaptureFixture[str], db: str) -> None:
    seeds = []
    for name, seed in (("A", "7"), ("B", "7")):
        ok(capsys, "tournament", "knockout", "--db", db, "--name", name, "--draw",
           "--seed", seed, *team_options(*TEAMS))  # fmt: skip
        shown = json.loads(ok(capsys, "tournament", "bracket", "--db", db, "--name", name,
                              "--format", "json"))  # fmt: skip
        seeds.append([s["team"] for s in shown["seeds"]])
    assert seeds[0] == seeds[1]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (team_options("Eagles: Ann, Bob"), "from 2 to 16"),
        (team_options("Eagles: Ann", "Owls: Cal, Dee"), "two players, not 1"),
        (team_options("Eagles: Ann, Bob", "Owls: Bob, Dee"), "Bob is on two teams"),
        (team_options("Eagles: Ann, Bob", "EAGLES: Cal, Dee"), "two teams are called EAGLES"),
        (["--teams", "missing.csv"], "missing.csv"),
        ([*team_options(*TEAMS), "--games-per-match", "11"], "11"),
    ],
)
def test_refusals(
    capsys: pytest.CaptureFixture[str], db: str, options: list[str], words: str
) -> None:
    assert words in refused(capsys, "tournament", "knockout", "--db", db, "--name", "Cup",
                            *options)  # fmt: skip
    assert not Path(db).exists()


def test_a_second_knockout_of_a_name_and_a_missing_one(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    ok(capsys, "tournament", "knockout", "--db", db, "--name", "Cup", *team_options(*TEAMS))
    assert "already a tournament called Cup" in refused(
        capsys, "tournament", "knockout", "--db", db, "--name", "cup", *team_options(*TEAMS)
    )
    assert "no tournament called 'Open'" in refused(
        capsys, "tournament", "bracket", "--db", db, "--name", "Open"
    )


def test_a_knockout_is_no_progressive_tournament(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "league.sqlite3")
    teams = [word for n in range(4) for word in ("--team", f"T{n}: A{n}, B{n}")]
    ok(capsys, "tournament", "knockout", "--db", db, "--name", "Cup", *teams)
    for action in ("show", "standings"):
        assert "Cup is a knockout, not a progressive tournament" in refused(
            capsys, "tournament", action, "--db", db, "--name", "Cup"
        )
