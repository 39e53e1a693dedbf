"""One ``--db`` before or after the command; read-only commands create nothing; outputs
never replace what they should not; backups checked and restored from the command line."""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path

import pytest

from clabber_league import cli
from clabber_league.store.backup import keep_backup
from clabber_league.store.database import Database
from clabber_league.store.games import list_games
from tests.store.helpers import EXAMPLE_FILES, damage

EXAMPLE = str(EXAMPLE_FILES[0])


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("CLABBER_LEAGUE_DB", raising=False)
    return tmp_path / "data"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def games_in(path: Path) -> int:
    database = Database.open(str(path), read_only=True)
    try:
        return len(list_games(database))
    finally:
        database.close()


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "mine.sqlite3"
    assert run(capsys, "import", EXAMPLE, "--db", str(path))[0] == 0
    return path


# ------------------------------------------------------------------- --db
@pytest.mark.parametrize("where", ["before", "after"])
def test_db_works_before_or_after_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data_folder: Path, where: str
) -> None:
    path = tmp_path / "mine.sqlite3"
    argv = ["--db", str(path), "import", EXAMPLE]
    if where == "after":
        argv = ["import", EXAMPLE, "--db", str(path)]
    assert run(capsys, *argv) == (0, "1\n", "")
    assert games_in(path) == 1
    assert not (data_folder / "clabber-league.sqlite3").exists()


def test_db_given_twice_as_the_same_file_is_one_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(
        capsys, "--db", "mine.sqlite3", "import", EXAMPLE, "--db", str(tmp_path / "mine.sqlite3")
    )
    assert (code, err) == (0, "")


def test_db_given_twice_as_two_databases_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    code, out, err = run(capsys, "--db", str(first), "import", EXAMPLE, "--db", str(second))
    assert (code, out) == (2, "")
    assert err == f"--db is given twice, as {first} and as {second}: give one database\n"
    assert not first.exists()
    assert not second.exists()


@pytest.mark.parametrize("where", ["before", "after"])
@pytest.mark.parametrize("command", [["season", "create", "--league", "C"], ["standings"]])
def test_a_database_name_that_is_not_utf8_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, command: list[str]
) -> None:
    path = tmp_path / os.fsdecode(b"caf\xe9.sqlite3")  # typed in a Latin-1 terminal
    argv = [*command, "--season", "Fall"]
    argv = ["--db", str(path), *argv] if where == "before" else [*argv, "--db", str(path)]
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.endswith(
        ".sqlite3: the name holds bytes that are not UTF-8 text, which Clabber League "
        "cannot open as a database; rename the file or its folder\n"
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == []


@pytest.mark.parametrize("where", ["before", "after"])
@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_db_is_refused_not_the_default(
    capsys: pytest.CaptureFixture[str],
    data_folder: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    where: str,
    empty: str,
) -> None:
    monkeypatch.chdir(tmp_path)  # "  " would be a file name here
    argv = ["season", "create", "--league", "Club", "--season", "Fall"]
    argv = ["--db", empty, *argv] if where == "before" else [*argv, "--db", empty]
    assert run(capsys, *argv) == (
        2,
        "",
        "--db is empty: give a database file or URL, or leave --db out\n",
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["standings", "--season", "Fall"],
        ["export", "--game", "1"],
        ["schedule", "show", "--season", "Fall"],
        ["print", "game", "--game", "1", "--out", "{out}"],
        ["print", "standings", "--season", "Fall", "--out", "{out}"],
        ["backup", "--out", "{out}"],
    ],
    ids=["standings", "export", "schedule-show", "print-game", "print-standings", "backup"],
)
def test_reading_commands_never_create_a_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    typo = tmp_path / "typo.sqlite3"
    out = tmp_path / "out.file"
    filled = [part.replace("{out}", str(out)) for part in argv]
    code, stdout, err = run(capsys, *filled, "--db", str(typo))
    assert (code, stdout) == (2, "")
    assert err == f"there is no database {typo}; nothing was created\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["season", "create", "--league", "", "--season", "Fall"],
        ["season", "create", "--league", "Club", "--season", "Fall", "--tie-break", "pct"],
        ["team", "add", "--season", "Fall", "--name", "Eagles"],
        ["schedule", "generate", "--season", "Fall"],
        ["schedule", "edit", "--match", "1", "--table", "2"],
        ["schedule", "status", "--match", "1", "--status", "postponed"],
        ["import", EXAMPLE, "--season", "Fall"],
        ["import", str(Path(__file__))],  # not a game sheet
        ["night", "tables", "--season", "Fall", "--week", "1"],
        ["night", "close", "--season", "Fall", "--week", "1"],
    ],
    ids=[
        "season-unnamed-league",
        "season-bad-tie-break",
        "team-add",
        "schedule-generate",
        "schedule-edit",
        "schedule-status",
        "import-no-season",
        "import-not-a-sheet",
        "night-tables",
        "night-close",
    ],
)
@pytest.mark.parametrize("folder", [".", "new/deeper"])
def test_a_refused_command_leaves_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], folder: str
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    code, stdout, err = run(capsys, *argv, "--db", str(work / folder / "typo.sqlite3"))
    assert (code, stdout) == (2, "")
    assert err.count("\n") == 1, err
    assert list(work.iterdir()) == []


