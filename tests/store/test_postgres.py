"""The store on a PostgreSQL server: migrations, games, a season and its standings.

Runs when ``CLABBER_LEAGUE_TEST_PG`` names a server URL (``.ci/run`` starts a
throw-away server and sets it); each test gets a database of its own.
"""

import json
from collections.abc import Iterator

import pytest

import clabber_league.store.league as league_module
from clabber_league.resources import resource
from clabber_league.rules import PlayedHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.errors import StaleGameError, StoreError
from clabber_league.store.games import create_game, export_game, list_games, open_game
from clabber_league.store.imports import AlreadyStoredError, import_game, import_games
from clabber_league.store.league import add_team, create_season, generate_schedule
from tests.store.helpers import SERVER, season_standings, server_database
from tests.store.test_standings import down_and_up, season_of_every_kind, standings_of

pytestmark = pytest.mark.skipif(not SERVER, reason="no PostgreSQL server (CLABBER_LEAGUE_TEST_PG)")


@pytest.fixture
def database() -> Iterator[Database]:
    with server_database() as url:
        opened = Database.open(url)
        try:
            yield opened
        finally:
            opened.close()


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


def test_a_stale_write_changes_nothing_on_postgres(database: Database) -> None:
    url = database.engine.url.render_as_string(hide_password=False)
    first = create_game(database, rule_set(), ["Eagles", "Owls"])
    other = Database.open(url)
    try:
        second = open_game(other, first.id)
        second.record(PlayedHand("B", {"B": 100}))
        with pytest.raises(StaleGameError, match=r"^Another station recorded hand 1 to Eagles v"):
            first.record(PlayedHand("A", {"A": 92}))
    finally:
        other.close()
    assert first.version == 1
    assert open_game(database, first.id).game.totals == {"A": 62, "B": 100}


def test_names_and_games_are_stored_once_on_postgres(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_season(database, league="Club", season="Spring")
    add_team(database, "Spring", "Eagles")
    monkeypatch.setattr(league_module, "team_by_name", lambda *_args: None)
    with pytest.raises(StoreError, match=r"^Spring already has a team called EAGLES$"):
        add_team(database, "Spring", "EAGLES")
    monkeypatch.undo()
    document = json.loads(sorted(resource("examples").glob("*.json"))[0].read_text("utf-8"))
    game_id = import_game(database, document)
    with pytest.raises(AlreadyStoredError):
        import_game(database, document)
    assert [game.id for game in list_games(database)] == [game_id]


def test_a_read_only_open_on_postgres_writes_nothing(database: Database) -> None:
    url = database.engine.url.render_as_string(hide_password=False)
    reader = Database.open(url, read_only=True)
    try:
        with pytest.raises(StoreError, match="read-only"):
            create_game(reader, rule_set(), ["Eagles", "Owls"])
    finally:
        reader.close()
    assert list_games(database) == []


def test_the_standings_and_the_0008_downgrade_on_postgres(database: Database) -> None:
    """The store's figures equal a recount on a server (head-to-head included), and the
    downgrade from 0008 refills the old tallies as the recount counts them."""
    expected = season_of_every_kind(database)
    assert down_and_up(database.engine.url.render_as_string(hide_password=False)) == expected
    assert season_standings(database, "Spring") == standings_of(database, expected)


def test_a_team_removal_on_the_server(database: Database) -> None:
    from tests.store.test_rosters import (  # noqa: PLC0415 - the SQLite test, run here again
        test_a_team_without_games_goes_and_its_opponents_get_byes as removal,
    )

    removal(database)


def test_a_substitute_on_the_server(database: Database) -> None:
    from tests.store.test_rosters import (  # noqa: PLC0415 - the SQLite test, run here again
        test_a_substitute_sits_in_the_games_begun_from_then_on as substitute,
    )

    substitute(database)


def test_a_roster_import_on_the_server(database: Database) -> None:
    from tests.store.test_rosters import (  # noqa: PLC0415 - the SQLite test, run here again
        test_rosters_are_added_all_at_once as roster_import,
    )

    roster_import(database)
