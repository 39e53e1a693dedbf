"""Games copied from paper: unknown makers in the standings, the mode kept with the game,
who sat known to the recorder (migration 0004)."""

from __future__ import annotations

from typing import Any

from sqlmodel import select

from clabber_league.rules import WrittenHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import create_game, open_game
from clabber_league.store.imports import import_games
from clabber_league.store.league import add_team, create_season
from clabber_league.store.models import StoredGame
from tests.store.helpers import season_standings
from tests.store.test_league import sheet, w


def unknown(a: str, b: str) -> dict[str, Any]:
    """A hand the paper does not say the makers of."""
    return {"makers": None, "written": {"A": a, "B": b}}


def night() -> dict[str, Any]:
    """Eagles win 612–320, two of the hands with unknown makers."""
    return sheet(
        "Eagles",
        "Owls",
        [
            unknown("150", "12"),
            w("A", "XX", "122"),
            w("B", "12", "150"),
            unknown("150", "12"),
            w("A", "150", "12"),
            w("A", "150", "12"),
        ],
    )


def season(database: Database) -> None:
    create_season(database, league="Club", season="Spring")
    for name in ("Eagles", "Owls"):
        add_team(database, "Spring", name, league="Club")


def test_hands_with_unknown_makers_are_made_by_neither_side(database: Database) -> None:
    season(database)
    import_games(database, [night()], "Spring", league="Club")
    rows = {row.name: row for row in season_standings(database, "Spring", "Club")}
    eagles, owls = rows["Eagles"], rows["Owls"]
    # Eagles made two of their own, went set once; Owls made one: the two unknown are nobody's.
    assert (eagles.made, eagles.sets, owls.made, owls.sets) == (2, 1, 1, 0)
    assert (eagles.unknown_makers, owls.unknown_makers) == (2, 2)
    assert (eagles.pf, owls.pf) == (612, 320)
    with database.session() as session:
        (stored,) = session.exec(select(StoredGame)).all()
    assert stored.unknown_makers == 2


def test_the_paper_copy_mode_is_kept_with_the_game_and_no_other(database: Database) -> None:
    first = create_game(database, rule_set(), ["Eagles", "Owls"])
    second = create_game(database, rule_set(), ["Hawks", "Crows"], paper_copy=True)
    assert (first.paper_copy, second.paper_copy) == (False, True)
    version = first.version
    first.set_paper_copy(True)
    # The mode changes no figure: other stations need not reload for it.
    assert first.version == version
    assert open_game(database, first.id).paper_copy
    assert open_game(database, second.id).paper_copy
    second.set_paper_copy(False)
    assert not open_game(database, second.id).paper_copy


def test_the_recorder_knows_who_sat(database: Database) -> None:
    players = {"A1": "Ann", "B1": "Cal", "A2": " Bob ", "B2": ""}
    recorder = create_game(database, rule_set(), ["Eagles", "Owls"], players=players)
    assert recorder.players == {"A1": "Ann", "A2": "Bob", "B1": "Cal"}
    recorder.seat({"A1": "Ann", "A2": "Sue", "B1": "Cal", "B2": "Dee"})
    assert recorder.players == {"A1": "Ann", "A2": "Sue", "B1": "Cal", "B2": "Dee"}
    assert open_game(database, recorder.id).players == recorder.players


def test_a_recorded_hand_with_unknown_makers_counts_in_the_game_row(database: Database) -> None:
    recorder = create_game(database, rule_set(), ["Eagles", "Owls"], paper_copy=True)
    recorder.record(WrittenHand(None, {"A": "92", "B": "70"}, None, {"A": 92, "B": 70}))
    recorder.record(WrittenHand("B", {"A": "62", "B": "100"}))
    with database.session() as session:
        stored = session.get(StoredGame, recorder.id)
        assert stored is not None
        assert (stored.unknown_makers, stored.made_a, stored.made_b) == (1, 0, 1)
    reopened = open_game(database, recorder.id)
    assert reopened.game.entries[0] == WrittenHand(
        None, {"A": "92", "B": "70"}, None, {"A": 92, "B": 70}
    )
