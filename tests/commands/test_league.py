"""``season``, ``team``, ``schedule``, ``standings``, and season ``import`` / ``export``
on the command line.

The games and the expected standings are the hand-worked season of
``tests/store/test_league.py`` (its docstring shows the working): Eagles
.750, then Owls and Crows at .500 (Owls beat Crows, so head-to-head puts
them first), then Hawks .250.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from clabber_league import cli
from clabber_league.store.database import Database
from clabber_league.store.league import (
    FORFEIT,
    POSTPONED,
    list_teams,
    retire_team,
    schedule,
    set_match_status,
)
from clabber_league.store.models import StoredGame, StoredHand
from tests.store.helpers import count
from tests.store.test_league import (
    CROWS,
    EAGLES,
    HAWKS,
    OWLS,
    TEAMS,
    g1,
    g1_again,
    g2,
    g3,
    g4,
    ranked,
    row,
    sheet,
    spring_games,
    w,
)

STANDINGS_KEYS = [
    "rank",
    "team",
    "gp",
    "w",
    "l",
    "t",
    "pct",
    "pf",
    "pa",
    "diff",
    "made",
    "sets",
    "reneges",
    "unknown_makers",
    "division",
]
DEFAULT_WORDS = (
    "Ties broken by pct, then head-to-head pct, then diff, then points for, then team name"
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as stopped:  # argparse refuses an option's value this way
        code = int(stopped.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, ""), (argv, err)
    return out


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Exit 2, nothing on stdout, one line on stderr; returns that line."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, ""), (argv, out, err)
    assert err.endswith("\n")
    assert err.count("\n") == 1, err
    return err.strip()


def write(tmp_path: Path, name: str, document: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def make_season(
    capsys: pytest.CaptureFixture[str],
    db: str,
    *,
    league: str = "Club",
    season: str = "Spring",
    teams: Sequence[str] = TEAMS,
    extra: Sequence[str] = (),
    scheduled: bool = True,
) -> None:
    out = ok(capsys, "season", "create", "--db", db, "--league", league, "--season", season, *extra)
    assert out.startswith(f"{league}: season {season}")
    for team in teams:
        where = ["--league", league]
        assert ok(capsys, "team", "add", "--db", db, "--season", season, *where, "--name", team)
    if scheduled:
        out = ok(capsys, "schedule", "generate", "--db", db, "--season", season, "--league", league)
        assert out.strip().endswith("weeks scheduled")


def standings_json(capsys: pytest.CaptureFixture[str], db: str, *extra: str) -> Any:
    return json.loads(
        ok(capsys, "standings", "--db", db, "--season", "Spring", "--format", "json", *extra)
    )


def stored(db: str) -> tuple[int, int]:
    database = Database.open(db)
    try:
        return count(database, StoredGame), count(database, StoredHand)
    finally:
        database.close()


# --------------------------------------------------------------- the season
def test_a_season_through_the_command_line(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db)
    out = ok(capsys, "import", write(tmp_path, "all.json", spring_games()), "--db", db)
    assert out  # friendlies: not the season's
    assert standings_json(capsys, db)["rows"] == ranked(
        *[(name, 0, 0, 0, 0, 0.0, 0, 0, 0, 0, 0) for name in ("Crows", "Eagles", "Hawks", "Owls")]
    )
    ids = ok(
        capsys,
        "import",
        write(tmp_path, "season.json", spring_games()),
        "--db",
        db,
        "--season",
        "Spring",
    )
    assert len(ids.split()) == 4
    assert all(line.isdigit() for line in ids.split())
    document = standings_json(capsys, db)
    assert document == {
        "format": "clabber-standings/1",
        "half": None,
        "season": "Spring",
        "rows": ranked(EAGLES, OWLS, CROWS, HAWKS),
        "unknown_makers": 0,
    }
    assert list(document) == ["format", "season", "half", "rows", "unknown_makers"]
    assert all(list(line) == STANDINGS_KEYS for line in document["rows"])
    assert [line["rank"] for line in document["rows"]] == [1, 2, 3, 4]
    assert all(isinstance(line["pct"], float) for line in document["rows"])


def test_games_imported_by_week_fill_the_schedule(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db)
    for week, game in ((1, g1()), (1, g2()), (2, g3())):
        file = write(tmp_path, "game.json", game)
        ok(capsys, "import", file, "--db", db, "--season", "Spring", "--week", str(week))
    shown = ok(capsys, "schedule", "show", "--db", db, "--season", "Spring")
    lines = shown.splitlines()
    assert lines[0] == "Week 1"
    assert re.search(r"Eagles v Owls\s+\(entered\)", shown)
    assert re.search(r"Hawks v Crows\s+\(entered\)", shown)
    assert re.search(r"Hawks v Eagles\s+\(entered\)", shown)
    assert re.search(r"Crows v Owls\s+\(to play\)", shown)
    assert shown.count("(to play)") == 3
    assert "bye" not in shown


def test_the_standings_text_is_an_aligned_table_naming_the_order(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db)
    ok(
        capsys,
        "import",
        write(tmp_path, "s.json", spring_games()),
        "--db",
        db,
        "--season",
        "Spring",
    )
    text = ok(capsys, "standings", "--db", db, "--season", "Spring")
    lines = text.splitlines()
    assert lines[0] == "Club — Spring"
    assert lines[-1] == DEFAULT_WORDS
    header_at = next(i for i, line in enumerate(lines) if line.split()[:2] == ["Rank", "Team"])
    header, rule, body = (
        lines[header_at],
        lines[header_at + 1],
        lines[header_at + 2 : header_at + 6],
    )
    assert set(rule) == {"-"}
    assert len(rule) == len(header)
    assert [line.split() for line in body] == [
        ["1", "Eagles", "2", "1", "0", "1", ".750", "1010", "580", "+430", "5", "0", "1"],
        ["2", "Owls", "2", "1", "1", "0", ".500", "584", "966", "-382", "3", "1", "2"],
        ["3", "Crows", "2", "1", "1", "0", ".500", "1004", "708", "+296", "6", "0", "0"],
        ["4", "Hawks", "2", "0", "1", "1", ".250", "704", "1048", "-344", "4", "1", "0"],
    ]
    # Aligned: the team names start under "Team", every figure ends under its heading.
    heads = list(re.finditer(r"\S+", header))
    for line in body:
        assert len(line) == len(header)
        cells = list(re.finditer(r"\S+", line))
        assert len(cells) == len(heads)
        assert cells[1].start() == heads[1].start()
        for cell, head in zip(cells, heads, strict=True):
            if head.group() != "Team":
                assert cell.end() == head.end(), (line, head.group())


def test_the_tie_break_order_set_on_the_command_line(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db, extra=["--tie-break", "pct,diff,h2h,pf,name"])
    ok(
        capsys,
        "import",
        write(tmp_path, "s.json", spring_games()),
        "--db",
        db,
        "--season",
        "Spring",
    )
    assert standings_json(capsys, db)["rows"] == ranked(EAGLES, CROWS, OWLS, HAWKS)
    text = ok(capsys, "standings", "--db", db, "--season", "Spring")
    assert text.splitlines()[-1] == (
        "Ties broken by pct, then diff, then head-to-head pct, then points for, then team name"
    )


def test_the_standings_csv(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> None:
    make_season(capsys, db)
    ok(
        capsys,
        "import",
        write(tmp_path, "s.json", spring_games()),
        "--db",
        db,
        "--season",
        "Spring",
    )
    out = ok(capsys, "standings", "--db", db, "--season", "Spring", "--format", "csv")
    reader = csv.DictReader(io.StringIO(out))
    lines = list(reader)
    assert reader.fieldnames == STANDINGS_KEYS
    expected = ranked(EAGLES, OWLS, CROWS, HAWKS)
    assert [
        {key: "" if value is None else str(value) for key, value in line.items()}
        for line in expected
    ] == lines


def test_two_games_per_match(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> None:
    make_season(capsys, db, extra=["--games-per-match", "2"])
    file = write(tmp_path, "g1.json", g1())
    ok(capsys, "import", file, "--db", db, "--season", "Spring", "--week", "1")
    assert re.search(
        r"Eagles v Owls\s+\(to play\)",
        ok(capsys, "schedule", "show", "--db", db, "--season", "Spring"),
    )
    assert (
        refused(capsys, "import", file, "--db", db, "--season", "Spring", "--week", "1")
        == "already stored as game 1; nothing was stored"
    )
    again = write(tmp_path, "g1-again.json", g1_again())
    ok(capsys, "import", again, "--db", db, "--season", "Spring", "--week", "1")
    assert re.search(
        r"Eagles v Owls\s+\(entered\)",
        ok(capsys, "schedule", "show", "--db", db, "--season", "Spring"),
    )
    third = write(tmp_path, "g1-third.json", sheet("Eagles", "Owls", g1()["hands"][::-1]))
    line = refused(capsys, "import", third, "--db", db, "--season", "Spring", "--week", "1")
    assert line == ("week 1 of Spring has no open match between these teams; nothing was stored")
    assert standings_json(capsys, db)["rows"][0] == row(
        1, "Eagles", 2, 2, 0, 0, 1.0, 1008, 148, made=4, reneges=2
    )


# ------------------------------------------------- byes, forfeits, states
def test_byes_with_an_odd_number_of_teams(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db, teams=("Eagles", "Owls", "Hawks"))
    shown = ok(capsys, "schedule", "show", "--db", db, "--season", "Spring")
    byes = re.findall(r"^\s+#\d+\s+bye\s+(\S+)$", shown, flags=re.MULTILINE)
    assert sorted(byes) == ["Eagles", "Hawks", "Owls"]
    assert [line for line in shown.splitlines() if line.startswith("Week")] == [
        "Week 1",
        "Week 2",
        "Week 3",
    ]
    ok(capsys, "import", write(tmp_path, "g1.json", g1()), "--db", db, "--season", "Spring")
    rows = {line["team"]: line for line in standings_json(capsys, db)["rows"]}
    assert rows["Hawks"] == row(2, "Hawks", 0, 0, 0, 0, 0.0, 0, 0)


def test_postponed_and_forfeited_matches_on_the_schedule(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    make_season(capsys, db)
    database = Database.open(db)
    try:
        matches = {(m.home, m.away): m.id for m in schedule(database, "Spring")}
        set_match_status(database, matches[("Eagles", "Owls")], FORFEIT, forfeited_by="Owls")
        set_match_status(database, matches[("Hawks", "Crows")], POSTPONED)
    finally:
        database.close()
    shown = ok(capsys, "schedule", "show", "--db", db, "--season", "Spring")
    assert re.search(r"Eagles v Owls\s+\(forfeit\)", shown)
    assert re.search(r"Hawks v Crows\s+\(postponed\)", shown)
    assert "(forfeit)  forfeit (Owls)" in shown
    listed = json.loads(
        ok(capsys, "schedule", "show", "--db", db, "--season", "Spring", "--format", "json")
    )
    forfeit = next(match for match in listed if match["home"] == "Eagles")
    assert forfeit["state"] == "forfeit"
    assert (forfeit["result"], forfeit["forfeited_by"], forfeit["games"]) == (
        "forfeit (Owls)", "Owls", [],
    )  # fmt: skip
    rows = standings_json(capsys, db)["rows"]
    assert rows[0] == row(1, "Eagles", 1, 1, 0, 0, 1.0, 500, 0)
    assert rows[3] == row(4, "Owls", 1, 0, 1, 0, 0.0, 0, 500)


# ------------------------------------------------------- schedule again
def test_a_schedule_is_made_again_only_with_replace(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db, scheduled=False)
    spring = ["--db", db, "--season", "Spring"]
    ok(capsys, "schedule", "generate", *spring, "--start", "2026-09-03")
    ok(capsys, "schedule", "status", "--db", db, "--match", "1", "--status", "postponed")
    before = ok(capsys, "schedule", "show", *spring)
    assert refused(capsys, "schedule", "generate", *spring) == (
        "Spring already has a schedule: a new one replaces every match and its date; "
        "give --replace to make it anyway"
    )
    assert ok(capsys, "schedule", "show", *spring) == before
    assert "Thu 03 Sep 2026" in before
    assert "(postponed)" in before
    assert ok(capsys, "schedule", "generate", *spring, "--replace") == "3 weeks scheduled\n"
    after = ok(capsys, "schedule", "show", *spring)
    assert "2026" not in after
    assert "(postponed)" not in after
    ok(capsys, "import", write(tmp_path, "g1.json", g1()), "--db", db, "--season", "Spring")
    assert refused(capsys, "schedule", "generate", *spring, "--replace") == (
        "Spring already has games entered: edit the schedule by hand instead"
    )
    shown = ok(capsys, "schedule", "show", *spring)
    assert shown.replace("(entered)  504–74", "(to play)") == after
    (played, *_rest) = json.loads(ok(capsys, "schedule", "show", *spring, "--format", "json"))
    assert played["result"] == "504–74"
    assert played["games"] == [{"home_total": 504, "away_total": 74, "winner": "home"}]


# --------------------------------------------------------------- bad input
GEESE = sheet("Eagles", "Geese", [w("A", "162", "-")] * 4)
SHORT = sheet("Eagles", "Owls", [w("A", "162", "-")] * 2, {"target": 300})
SELF = sheet("Eagles", "EAGLES", [w("A", "162", "-")] * 4)
BAD_LIST = [
    g1(),
    sheet("Hawks", "Crows", [w("A", "162", "-"), w("B", "12", "150"), w("A", "12", "161")]),
]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["standings", "--season", "Winter"], "there is no season called 'Winter'", id="season"
        ),
        pytest.param(
            ["schedule", "show", "--season", "Winter"], "no season called 'Winter'", id="show"
        ),
        pytest.param(
            ["import", "{geese}", "--season", "Spring"],
            "Spring has no team called 'Geese'; nothing was stored",
            id="unknown-team",
        ),
        pytest.param(
            ["import", "{short}", "--season", "Spring"], "nothing was stored", id="wrong-rules"
        ),
        pytest.param(
            ["import", "{g1}", "--season", "Spring", "--week", "2"],
            "week 2 of Spring has no open match between these teams; nothing was stored",
            id="wrong-week",
        ),
        pytest.param(["import", "{g1}", "--week", "1"], "--week needs --season", id="week-alone"),
        pytest.param(["import", "{bad_list}", "--season", "Spring"], "game 2: hand 3: ", id="list"),
        pytest.param(["import", "{not_json}"], "is not JSON", id="not-json"),
        pytest.param(
            ["import", "{self}", "--season", "Spring"],
            "the sides need different names",
            id="team-v-itself",
        ),
        pytest.param(
            ["season", "create", "--league", "Club", "--season", "Spring"],
            "Club already has a season called Spring",
            id="season-twice",
        ),
        pytest.param(
            ["season", "create", "--league", "Club", "--season", "X", "--tie-break", "pct,bogus"],
            "bogus",
            id="tie-break",
        ),
        pytest.param(
            ["season", "create", "--league", "Club", "--season", "X", "--games-per-match", "0"],
            "the games of a match must be from 1 to 10, not 0",
            id="games-per-match",
        ),
        pytest.param(
            ["team", "add", "--season", "Winter", "--name", "Geese"],
            "no season called 'Winter'",
            id="team-season",
        ),
        pytest.param(
            ["team", "add", "--season", "Spring", "--name", "Owls"],
            "Spring already has a team called Owls",
            id="team-twice",
        ),
        pytest.param(
            ["schedule", "generate", "--season", "Spring"],
            "Spring already has games entered: edit the schedule by hand instead",
            id="regenerate",
        ),
        pytest.param(
            ["export", "--season", "Winter"], "no season called 'Winter'", id="export-season"
        ),
        pytest.param(
            ["export", "--game", "1", "--format", "csv"],
            "one game is exported as a JSON game sheet; drop --format",
            id="export-game-csv",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line_and_stores_nothing(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, argv: list[str], message: str
) -> None:
    make_season(capsys, db)
    ok(capsys, "import", write(tmp_path, "g2.json", g2()), "--db", db, "--season", "Spring")
    (tmp_path / "not.json").write_text("{nope", encoding="utf-8")
    files = {
        "geese": write(tmp_path, "geese.json", GEESE),
        "short": write(tmp_path, "short.json", SHORT),
        "g1": write(tmp_path, "g1.json", g1()),
        "bad_list": write(tmp_path, "bad_list.json", BAD_LIST),
        "self": write(tmp_path, "self.json", SELF),
        "not_json": str(tmp_path / "not.json"),
    }
    before = stored(db)
    table_before = standings_json(capsys, db)
    line = refused(capsys, *[part.format(**files) for part in argv], "--db", db)
    assert message in line
    assert stored(db) == before
    assert standings_json(capsys, db) == table_before


# ----------------------------------------------- seasons sharing a name
def test_a_season_name_shared_by_two_leagues_needs_league(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db, league="Club")
    make_season(capsys, db, league="Plant")
    file = write(tmp_path, "g1.json", g1())
    ambiguous = "several leagues have a season called 'Spring' (Club, Plant): name the league"
    for argv in (
        ["import", file, "--season", "Spring"],
        ["standings", "--season", "Spring"],
        ["schedule", "show", "--season", "Spring"],
        ["export", "--season", "Spring"],
        ["team", "add", "--season", "Spring", "--name", "Geese"],
        ["schedule", "generate", "--season", "Spring"],
    ):
        assert refused(capsys, *argv, "--db", db) == ambiguous
    assert stored(db) == (0, 0)
    ok(capsys, "import", file, "--db", db, "--season", "Spring", "--league", "Plant")
    plant = standings_json(capsys, db, "--league", "Plant")
    club = standings_json(capsys, db, "--league", "Club")
    assert plant["rows"][0] == row(1, "Eagles", 1, 1, 0, 0, 1.0, 504, 74, made=2, reneges=1)
    assert [line["gp"] for line in club["rows"]] == [0, 0, 0, 0]


# ------------------------------------------------------------------ export
def test_the_season_export_as_json_and_csv(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db)
    ok(
        capsys,
        "import",
        write(tmp_path, "s.json", spring_games()),
        "--db",
        db,
        "--season",
        "Spring",
    )
    ok(capsys, "import", write(tmp_path, "f.json", g4()), "--db", db)  # a friendly
    exported = json.loads(ok(capsys, "export", "--db", db, "--season", "Spring"))
    assert [entry["game"] for entry in exported] == spring_games()
    assert [(entry["format"], entry["league"], entry["season"]) for entry in exported] == [
        ("clabber-season-game/1", "Club", "Spring")
    ] * len(exported)
    out = ok(capsys, "export", "--db", db, "--season", "Spring", "--format", "csv")
    reader = csv.DictReader(io.StringIO(out))
    lines = list(reader)
    assert reader.fieldnames is not None
    assert {"game", "week", "hand", "makers", "kind", "set"} <= set(reader.fieldnames)
    assert len(lines) == 5 + 5 + 6 + 6  # one row per hand
    first_game = [line for line in lines if line["game"] == lines[0]["game"]]
    assert [line["hand"] for line in first_game] == ["1", "2", "3", "4", "5"]
    assert [line["kind"] for line in first_game] == ["played", "played", "renege", "void", "played"]
    assert [line["set"] for line in first_game] == ["", "yes", "", "", ""]
    assert [line["week"] for line in first_game] == ["1"] * 5
    assert [(line["team_a"], line["team_b"]) for line in first_game] == [("Eagles", "Owls")] * 5
    assert [(line["score_a"], line["score_b"]) for line in first_game] == [
        ("150", "12"),
        ("92", "0"),
        ("162", "0"),
        ("0", "0"),
        ("100", "62"),
    ]
    assert [(line["mark_a"], line["mark_b"]) for line in first_game] == [
        ("150", "12"),
        ("92", "XX"),
        ("162", "-"),
        ("", ""),
        ("100", "62"),
    ]
    assert [(line["total_a"], line["total_b"]) for line in first_game][-1] == ("504", "74")
    assert [line["running_check"] for line in first_game] == ["162", "254", "416", "416", "578"]


def test_a_season_export_re_imported_into_an_empty_database_gives_the_same_standings(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db)
    for week, game in ((1, g1()), (1, g2()), (2, g3()), (2, g4())):
        file = write(tmp_path, "game.json", game)
        ok(capsys, "import", file, "--db", db, "--season", "Spring", "--week", str(week))
    original = ok(capsys, "standings", "--db", db, "--season", "Spring", "--format", "json")
    export = tmp_path / "export.json"
    export.write_text(ok(capsys, "export", "--db", db, "--season", "Spring"), encoding="utf-8")

    fresh = str(tmp_path / "fresh.sqlite3")
    make_season(capsys, fresh, scheduled=False)
    ids = ok(capsys, "import", str(export), "--db", fresh, "--season", "Spring")
    assert len(ids.split()) == 4
    again = ok(capsys, "standings", "--db", fresh, "--season", "Spring", "--format", "json")
    assert again == original
    assert json.loads(again)["rows"] == ranked(EAGLES, OWLS, CROWS, HAWKS)


def exported_spring(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> str:
    """Spring's games, played in weeks 1 and 2, exported to a file: its path."""
    make_season(capsys, db)
    for week, game in ((1, g1()), (2, g3())):
        file = write(tmp_path, "game.json", game)
        ok(capsys, "import", file, "--db", db, "--season", "Spring", "--week", str(week))
    export = tmp_path / "spring.json"
    export.write_text(ok(capsys, "export", "--db", db, "--season", "Spring"), encoding="utf-8")
    return str(export)


