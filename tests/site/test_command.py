"""``clabber-league publish``: what it says, its JSON, and each refusal (nothing written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clabber_league import cli
from clabber_league.store.database import Database


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_publish_says_how_many_files_it_wrote_then_that_none_changed(
    database: Database, database_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database.close()
    site = tmp_path / "site"
    args = ("publish", "--db", str(database_path), "--season", "Spring", "--out", str(site))
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert "files written, 0 unchanged, 0 removed" in out
    code, out, _ = run(capsys, *args, "--format", "json")
    document = json.loads(out)
    assert code == 0
    assert document["format"] == "clabber-publish/1"
    assert document["written"] == 0
    assert document["unchanged"] > 10
    assert (site / "index.html").is_file()


def test_publish_with_a_league_alone_writes_every_season(
    database: Database, database_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database.close()
    site = tmp_path / "site"
    code, out, _ = run(
        capsys, "publish", "--db", str(database_path), "--league", "Club", "--out", str(site),
        "--format", "json",
    )  # fmt: skip
    assert code == 0
    assert json.loads(out)["seasons"] == ["Spring"]
    assert "Spring" in (site / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ((), "give --season, or --league for every season of a league"),
        (("--league", "Chess"), "there is no league called 'Chess'"),
        (("--season", "Winter"), "Winter"),
        (("--season", "Spring", "--base-url", "club.example"), "--base-url is a web address"),
    ],
)
def test_a_publish_refused_writes_nothing(  # noqa: PLR0917 - the fixtures and the case
    database: Database,
    database_path: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    extra: tuple[str, ...],
    said: str,
) -> None:
    database.close()
    site = tmp_path / "site"
    code, _, err = run(capsys, "publish", "--db", str(database_path), "--out", str(site), *extra)
    assert code == 2
    assert said in err
    assert not site.exists()


def test_a_file_for_a_folder_is_refused(
    database: Database, database_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database.close()
    taken = tmp_path / "taken.html"
    taken.write_text("mine")
    code, _, err = run(
        capsys, "publish", "--db", str(database_path), "--season", "Spring", "--out", str(taken)
    )
    assert code == 2
    assert "is not a folder" in err
    assert taken.read_text() == "mine"
