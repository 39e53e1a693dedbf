"""A database with a damaged page: said in one line with the backup that restores it,
never backed up over the good copies, and restored by the command the message names."""

from __future__ import annotations

import shlex
from pathlib import Path

from clabber_league.store.backup import kept_copies
from tests.reliability.helpers import cli, files_in, run, spring_league
from tests.store.helpers import damage
from tests.store.test_league import CROWS, EAGLES, HAWKS, OWLS


def test_a_damaged_page_is_told_refused_for_backup_and_restored(tmp_path: Path, data: Path) -> None:
    db = spring_league(tmp_path / "league.sqlite3")
    assert run(data, "keep-backup", str(db)).code == 0
    (good,) = kept_copies(db)
    damage(db, "ix_game_standings")  # what the standings count (migration 0008)

    standings = cli(data, "standings", "--db", str(db), "--season", "Spring", "--format", "json")
    assert standings.code == 2, standings
    # The problem on one line, and the command that mends it whole on the next.
    assert standings.err.count("\n") == 2
    assert standings.err.startswith(f"{db} is damaged")
    restore_command = f"clabber-league restore {good.path} --db {db}"
    assert standings.err.rstrip().endswith(f"restore it with:\n{restore_command}")

    out = tmp_path / "copy.sqlite3"
    backup = cli(data, "backup", "--db", str(db), "--out", str(out))
    assert backup.code == 2
    assert "no backup was made" in backup.err
    assert not out.exists()
    assert [copy.path for copy in kept_copies(db)] == [good.path]

    restored = cli(data, *shlex.split(restore_command)[1:])
    assert restored.code == 0, restored
    again = cli(data, "standings", "--db", str(db), "--season", "Spring", "--format", "csv")
    assert again.code == 0, again
    assert [line.split(",")[1] for line in again.out.splitlines()[1:]] == [
        team[0] for team in (EAGLES, OWLS, CROWS, HAWKS)
    ]
    assert [name for name in files_in(tmp_path) if ".damaged-" in name]  # kept, not deleted
