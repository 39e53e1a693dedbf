"""``team remove``, ``team import``, ``player sub`` and a make-up date by ``schedule
edit`` on the command line: each refusal one line, changing nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from openpyxl import Workbook

from tests.commands.test_league import make_season, ok, refused


def show(capsys: pytest.CaptureFixture[str], db: str) -> str:
    return ok(capsys, "schedule", "show", "--db", db, "--season", "Spring")


def first_match(capsys: pytest.CaptureFixture[str], db: str) -> tuple[int, str, str]:
    """The first match with two teams: its id, home and away."""
    found = re.search(r"#(\d+)\s+table \d+\s+(\w+) v (\w+)", show(capsys, db))
    assert found is not None
    return int(found[1]), found[2], found[3]


def roster_season(capsys: pytest.CaptureFixture[str], db: str) -> None:
    make_season(capsys, db, teams=(), scheduled=False)
    for team, players in (("Eagles", "Ann,Bob"), ("Owls", "Cat,Dan"), ("Hawks", "Eve,Fay")):
        ok(capsys, "team", "add", "--db", db, "--season", "Spring", "--name", team,
           "--players", players)  # fmt: skip
    ok(capsys, "schedule", "generate", "--db", db, "--season", "Spring")


# ------------------------------------------------------------- team remove
def test_team_remove_turns_its_matches_into_byes(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    roster_season(capsys, db)
    out = ok(capsys, "team", "remove", "--db", db, "--season", "Spring", "--team", "hawks")
    assert out == "Hawks removed; 2 matches became byes, 0 removed\n"
    assert "Hawks" not in show(capsys, db)


def test_team_remove_refuses_a_team_with_a_forfeit(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    roster_season(capsys, db)
    match, home, _ = first_match(capsys, db)
    ok(capsys, "schedule", "status", "--db", db, "--match", str(match), "--status", "forfeit",
       "--forfeited-by", home)  # fmt: skip
    before = show(capsys, db)
    line = refused(capsys, "team", "remove", "--db", db, "--season", "Spring", "--team", home)
    assert line.endswith("retire it instead (team retire)")
    assert show(capsys, db) == before


def test_team_remove_refuses_a_team_not_in_the_season(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    roster_season(capsys, db)
    line = refused(capsys, "team", "remove", "--db", db, "--season", "Spring", "--team", "Doves")
    assert line == "Spring has no team called Doves"


# -------------------------------------------------------------- player sub
def test_player_sub_shows_on_the_schedule_and_clears(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    roster_season(capsys, db)
    match, _, _ = first_match(capsys, db)
    out = ok(capsys, "player", "sub", "--db", db, "--match", str(match), "--seat", "a2",
             "--name", "Sue")  # fmt: skip
    assert out == f"match #{match}: Sue sits in A2 from the next game begun\n"
    assert "substitute in A2: Sue" in show(capsys, db)
    ok(capsys, "player", "sub", "--db", db, "--match", str(match), "--seat", "A2", "--clear")
    assert "substitute" not in show(capsys, db)


@pytest.mark.parametrize(
    ("seat", "name", "words"),
    [
        ("C1", "Sue", "'C1' is not a seat under these rules: A1, B1, A2, B2"),
        ("A2", " ", "player"),
        ("B1", "{home_player}", "already sits in A1"),
    ],
)
def test_player_sub_refusals(
    capsys: pytest.CaptureFixture[str], db: str, seat: str, name: str, words: str
) -> None:
    roster_season(capsys, db)
    match, home, _ = first_match(capsys, db)
    first = {"Eagles": "Ann", "Owls": "Cat", "Hawks": "Eve"}[home]
    argv = ("player", "sub", "--db", db, "--match", str(match), "--seat", seat)
    assert words in refused(capsys, *argv, "--name", name.format(home_player=first))
    assert "substitute" not in show(capsys, db)


def test_player_sub_clear_without_a_substitute_is_refused(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    roster_season(capsys, db)
    match, _, _ = first_match(capsys, db)
    line = refused(capsys, "player", "sub", "--db", db, "--match", str(match), "--seat", "B2",
                   "--clear")  # fmt: skip
    assert line == f"match {match} has no substitute in B2"


# ---------------------------------------------------- a make-up date by edit
def match_one(capsys: pytest.CaptureFixture[str], db: str) -> dict[str, object]:
    document = ok(capsys, "schedule", "show", "--db", db, "--season", "Spring", "--format", "json")
    found: dict[str, object] = next(line for line in json.loads(document) if line["match"] == 1)
    return found


def test_schedule_edit_gives_a_postponed_match_its_make_up_date(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    """A postponed match's date is its own: it is back on for that day, in its week, and
    the rest of its night keeps the night's date."""
    roster_season(capsys, db)
    ok(capsys, "schedule", "edit", "--db", db, "--match", "1", "--date", "2026-03-05")
    ok(capsys, "schedule", "status", "--db", db, "--match", "1", "--status", "postponed")
    ok(capsys, "schedule", "edit", "--db", db, "--match", "1", "--date", "2026-03-12")
    line = match_one(capsys, db)
    assert (line["week"], line["date"], line["makeup_on"]) == (1, "2026-03-05", "2026-03-12")
    assert line["state"] == "to play"
    assert "make-up Thu 12 Mar 2026" in show(capsys, db)
    ok(capsys, "schedule", "status", "--db", db, "--match", "1", "--status", "postponed")
    again = match_one(capsys, db)
    assert (again["state"], again["makeup_on"]) == ("postponed", None)


