"""SIGKILL while a backup is being made, and a full disk: never a partial file at the
target, no temporary file after the next run, and the next backup is whole."""

from __future__ import annotations

import json
from pathlib import Path

from clabber_league.outputs import TEMP_SUFFIX
from clabber_league.store.backup import kept_copies, verify_backup
from clabber_league.store.database import Database
from clabber_league.store.imports import import_games
from tests.reliability.helpers import KILLED, all_killed_at, cli, files_in, run, side_by_side

#: Before the copy is complete, or complete but not yet in place: no file at the target.
BEFORE_IN_PLACE = ["backup:copying@1", "backup:copying@2", "output:before-rename"]


def a_league(path: Path) -> None:
    """A database of a few hundred kilobytes: a copy takes several steps."""
    database = Database.open(str(path))
    try:
        hands = [{"makers": "A", "tricks": {"A": 92}}] * 5
        games = [
            {"format": "clabber-game/1", "sides": [f"Home {n}", f"Away {n}"], "hands": hands}
            for n in range(300)
        ]
        import_games(database, games)
    finally:
        database.close()


def test_a_killed_backup_leaves_no_partial_copy_and_the_next_one_is_whole(
    tmp_path: Path, data: Path
) -> None:
    db = tmp_path / "league.sqlite3"
    a_league(db)
    folders = {point: tmp_path / f"out-{n}" for n, point in enumerate(BEFORE_IN_PLACE)}
    for folder in folders.values():
        folder.mkdir()
    outcomes = all_killed_at(
        data,
        [
            (point, ["cli", "backup", "--db", str(db), "--out", str(folder / "copy.sqlite3")])
            for point, folder in folders.items()
        ],
    )
    for (point, folder), outcome in zip(folders.items(), outcomes, strict=True):
        assert outcome.code == KILLED, (point, outcome)
        assert "copy.sqlite3" not in files_in(folder), point
    again = side_by_side(
        data,
        [
            ["cli", "backup", "--db", str(db), "--out", str(folder / "copy.sqlite3")]
            for folder in folders.values()
        ],
    )
    for (point, folder), outcome in zip(folders.items(), again, strict=True):
        assert outcome.code == 0, (point, outcome)
        assert files_in(folder) == ["copy.sqlite3"], point  # the leftovers went too
        assert verify_backup(folder / "copy.sqlite3").endswith("(300 games)")


def test_a_backup_killed_once_in_place_is_whole(tmp_path: Path, data: Path) -> None:
    db = tmp_path / "league.sqlite3"
    a_league(db)
    out = tmp_path / "copy.sqlite3"
    outcome = cli(data, "backup", "--db", str(db), "--out", str(out), kill_at="output:renamed")
    assert outcome.code == KILLED
    assert verify_backup(out).endswith("(300 games)")


def test_a_full_disk_leaves_nothing(tmp_path: Path, data: Path) -> None:
    db = tmp_path / "league.sqlite3"
    a_league(db)
    out_folder = tmp_path / "out"
    out_folder.mkdir()
    outcome = cli(
        data,
        "backup",
        "--db",
        str(db),
        "--out",
        str(out_folder / "copy.sqlite3"),
        file_size_limit=64 * 1024,
    )
    assert outcome.code == 2, outcome
    assert "full" in outcome.err
    assert outcome.err.count("\n") == 1
    assert files_in(out_folder) == []


def test_copies_kept_by_the_app_survive_a_kill(tmp_path: Path, data: Path) -> None:
    db = tmp_path / "league.sqlite3"
    a_league(db)
    assert run(data, "keep-backup", str(db)).code == 0
    points = ["backup:copying@2", "output:before-rename", "backup:kept"]
    outcomes = all_killed_at(data, [(point, ["keep-backup", str(db)]) for point in points])
    assert [outcome.code for outcome in outcomes] == [KILLED] * len(points)
    assert run(data, "keep-backup", str(db)).code == 0
    copies = kept_copies(db)
    assert 2 <= len(copies) <= 3  # the first, the last, and the one killed once in place
    for copy in copies:
        verify_backup(copy.path)
    folder = copies[0].path.parent
    assert not list(folder.glob(f".*{TEMP_SUFFIX}*"))
    marker = json.loads((folder / "last-backup.json").read_text(encoding="utf-8"))
    assert marker["copy"] == copies[0].path.name
