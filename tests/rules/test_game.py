"""The game: running totals, dealer rotation, the end at the target, W and ties, undo."""

import pytest

from clabber_league.rules import (
    TIE,
    Game,
    GameError,
    PassedHand,
    PlayedHand,
    RenegeHand,
    rule_set,
)
from clabber_league.rules.game import check_players
from clabber_league.rules.limits import NAME


def made(makers: str, points: int) -> PlayedHand:
    """A plain hand: the makers take ``points`` trick points, no melds."""
    return PlayedHand(makers, {makers: points})


def evansville(**options: object) -> Game:
    return Game(rule_set("evansville", options), ["Eagles", "Owls"])


def test_totals_and_check_columns_accumulate() -> None:
    game = evansville()
    game.push(made("A", 92))
    game.push(PlayedHand("B", {"B": 100}, melds={"B": 20}, bell="B"))
    first, second = game.rows
    assert (first.totals, first.hand_check, first.running_check) == ({"A": 92, "B": 70}, 162, 162)
    assert second.result.scores == {"A": 62, "B": 140}
    assert (second.totals, second.hand_check, second.running_check) == (
        {"A": 154, "B": 210},
        202,
        364,
    )
    assert game.running_check == sum(game.totals.values())


def test_deal_passes_left_around_the_four_seats() -> None:
    game = evansville()
    for _ in range(5):
        game.push(PassedHand())
    assert [row.dealer for row in game.rows] == ["A1", "B1", "A2", "B2", "A1"]
    assert game.next_dealer == "B1"


def test_first_dealer_can_be_any_seat() -> None:
    game = Game(rule_set(), ["Eagles", "Owls"], "A2")
    game.push(PassedHand())
    assert game.rows[0].dealer == "A2"
    assert game.next_dealer == "B2"


def test_double_renege_same_dealer_deals_again() -> None:
    game = evansville()
    game.push(RenegeHand("A", "both"))
    game.push(made("A", 92))
    assert [row.dealer for row in game.rows] == ["A1", "A1"]
    assert game.rows[0].result.scores == {"A": 0, "B": 0}


def test_all_pass_option_same_dealer() -> None:
    game = evansville(all_pass="same_dealer")
    game.push(PassedHand())
    game.push(PassedHand())
    game.push(made("A", 92))
    assert [row.dealer for row in game.rows] == ["A1", "A1", "A1"]
    assert game.next_dealer == "B1"


def test_three_and_six_handed_seats_rotate() -> None:
    three = Game(rule_set("three-handed"), ["Ann", "Bob", "Cy"])
    six = Game(rule_set("six-handed"), ["Eagles", "Owls"])
    for _ in range(4):
        three.push(PassedHand())
    for _ in range(7):
        six.push(PassedHand())
    assert [row.dealer for row in three.rows] == ["A", "B", "C", "A"]
    assert [row.dealer for row in six.rows] == ["A1", "B1", "A2", "B2", "A3", "B3", "A1"]


def test_game_ends_when_a_total_reaches_the_target_and_the_higher_wins() -> None:
    game = evansville()
    for _ in range(3):
        game.push(made("A", 150))  # A 150 a hand, B 12
    assert not game.finished
    game.push(made("A", 150))
    assert game.totals == {"A": 600, "B": 48}
    assert (game.finished, game.winner) == (True, "A")


def test_the_game_ends_on_the_hand_that_reaches_the_target_whoever_dealt() -> None:
    game = evansville(target=300)
    game.push(made("A", 160))  # A 160, B 2
    game.push(PlayedHand("B", {"B": 162}, melds={"B": 140}))  # B 302 + 2
    assert (game.totals, game.finished, game.winner) == ({"A": 160, "B": 304}, True, "B")


def test_hands_after_the_end_are_refused() -> None:
    game = evansville(target=100)
    game.push(made("A", 150))
    assert game.winner == "A"
    with pytest.raises(GameError) as caught:
        game.push(made("B", 92))
    assert caught.value.messages == (
        "hand 2: the game ended after hand 1 (Eagles won 150–12); no hand can follow it",
    )
    assert len(game.rows) == 1