def test_a_command_that_writes_makes_the_file_and_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "new" / "league.sqlite3"
    argv = ["season", "create", "--league", "Club", "--season", "Fall", "--db", str(path)]
    assert run(capsys, *argv) == (0, "Club: season Fall (Evansville)\n", "")
    assert sorted(p.name for p in path.parent.iterdir()) == ["league.sqlite3"]
    code, out, _ = run(
        capsys, "team", "add", "--season", "Fall", "--name", "Eagles", "--db", str(path)
    )
    assert (code, out) == (0, "Eagles\n")


# ----------------------------------------------------------------- outputs
def test_export_to_a_file(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.json"
    assert run(capsys, "export", "--db", str(db), "--game", "1", "--out", str(out)) == (
        0,
        f"{out}\n",
        "",
    )
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(
        EXAMPLE_FILES[0].read_text(encoding="utf-8")
    )
    code, _, err = run(capsys, "export", "--db", str(db), "--game", "1", "--out", str(out))
    assert code == 2
    assert "already exists" in err
    assert (
        run(capsys, "export", "--db", str(db), "--game", "1", "--out", str(out), "--force")[0] == 0
    )


@pytest.mark.parametrize("command", ["print", "export", "backup"])
def test_the_database_itself_is_never_an_output(
    db: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    before = db.read_bytes()
    argv = {
        "print": ["print", "game", "--game", "1"],
        "export": ["export", "--game", "1"],
        "backup": ["backup"],
    }[command]
    code, stdout, err = run(capsys, *argv, "--db", str(db), "--out", str(db), "--force")
    assert (code, stdout) == (2, "")
    assert err == f"{db} is the database in use: it is never replaced; choose another file\n"
    assert db.read_bytes() == before
    assert games_in(db) == 1


@pytest.mark.parametrize("command", ["print", "export", "backup"])
def test_a_device_is_never_an_output(
    db: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    device = os.stat(os.devnull)
    argv = {
        "print": ["print", "game", "--game", "1"],
        "export": ["export", "--game", "1"],
        "backup": ["backup"],
    }[command]
    code, _, err = run(capsys, *argv, "--db", str(db), "--out", os.devnull, "--force")
    assert code == 2
    assert err == f"{os.devnull} is a device: it is never replaced; give a file name\n"
    after = os.stat(os.devnull)
    assert (after.st_mode, after.st_rdev) == (device.st_mode, device.st_rdev)


# ----------------------------------------------------------------- backups
def test_backup_then_verify(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "copy.sqlite3"
    assert run(capsys, "backup", "--db", str(db), "--out", str(copy)) == (0, f"{copy}\n", "")
    assert run(capsys, "backup", "--verify", str(copy)) == (
        0,
        f"{copy} is a good backup (1 game)\n",
        "",
    )
    damage(copy)
    code, out, err = run(capsys, "backup", "--verify", str(copy))
    assert (code, out) == (2, "")
    assert err.startswith(f"{copy} is damaged (")


def test_a_damaged_database_is_not_backed_up(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = keep_backup(db, "test")
    damage(db)
    copy = tmp_path / "copy.sqlite3"
    code, out, err = run(capsys, "backup", "--db", str(db), "--out", str(copy))
    assert (code, out) == (2, "")
    assert err.startswith(f"{db} is damaged (")
    assert f"restore it with:\nclabber-league restore {good} --db {db}\n" in err
    assert not copy.exists()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data", db.name]


def test_restore_from_the_command_line(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = keep_backup(db, "test")
    run(capsys, "import", str(EXAMPLE_FILES[1]), "--db", str(db))
    code, out, err = run(capsys, "restore", str(good), "--db", str(db))
    assert (code, err) == (0, "")
    assert out.startswith(f"{db} restored from {good}\nwhat it held before is kept as ")
    assert games_in(db) == 1


def test_restore_of_no_backup_changes_nothing(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping\n" * 50, encoding="utf-8")
    before = db.read_bytes()
    code, out, err = run(capsys, "restore", str(notes), "--db", str(db))
    assert (code, out) == (2, "")
    assert err == f"{notes} is not a Clabber League backup; nothing was restored\n"
    assert db.read_bytes() == before


# ---------------------------------------------------------- relative paths
# A path on the command line is read from the working folder, as a shell reads it, in
# every command that takes one; never from the data folder, which is the app's own.
@pytest.fixture
def here(db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The working folder, holding ``mine.sqlite3`` (one game) and its copy ``copy.sqlite3``."""
    monkeypatch.chdir(tmp_path)
    assert keep_backup(db, "test").exists()
    (tmp_path / "copy.sqlite3").write_bytes(db.read_bytes())
    (tmp_path / "game.json").write_bytes(EXAMPLE_FILES[1].read_bytes())
    (tmp_path / "logo.png").write_bytes(LOGO.read_bytes())
    return tmp_path


LOGO = Path(__file__).resolve().parents[2] / "resources" / "icons" / "clabber-league-64.png"


@pytest.mark.parametrize(
    ("argv", "written"),
    [
        (["backup", "--verify", "copy.sqlite3"], None),
        (["restore", "copy.sqlite3", "--db", "mine.sqlite3"], None),
        (["backup", "--db", "mine.sqlite3", "--out", "new.sqlite3"], "new.sqlite3"),
        (["export", "--db", "mine.sqlite3", "--game", "1", "--out", "g.json"], "g.json"),
        (["import", "game.json", "--db", "mine.sqlite3"], None),
        (["score", "game.json"], None),
        (["print", "game", "--db", "mine.sqlite3", "--game", "1", "--out", "g.pdf"], "g.pdf"),
        (["print", "blank", "--sponsor-logo", "logo.png", "--out", "b.pdf"], "b.pdf"),
    ],
    ids=["verify", "restore", "backup", "export", "import", "score", "print-game", "logo"],
)
def test_every_path_may_be_relative(
    here: Path, capsys: pytest.CaptureFixture[str], argv: list[str], written: str | None
) -> None:
    code, _, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    if written is not None:
        assert (here / written).stat().st_size > 0


def test_relative_backup_and_restore_say_the_whole_paths(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "backup", "--verify", "copy.sqlite3") == (
        0,
        f"{here / 'copy.sqlite3'} is a good backup (1 game)\n",
        "",
    )
    code, out, err = run(capsys, "restore", "copy.sqlite3", "--db", "mine.sqlite3")
    assert (code, err) == (0, "")
    assert out.startswith(f"{here / 'mine.sqlite3'} restored from {here / 'copy.sqlite3'}\n")


def test_a_relative_database_in_the_environment(
    here: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLABBER_LEAGUE_DB", "mine.sqlite3")
    assert run(capsys, "export", "--game", "1", "--out", "g.json")[:2] == (0, f"{here}/g.json\n")
    assert run(capsys, "restore", "copy.sqlite3")[0] == 0
    assert games_in(here / "mine.sqlite3") == 1


def test_a_relative_data_folder_still_names_its_backups_whole(
    here: Path, db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLABBER_LEAGUE_DATA", "data")
    good = keep_backup(db, "test")
    assert good.is_absolute()
    damage(db)
    code, out, err = run(capsys, "backup", "--db", "mine.sqlite3", "--out", "new.sqlite3")
    assert (code, out) == (2, "")
    assert f"restore it with:\nclabber-league restore {good} --db {db}\n" in err
    monkeypatch.chdir(here / "data")  # the command printed works from any folder
    assert run(capsys, *shlex.split(err.splitlines()[-1])[1:])[0] == 0
    assert games_in(db) == 1


def test_restore_onto_a_folder_is_refused_and_moves_nothing(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = keep_backup(db, "test")
    folder = tmp_path / "league"
    folder.mkdir()
    code, out, err = run(capsys, "restore", str(good), "--db", str(folder))
    assert (code, out) == (2, "")
    assert err == f"{folder} is a folder, not a database file; nothing was restored\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data", "league", db.name]


@pytest.mark.parametrize("command", ["verify", "restore"])
@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("missing.sqlite3", "is not a file"),
        ("folder", "is not a file"),
        ("x" * 5000, ": the name is too long"),
    ],
    ids=["missing", "folder", "name-too-long"],
)
def test_a_backup_that_cannot_be_read_is_one_line(
    db: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    *,
    command: str,
    name: str,
    says: str,
) -> None:
    (tmp_path / "folder").mkdir()
    before = db.read_bytes()
    backup = str(tmp_path / name)
    argv = ["backup", "--verify", backup] if command == "verify" else ["restore", backup]
    code, out, err = run(capsys, *argv, "--db", str(db))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert says in err
    assert db.read_bytes() == before
