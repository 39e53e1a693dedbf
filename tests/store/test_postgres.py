"""The store on a PostgreSQL server: migrations, games, a season and its standings.

Runs when ``CLABBER_LEAGUE_TEST_PG`` names a server URL (``.ci/run`` starts a
throw-away server and sets it); each test gets a database of its own.
"""

import json
import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, make_url, text

from clabber_league.resources import resource
from clabber_league.rules import PlayedHand, rule_set
from clabber_league.store import Database, create_game, export_game, import_game, open_game
from clabber_league.store.imports import import_games
from clabber_league.store.league import add_team, create_season, generate_schedule, season_standings

SERVER = os.environ.get("CLABBER_LEAGUE_TEST_PG")
pytestmark = pytest.mark.skipif(not SERVER, reason="no PostgreSQL server (CLABBER_LEAGUE_TEST_PG)")


@pytest.fixture
def database() -> Iterator[Database]:
    assert SERVER is not None
    name = f"clabber_{uuid.uuid4().hex[:12]}"
    admin = create_engine(SERVER, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    opened = Database.open(make_url(SERVER).set(database=name).render_as_string(False))
    try:
        yield opened
    finally:
        opened.close()
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE "{name}"'))
        admin.dispose()


def test_games_round_trip_and_record_on_postgres(database: Database) -> None:
    for example in sorted(resource("examples").glob("*.json")):
        document = json.loads(example.read_text(encoding="utf-8"))
        assert export_game(database, import_game(database, document)) == document
    recorder = create_game(database, rule_set(), ["Eagles", "Owls"])
    recorder.record(PlayedHand("A", {"A": 92}))
    recorder.replace(1, PlayedHand("A", {"A": 40}, melds={"B": 50}))
    again = open_game(database, recorder.id)
    assert again.game.totals == {"A": 0, "B": 172}
    assert len(again.corrections()) == 1


def test_a_season_and_its_standings_on_postgres(database: Database) -> None:
    create_season(database, league="Club", season="Spring")
    for team in ("Eagles", "Owls", "Hawks"):
        add_team(database, "Spring", team)
    generate_schedule(database, "Spring")
    marks = [("A", "150", "12"), ("B", "-", "162"), ("A", "150", "12"), ("A", "150", "12")]
    hands = [{"makers": m, "written": {"A": a, "B": b}} for m, a, b in marks]
    hands.append({"makers": "A", "renege": "B"})
    game = {"format": "clabber-game/1", "sides": ["Eagles", "Owls"], "hands": hands}
    import_games(database, [game], "Spring")
    rows = {row.name: row for row in season_standings(database, "Spring")}
    assert (rows["Eagles"].w, rows["Eagles"].pf, rows["Eagles"].made) == (1, 612, 3)
    assert (rows["Owls"].l, rows["Owls"].pa, rows["Owls"].reneges) == (1, 612, 1)
    assert rows["Hawks"].gp == 0
