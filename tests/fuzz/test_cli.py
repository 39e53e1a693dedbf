"""Every command against hostile strings, numbers and files: exit 0 or 2, never a
traceback, one short line per problem, no control character from the data on the
terminal, no formula in a CSV, and the database unchanged when the input is refused."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clabber_league import cli
from clabber_league.escaping import FORMULA_STARTS, PLAIN_NUMBER
from tests.fuzz.strategies import FUZZ, almost_a_game, hostile_number, hostile_text
from tests.store.test_league import g1

#: Where each integer option is given, as argv around its value.
INTEGER_OPTIONS = [
    ["export", "--game", "{}"],
    ["print", "game", "--game", "{}", "--out", "{out}"],
    ["import", "{game}", "--season", "Spring", "--week", "{}"],
    ["schedule", "edit", "--match", "{}", "--table", "1"],
    ["schedule", "edit", "--match", "1", "--table", "{}"],
    ["schedule", "status", "--match", "{}", "--status", "postponed"],
    ["season", "create", "--league", "C", "--season", "X", "--games-per-match", "{}"],
    ["season", "create", "--league", "C", "--season", "Y", "--forfeit-score", "{}-0"],
    ["season", "create", "--league", "C", "--season", "Z", "--forfeit-score", "500-{}"],
    ["schedule", "generate", "--season", "Spring", "--every", "{}"],
    ["schedule", "generate", "--season", "Spring", "--rounds", "{}"],
    ["print", "blank", "--pages", "{}", "--out", "{out}"],
    ["night", "cards", "--season", "Spring", "--week", "{}", "--out", "{out}"],
]
#: Where each name is given.
NAME_OPTIONS = [
    ["team", "add", "--season", "Spring", "--name", "{}"],
    ["team", "add", "--season", "Spring", "--name", "Kites", "--players", "{}"],
    ["season", "create", "--league", "{}", "--season", "Fall"],
    ["season", "create", "--league", "Club", "--season", "{}"],
    ["standings", "--season", "{}"],
    ["schedule", "show", "--season", "{}"],
    ["print", "blank", "--league", "{}", "--out", "{out}"],
    ["print", "blank", "--sponsor", "{}", "--out", "{out}"],
    ["night", "cards", "--season", "{}", "--week", "1", "--out", "{out}"],
    ["night", "cards", "--season", "Spring", "--week", "1", "--public-url", "{}", "--out", "{out}"],
]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A season of two teams with its schedule, made once and copied for each example."""
    folder = tmp_path_factory.mktemp("template")
    db = str(folder / "league.sqlite3")
    for argv in (
        ["season", "create", "--league", "Club", "--season", "Spring"],
        *[["team", "add", "--season", "Spring", "--name", team] for team in ("Eagles", "Owls")],
        ["schedule", "generate", "--season", "Spring"],
    ):
        assert cli.main([*argv, "--db", db]) == 0
    return folder / "league.sqlite3"


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("CLABBER_LEAGUE_DB", raising=False)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(g1()), encoding="utf-8")
    return tmp_path, game


def _run(
    capsys: pytest.CaptureFixture[str], template: Path, folder: Path, argv: list[str]
) -> tuple[int, str, str, bool]:
    """Run ``argv`` on a fresh copy of the template database; also whether it changed."""
    db = folder / "fuzz.sqlite3"
    shutil.copyfile(template, db)
    before = db.read_bytes()
    try:
        code = cli.main([*argv, "--db", str(db)])
    except SystemExit as stopped:  # argparse's refusals
        code = int(stopped.code or 0)
    out, err = capsys.readouterr()
    changed = db.read_bytes() != before
    for companion in folder.glob("fuzz.sqlite3*"):
        companion.unlink()
    return code, out, err, changed


def _check(code: int, out: str, err: str, changed: bool, folder: Path) -> None:
    assert code in (0, 2), (code, err)
    assert "Traceback" not in err
    for line in err.splitlines():
        assert len(line) <= 400, line  # 200 and the paths it names
        assert not any(ord(char) < 32 and char != "\t" for char in line), line
    assert not any(ord(char) < 32 and char not in "\n\t" for char in out), out
    if code == 2:
        assert not changed
        assert not (folder / "out.pdf").exists()
    (folder / "out.pdf").unlink(missing_ok=True)


def _argv(template: list[str], value: str, folder: Path, game: Path) -> list[str]:
    return [
        part.replace("{}", value)
        .replace("{out}", str(folder / "out.pdf"))
        .replace("{game}", str(game))
        for part in template
    ]


@FUZZ
@given(
    case=st.tuples(st.sampled_from(INTEGER_OPTIONS), hostile_number)
    | st.tuples(st.sampled_from(NAME_OPTIONS), hostile_text)
)
def test_every_option(
    capsys: pytest.CaptureFixture[str],
    template: Path,
    workspace: tuple[Path, Path],
    case: tuple[list[str], str],
) -> None:
    folder, game = workspace
    where, value = case
    value = value.replace("\x00", "")  # argv holds no NUL (but may hold lone surrogates)
    _check(*_run(capsys, template, folder, _argv(where, value, folder, game)), folder)


@FUZZ
@given(name=hostile_text.filter(lambda text: "\x00" not in text))
def test_a_team_added_never_reaches_a_spreadsheet_as_a_formula(
    capsys: pytest.CaptureFixture[str], template: Path, workspace: tuple[Path, Path], name: str
) -> None:
    folder, _ = workspace
    db = folder / "csv.sqlite3"
    shutil.copyfile(template, db)
    try:
        code = cli.main(["team", "add", "--season", "Spring", "--name", name, "--db", str(db)])
    except SystemExit as stopped:
        code = int(stopped.code or 0)
    assert code in (0, 2)
    capsys.readouterr()
    assert cli.main(["standings", "--season", "Spring", "--format", "csv", "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    for row in csv.DictReader(io.StringIO(out)):
        assert not row["team"].startswith(FORMULA_STARTS) or PLAIN_NUMBER.fullmatch(row["team"])
    for companion in folder.glob("csv.sqlite3*"):
        companion.unlink()


@FUZZ
@given(document=almost_a_game())
def test_game_files_on_score_and_import(
    capsys: pytest.CaptureFixture[str],
    template: Path,
    workspace: tuple[Path, Path],
    document: Any,
) -> None:
    folder, _ = workspace
    game = folder / "hostile.json"
    game.write_text(json.dumps(document), encoding="utf-8")
    code, _out, err = _score(capsys, str(game))
    assert code in (0, 2), err
    assert "Traceback" not in err
    _check(*_run(capsys, template, folder, ["import", str(game), "--season", "Spring"]), folder)


@FUZZ
@given(raw=st.binary(max_size=2_000) | st.text(max_size=500).map(str.encode))
def test_any_bytes_as_a_game_file(
    capsys: pytest.CaptureFixture[str], workspace: tuple[Path, Path], raw: bytes
) -> None:
    folder, _ = workspace
    game = folder / "bytes.json"
    game.write_bytes(raw)
    code, out, err = _score(capsys, str(game))
    assert (code, out) == (2, "") or code == 0, err
    assert "Traceback" not in err
    assert all(len(line) <= 400 for line in err.splitlines())


def _score(capsys: pytest.CaptureFixture[str], path: str) -> tuple[int, str, str]:
    try:
        code = cli.main(["score", path])
    except SystemExit as stopped:
        code = int(stopped.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
