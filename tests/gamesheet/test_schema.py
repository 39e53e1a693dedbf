"""The JSON Schemas of clabber-game/1 and clabber-sheet/1, and their problem lines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.validators import validator_for

from clabber_league.gamesheet import read_game, sheet_document
from clabber_league.gamesheet.schema import (
    GAME_SCHEMA,
    SHEET_SCHEMA,
    json_path,
    located_problems,
    schema_problems,
)
from clabber_league.rules.rulesets import OPTION_KEYS
from clabber_league.store.league_file import LEAGUE_SCHEMA

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "resources" / "schemas"
EXAMPLES = ROOT / "resources" / "examples"

#: The input example of SHEET_JSON.md, verbatim.
CONTRACT_INPUT: dict[str, Any] = {
    "format": "clabber-game/1",
    "rules": "evansville",
    "options": {"target": 500},
    "sides": ["Eagles", "Owls"],
    "first_dealer": "A1",
    "hands": [
        {"makers": "A", "trump": "S", "tricks": {"A": 92}},
        {"makers": "B", "tricks": {"B": 100}, "melds": {"B": 20}, "bell": "B"},
        {"passed": True},
        {"makers": "A", "renege": "A", "melds": {"B": 50}},
        {"makers": "B", "renege": "both"},
        {
            "makers": "A",
            "trump": "H",
            "tricks": {"A": 75},
            "declared": {"A1": [["9S", "10S", "JS"]], "B2": [["QD", "KD", "AD"]]},
        },
    ],
}

#: SHEET_JSON.md, "Output": the fields of every row of the computed sheet.
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
PRESETS = {
    "evansville",
    "evansville-alt",
    "wadesville",
    "two-handed",
    "three-handed",
    "six-handed",
    "klaberjass",
}
#: SHEET_JSON.md, "options": each option's allowed values (target is a free integer > 0).
CONTRACT_OPTIONS: dict[str, list[Any]] = {
    "tie_at_target": ["tie", "play_on"],
    "all_pass": ["next_dealer", "same_dealer"],
    "set_rule": ["more_than_defenders", "82_tricks"],
    "meld_ranking": ["standard", "alternate"],
    "run_of_six": [100, 300],
    "zero_mark": ["-", "~"],
}


def load_schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return schema


def game(*hands: Any, **fields: Any) -> dict[str, Any]:
    return {"format": "clabber-game/1", "sides": ["Eagles", "Owls"], "hands": list(hands), **fields}


# --- the schema files themselves ---------------------------------------------------------


@pytest.mark.parametrize("name", [GAME_SCHEMA, SHEET_SCHEMA, LEAGUE_SCHEMA])
def test_schema_file_is_a_valid_draft_2020_12_schema(name: str) -> None:
    schema = load_schema(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert validator_for(schema) is Draft202012Validator
    Draft202012Validator.check_schema(schema)


def test_the_schemas_exist_and_nothing_else_is_in_the_folder() -> None:
    assert {path.name for path in SCHEMAS.glob("*.json")} == {
        GAME_SCHEMA,
        SHEET_SCHEMA,
        LEAGUE_SCHEMA,
    }


def test_game_schema_lists_the_contract_presets() -> None:
    schema = load_schema(GAME_SCHEMA)
    assert set(schema["properties"]["rules"]["enum"]) == PRESETS
    assert schema["properties"]["format"] == {"const": "clabber-game/1"}
    assert set(schema["required"]) == {"format", "sides", "hands"}


def test_game_schema_takes_every_contract_option_with_its_values() -> None:
    options = load_schema(GAME_SCHEMA)["properties"]["options"]
    assert options["additionalProperties"] is False
    properties = options["properties"]
    assert properties["target"] == {"type": "integer", "minimum": 1, "maximum": 10000}
    for key, values in CONTRACT_OPTIONS.items():
        assert properties[key]["enum"] == values, key


def test_game_schema_hand_fields_are_the_contract_fields() -> None:
    hand = load_schema(GAME_SCHEMA)["$defs"]["hand"]
    assert hand["additionalProperties"] is False
    assert set(hand["properties"]) == {
        "makers",
        "trump",
        "tricks",
        "melds",
        "declared",
        "bell",
        "passed",
        "renege",
        "written",
        "paper_totals",  # this project's extension, written hands only
    }


def test_sheet_schema_rows_require_exactly_the_contract_fields() -> None:
    schema = load_schema(SHEET_SCHEMA)
    assert set(schema["required"]) == SHEET_KEYS
    assert set(schema["properties"]) == SHEET_KEYS
    row = schema["$defs"]["row"]
    assert set(row["required"]) == ROW_KEYS
    # Two optional extensions, only on hands copied with the paper's running totals.
    assert set(row["properties"]) == ROW_KEYS | {"paper_totals", "paper_slips"}
    assert row["additionalProperties"] is False
    assert set(row["properties"]["kind"]["enum"]) == {"played", "passed", "renege", "void"}


# --- documents that pass ---------------------------------------------------------------------


def test_contract_input_example_has_no_schema_problems() -> None:
    assert schema_problems(CONTRACT_INPUT) == []


@pytest.mark.parametrize("name", sorted(path.name for path in EXAMPLES.glob("*.json")))
def test_examples_have_no_schema_problems(name: str) -> None:
    document = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    assert schema_problems(document) == []


def test_computed_sheet_passes_the_sheet_schema() -> None:
    sheet = sheet_document(read_game(CONTRACT_INPUT).game())
    assert schema_problems(sheet, SHEET_SCHEMA) == []
    # And the same document, through JSON, still passes (what the CLI prints).
    assert schema_problems(json.loads(json.dumps(sheet)), SHEET_SCHEMA) == []


@pytest.mark.parametrize("card", ["10S", "TS", "ts", "9♠", "J♥", "qd", " AC ", "K♣", "7H", "8d"])
def test_card_codes_the_schema_accepts(card: str) -> None:
    document = game(
        {"makers": "A", "trump": "S", "tricks": {"A": 92}, "declared": {"A1": [[card]]}}
    )
    assert schema_problems(document) == []


# --- problem lines ---------------------------------------------------------------------------


def test_a_problem_in_a_hand_names_the_hand_and_field() -> None:
    document = game({"makers": "A", "tricks": {"A": 92}}, {"makers": "Z", "tricks": {"B": 92}})
    assert schema_problems(document) == [
        "hand 2: makers: 'Z' is not allowed here; use 'A' or 'B' or 'C'"
    ]


def test_problems_in_several_hands_are_one_line_each_in_hand_order() -> None:
    document = game(
        {"makers": "A", "tricks": {"A": "ninety-two"}},
        {"makers": "A", "tricks": {"A": 92}},
        {"makers": "A", "colour": "red"},
        {"passed": False},
    )
    problems = schema_problems(document)
    assert problems == [
        "hand 1: tricks.A: 'ninety-two' is not of type 'integer'",
        "hand 3: unknown field ('colour' was unexpected)",
        "hand 4: passed: False is not allowed here; use True",
    ]
    assert all("\n" not in line for line in problems)


@pytest.mark.parametrize("card", ["1S", "10X", "JJ", "S10", "", "11H", "10", "A S", "6C"])
def test_a_bad_card_code_is_named_with_its_place(card: str) -> None:
    document = game(
        {"makers": "A", "trump": "S", "tricks": {"A": 92}},
        {"makers": "A", "trump": "S", "tricks": {"A": 92}, "declared": {"B1": [["9S", card]]}},
    )
    assert schema_problems(document) == [
        f"hand 2: declared.B1.0.1: {card!r} is not a card: write rank then suit, e.g. 10S or JH"
    ]


@pytest.mark.parametrize(
    ("hand", "line"),
    [
        ({"makers": "A", "trump": "X"}, "hand 1: trump: 'X' is not allowed here"),
        ({"makers": "A", "bell": "Q"}, "hand 1: bell: 'Q' is not allowed here"),
        ({"makers": "A", "renege": "neither"}, "hand 1: renege: 'neither' is not allowed here"),
        ({"makers": "A", "written": {"A": 92}}, "hand 1: written.A: 92 is not of type 'string'"),
        ({"makers": "A", "melds": {"D": 20}}, "hand 1: melds: 'D' is not allowed here"),
        ({"makers": "A", "tricks": {"A": 9.5}}, "hand 1: tricks.A: 9.5 is not of type 'integer'"),
        ({"makers": "A", "declared": {"A4": []}}, "hand 1: declared: 'A4' is not allowed here"),
        (17, "hand 1: 17 is not of type 'object'"),
    ],
)
def test_problem_line_for_each_kind_of_bad_field(hand: Any, line: str) -> None:
    problems = schema_problems(game(hand))
    assert len(problems) == 1
    assert problems[0].startswith(line)


@pytest.mark.parametrize("preset", ["two-handed", "klaberjass"])
def test_two_player_games_need_both_trick_figures(preset: str) -> None:
    """SHEET_JSON.md: only 18 cards are played, so neither figure is the rest of 162."""
    document = {
        "format": "clabber-game/1",
        "rules": preset,
        "sides": ["Eagles", "Owls"],
        "hands": [
            {"makers": "A", "tricks": {"A": 70}},
            {"makers": "B", "tricks": {}},
            {"makers": "A", "tricks": {"A": 70, "B": 40}},
            {"makers": "A", "renege": "B"},
        ],
    }
    assert schema_problems(document) == [
        "hand 1: tricks: B's trick points are missing: two-handed and klaberjass play only 18 "
        "cards, so both players' figures are needed",
        "hand 2: tricks: A and B's trick points are missing: two-handed and klaberjass play "
        "only 18 cards, so both players' figures are needed",
    ]
    for preset_sharing_162 in ("evansville", "six-handed"):
        assert schema_problems({**document, "rules": preset_sharing_162}) == []


def test_problems_outside_the_hands_name_their_place() -> None:
    document = {
        "format": "clabber-game/1",
        "sides": ["Eagles"],
        "options": {"target": 0, "trumps": "many"},
        "first_dealer": "D1",
        "colour": "green",
    }
    problems = schema_problems(document)
    assert "the file: 'hands' is a required property" in problems
    assert "the file: unknown field ('colour' was unexpected)" in problems
    assert "options: unknown field ('trumps' was unexpected)" in problems
    assert any(line.startswith("options: target: 0 ") for line in problems)
    assert any(line.startswith("sides: ") for line in problems)
    assert any(line.startswith("first_dealer: 'D1' is not allowed here") for line in problems)
    assert len(problems) == 6


def test_a_huge_value_is_shortened_in_its_problem_line() -> None:
    problems = schema_problems(game(list(range(1000))))
    assert len(problems) == 1
    assert problems[0] == "hand 1: a list of 1,000 items is not of type 'object'"
    assert len(problems[0]) < 250


def test_a_document_that_is_not_an_object_is_one_problem() -> None:
    assert schema_problems([]) == ["the file: [] is not of type 'object'"]


def test_sheet_schema_rejects_a_row_missing_a_field() -> None:
    sheet = sheet_document(read_game(CONTRACT_INPUT).game())
    del sheet["hands"][0]["running_check"]
    problems = schema_problems(sheet, SHEET_SCHEMA)
    assert problems == ["hand 1: 'running_check' is a required property"]


def test_a_deep_document_s_problems_name_their_whole_path() -> None:
    """A league file's problem names where it is, all the way down."""
    assert json_path(["seasons", 0, "teams", 2, "name"]) == "seasons[0].teams[2].name"
    assert json_path([]) == "the file"
    document = {"format": "clabber-league/1", "league": {"name": "Club"}, "seasons": [{"name": 5}]}
    problems = located_problems(document, LEAGUE_SCHEMA)
    assert problems[0] == "league: 'created_at' is a required property"
    assert problems[-1] == "seasons[0].name: 5 is not of type 'string'"


def test_the_game_schema_names_every_rule_option() -> None:
    schema = json.loads((SCHEMAS / "clabber-game-1.schema.json").read_text(encoding="utf-8"))
    assert list(schema["properties"]["options"]["properties"]) == list(OPTION_KEYS)


def test_a_game_of_so_many_hands_reads_and_ends() -> None:
    document = {
        "format": "clabber-game/1",
        "rules": "evansville",
        "options": {"hands_per_game": 2},
        "sides": ["Eagles", "Owls"],
        "hands": [{"makers": "A", "tricks": {"A": 92}}, {"makers": "B", "tricks": {"B": 120}}],
    }
    assert schema_problems(document, GAME_SCHEMA) == []
    game = read_game(document).game()
    assert (game.finished, game.winner) == (True, "B")
