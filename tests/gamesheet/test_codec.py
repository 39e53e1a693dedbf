"""Game documents to rules objects (read_game), and games to sheets (sheet_document)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from clabber_league.gamesheet import GameSpec, read_game, sheet_document
from clabber_league.rules import (
    Card,
    GameError,
    PassedHand,
    PlayedHand,
    Rank,
    RenegeHand,
    Suit,
    WrittenHand,
    rule_set,
)

#: SHEET_JSON.md, "Output": the fields of every row, and of the sheet itself.
ROW_KEYS = {
    "n",
    "dealer",
    "makers",
    "trump",
    "kind",
    "set",
    "meld_winner",
    "melds",
    "bell",
    "scores",
    "marks",
    "totals",
    "hand_check",
    "running_check",
}
SHEET_KEYS = {"format", "sides", "hands", "totals", "finished", "winner"}

#: RULES.md §4: every meld total a side can score under the default rules.
DEFAULT_MELD_TOTALS = [0, 20, 40, 50, 60, 70, 80, 90, 100, 120, 140, 150, 200, 220, 240, 300]


def game(*hands: Any, **fields: Any) -> dict[str, Any]:
    return {"format": "clabber-game/1", "sides": ["Eagles", "Owls"], "hands": list(hands), **fields}


def problems(document: Any) -> list[str]:
    """Every problem read_game and scoring report, one line each."""
    with pytest.raises(GameError) as info:
        read_game(document).game()
    return list(info.value.messages)


def rows(*hands: Any, **fields: Any) -> list[dict[str, Any]]:
    sheet = sheet_document(read_game(game(*hands, **fields)).game())
    hand_rows: list[dict[str, Any]] = sheet["hands"]
    return hand_rows


def c(code: str) -> Card:
    return Card.from_str(code)


# --- read_game: one test per kind of hand --------------------------------------------------


def test_read_game_played_hand() -> None:
    spec = read_game(game({"makers": "A", "trump": "S", "tricks": {"A": 92}}))
    assert isinstance(spec, GameSpec)
    assert spec.rules == rule_set("evansville")
    assert spec.sides == ("Eagles", "Owls")
    assert spec.first_dealer == "A1"
    assert spec.entries == (PlayedHand("A", {"A": 92}, Suit.SPADES),)


def test_read_game_played_hand_with_every_field() -> None:
    hand = {"makers": "B", "trump": "♥", "tricks": {"A": 62, "B": 100}, "melds": {"B": 20}}
    hand["bell"] = "B"
    (entry,) = read_game(game(hand)).entries
    assert entry == PlayedHand("B", {"A": 62, "B": 100}, Suit.HEARTS, {"B": 20}, None, "B")


def test_read_game_passed_hand() -> None:
    assert read_game(game({"passed": True})).entries == (PassedHand(),)


@pytest.mark.parametrize("offender", ["A", "B", "both"])
def test_read_game_renege_hand(offender: str) -> None:
    hand = {"makers": "A", "renege": offender, "trump": "D", "melds": {"B": 50}, "bell": "B"}
    (entry,) = read_game(game(hand)).entries
    assert entry == RenegeHand("A", offender, Suit.DIAMONDS, {"B": 50}, "B")


def test_read_game_renege_hand_without_melds() -> None:
    (entry,) = read_game(game({"makers": "B", "renege": "A"})).entries
    assert entry == RenegeHand("B", "A")
    assert dict(entry.melds) == {}
    assert entry.bell is None


def test_read_game_written_hand() -> None:
    hand = {"makers": "A", "trump": "C", "written": {"A": "XX", "B": "92"}}
    (entry,) = read_game(game(hand)).entries
    assert entry == WrittenHand("A", {"A": "XX", "B": "92"}, Suit.CLUBS)


def test_read_game_declared_hand() -> None:
    hand = {
        "makers": "A",
        "trump": "H",
        "tricks": {"A": 90},
        "bell": "A",
        "declared": {
            "A1": [["JH", "QH", "KH"]],
            "B2": [["9S", "TS", "J♠"], ["AS", "AH", "AD", "AC"]],
        },
    }
    (entry,) = read_game(game(hand)).entries
    assert isinstance(entry, PlayedHand)
    assert entry.melds is None
    assert entry.declared == {
        "A1": ((c("JH"), c("QH"), c("KH")),),
        "B2": ((c("9S"), c("10S"), c("JS")), (c("AS"), c("AH"), c("AD"), c("AC"))),
    }
    assert entry.bell == "A"


def test_read_game_keeps_the_hands_in_order() -> None:
    spec = read_game(
        game(
            {"makers": "A", "tricks": {"A": 92}},
            {"passed": True},
            {"makers": "B", "renege": "both"},
            {"makers": "B", "written": {"A": "-", "B": "182"}},
        )
    )
    assert [type(entry) for entry in spec.entries] == [
        PlayedHand,
        PassedHand,
        RenegeHand,
        WrittenHand,
    ]


def test_read_game_rules_options_sides_and_first_dealer() -> None:
    spec = read_game(
        {
            "format": "clabber-game/1",
            "rules": "evansville-alt",
            "options": {"target": 300, "zero_mark": "~"},
            "sides": [" Eagles ", "Owls"],
            "first_dealer": "B2",
            "hands": [],
        }
    )
    assert spec.rules == rule_set("evansville-alt", {"target": 300, "zero_mark": "~"})
    assert spec.first_dealer == "B2"
    assert spec.game().sides == ("Eagles", "Owls")


@pytest.mark.parametrize(
    ("preset", "sides", "first"),
    [
        ("evansville", ["a", "b"], "A1"),
        ("six-handed", ["a", "b"], "A1"),
        ("three-handed", ["a", "b", "c"], "A"),
        ("two-handed", ["a", "b"], "A"),
        ("klaberjass", ["a", "b"], "A"),
    ],
)
def test_first_dealer_defaults_to_the_first_seat(preset: str, sides: list[str], first: str) -> None:
    spec = read_game({"format": "clabber-game/1", "rules": preset, "sides": sides, "hands": []})
    assert spec.first_dealer == first


# --- which fields each kind of hand takes ------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ({"passed": True, "makers": "A"}, "hand 1: a passed hand does not take makers"),
        (
            {"passed": True, "trump": "S", "tricks": {"A": 92}},
            "hand 1: a passed hand does not take tricks, trump",
        ),
        ({"passed": True, "renege": "A"}, "hand 1: a passed hand does not take renege"),
        ({"passed": True, "bell": None}, "hand 1: a passed hand does not take bell"),
        (
            {"makers": "A", "renege": "B", "tricks": {"A": 92}},
            "hand 1: a renege hand does not take tricks",
        ),
        (
            {"makers": "A", "renege": "B", "declared": {"A1": [["9S", "10S", "JS"]]}},
            "hand 1: a renege hand does not take declared",
        ),
        (
            {"makers": "A", "renege": "B", "written": {"A": "162", "B": "-"}},
            "hand 1: a renege hand does not take written",
        ),
        (
            {"makers": "A", "written": {"A": "92", "B": "70"}, "melds": {"A": 20}},
            "hand 1: a written hand does not take melds",
        ),
        (
            {"makers": "A", "written": {"A": "92", "B": "70"}, "bell": "A"},
            "hand 1: a written hand does not take bell",
        ),
        (
            {"makers": "A", "written": {"A": "92", "B": "70"}, "tricks": {"A": 92}},
            "hand 1: a written hand does not take tricks",
        ),
        (
            {"makers": "A", "written": {"A": "92", "B": "70"}, "declared": {}},
            "hand 1: a written hand does not take declared",
        ),
        (
            {"trump": "S", "tricks": {"A": 92}},
            "hand 1: say which side made trump: the makers are missing",
        ),
        ({"renege": "A"}, "hand 1: say which side made trump: the makers are missing"),
        (
            {"written": {"A": "92", "B": "70"}},
            "hand 1: say which side made trump: the makers are missing",
        ),
        ({}, "hand 1: say which side made trump: the makers are missing"),
    ],
)
def test_a_field_the_kind_of_hand_does_not_take_is_named(
    hand: dict[str, Any], message: str
) -> None:
    assert problems(game(hand)) == [message]


def test_field_problems_of_several_hands_are_one_line_each() -> None:
    document = game(
        {"makers": "A", "tricks": {"A": 92}},
        {"passed": True, "makers": "B"},
        {"makers": "A", "tricks": {"A": 92}},
        {"makers": "B", "renege": "A", "tricks": {"B": 100}},
    )
    assert problems(document) == [
        "hand 2: a passed hand does not take makers",
        "hand 4: a renege hand does not take tricks",
    ]


def test_schema_problems_come_before_field_problems() -> None:
    # A schema problem stops reading: the field check of hand 1 is not reached.
    document = game({"passed": True, "makers": "A"}, {"makers": "Z"})
    assert problems(document) == ["hand 2: makers: 'Z' is not allowed here; use 'A' or 'B' or 'C'"]


def test_melds_as_points_and_as_cards_together_is_an_error() -> None:
    hand = {
        "makers": "A",
        "trump": "S",
        "tricks": {"A": 92},
        "melds": {"A": 20},
        "declared": {"A1": [["9S", "10S", "JS"]]},
    }
    (line,) = problems(game(hand))
    assert line.startswith("hand 1: ")
    assert "either as points or as declared cards" in line


def test_declared_melds_need_the_trump_suit() -> None:
    hand = {"makers": "A", "tricks": {"A": 92}, "declared": {"A1": [["9S", "10S", "JS"]]}}
    (line,) = problems(game(hand))
    assert line.startswith("hand 1: name the trump suit")


# --- card codes --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "card"),
    [
        ("10S", Card(Rank.TEN, Suit.SPADES)),
        ("TS", Card(Rank.TEN, Suit.SPADES)),
        ("th", Card(Rank.TEN, Suit.HEARTS)),
        ("9♠", Card(Rank.NINE, Suit.SPADES)),
        ("J♥", Card(Rank.JACK, Suit.HEARTS)),
        ("Q♦", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("K♣", Card(Rank.KING, Suit.CLUBS)),
        ("T♦", Card(Rank.TEN, Suit.DIAMONDS)),
        ("qd", Card(Rank.QUEEN, Suit.DIAMONDS)),
        (" AC ", Card(Rank.ACE, Suit.CLUBS)),
        ("7H", Card(Rank.SEVEN, Suit.HEARTS)),
    ],
)
def test_card_codes(code: str, card: Card) -> None:
    hand = {"makers": "A", "trump": "S", "tricks": {"A": 92}, "declared": {"B1": [[code]]}}
    (entry,) = read_game(game(hand)).entries
    assert isinstance(entry, PlayedHand)
    assert entry.declared == {"B1": ((card,),)}


def test_ten_written_t_and_pips_score_like_the_plain_codes() -> None:
    plain = {"A1": [["9H", "10H", "JH"]], "B1": [["10S", "JS", "QS"]]}
    fancy = {"A1": [["9♥", "T♥", "J♥"]], "B1": [["ts", "js", "qs"]]}
    sheets = [
        rows({"makers": "A", "trump": "D", "tricks": {"A": 100}, "declared": shown})
        for shown in (plain, fancy)
    ]
    assert sheets[0] == sheets[1]
    assert sheets[0][0]["meld_winner"] == "B"
    assert sheets[0][0]["melds"] == {"A": 0, "B": 20}


def test_a_card_outside_the_deck_is_named() -> None:
    hand = {
        "makers": "A",
        "trump": "S",
        "tricks": {"A": 92},
        "declared": {"A1": [["7S", "8S", "9S"]]},
    }
    (line,) = problems(game(hand))
    assert line.startswith("hand 1: ")
    assert "7S" in line
    assert "24-card deck" in line


def test_seven_and_eight_are_cards_in_klaberjass() -> None:
    hand = {
        "makers": "A",
        "trump": "S",
        "tricks": {"A": 92, "B": 40},
        "declared": {"B": [["7H", "8H", "9H"]]},
    }
    (row,) = rows(hand, rules="klaberjass")
    assert row["meld_winner"] == "B"
    assert row["melds"] == {"A": 0, "B": 20}


# --- sheet_document ------------------------------------------------------------------------


def test_sheet_document_keys_are_exactly_the_contract_keys() -> None:
    hands = [
        {"makers": "A", "trump": "S", "tricks": {"A": 92}},
        {"passed": True},
        {"makers": "A", "renege": "A", "melds": {"B": 50}},
        {"makers": "B", "renege": "both"},
        {"makers": "A", "written": {"A": "XX", "B": "92"}},
        {
            "makers": "A",
            "trump": "H",
            "tricks": {"A": 90},
            "declared": {"A1": [["JH", "QH", "KH"]]},
        },
    ]
    sheet = sheet_document(read_game(game(*hands)).game())
    assert set(sheet) == SHEET_KEYS
    assert sheet["format"] == "clabber-sheet/1"
    assert sheet["sides"] == ["Eagles", "Owls"]
    assert len(sheet["hands"]) == len(hands)
    for n, row in enumerate(sheet["hands"], start=1):
        assert set(row) == ROW_KEYS
        assert row["n"] == n
        for key in ("scores", "marks", "totals"):
            assert set(row[key]) == {"A", "B"}, key
    assert json.loads(json.dumps(sheet)) == sheet


def test_sheet_document_of_an_empty_game() -> None:
    sheet = sheet_document(read_game(game()).game())
    assert sheet == {
        "format": "clabber-sheet/1",
        "sides": ["Eagles", "Owls"],
        "hands": [],
        "totals": {"A": 0, "B": 0},
        "finished": False,
        "winner": None,
    }


def test_sheet_document_row_of_a_played_hand() -> None:
    (row,) = rows({"makers": "A", "trump": "♠", "tricks": {"A": 92}})
    assert row == {
        "n": 1,
        "dealer": "A1",
        "makers": "A",
        "trump": "S",
        "kind": "played",
        "set": False,
        "meld_winner": None,
        "melds": {"A": 0, "B": 0},
        "bell": None,
        "scores": {"A": 92, "B": 70},
        "marks": {"A": "92", "B": "70"},
        "totals": {"A": 92, "B": 70},
        "hand_check": 162,
        "running_check": 162,
    }


def test_sheet_document_row_of_a_passed_hand() -> None:
    (row,) = rows({"passed": True})
    assert row == {
        "n": 1,
        "dealer": "A1",
        "makers": None,
        "trump": None,
        "kind": "passed",
        "set": False,
        "meld_winner": None,
        "melds": {"A": 0, "B": 0},
        "bell": None,
        "scores": {"A": 0, "B": 0},
        "marks": {"A": "", "B": ""},
        "totals": {"A": 0, "B": 0},
        "hand_check": 0,
        "running_check": 0,
    }


@pytest.mark.parametrize(
    ("written", "scores", "marks", "went_set"),
    [
        ({"A": "92", "B": "70"}, {"A": 92, "B": 70}, {"A": "92", "B": "70"}, False),
        ({"A": "XX", "B": "92"}, {"A": 0, "B": 92}, {"A": "XX", "B": "92"}, True),
        ({"A": "xx", "B": " 92 "}, {"A": 0, "B": 92}, {"A": "XX", "B": "92"}, True),
        ({"A": "182", "B": "-"}, {"A": 182, "B": 0}, {"A": "182", "B": "-"}, False),
        ({"A": "162", "B": "0"}, {"A": 162, "B": 0}, {"A": "162", "B": "-"}, False),
    ],
)
def test_sheet_document_row_of_a_written_hand(
    written: dict[str, str], scores: dict[str, int], marks: dict[str, str], went_set: bool
) -> None:
    (row,) = rows({"makers": "A", "written": written})
    assert row["kind"] == "played"
    assert row["set"] is went_set
    assert row["scores"] == scores
    assert row["marks"] == marks
    assert row["melds"] is None
    assert row["meld_winner"] is None
    assert row["bell"] is None
    assert row["hand_check"] == sum(scores.values())


@pytest.mark.parametrize(
    ("written", "words"),
    [
        (
            {"A": "XX", "B": "70"},
            "makers set with the defenders on 70 is impossible: the makers took at least 92 "
            "trick points",
        ),
        ({"A": "92", "B": "XX"}, "only the makers are written XX"),
        ({"A": "-", "B": "162"}, "makers who do not make it are set, written XX"),
        ({"A": "92", "B": "60"}, "add to 152"),
        ({"A": "92", "B": "75"}, "melds come in tens"),
        ({"A": "80", "B": "82"}, "makers who do not score more than the defenders are set"),
        ({"A": "92"}, "mark is missing"),
        ({"A": "ninety", "B": "70"}, "'ninety' is not a mark"),
    ],
)
def test_an_impossible_written_hand_says_why(written: dict[str, str], words: str) -> None:
    (line,) = problems(game({"makers": "A", "written": written}))
    assert line.startswith("hand 1: ")
    assert words in line


def test_sheet_document_rows_of_reneges() -> None:
    by_makers, by_defenders, both = rows(
        {"makers": "A", "renege": "A", "melds": {"B": 50}},
        {"makers": "A", "renege": "B", "melds": {"A": 20}, "bell": "A"},
        {"makers": "B", "renege": "both"},
    )
    assert by_makers["kind"] == "renege"
    assert by_makers["scores"] == {"A": 0, "B": 212}
    assert by_makers["marks"] == {"A": "XX", "B": "212"}
    assert by_makers["melds"] == {"A": 0, "B": 50}
    assert by_makers["meld_winner"] == "B"
    assert by_makers["set"] is False
    assert by_defenders["scores"] == {"A": 202, "B": 0}
    assert by_defenders["marks"] == {"A": "202", "B": "-"}
    assert by_defenders["bell"] == "A"
    assert by_defenders["melds"] == {"A": 20, "B": 0}
    assert by_defenders["meld_winner"] == "A"
    assert both["kind"] == "void"
    assert both["scores"] == {"A": 0, "B": 0}
    assert both["marks"] == {"A": "", "B": ""}
    assert both["melds"] == {"A": 0, "B": 0}
    assert (both["meld_winner"], both["bell"], both["set"]) == (None, None, False)
    assert both["dealer"] == "A2"


def test_the_reneging_side_cannot_score_its_melds_or_bell() -> None:
    assert len(problems(game({"makers": "A", "renege": "A", "melds": {"A": 50}}))) == 1
    assert len(problems(game({"makers": "A", "renege": "A", "bell": "A"}))) == 1
    assert len(problems(game({"makers": "A", "renege": "both", "melds": {"B": 20}}))) == 1


# --- RULES.md §5: the worked examples (makers = A) -----------------------------------------


@pytest.mark.parametrize(
    ("hand", "scores", "marks", "went_set"),
    [
        ({"tricks": {"A": 92}}, {"A": 92, "B": 70}, {"A": "92", "B": "70"}, False),
        (
            {"tricks": {"A": 75}, "melds": {"A": 20}},
            {"A": 95, "B": 87},
            {"A": "95", "B": "87"},
            False,
        ),
        ({"tricks": {"A": 81}}, {"A": 0, "B": 81}, {"A": "XX", "B": "81"}, True),
        ({"tricks": {"A": 70}, "bell": "A"}, {"A": 0, "B": 92}, {"A": "XX", "B": "92"}, True),
        ({"tricks": {"A": 162}}, {"A": 162, "B": 0}, {"A": "162", "B": "-"}, False),
        ({"tricks": {"B": 162}}, {"A": 0, "B": 162}, {"A": "XX", "B": "162"}, True),
        (
            {"tricks": {"A": 40}, "melds": {"B": 50}},
            {"A": 0, "B": 172},
            {"A": "XX", "B": "172"},
            True,
        ),
    ],
)
def test_rules_section_5_examples(
    hand: dict[str, Any], scores: dict[str, int], marks: dict[str, str], went_set: bool
) -> None:
    (row,) = rows({"makers": "A", "trump": "S", **hand})
    assert row["scores"] == scores
    assert row["marks"] == marks
    assert row["set"] is went_set
    assert row["hand_check"] == sum(scores.values())


@pytest.mark.parametrize("points", [-2, 1, 161, 163])
def test_impossible_trick_points_are_refused(points: int) -> None:
    (line,) = problems(game({"makers": "A", "tricks": {"A": points}}))
    assert line.startswith("hand 1: ")


def test_trick_points_of_both_sides_must_add_to_162() -> None:
    (line,) = problems(game({"makers": "A", "tricks": {"A": 92, "B": 80}}))
    assert "162" in line


@pytest.mark.parametrize("total", DEFAULT_MELD_TOTALS)
def test_every_meld_total_of_rules_section_4_is_accepted(total: int) -> None:
    (row,) = rows({"makers": "A", "tricks": {"A": 100}, "melds": {"A": total}})
    assert row["melds"] == {"A": total, "B": 0}
    assert row["scores"]["A"] == 100 + total


@pytest.mark.parametrize("total", [10, 30, 110, 160, 250, 260, 320, 400])
def test_an_impossible_meld_total_is_refused(total: int) -> None:
    (line,) = problems(game({"makers": "A", "tricks": {"A": 100}, "melds": {"A": total}}))
    assert line.startswith("hand 1: ")
    assert str(total) in line


def test_only_one_side_scores_melds() -> None:
    (line,) = problems(game({"makers": "A", "tricks": {"A": 100}, "melds": {"A": 20, "B": 20}}))
    assert "only the side with the best meld scores melds" in line


# --- declared melds: RULES.md §4 comparison and the bell ----------------------------------


def declared_row(trump: str, shown: dict[str, Any]) -> dict[str, Any]:
    """The row of a hand the makers (A) played with 110 trick points and these melds shown."""
    (row,) = rows({"makers": "A", "trump": trump, "tricks": {"A": 110}, "declared": shown})
    return row


def test_forty_dollar_dad_is_a_dad_plus_the_bell() -> None:
    row = declared_row("H", {"A1": [["JH", "QH", "KH"]]})
    assert row["melds"] == {"A": 20, "B": 0}
    assert row["bell"] == "A"
    assert row["scores"] == {"A": 150, "B": 52}


def test_a_beaten_forty_dollar_dad_keeps_the_bell() -> None:
    row = declared_row("H", {"A1": [["JH", "QH", "KH"]], "B1": [["9S", "10S", "JS", "QS"]]})
    assert row["meld_winner"] == "B"
    assert row["melds"] == {"A": 0, "B": 50}
    assert row["bell"] == "A"
    assert row["scores"] == {"A": 130, "B": 102}


def test_a_trump_run_beats_an_equal_plain_run() -> None:
    row = declared_row("D", {"A1": [["10C", "JC", "QC"]], "B2": [["10D", "JD", "QD"]]})
    assert row["meld_winner"] == "B"
    assert row["melds"] == {"A": 0, "B": 20}


def test_equal_plain_runs_score_for_nobody() -> None:
    row = declared_row("S", {"A1": [["9H", "10H", "JH"]], "B1": [["9D", "10D", "JD"]]})
    assert row["meld_winner"] is None
    assert row["melds"] == {"A": 0, "B": 0}


def test_the_higher_top_card_beats_a_trump_run_of_the_same_length() -> None:
    row = declared_row("S", {"A1": [["9S", "10S", "JS"]], "B1": [["QH", "KH", "AH"]]})
    assert row["meld_winner"] == "B"


def test_the_meld_winner_scores_all_melds_of_both_players() -> None:
    shown = {
        "A1": [["AS", "AH", "AD", "AC"]],
        "A2": [["9H", "10H", "JH"], ["9D", "10D", "JD"]],
        "B1": [["9C", "10C", "JC", "QC", "KC"]],
    }
    row = declared_row("C", shown)
    assert row["meld_winner"] == "A"
    assert row["melds"] == {"A": 140, "B": 0}


@pytest.mark.parametrize(("rules", "winner"), [("evansville", "A"), ("evansville-alt", "B")])
def test_four_nines_against_a_run_of_five_depends_on_the_meld_ranking(
    rules: str, winner: str
) -> None:
    shown = {"A1": [["9S", "9H", "9D", "9C"]], "B1": [["10S", "JS", "QS", "KS", "AS"]]}
    hand = {"makers": "A", "trump": "H", "tricks": {"A": 110}, "declared": shown}
    (row,) = rows(hand, rules=rules)
    assert row["meld_winner"] == winner


def test_a_card_shown_by_two_players_is_an_error() -> None:
    shown = {"A1": [["9S", "10S", "JS"]], "B1": [["JS", "QS", "KS"]]}
    hand = {"makers": "A", "trump": "H", "tricks": {"A": 110}, "declared": shown}
    (line,) = problems(game(hand))
    assert line == "hand 1: JS is shown by both A1 and B1"


def test_the_bell_claimed_by_the_wrong_side_is_an_error() -> None:
    shown = {"A1": [["JH", "QH", "KH"]]}
    hand = {"makers": "A", "trump": "H", "tricks": {"A": 110}, "declared": shown, "bell": "B"}
    (line,) = problems(game(hand))
    assert line.startswith("hand 1: the bell belongs to Eagles")


# ---------------------------------------------------------------- paper copies (extensions)


def test_a_written_hand_may_leave_the_makers_unknown() -> None:
    hand = {"makers": None, "written": {"A": "92", "B": "70"}}
    spec = read_game(game(hand))
    assert spec.entries == (WrittenHand(None, {"A": "92", "B": "70"}),)
    (row,) = rows(hand)
    assert (row["makers"], row["set"], row["kind"], row["marks"]) == (
        None,
        False,
        "played",
        {"A": "92", "B": "70"},
    )
    assert set(row) == ROW_KEYS  # no paper totals copied: the row is the contract's own


@pytest.mark.parametrize(
    ("hand", "line"),
    [
        (
            {"written": {"A": "92", "B": "70"}},
            "hand 1: say which side made trump: the makers are missing",
        ),
        (
            {"makers": None, "tricks": {"A": 92}},
            "hand 1: say which side made trump: only a hand copied from paper may leave the "
            "makers unknown (null)",
        ),
        (
            {"makers": None, "renege": "A"},
            "hand 1: say which side made trump: only a hand copied from paper may leave the "
            "makers unknown (null)",
        ),
    ],
)
def test_only_a_written_hand_takes_unknown_makers_and_it_still_needs_the_key(
    hand: dict[str, Any], line: str
) -> None:
    assert problems(game(hand)) == [line]


def test_the_papers_totals_travel_with_the_hand_and_flag_the_slip() -> None:
    hands = [
        {"makers": None, "written": {"A": "92", "B": "70"}, "paper_totals": {"A": 92, "B": 70}},
        {"makers": "B", "written": {"A": "62", "B": "100"}, "paper_totals": {"A": 164, "B": 170}},
    ]
    spec = read_game(game(*hands))
    assert spec.entries[1] == WrittenHand("B", {"A": "62", "B": "100"}, None, {"A": 164, "B": 170})
    first, second = rows(*hands)
    assert (first["paper_totals"], first["paper_slips"]) == ({"A": 92, "B": 70}, [])
    assert (second["paper_totals"], second["paper_slips"]) == ({"A": 164, "B": 170}, ["A"])
    assert second["totals"] == {"A": 154, "B": 170}  # the paper never changes the score


def test_paper_totals_on_another_kind_of_hand_are_refused() -> None:
    assert problems(game({"makers": "A", "tricks": {"A": 92}, "paper_totals": {"A": 92}})) == [
        "hand 1: a played hand does not take paper_totals"
    ]
