"""Games in the database: each change judged by the rules, then stored as the rules see it."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clabber_league.gamesheet import hand_document, read_game, read_hand
from clabber_league.rules import (
    Game,
    GameError,
    HandEntry,
    PassedHand,
    PlayedHand,
    RenegeHand,
    Suit,
    rule_set,
)
from clabber_league.store.database import Database
from clabber_league.store.errors import StoreError
from clabber_league.store.games import (
    DatabaseRecorder,
    create_game,
    export_game,
    games_between,
    list_games,
    open_game,
)
from clabber_league.store.imports import import_game
from clabber_league.store.models import (
    CorrectionEntry,
    GameSeat,
    Player,
    StoredGame,
    StoredHand,
)
from tests.rules.strategies import hand_entries, presets
from tests.store.helpers import EXAMPLE_FILES, committed, count, load, made, stored_hands

SIDES = ["Eagles", "Owls"]
SPADES_MADE = PlayedHand("A", {"A": 92}, Suit.SPADES)
MELD_AND_BELL = PlayedHand("B", {"B": 100}, melds={"B": 20}, bell="B")
RENEGE = RenegeHand("A", "A", melds={"B": 50})
MAKERS_SET = PlayedHand("A", {"A": 70, "B": 92}, Suit.HEARTS)
DOUBLE_RENEGE = RenegeHand("B", "both")
"""Nobody scores and the same dealer deals again, so every later dealer moves."""
BIG_HAND = PlayedHand("A", {"A": 162}, Suit.CLUBS, melds={"A": 100}, bell="A")
BAD_TRICKS = PlayedHand("A", {"A": 161})
"""No card is worth 1, so 161 trick points cannot be taken."""


def example_ids(path: Path) -> str:
    return path.stem


def stored_figures(hand: StoredHand) -> tuple[object, ...]:
    """The columns standings read, as the hand row holds them."""
    return (
        hand.n,
        hand.kind,
        hand.dealer,
        hand.makers,
        hand.trump,
        hand.reneged,
        hand.bell,
        hand.is_set,
        hand.score_a,
        hand.score_b,
        hand.score_c,
        read_hand(json.loads(hand.entry_json)),
    )


def expected_figures(game: Game) -> list[tuple[object, ...]]:
    """The same columns, as the rules engine derives them for ``game``."""
    return [
        (
            row.n,
            row.result.kind.value,
            row.dealer,
            row.result.makers,
            row.result.trump.value if row.result.trump else None,
            row.result.reneged,
            row.result.bell,
            row.result.set,
            *(row.result.scores.get(side) for side in ("A", "B", "C")),
            row.entry,
        )
        for row in game.rows
    ]


def assert_stored_as_the_rules_say(database: Database, game_id: int, expected: Game) -> None:
    assert [stored_figures(hand) for hand in stored_hands(database, game_id)] == (
        expected_figures(expected)
    )
    with database.session() as session:
        stored = session.get(StoredGame, game_id)
        assert stored is not None
        totals = (stored.total_a, stored.total_b, stored.total_c)
        assert totals == tuple(expected.totals.get(side) for side in ("A", "B", "C"))
        assert stored.hand_count == len(expected.rows)
        assert stored.winner == expected.winner
        assert (stored.finished_at is not None) == expected.finished


def test_the_examples_are_found() -> None:
    assert len(EXAMPLE_FILES) >= 3


@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=example_ids)
def test_import_then_export_gives_back_the_same_document(database: Database, example: Path) -> None:
    document = load(example)
    game_id = import_game(database, document)
    assert export_game(database, game_id) == document


@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=example_ids)
def test_an_imported_game_reopens_with_the_same_rows(
    database: Database, database_path: Path, example: Path
) -> None:
    document = load(example)
    game_id = import_game(database, document)
    database.close()
    reopened = Database.open(str(database_path))
    try:
        recorder = open_game(reopened, game_id)
        assert recorder.game.rows == read_game(document).game().rows
        assert export_game(reopened, game_id) == document
        assert_stored_as_the_rules_say(reopened, game_id, read_game(document).game())
    finally:
        reopened.close()


def test_recording_and_correcting_gives_the_totals_of_a_plain_game(database: Database) -> None:
    rules = rule_set()
    recorder = create_game(database, rules, SIDES, "B1")
    plain = Game(rules, SIDES, "B1")
    steps: list[tuple[str, str, tuple[Any, ...]]] = [
        ("record", "push", (SPADES_MADE,)),
        ("record", "push", (MELD_AND_BELL,)),
        ("record", "push", (PassedHand(),)),
        ("record", "push", (RENEGE,)),
        ("replace", "replace", (2, MAKERS_SET)),
        ("delete", "delete", (3,)),
        ("insert", "insert", (1, DOUBLE_RENEGE)),
        ("record", "push", (made("B"),)),
        ("replace", "replace", (5, made("A", 100))),
        ("delete", "delete", (1,)),
    ]
    for stored_step, plain_step, arguments in steps:
        returned = getattr(recorder, stored_step)(*arguments)
        plain_returned = getattr(plain, plain_step)(*arguments)
        if stored_step in ("replace", "delete"):
            assert returned == plain_returned
        assert recorder.game.totals == plain.totals
        assert recorder.game.rows == plain.rows
        [summary] = list_games(database)
        assert summary.totals == tuple(plain.totals.values())
        assert summary.hand_count == len(plain.rows)
    assert_stored_as_the_rules_say(database, recorder.id, plain)
    # Hands entered in the app are kept in their canonical document form.
    assert [json.loads(hand.entry_json) for hand in stored_hands(database, recorder.id)] == [
        hand_document(entry) for entry in plain.entries
    ]


def test_corrections_are_logged_with_old_and_new(database: Database) -> None:
    recorder = create_game(database, rule_set(), SIDES)
    for hand in (SPADES_MADE, MELD_AND_BELL, PassedHand()):
        recorder.record(hand)
    assert recorder.corrections() == []

    assert recorder.replace(2, MAKERS_SET) == MELD_AND_BELL
    assert recorder.delete(3) == PassedHand()
    recorder.insert(1, DOUBLE_RENEGE)

    log = recorder.corrections()
    assert [(entry.n, entry.old, entry.new) for entry in log] == [
        (2, MELD_AND_BELL, MAKERS_SET),
        (3, PassedHand(), None),
        (1, None, DOUBLE_RENEGE),
    ]
    times = [entry.at for entry in log]
    assert all(isinstance(at, datetime) for at in times)
    assert times == sorted(times)
    assert open_game(database, recorder.id).corrections() == log


def test_open_game_after_reopening_gives_the_same_game(
    database: Database, database_path: Path
) -> None:
    rules = rule_set("evansville", {"target": 1000})
    recorder = create_game(database, rules, SIDES, "A2", players={"A1": "Ann", "B1": "Bob"})
    for hand in (SPADES_MADE, MELD_AND_BELL, PassedHand(), RENEGE, made("B")):
        recorder.record(hand)
    recorder.replace(1, DOUBLE_RENEGE)
    exported = export_game(database, recorder.id)
    database.close()

    reopened = Database.open(str(database_path))
    try:
        again = open_game(reopened, recorder.id)
        assert again.id == recorder.id
        assert (again.game.rules, again.game.sides, again.game.first_dealer) == (
            rules,
            tuple(SIDES),
            "A2",
        )
        assert again.game.entries == recorder.game.entries
        assert again.game.rows == recorder.game.rows
        assert again.corrections() == recorder.corrections()
        assert export_game(reopened, recorder.id) == exported
        assert count(reopened, Player) == 2
        assert count(reopened, GameSeat) == 2
        # The reopened game goes on being recorded where it stopped.
        again.record(made("A"))
        assert again.game.entries == (*recorder.game.entries, made("A"))
    finally:
        reopened.close()


def test_games_between_two_sides_in_either_seat_newest_first(database: Database) -> None:
    first = create_game(database, rule_set(), ["Eagles", "Owls"])
    create_game(database, rule_set(), ["Eagles", "Hawks"])
    create_game(database, rule_set("three-handed"), ["Eagles", "Owls", "Hawks"])
    swapped = create_game(database, rule_set(), ["Owls", "Eagles"])
    found = games_between(database, ("Eagles", "Owls"))
    assert [summary.id for summary in found] == [swapped.id, first.id]
    assert games_between(database, ("Eagles", "Crows")) == []


def test_list_games_newest_first_with_totals_and_winner(database: Database) -> None:
    finished = create_game(database, rule_set(), SIDES)
    for _ in range(6):
        finished.record(made("A"))
    assert finished.game.finished

    document = load(EXAMPLE_FILES[0])
    imported = read_game(document).game()
    imported_id = import_game(database, document)

    three = create_game(database, rule_set("three-handed"), ["Ann", "Bob", "Cy"])

    summaries = list_games(database)
    assert [summary.id for summary in summaries] == [three.id, imported_id, finished.id]
    newest, middle, oldest = summaries
    assert (newest.sides, newest.totals, newest.hand_count) == (("Ann", "Bob", "Cy"), (0, 0, 0), 0)
    assert (newest.winner, newest.finished_at) == (None, None)
    assert middle.sides == imported.sides
    assert middle.totals == tuple(imported.totals.values())
    assert middle.hand_count == len(imported.rows)
    assert middle.winner == imported.winner
    assert (oldest.sides, oldest.totals, oldest.hand_count) == (tuple(SIDES), (552, 420), 6)
    assert oldest.winner == "A"
    assert oldest.finished_at is not None
    assert oldest.finished_at >= oldest.started_at


def test_an_invalid_game_document_is_refused_and_nothing_is_stored(database: Database) -> None:
    document = load(EXAMPLE_FILES[0])
    document["hands"][1] = {"makers": "A", "tricks": {"A": 161}}
    with pytest.raises(GameError) as refused:
        import_game(database, document)
    assert any(message.startswith("hand 2:") for message in refused.value.messages)
    for table in (StoredGame, StoredHand, CorrectionEntry, GameSeat, Player):
        assert count(database, table) == 0
    assert list_games(database) == []


def test_a_document_whose_game_ends_early_is_refused(database: Database) -> None:
    document = {"format": "clabber-game/1", "sides": SIDES, "hands": [hand_document(made("A"))] * 7}
    with pytest.raises(GameError, match="hand 7: the game ended after hand 6"):
        import_game(database, document)
    assert count(database, StoredGame) == count(database, StoredHand) == 0


REFUSED: dict[str, Callable[[DatabaseRecorder], object]] = {
    "record-bad-tricks": lambda recorder: recorder.record(BAD_TRICKS),
    "replace-bad-tricks": lambda recorder: recorder.replace(1, BAD_TRICKS),
    "insert-bad-tricks": lambda recorder: recorder.insert(2, BAD_TRICKS),
    "replace-missing-hand": lambda recorder: recorder.replace(9, made("A")),
    "delete-missing-hand": lambda recorder: recorder.delete(9),
    "insert-beyond-the-end": lambda recorder: recorder.insert(9, made("A")),
    # Hand 1 corrected to a big hand ends the game at hand 4, before hand 5.
    "replace-ends-the-game-early": lambda recorder: recorder.replace(1, BIG_HAND),
}


@pytest.mark.parametrize("change", REFUSED.values(), ids=REFUSED.keys())
def test_a_refused_change_leaves_game_and_database_unchanged(
    database: Database, database_path: Path, change: Callable[[DatabaseRecorder], object]
) -> None:
    recorder = create_game(database, rule_set(), SIDES)
    for _ in range(5):
        recorder.record(made("A"))
    recorder.replace(2, made("A", 100))
    entries, rows = recorder.game.entries, recorder.game.rows
    before = committed(database_path)

    with pytest.raises(GameError):
        change(recorder)

    assert (recorder.game.entries, recorder.game.rows) == (entries, rows)
    assert committed(database_path) == before
    assert_stored_as_the_rules_say(database, recorder.id, Game(rule_set(), SIDES, None, entries))


def test_a_hand_after_the_end_is_refused(database: Database, database_path: Path) -> None:
    recorder = create_game(database, rule_set(), SIDES)
    for _ in range(6):
        recorder.record(made("A"))
    assert recorder.game.finished
    entries, before = recorder.game.entries, committed(database_path)
    with pytest.raises(GameError, match="hand 7: the game ended after hand 6"):
        recorder.record(made("B"))
    assert recorder.game.entries == entries
    assert committed(database_path) == before


def test_the_premise_of_the_early_end_refusal() -> None:
    """BIG_HAND as hand 1 really does end a game of five 92-point hands at hand 4."""
    game = Game(rule_set(), SIDES, None, [made("A")] * 5)
    with pytest.raises(GameError, match="hand 5: the game ended after hand 4"):
        game.replace(1, BIG_HAND)


def test_hand_rows_follow_a_correction_to_an_early_hand(database: Database) -> None:
    rules = rule_set("evansville", {"target": 1000})
    recorder = create_game(database, rules, SIDES, "B2")
    for hand in (SPADES_MADE, PassedHand(), RENEGE, MELD_AND_BELL, MAKERS_SET, made("B")):
        recorder.record(hand)
    before = [(hand.n, hand.dealer) for hand in stored_hands(database, recorder.id)]

    recorder.replace(1, DOUBLE_RENEGE)

    expected = Game(rules, SIDES, "B2", [DOUBLE_RENEGE, *recorder.game.entries[1:]])
    assert_stored_as_the_rules_say(database, recorder.id, expected)
    after = [(hand.n, hand.dealer) for hand in stored_hands(database, recorder.id)]
    assert [dealer for _, dealer in after][1:] == [dealer for _, dealer in before][:-1]
    # The figures are right in the rows themselves, not just after a re-derivation.
    first = stored_hands(database, recorder.id)[0]
    assert (first.kind, first.reneged, first.score_a, first.score_b) == ("void", "both", 0, 0)

    recorder.delete(2)
    recorder.insert(2, made("A", 100))
    expected = Game(rules, SIDES, "B2", recorder.game.entries)
    assert_stored_as_the_rules_say(database, recorder.id, expected)


def test_each_side_keeps_its_own_score_when_klaberjass_makers_go_set(database: Database) -> None:
    """RULES.md §10: a Klaberjass maker behind gives both scores away, here B's to A."""
    rules = rule_set("klaberjass")
    recorder = create_game(database, rules, SIDES)
    recorder.record(PlayedHand("B", {"A": 80, "B": 64}))
    [row] = recorder.game.rows
    assert (row.result.set, row.result.scores["A"], row.result.scores["B"]) == (True, 144, 0)
    [hand] = stored_hands(database, recorder.id)
    assert (hand.is_set, hand.score_a, hand.score_b) == (True, 144, 0)
    assert_stored_as_the_rules_say(database, recorder.id, Game(rules, SIDES, None, [row.entry]))


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_stored_rows_follow_the_rules_for_any_game(database: Database, data: st.DataObject) -> None:
    rules = rule_set(data.draw(presets), {"target": data.draw(st.sampled_from([300, 500]))})
    names = ["North", "South", "West"][: len(rules.sides)]
    recorder = create_game(database, rules, names)
    for _ in range(data.draw(st.integers(1, 8))):
        if recorder.game.finished:
            break
        recorder.record(data.draw(hand_entries(rules)))
    correction: HandEntry = data.draw(hand_entries(rules))
    n = data.draw(st.integers(1, len(recorder.game.entries)))
    # A correction that would end the game before a later hand is refused.
    with contextlib.suppress(GameError):
        recorder.replace(n, correction)
    expected = Game(rules, names, None, recorder.game.entries)
    assert_stored_as_the_rules_say(database, recorder.id, expected)
    assert open_game(database, recorder.id).game.rows == expected.rows


def test_a_two_player_hand_stored_as_162_minus_is_named_when_the_game_is_opened(
    database: Database,
) -> None:
    """Before the engine derived the two-player figures it filled in "162 minus" one of
    them. Such a hand cannot be re-scored (the real other figure was never written), so the
    game says why it will not open, and it still exports as it was entered."""
    recorder = create_game(database, rule_set("klaberjass"), SIDES)
    recorder.record(PlayedHand("A", {"A": 70, "B": 40}))
    [hand] = stored_hands(database, recorder.id)
    with database.session() as session:
        stored = session.get(StoredHand, hand.id)
        assert stored is not None
        stored.entry_json = json.dumps({"makers": "A", "tricks": {"A": 70}})
        session.add(stored)
        session.commit()
    with pytest.raises(StoreError) as refused:
        open_game(database, recorder.id)
    assert str(refused.value) == (
        f"game {recorder.id} no longer passes the rules: hand 1: Owls's trick points are "
        "missing: in Klaberjass only 18 of the 32 cards are played, so each player's figure "
        "is needed"
    )
    assert export_game(database, recorder.id)["hands"] == [{"makers": "A", "tricks": {"A": 70}}]