def test_equal_totals_past_the_target_tie_or_play_on() -> None:
    hands = [made("A", 92), made("B", 92)]  # 92:70, then 162:162 — both past 150
    tie = Game(rule_set("evansville", {"target": 150}), ["Eagles", "Owls"], entries=hands)
    assert (tie.finished, tie.winner) == (True, TIE)
    play_on = Game(
        rule_set("evansville", {"target": 150, "tie_at_target": "play_on"}),
        ["Eagles", "Owls"],
        entries=hands,
    )
    assert (play_on.finished, play_on.winner) == (False, None)
    play_on.push(PassedHand())
    assert not play_on.finished  # still level: another hand
    play_on.push(made("B", 92))
    assert (play_on.totals, play_on.finished, play_on.winner) == (
        {"A": 232, "B": 254},
        True,
        "B",
    )


def test_a_game_of_so_many_hands_ends_after_them_whoever_leads() -> None:
    game = evansville(hands_per_game=3)
    game.push(made("A", 150))
    game.push(made("B", 100))
    assert not game.finished
    game.push(made("B", 100))  # 150+62+62 : 12+100+100
    assert (game.totals, game.finished, game.winner) == ({"A": 274, "B": 212}, True, "A")
    with pytest.raises(GameError) as caught:
        game.push(made("A", 92))
    assert caught.value.messages == (
        "hand 4: the game ended after hand 3 (Eagles won 274–212); no hand can follow it",
    )


def test_the_target_still_ends_a_game_of_so_many_hands() -> None:
    game = evansville(hands_per_game=8, target=300)
    game.push(made("A", 162))
    game.push(PlayedHand("A", {"A": 162}, melds={"A": 20}))
    assert (game.finished, game.winner, len(game.rows)) == (True, "A", 2)


def test_level_after_so_many_hands_tie_or_play_on() -> None:
    hands = [made("A", 92), made("B", 92)]  # 162:162 after two hands
    tie = evansville(hands_per_game=2)
    for hand in hands:
        tie.push(hand)
    assert (tie.finished, tie.winner) == (True, TIE)
    play_on = evansville(hands_per_game=2, tie_at_target="play_on")
    for hand in hands:
        play_on.push(hand)
    assert not play_on.finished
    play_on.push(made("A", 92))
    assert (play_on.finished, play_on.winner) == (True, "A")


def test_pop_takes_back_the_last_hand() -> None:
    game = evansville(target=100)
    game.push(made("A", 92))
    game.push(made("A", 92))
    assert game.finished
    entry = game.pop()
    assert entry == made("A", 92)
    assert not game.finished
    assert game.totals == {"A": 92, "B": 70}
    game.pop()
    with pytest.raises(GameError, match="no hand to take back"):
        game.pop()


def test_replacing_an_early_hand_rederives_everything_after_it() -> None:
    game = evansville(target=300)
    for _ in range(3):
        game.push(made("A", 92))
    old = game.replace(1, PlayedHand("A", {"A": 40}, melds={"B": 50}))  # A set: XX, B 172
    assert old == made("A", 92)
    assert [row.result.marks["A"] for row in game.rows] == ["XX", "92", "92"]
    assert game.totals == {"A": 184, "B": 312}
    assert game.finished
    assert game.winner == "B"
    assert game.rows[-1].running_check == 496


def test_a_correction_that_would_end_the_game_early_is_refused_and_changes_nothing() -> None:
    game = evansville(target=300)
    for _ in range(3):
        game.push(made("A", 92))
    before = game.rows
    with pytest.raises(GameError) as caught:
        game.replace(1, PlayedHand("A", {"A": 162}, melds={"A": 200}))
    assert caught.value.messages[0].startswith("hand 2: the game ended after hand 1")
    assert game.rows == before


def test_delete_and_insert_are_inverse() -> None:
    game = evansville()
    for points in (92, 100, 120):
        game.push(made("A", points))
    removed = game.delete(2)
    assert [row.result.scores["A"] for row in game.rows] == [92, 120]
    assert [row.dealer for row in game.rows] == ["A1", "B1"]
    game.insert(2, removed)
    assert [row.result.scores["A"] for row in game.rows] == [92, 100, 120]
    with pytest.raises(GameError, match="there is no hand 9"):
        game.delete(9)