def test_a_season_export_is_refused_by_another_season_with_both_names(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    export = exported_spring(capsys, db, tmp_path)
    make_season(capsys, db, season="Fall")  # the same team names
    before = stored(db)
    line = refused(capsys, "import", export, "--db", db, "--season", "Fall")
    assert line == ("game 1: the game is from Spring of Club, not Fall of Club; nothing was stored")
    assert refused(capsys, "import", export, "--db", db) == (
        "game 1: the game is from Spring of Club: import it into that season "
        "(--season-from-file); nothing was stored"
    )
    assert stored(db) == before
    fall = json.loads(ok(capsys, "standings", "--db", db, "--season", "Fall", "--format", "json"))
    assert [row["gp"] for row in fall["rows"]] == [0, 0, 0, 0]


def test_a_season_export_goes_into_its_own_season_and_weeks(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    export = exported_spring(capsys, db, tmp_path)
    fresh = str(tmp_path / "fresh.sqlite3")
    make_season(capsys, fresh)
    ids = ok(capsys, "import", export, "--db", fresh, "--season-from-file")
    assert len(ids.split()) == 2
    weeks = [
        line.split(",")[1]
        for line in ok(
            capsys, "export", "--db", fresh, "--season", "Spring", "--format", "csv"
        ).splitlines()[1:]
    ]
    assert sorted(set(weeks)) == ["1", "2"]
    assert ok(capsys, "export", "--db", fresh, "--season", "Spring") == Path(export).read_text(
        encoding="utf-8"
    )
    # Again: each game is already stored, so nothing is.
    code, out, err = run(capsys, "import", export, "--db", fresh, "--season-from-file")
    assert (code, out) == (2, "")
    assert "already stored" in err


def test_a_season_files_week_and_season_options_are_checked(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    export = exported_spring(capsys, db, tmp_path)
    before = stored(db)
    assert refused(capsys, "import", export, "--db", db, "--season", "Spring", "--week", "3") == (
        "game 1: the game was played in week 1, not week 3; nothing was stored"
    )
    assert (
        refused(capsys, "import", export, "--db", db, "--season", "Spring", "--season-from-file")
        == "--season-from-file takes the season from the file: drop --season"
    )
    plain = write(tmp_path, "plain.json", [g1()])
    assert refused(capsys, "import", plain, "--db", db, "--season-from-file") == (
        "the file names no season (it is not a season export): name the season to import "
        "it into; nothing was stored"
    )
    bad = write(
        tmp_path,
        "bad.json",
        [{"format": "clabber-season-game/1", "season": "Spring", "week": 1, "game": g1()}],
    )
    assert refused(capsys, "import", bad, "--db", db, "--season", "Spring") == (
        "a clabber-season-game/1 entry holds exactly league, season, week (from 1 to 200, "
        "or null) and game"
    )
    assert stored(db) == before


def test_a_match_is_edited_postponed_and_forfeited_from_the_command_line(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    make_season(capsys, db)
    shown = ok(capsys, "schedule", "show", "--db", db, "--season", "Spring")
    first = re.search(r"#(\d+)\s+table 1\s+(\S+) v (\S+)", shown)
    assert first is not None
    match, home, away = first.group(1), first.group(2), first.group(3)
    ok(capsys, "schedule", "edit", "--db", db, "--match", match, "--table", "5",
       "--date", "2026-09-03")  # fmt: skip
    shown = ok(capsys, "schedule", "show", "--db", db, "--season", "Spring")
    assert re.search(rf"#{match}\s+table 5\s+{home} v {away}", shown)
    assert "Week 1 — Thu 03 Sep 2026" in shown
    ok(capsys, "schedule", "status", "--db", db, "--match", match, "--status", "postponed")
    assert re.search(rf"{home} v {away}\s+\(postponed\)", ok(
        capsys, "schedule", "show", "--db", db, "--season", "Spring"))  # fmt: skip
    line = refused(capsys, "schedule", "status", "--db", db, "--match", match,
                   "--status", "forfeit", "--forfeited-by", "Nobody")  # fmt: skip
    assert line == f"name the team that forfeited: {home} or {away}"
    ok(capsys, "schedule", "status", "--db", db, "--match", match, "--status", "forfeit",
       "--forfeited-by", away)  # fmt: skip
    rows = {row["team"]: row for row in standings_json(capsys, db)["rows"]}
    assert (rows[home]["w"], rows[home]["pf"], rows[away]["l"]) == (1, 500, 1)
    assert refused(capsys, "schedule", "edit", "--db", db, "--match", "999", "--table", "2") == (
        "there is no match 999"
    )


def test_a_retired_team_is_put_in_no_match_from_the_command_line(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    make_season(capsys, db)
    database = Database.open(db)
    try:
        crows = next(team for team in list_teams(database, "Spring") if team.name == "Crows")
        retire_team(database, crows.id)
        match = next(m for m in schedule(database, "Spring") if "Crows" not in (m.home, m.away))
    finally:
        database.close()
    line = refused(capsys, "schedule", "edit", "--db", db, "--match", str(match.id),
                   "--away", "Crows")  # fmt: skip
    assert line == "Crows is retired: it is never put in another match"


def test_the_standings_say_how_many_hands_had_unknown_makers(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    make_season(capsys, db)
    game = g1()
    game["hands"][0] = {"makers": None, "written": {"A": "150", "B": "12"}}
    ok(capsys, "import", write(tmp_path, "g.json", game), "--db", db, "--season", "Spring")
    document = standings_json(capsys, db)
    assert document["unknown_makers"] == 1
    by_team = {line["team"]: line for line in document["rows"]}
    assert (by_team["Eagles"]["unknown_makers"], by_team["Owls"]["unknown_makers"]) == (1, 1)
    # Eagles' made hand of g1 became a hand made by neither side.
    assert by_team["Eagles"]["made"] == 1
    text = ok(capsys, "standings", "--db", db, "--season", "Spring")
    assert text.rstrip().endswith(
        "1 hand was copied from paper without the makers: made by neither side, so in no "
        "team's Made or Sets."
    )
    assert "Reneges" in text
    out = ok(capsys, "standings", "--db", db, "--season", "Spring", "--format", "csv")
    lines = {line["team"]: line["unknown_makers"] for line in csv.DictReader(io.StringIO(out))}
    assert lines == {"Eagles": "1", "Owls": "1", "Crows": "0", "Hawks": "0"}


def test_a_season_made_from_the_last_one_takes_its_playing_teams_and_rosters(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    make_season(capsys, db, season="Fall", scheduled=False)
    ok(
        capsys,
        "team",
        "add",
        "--db",
        db,
        "--season",
        "Fall",
        "--name",
        "Jays",
        "--players",
        "Ann,Bob",
    )
    database = Database.open(db)
    try:
        retire_team(database, next(t.id for t in list_teams(database, "Fall") if t.name == "Hawks"))
    finally:
        database.close()
    out = ok(
        capsys, "season", "create", "--db", db, "--league", "Club", "--season", "Spring",
        "--copy-teams-from", "fall",
    )  # fmt: skip
    assert out.splitlines()[-1] == "4 teams copied from fall"
    database = Database.open(db, read_only=True)
    try:
        copied = {team.name: team.players for team in list_teams(database, "Spring")}
    finally:
        database.close()
    assert copied == {"Crows": (), "Eagles": (), "Jays": ("Ann", "Bob"), "Owls": ()}
    listed = json.loads(ok(capsys, "season", "list", "--db", db, "--format", "json"))
    assert listed == [
        {"league": "Club", "season": season, "rules": "evansville", "games_per_match": 1,
         "teams": teams, "divisions": [], "first_half_weeks": None}
        for season, teams in (("Fall", 5), ("Spring", 4))
    ]  # fmt: skip
    assert ok(capsys, "season", "list", "--db", db).splitlines() == [
        "Club: Fall (Evansville, 5 teams)",
        "Club: Spring (Evansville, 4 teams)",
    ]


def test_a_season_copied_from_one_the_league_lacks_is_refused_and_not_made(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    make_season(capsys, db, season="Fall", scheduled=False)
    line = refused(
        capsys, "season", "create", "--db", db, "--league", "Club", "--season", "Spring",
        "--copy-teams-from", "Winter",
    )  # fmt: skip
    assert line == "there is no season called 'Winter' in Club"
    other = refused(
        capsys, "season", "create", "--db", db, "--league", "Other", "--season", "Spring",
        "--copy-teams-from", "Fall",
    )  # fmt: skip
    assert other == "there is no season called 'Fall' in Other"
    assert [row["season"] for row in json.loads(
        ok(capsys, "season", "list", "--db", db, "--format", "json")
    )] == ["Fall"]  # fmt: skip


def test_no_season_yet_is_said(capsys: pytest.CaptureFixture[str], db: str) -> None:
    Database.open(db).close()
    assert (
        ok(capsys, "season", "list", "--db", db) == "no seasons yet: clabber-league season create\n"
    )
    assert json.loads(ok(capsys, "season", "list", "--db", db, "--format", "json")) == []


def test_teams_and_rosters_are_kept_from_the_command_line(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    make_season(capsys, db, season="Fall", teams=(), scheduled=False)
    where = ["--db", db, "--season", "Fall"]
    ok(capsys, "team", "add", *where, "--name", "Eagles", "--players", "Ann,Bob")
    ok(capsys, "team", "add", *where, "--name", "Owls")
    assert ok(capsys, "team", "rename", *where, "--team", "eagles", "--to", "Jays") == (
        "Eagles is now Jays\n"
    )
    assert ok(capsys, "player", "add", *where, "--team", "Jays", "--name", "Cal") == (
        "Jays: Ann, Bob, Cal\n"
    )
    assert ok(capsys, "player", "remove", *where, "--team", "Jays", "--name", "Ann") == (
        "Jays: Bob, Cal\n"
    )
    assert ok(capsys, "team", "retire", *where, "--team", "Owls") == "Owls retired\n"
    database = Database.open(db, read_only=True)
    try:
        teams = {team.name: (team.players, team.retired) for team in list_teams(database, "Fall")}
    finally:
        database.close()
    assert teams == {"Jays": (("Bob", "Cal"), False), "Owls": ((), True)}


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["team", "rename", "--team", "Owls", "--to", "jays"],
         "Fall already has a team called jays"),
        (["team", "rename", "--team", "Hawks", "--to", "X"], "Fall has no team called Hawks"),
        (["team", "rename", "--team", "Owls", "--to", " "], "the team needs a name"),
        (["team", "retire", "--team", "Hawks"], "Fall has no team called Hawks"),
        (["player", "add", "--team", "Jays", "--name", "  "], "the player needs a name"),
        (["player", "add", "--team", "Hawks", "--name", "Dee"], "Fall has no team called Hawks"),
        (["player", "add", "--team", "Gone", "--name", "Dee"],
         "Gone is retired: its roster takes no one new"),
        (["player", "remove", "--team", "Jays", "--name", "Zed"],
         "Zed is not on that team's roster"),
    ],
)  # fmt: skip
def test_a_bad_team_or_roster_change_is_refused_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], db: str, argv: list[str], said: str
) -> None:
    make_season(capsys, db, season="Fall", teams=(), scheduled=False)
    where = ["--db", db, "--season", "Fall"]
    for name, players in (("Jays", "Ann,Bob"), ("Owls", ""), ("Gone", "")):
        ok(capsys, "team", "add", *where, "--name", name, "--players", players)
    ok(capsys, "team", "retire", *where, "--team", "Gone")
    before = ok(capsys, "season", "list", "--db", db)
    database = Database.open(db, read_only=True)
    try:
        teams_before = list_teams(database, "Fall")
    finally:
        database.close()
    assert refused(capsys, argv[0], argv[1], *where, *argv[2:]) == said
    database = Database.open(db, read_only=True)
    try:
        assert list_teams(database, "Fall") == teams_before
    finally:
        database.close()
    assert ok(capsys, "season", "list", "--db", db) == before