def test_schedule_edit_refuses_a_bad_date_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    roster_season(capsys, db)
    match, _, _ = first_match(capsys, db)
    ok(capsys, "schedule", "edit", "--db", db, "--match", str(match), "--date", "2026-03-05")
    before = show(capsys, db)
    assert "Thu 05 Mar 2026" in before
    line = refused(capsys, "schedule", "edit", "--db", db, "--match", str(match), "--date",
                   "2026-02-30")  # fmt: skip
    assert "'2026-02-30' is not a date" in line
    assert show(capsys, db) == before


# ------------------------------------------------------------- team import
def write_xlsx(path: Path, rows: list[list[str | None]]) -> str:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    book.save(path)
    return str(path)


def test_team_import_from_csv_shows_then_adds(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    roster_season(capsys, db)
    file = tmp_path / "r.csv"
    file.write_text("Player,Team,Note\nZed,Eagles,x\nAnn,Eagles,\nIvy,Doves,\n", encoding="utf-8")
    argv = ("team", "import", "--db", db, "--season", "Spring", str(file))
    shown = ok(capsys, *argv, "--dry-run")
    assert shown.splitlines() == [
        "new team: Doves",
        "Eagles: add Zed",
        "Doves: add Ivy",
        "Eagles: Ann is already on the roster (left as is)",
        "nothing was added (--dry-run)",
    ]
    assert "Doves" not in ok(capsys, "season", "list", "--db", db)  # nothing yet
    document = json.loads(ok(capsys, *argv, "--format", "json"))
    assert document == {
        "dry_run": False,
        "new_teams": ["Doves"],
        "added": [{"team": "Eagles", "player": "Zed"}, {"team": "Doves", "player": "Ivy"}],
        "already_on_roster": [{"team": "Eagles", "player": "Ann"}],
    }
    assert "4 teams" in ok(capsys, "season", "list", "--db", db)


def test_team_import_from_xlsx(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> None:
    roster_season(capsys, db)
    file = write_xlsx(tmp_path / "r.xlsx", [["TEAM", "PLAYER"], ["Doves", "Ivy"], [None, None],
                                            ["Doves", "Jo"]])  # fmt: skip
    out = ok(capsys, "team", "import", "--db", db, "--season", "Spring", file)
    assert out.splitlines() == ["new team: Doves", "Doves: add Ivy", "Doves: add Jo", "added"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("team,player\nDoves,Ivy\nOwls,Ivy\n", ["row 3: Ivy is already on row 2"]),
        ("team,player\nOwls,Ann\n", ["row 2: Ann is already on Eagles's roster"]),
        ("team,player\nDoves,Ivy\n,Jo\n", ["row 3: "]),
        ("name,who\nDoves,Ivy\n", ["row 1 should name the columns team and player"]),
        ("", ["the file has no rows"]),
    ],
)
def test_team_import_refuses_a_bad_sheet_and_adds_nothing(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, text: str, words: list[str]
) -> None:
    roster_season(capsys, db)
    file = tmp_path / "r.csv"
    file.write_text(text, encoding="utf-8")
    line = refused(capsys, "team", "import", "--db", db, "--season", "Spring", str(file))
    assert all(word in line for word in words), line
    assert "3 teams" in ok(capsys, "season", "list", "--db", db)


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("r.xls", b"team,player\n", "is not a CSV or XLSX file"),
        ("r.xlsx", b"PK\x03\x04 not really", "is not a readable XLSX workbook"),
        ("r.csv", "team,player\nDoves,Ivy\n".encode("utf-16"), "is not UTF-8 text"),
    ],
)
def test_team_import_refuses_a_file_it_cannot_read(  # noqa: PLR0917 - the fixtures and cases
    capsys: pytest.CaptureFixture[str],
    db: str,
    tmp_path: Path,
    name: str,
    content: bytes,
    words: str,
) -> None:
    roster_season(capsys, db)
    file = tmp_path / name
    file.write_bytes(content)
    assert words in refused(capsys, "team", "import", "--db", db, "--season", "Spring", str(file))


def test_team_import_refuses_a_missing_file(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    roster_season(capsys, db)
    line = refused(capsys, "team", "import", "--db", db, "--season", "Spring",
                   str(tmp_path / "none.csv"))  # fmt: skip
    assert line.endswith("it does not exist")


def test_schedule_show_json_lists_each_matchs_substitutes(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    roster_season(capsys, db)
    match, home, away = first_match(capsys, db)
    ok(capsys, "player", "sub", "--db", db, "--match", str(match), "--seat", "B1", "--name", "Sue")
    document = json.loads(
        ok(capsys, "schedule", "show", "--db", db, "--season", "Spring", "--format", "json")
    )
    assert len(document) == 6
    line = next(entry for entry in document if entry["match"] == match)
    assert line == {
        "match": match, "week": 1, "date": None, "table": 1, "home": home, "away": away,
        "state": "to play", "games_entered": 0, "substitutes": {"B1": "Sue"},
        "result": "", "forfeited_by": None, "games": [], "makeup_on": None,
    }  # fmt: skip
    assert all(entry["substitutes"] == {} for entry in document if entry["match"] != match)