def test_preview_scores_without_recording() -> None:
    game = evansville()
    row = game.preview(made("B", 100))
    assert (row.n, row.dealer, row.result.scores) == (1, "A1", {"A": 62, "B": 100})
    assert not game.rows
    game.push(made("A", 92))
    corrected = game.preview(made("A", 100), at=1)
    assert corrected.result.scores == {"A": 100, "B": 62}
    assert game.rows[0].result.scores == {"A": 92, "B": 70}


def test_a_bad_hand_is_refused_and_nothing_changes() -> None:
    game = evansville()
    game.push(made("A", 92))
    with pytest.raises(GameError) as caught:
        game.push(PlayedHand("A", {"A": 161}))
    assert caught.value.messages == (
        "hand 2: Eagles cannot score 161 trick points — that leaves the other team 1, and no card "
        "is worth 1",
    )
    assert len(game.rows) == 1


def test_every_problem_of_every_hand_is_listed() -> None:
    with pytest.raises(GameError) as caught:
        Game(
            rule_set(),
            ["Eagles", "Owls"],
            entries=[made("A", 161), made("A", 92), PlayedHand("C", {"A": 170})],
        )
    messages = caught.value.messages
    assert messages[0].startswith("hand 1:")
    assert [m.split(":")[0] for m in messages[1:]] == ["hand 3", "hand 3"]


@pytest.mark.parametrize(
    ("sides", "dealer", "fragment"),
    [
        (["Eagles"], "A1", "2 sides, but 1 are named"),
        (["Eagles", " "], "A1", "every side needs a name"),
        (["Eagles", "Eagles"], "A1", "different names"),
        (["Eagles", "Owls"], "C1", "first dealer must be one of the seats A1, B1, A2, B2"),
    ],
)
def test_setup_problems(sides: list[str], dealer: str, fragment: str) -> None:
    with pytest.raises(GameError, match=fragment):
        Game(rule_set(), sides, dealer)


@pytest.mark.parametrize("name", ["\ud800", "Ea\x1b[31mgles", "Ow\x00ls", "Ow\x7fls"])
def test_side_names_with_unshowable_characters_are_refused(name: str) -> None:
    with pytest.raises(GameError, match="cannot be shown"):
        Game(rule_set(), [name, "Owls2"])


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Ea\tgles", "Ea gles"),  # a tab or a line break pasted from a spreadsheet: a space
        ("Ow\nls", "Ow ls"),
        ("Ｅａｇｌｅｓ\u200b", "Eagles"),  # full-width, and a zero-width space
        ("\u202eEagles", "Eagles"),  # a right-to-left override
    ],
)
def test_side_names_follow_the_one_rule_for_names(typed: str, kept: str) -> None:
    """The same cleaning as team, league and season names (``rules.names.clean_name``)."""
    assert Game(rule_set(), [typed, "Owls"]).sides[0] == kept


def test_a_side_name_is_at_most_the_name_limit_long() -> None:
    Game(rule_set(), ["E" * NAME.high, "Owls"])
    with pytest.raises(GameError, match=f"101 characters long; at most {NAME.high} fit"):
        Game(rule_set(), ["E" * (NAME.high + 1), "Owls"])


def test_persian_names_with_a_zero_width_non_joiner_are_fine() -> None:
    game = Game(rule_set(), ["می\u200cروم", "Owls"])
    assert game.sides[0] == "می\u200cروم"


def test_a_person_sits_in_one_seat_names_compared_as_names_are() -> None:
    assert check_players({"A": ["Ann", "Bob"], "B": ["Cal", "Dee"]}) == []
    assert check_players({"A": ["Ann", "Bob"], "B": ["ann ", "Dee"]}) == [
        "Ann is listed for side A and for side B: a player sits in one seat"
    ]
    assert check_players({"A": ["Cal", "CAL\u200b"], "B": []}) == ["Cal is listed twice for side A"]
    # Said once, however often repeated.
    assert check_players({"A": ["Eve", "eve"], "B": ["EVE"], "C": ["Eve"]}) == [
        "Eve is listed twice for side A"
    ]
