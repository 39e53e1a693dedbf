"""``playoffs create`` / ``show`` and ``print playoffs`` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clabber_league.store.database import Database
from tests.commands.test_league import make_season, ok, refused
from tests.store.test_playoffs import HOME_WINS, play

SEASON = ("--season", "Spring")


def test_a_bracket_made_and_shown(capsys: pytest.CaptureFixture[str], db: str) -> None:
    make_season(capsys, db)
    out = ok(capsys, "playoffs", "create", "--db", db, *SEASON, "--teams", "4", "--force")
    assert "Semi-final" in out
    assert "Final" in out
    shown = json.loads(ok(capsys, "playoffs", "show", "--db", db, *SEASON, "--format", "json"))
    assert (shown["teams"], shown["games_per_match"], shown["reseed"]) == (4, 1, False)
    semis = shown["rounds"][0]
    assert semis["name"] == "Semi-final"
    assert [(m["home"]["seed"], m["away"]["seed"]) for m in semis["matches"]] == [(1, 4), (2, 3)]
    assert shown["rounds"][1]["matches"] == []
    assert shown["champion"] is None
    database = Database.open(db)
    try:
        for match in semis["matches"]:
            play(database, match["match"], HOME_WINS)
        (final,) = json.loads(
            ok(capsys, "playoffs", "show", "--db", db, *SEASON, "--format", "json")
        )["rounds"][1]["matches"]
        play(database, final["match"], HOME_WINS)
    finally:
        database.close()
    shown = json.loads(ok(capsys, "playoffs", "show", "--db", db, *SEASON, "--format", "json"))
    assert shown["champion"] == shown["seeds"][0]["team"]
    text = ok(capsys, "playoffs", "show", "--db", db, *SEASON)
    assert f"Champion: {shown['champion']}" in text
    schedule = ok(capsys, "schedule", "show", "--db", db, *SEASON)
    assert "[Final]" in schedule
    assert "[Semi-final]" in schedule


def test_refusals(capsys: pytest.CaptureFixture[str], db: str) -> None:
    make_season(capsys, db)
    assert "regular-season matches to play" in refused(
        capsys, "playoffs", "create", "--db", db, *SEASON, "--teams", "4"
    )
    assert "has no playoffs yet" in refused(capsys, "playoffs", "show", "--db", db, *SEASON)
    ok(capsys, "playoffs", "create", "--db", db, *SEASON, "--teams", "2", "--force")
    assert "already has its playoffs" in refused(
        capsys, "playoffs", "create", "--db", db, *SEASON, "--teams", "2", "--force"
    )


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_print_playoffs(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, lang: str
) -> None:
    make_season(capsys, db)
    ok(capsys, "playoffs", "create", "--db", db, *SEASON, "--teams", "3", "--force")
    out = tmp_path / "bracket.pdf"
    ok(capsys, "--lang", lang, "print", "playoffs", "--db", db, *SEASON, "--out", str(out))
    assert out.read_bytes().startswith(b"%PDF")
