"""SIGKILL during an import, on SQLite and PostgreSQL: all of the file or none of it, and
importing it again afterwards stores each game exactly once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from clabber_league.store.database import Database
from tests.reliability.helpers import KILLED, all_killed_at, json_file, side_by_side
from tests.store.test_league import CROWS, EAGLES, HAWKS, OWLS, ranked, spring, spring_games, table

#: After the first game, after the third (both uncommitted), and just after the commit.
POINTS = ["import:stored@1", "import:stored@3", "import:committed"]
WHOLE_SEASON = ranked(EAGLES, OWLS, CROWS, HAWKS)


def standings(location: str, season: str) -> list[Any]:
    database = Database.open(location, read_only=True)
    try:
        return table(database, season)
    finally:
        database.close()


def test_a_killed_import_stores_all_or_nothing_and_then_once(
    location: str, data: Path, tmp_path: Path
) -> None:
    season_file = json_file(tmp_path / "spring.json", spring_games())
    seasons = {point: f"Spring {number}" for number, point in enumerate(POINTS, 1)}
    database = Database.open(location)
    try:
        for season in seasons.values():
            spring(database, season=season)
        empty = table(database, seasons[POINTS[0]])
    finally:
        database.close()

    def argv(point: str) -> list[str]:
        return ["import", str(season_file), "--db", location, "--season", seasons[point]]

    killed = all_killed_at(data, [(point, ["cli", *argv(point)]) for point in POINTS])
    for point, outcome in zip(POINTS, killed, strict=True):
        assert outcome.code == KILLED, (point, outcome)
        committed = point == "import:committed"
        assert standings(location, seasons[point]) == (WHOLE_SEASON if committed else empty)
    imported_again = side_by_side(data, [["cli", *argv(point)] for point in POINTS])
    for point, again in zip(POINTS, imported_again, strict=True):
        if point == "import:committed":
            assert again.code == 2, again  # every game of the file is already stored
            assert again.err.splitlines()[-1].endswith("; nothing was stored")
        else:
            assert (again.code, len(again.out.split())) == (0, 4), again
        assert standings(location, seasons[point]) == WHOLE_SEASON, point
