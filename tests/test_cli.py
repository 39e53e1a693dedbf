"""The ``clabber-league score`` command, run for real (SHEET_JSON.md is the contract)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from clabber_league import APP_ID, __version__
from clabber_league.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "resources" / "examples"
SHEET_SCHEMA = ROOT / "resources" / "schemas" / "clabber-sheet-1.schema.json"
EXAMPLE_NAMES = sorted(path.name for path in EXAMPLES.glob("*.json"))

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


# Worked out by hand from RULES.md:
# 1. A made S with 92; B has the rest, 70.                          A 92   B 70
# 2. B made with 100 + dad 20 + bell 20 = 140 against A's 62.       A 62   B 140
# 3. All passed: nobody scores, the deal still passes left.
# 4. A (makers) reneged: B scores 162 + its fifty 50 = 212; A XX.   A 0    B 212
# 5. Both reneged: nobody scores and A1 deals again.
# 6. A made H with 75; B has 87. A's dad tops at J, B's at A: B's dad
#    wins (equal length, higher top card), B 87 + 20 = 107 > 75: A set.
#    B reaches 529 >= 500: the game ends and B wins.
CONTRACT_ROWS: list[dict[str, Any]] = [
    {
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
    },
    {
        "n": 2,
        "dealer": "B1",
        "makers": "B",
        "trump": None,
        "kind": "played",
        "set": False,
        "meld_winner": "B",
        "melds": {"A": 0, "B": 20},
        "bell": "B",
        "scores": {"A": 62, "B": 140},
        "marks": {"A": "62", "B": "140"},
        "totals": {"A": 154, "B": 210},
        "hand_check": 202,
        "running_check": 364,
    },
    {
        "n": 3,
        "dealer": "A2",
        "makers": None,
        "trump": None,
        "kind": "passed",
        "set": False,
        "meld_winner": None,
        "melds": {"A": 0, "B": 0},
        "bell": None,
        "scores": {"A": 0, "B": 0},
        "marks": {"A": "", "B": ""},
        "totals": {"A": 154, "B": 210},
        "hand_check": 0,
        "running_check": 364,
    },
    {
        "n": 4,
        "dealer": "B2",
        "makers": "A",
        "trump": None,
        "kind": "renege",
        "set": False,
        "meld_winner": "B",
        "melds": {"A": 0, "B": 50},
        "bell": None,
        "scores": {"A": 0, "B": 212},
        "marks": {"A": "XX", "B": "212"},
        "totals": {"A": 154, "B": 422},
        "hand_check": 212,
        "running_check": 576,
    },
    {
        "n": 5,
        "dealer": "A1",
        "makers": "B",
        "trump": None,
        "kind": "void",
        "set": False,
        "meld_winner": None,
        "melds": {"A": 0, "B": 0},
        "bell": None,
        "scores": {"A": 0, "B": 0},
        "marks": {"A": "", "B": ""},
        "totals": {"A": 154, "B": 422},
        "hand_check": 0,
        "running_check": 576,
    },
    {
        "n": 6,
        "dealer": "A1",
        "makers": "A",
        "trump": "H",
        "kind": "played",
        "set": True,
        "meld_winner": "B",
        "melds": {"A": 0, "B": 20},
        "bell": None,
        "scores": {"A": 0, "B": 107},
        "marks": {"A": "XX", "B": "107"},
        "totals": {"A": 154, "B": 529},
        "hand_check": 107,
        "running_check": 683,
    },
]


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str

    @property
    def sheet(self) -> dict[str, Any]:
        document: dict[str, Any] = json.loads(self.out)
        return document

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()


def score(capsys: pytest.CaptureFixture[str], path: Path | str) -> Run:
    code = main(["score", str(path)])
    captured = capsys.readouterr()
    return Run(code, captured.out, captured.err)


def write(tmp_path: Path, document: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def game(*hands: Any, **fields: Any) -> dict[str, Any]:
    return {"format": "clabber-game/1", "sides": ["Eagles", "Owls"], "hands": list(hands), **fields}


@cache
def sheet_validator() -> Draft202012Validator:
    schema = json.loads(SHEET_SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def assert_valid_sheet(sheet: Any) -> None:
    """A clabber-sheet/1 document whose check columns agree with its totals."""
    sheet_validator().validate(sheet)
    assert sheet["format"] == "clabber-sheet/1"
    running = 0
    for row in sheet["hands"]:
        assert row["hand_check"] == sum(row["scores"].values())
        running += row["hand_check"]
        assert row["running_check"] == running
        assert row["running_check"] == sum(row["totals"].values())
    if sheet["hands"]:
        assert sheet["totals"] == sheet["hands"][-1]["totals"]


def assert_bad_input(run: Run) -> None:
    """Exit 2, nothing on standard output, and one plain line per problem."""
    assert run.code == 2
    assert run.out == ""
    assert run.err_lines
    assert all(line.strip() for line in run.err_lines)
    assert "Traceback" not in run.err


# --- the examples ------------------------------------------------------------------------


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_every_example_scores_to_a_valid_sheet(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    run = score(capsys, EXAMPLES / name)
    assert run.code == 0, run.err
    assert run.err == ""
    assert_valid_sheet(run.sheet)
    assert run.sheet["finished"] is True
    assert run.sheet["winner"] in ("A", "B")


def test_example_evansville_full_game(capsys: pytest.CaptureFixture[str]) -> None:
    sheet = score(capsys, EXAMPLES / "evansville-full-game.json").sheet
    hands = sheet["hands"]
    assert [row["dealer"] for row in hands] == ["A1", "B1", "A2", "B2", "A1", "B1", "A2"]
    assert [row["kind"] for row in hands] == [
        "played",
        "played",
        "passed",
        "played",
        "renege",
        "played",
        "played",
    ]
    assert [row["marks"] for row in hands] == [
        {"A": "70", "B": "92"},
        {"A": "150", "B": "62"},
        {"A": "", "B": ""},
        {"A": "92", "B": "XX"},  # B: 70 + bell 20 = 90, not more than A's 92
        {"A": "XX", "B": "182"},  # A reneged: B 162 + dad 20
        {"A": "80", "B": "102"},  # B: 82 + bell 20
        {"A": "282", "B": "-"},  # A: 162 + hundred 100 + bell 20
    ]
    assert [row["set"] for row in hands] == [False, False, False, True, False, False, False]
    assert sheet["totals"] == {"A": 674, "B": 438}
    assert hands[-1]["running_check"] == 1112
    assert (sheet["finished"], sheet["winner"]) == (True, "A")


def test_example_paper_transcription(capsys: pytest.CaptureFixture[str]) -> None:
    sheet = score(capsys, EXAMPLES / "paper-transcription.json").sheet
    hands = sheet["hands"]
    assert [row["dealer"] for row in hands] == ["B1", "A2", "B2", "A1", "B1", "A2", "B2"]
    assert [row["marks"] for row in hands] == [
        {"A": "92", "B": "70"},
        {"A": "-", "B": "182"},
        {"A": "XX", "B": "92"},
        {"A": "", "B": ""},
        {"A": "112", "B": "XX"},
        {"A": "232", "B": "-"},
        {"A": "150", "B": "62"},
    ]
    written = [row for row in hands if row["kind"] == "played"]
    assert all(row["melds"] is None and row["bell"] is None for row in written)
    assert [row["set"] for row in hands] == [False, False, True, False, True, False, False]
    assert hands[5]["trump"] == "D"
    assert sheet["totals"] == {"A": 586, "B": 406}
    assert (sheet["finished"], sheet["winner"]) == (True, "A")


def test_example_declared_melds(capsys: pytest.CaptureFixture[str]) -> None:
    sheet = score(capsys, EXAMPLES / "declared-melds.json").sheet
    forty, trump_run, plain_tie, aces = sheet["hands"]
    # Forty-dollar dad: J-Q-K of trumps is a dad (20) and the bell (20).
    assert (forty["meld_winner"], forty["melds"], forty["bell"]) == ("A", {"A": 20, "B": 0}, "A")
    assert forty["scores"] == {"A": 130, "B": 72}
    # 9-10-J-Q of trumps beats the same run in clubs.
    assert (trump_run["meld_winner"], trump_run["melds"]) == ("B", {"A": 0, "B": 50})
    assert trump_run["scores"] == {"A": 82, "B": 130}
    # Equal plain dads: nobody scores melds; B's bell still counts.
    assert (plain_tie["meld_winner"], plain_tie["melds"]) == (None, {"A": 0, "B": 0})
    assert plain_tie["bell"] == "B"
    assert plain_tie["scores"] == {"A": 100, "B": 82}
    # Four aces outrank A's trump fifty, and B scores its dad as well.
    assert (aces["meld_winner"], aces["melds"]) == ("B", {"A": 0, "B": 120})
    assert aces["scores"] == {"A": 42, "B": 240}
    assert sheet["totals"] == {"A": 354, "B": 524}
    assert (sheet["finished"], sheet["winner"]) == (True, "B")


def test_the_examples_hold_a_whole_game_for_every_preset() -> None:
    presets = {
        json.loads((EXAMPLES / name).read_text(encoding="utf-8")).get("rules", "evansville")
        for name in EXAMPLE_NAMES
    }
    assert presets >= {"evansville", "two-handed", "three-handed", "six-handed", "klaberjass"}


def test_example_two_handed_full_game(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md §10: 18 of the 24 cards are played, so both figures are given and a made
    # hand's check is the two figures plus melds and bell, never 162 plus.
    run = score(capsys, EXAMPLES / "two-handed-full-game.json")
    assert run.code == 0, run.err
    hands = run.sheet["hands"]
    assert [row["dealer"] for row in hands] == ["A", "B", "A", "B", "A", "B", "A", "B"]
    assert [row["marks"] for row in hands] == [
        {"A": "34", "B": "112"},  # B 92 + dad 20
        {"A": "100", "B": "64"},  # A 80 + bell 20
        {"A": "", "B": ""},
        {"A": "70", "B": "XX"},  # B 40 behind A 70
        {"A": "146", "B": "28"},  # A's trump fifty beats B's plain dad: 96 + 50
        {"A": "-", "B": "182"},  # A reneged: B 162 (the penalty) + dad 20
        {"A": "XX", "B": "58"},  # 58 each: a tie sets the maker
        {"A": "38", "B": "121"},  # B 101 + bell 20
    ]
    assert [row["hand_check"] for row in hands] == [146, 164, 0, 70, 174, 182, 58, 159]
    assert hands[4]["meld_winner"] == "A"
    assert run.sheet["totals"] == {"A": 388, "B": 565}
    assert hands[-1]["running_check"] == 953
    assert (run.sheet["finished"], run.sheet["winner"]) == (True, "B")


def test_example_klaberjass_full_game(capsys: pytest.CaptureFixture[str]) -> None:
    run = score(capsys, EXAMPLES / "klaberjass-full-game.json")
    assert run.code == 0, run.err
    hands = run.sheet["hands"]
    assert [row["marks"] for row in hands] == [
        {"A": "81", "B": "45"},
        {"A": "62", "B": "70"},  # B 50 + 7-8-9 of trumps 20
        {"A": "XX", "B": "136"},  # A 40 + bella 20 behind 76: B writes both
        {"A": "", "B": ""},
        {"A": "58", "B": "XX"},  # a tie sets the maker
        {"A": "180", "B": "22"},  # A 110 + trump fifty 50 + bella 20 (K-Q shown in the run)
        {"A": "30", "B": "96"},
        {"A": "XX", "B": "143"},  # A 35 behind B 88 + 20: B writes 35 + 108
    ]
    assert (hands[5]["meld_winner"], hands[5]["melds"], hands[5]["bell"]) == (
        "A",
        {"A": 50, "B": 0},
        "A",
    )
    assert [row["hand_check"] for row in hands] == [126, 132, 136, 0, 58, 202, 126, 143]
    assert run.sheet["totals"] == {"A": 411, "B": 512}
    assert (run.sheet["finished"], run.sheet["winner"]) == (True, "B")


def test_example_three_handed_full_game(capsys: pytest.CaptureFixture[str]) -> None:
    run = score(capsys, EXAMPLES / "three-handed-full-game.json")
    assert run.code == 0, run.err
    hands = run.sheet["hands"]
    assert [row["dealer"] for row in hands] == ["C", "A", "B", "C", "A", "B", "C"]
    assert [row["marks"] for row in hands] == [
        {"A": "72", "B": "40", "C": "50"},
        {"A": "40", "B": "XX", "C": "62"},  # B 60 does not beat C 62; A has the rest, 40
        {"A": "30", "B": "40", "C": "142"},  # C 92 + fifty 50
        {"A": "162", "B": "-", "C": "162"},  # B reneged: each other player scores 162
        {"A": "", "B": "", "C": ""},
        {"A": "180", "B": "40", "C": "42"},  # four aces beat C's dad: A 80 + 100
        {"A": "30", "B": "108", "C": "44"},  # B 88 + dad 20
    ]
    assert [row["hand_check"] for row in hands] == [162, 102, 212, 324, 0, 262, 182]
    assert run.sheet["totals"] == {"A": 514, "B": 228, "C": 502}
    assert (run.sheet["finished"], run.sheet["winner"]) == (True, "A")


def test_example_six_handed_full_game(capsys: pytest.CaptureFixture[str]) -> None:
    run = score(capsys, EXAMPLES / "six-handed-full-game.json")
    assert run.code == 0, run.err
    hands = run.sheet["hands"]
    assert [row["dealer"] for row in hands] == ["A1", "B1", "A2", "B2", "A3", "B3"]
    assert [row["marks"] for row in hands] == [
        {"A": "96", "B": "66"},
        {"A": "112", "B": "300"},  # B 50 + 250 (four nines, four aces and a fifty)
        {"A": "156", "B": "6"},  # B's one trick: six cards are worth at least 6
        {"A": "", "B": ""},
        {"A": "92", "B": "XX"},  # B 70 + bell 20 = 90, not more than 92
        {"A": "62", "B": "220"},  # B3's four aces: B scores its dad too, 100 + 120
    ]
    assert hands[5]["melds"] == {"A": 0, "B": 120}
    assert [row["hand_check"] for row in hands] == [162, 412, 162, 0, 92, 282]
    assert run.sheet["totals"] == {"A": 518, "B": 592}
    assert (run.sheet["finished"], run.sheet["winner"]) == (True, "B")


# --- the SHEET_JSON.md example, hand by hand ---------------------------------------------


def test_contract_example_gives_the_expected_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run = score(capsys, write(tmp_path, CONTRACT_INPUT))
    assert run.code == 0, run.err
    sheet = run.sheet
    assert_valid_sheet(sheet)
    assert sheet["sides"] == ["Eagles", "Owls"]
    for n, (actual, expected) in enumerate(zip(sheet["hands"], CONTRACT_ROWS, strict=True), 1):
        assert actual == expected, f"hand {n}"
    assert sheet["totals"] == {"A": 154, "B": 529}
    assert sheet["finished"] is True
    assert sheet["winner"] == "B"


def test_contract_example_first_hand_is_the_documented_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = dict(CONTRACT_INPUT, hands=CONTRACT_INPUT["hands"][:1])
    sheet = score(capsys, write(tmp_path, document)).sheet
    assert sheet == {
        "format": "clabber-sheet/1",
        "sides": ["Eagles", "Owls"],
        "hands": [CONTRACT_ROWS[0]],
        "totals": {"A": 92, "B": 70},
        "finished": False,
        "winner": None,
    }


def test_dealers_rotate_and_stay_after_a_double_renege(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    played = {"makers": "A", "tricks": {"A": 92}}
    void = {"makers": "A", "renege": "both"}
    hands = [played, played, {"passed": True}, played, void, void, played, played]
    sheet = score(capsys, write(tmp_path, game(*hands))).sheet
    assert [row["dealer"] for row in sheet["hands"]] == [
        "A1",
        "B1",
        "A2",
        "B2",
        "A1",
        "A1",
        "A1",
        "B1",
    ]


@pytest.mark.parametrize(
    ("document", "dealers"),
    [
        (
            game(*[{"passed": True}] * 3, options={"all_pass": "same_dealer"}, first_dealer="B2"),
            ["B2", "B2", "B2"],
        ),
        (
            game(*[{"passed": True}] * 7, rules="six-handed"),
            ["A1", "B1", "A2", "B2", "A3", "B3", "A1"],
        ),
        (
            {
                "format": "clabber-game/1",
                "rules": "three-handed",
                "sides": ["Ann", "Bob", "Cy"],
                "first_dealer": "C",
                "hands": [{"passed": True}] * 4,
            },
            ["C", "A", "B", "C"],
        ),
    ],
)
def test_dealers_under_other_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Any, dealers: list[str]
) -> None:
    run = score(capsys, write(tmp_path, document))
    assert run.code == 0, run.err
    assert [row["dealer"] for row in run.sheet["hands"]] == dealers


def test_a_passed_hand_scores_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hands = [{"makers": "A", "tricks": {"A": 92}}, {"passed": True}]
    first, passed = score(capsys, write(tmp_path, game(*hands))).sheet["hands"]
    assert passed["scores"] == {"A": 0, "B": 0}
    assert passed["marks"] == {"A": "", "B": ""}
    assert passed["totals"] == first["totals"]
    assert passed["hand_check"] == 0
    assert passed["running_check"] == first["running_check"]


def test_running_check_is_the_sum_of_the_totals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sheet = score(capsys, write(tmp_path, CONTRACT_INPUT)).sheet
    for row in sheet["hands"]:
        assert row["running_check"] == sum(row["totals"].values())
    assert sheet["hands"][-1]["running_check"] == sum(sheet["totals"].values())


def test_equal_totals_at_the_target_are_a_tie(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = game({"makers": "A", "tricks": {"A": 81}}, options={"target": 81})
    # A 81, B 81: A is set (XX), so B alone reaches 81.
    assert score(capsys, write(tmp_path, document)).sheet["winner"] == "B"
    document = game(
        {"makers": "A", "tricks": {"A": 92}},
        {"makers": "B", "tricks": {"B": 92}},
        options={"target": 150},
    )
    sheet = score(capsys, write(tmp_path, document)).sheet
    assert sheet["totals"] == {"A": 162, "B": 162}
    assert (sheet["finished"], sheet["winner"]) == (True, "tie")


# --- standard input and the real process ---------------------------------------------------


def test_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.dumps(CONTRACT_INPUT).encode("utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    run = score(capsys, "-")
    assert run.code == 0, run.err
    assert run.sheet["hands"] == CONTRACT_ROWS


def test_reads_standard_input_with_a_byte_order_mark(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = b"\xef\xbb\xbf" + json.dumps(game({"passed": True})).encode("utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    run = score(capsys, "-")
    assert run.code == 0, run.err
    assert_valid_sheet(run.sheet)


@pytest.mark.parametrize("data", [b"", b"not json", b"\xff\xfe{}", b"[1, 2]"])
def test_bad_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, data: bytes
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    run = score(capsys, "-")
    assert_bad_input(run)
    assert len(run.err_lines) == 1
    assert "standard input" in run.err or "format" in run.err


def run_process(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "clabber_league", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_subprocess_scores_an_example(name: str) -> None:
    done = run_process("score", str(EXAMPLES / name))
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    assert_valid_sheet(json.loads(done.stdout.decode("utf-8")))


def test_subprocess_reads_standard_input() -> None:
    done = run_process("score", "-", stdin=json.dumps(CONTRACT_INPUT).encode("utf-8"))
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads(done.stdout)["hands"] == CONTRACT_ROWS


def test_subprocess_bad_input_exits_2_with_nothing_on_stdout() -> None:
    document = game({"makers": "A", "tricks": {"A": 1}}, {"makers": "B", "melds": {"B": 250}})
    done = run_process("score", "-", stdin=json.dumps(document).encode("utf-8"))
    assert done.returncode == 2
    assert done.stdout == b""
    lines = done.stderr.decode("utf-8").splitlines()
    assert [line.split(":")[0] for line in lines] == ["hand 1", "hand 2", "hand 2"]


def test_subprocess_version() -> None:
    done = run_process("--version")
    assert done.returncode == 0
    assert done.stdout.decode().strip() == f"{APP_ID} {__version__}"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"clabber-league {__version__}\n"


# --- bad input: exit 2, nothing on stdout ------------------------------------------------


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run = score(capsys, tmp_path / "nowhere.json")
    assert_bad_input(run)
    assert len(run.err_lines) == 1
    assert "nowhere.json" in run.err


def test_a_folder_is_not_a_game_sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run = score(capsys, tmp_path)
    assert_bad_input(run)
    assert len(run.err_lines) == 1


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\xff\xfe{\x00}\x00", "not UTF-8"),
        ('{"format": "clabber-game/1"}'.encode("utf-16"), "not UTF-8"),
        (b"\x80abc", "not UTF-8"),
        (b"", "not JSON"),
        (b"{format: clabber}", "not JSON"),
        (b'{"format": "clabber-game/1",}', "not JSON"),
        (b"[" * 100_000, ""),
        (b"[]", "clabber-game/1"),
        (b'[{"format": "clabber-game/1"}]', "clabber-game/1"),
        (b'"clabber-game/1"', "clabber-game/1"),
        (b"null", "clabber-game/1"),
        (b"42", "clabber-game/1"),
        (b'{"format": "clabber-game/2", "sides": ["a", "b"], "hands": []}', "clabber-game/2"),
        (b'{"format": "Clabber-Game/1", "sides": ["a", "b"], "hands": []}', "Clabber-Game/1"),
        (b'{"sides": ["a", "b"], "hands": []}', "clabber-game/1"),
    ],
)
def test_not_a_game_sheet_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, words: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(data)
    run = score(capsys, path)
    assert_bad_input(run)
    assert len(run.err_lines) == 1
    assert words in run.err


@pytest.mark.parametrize(
    ("document", "words"),
    [
        (game(colour="green"), "unknown field"),
        (game({"makers": "A", "tricks": {"A": 92}, "points": 3}), "hand 1: unknown field"),
        (game(options={"target": 500, "trumps": 2}), "options: unknown field"),
        (game(rules="bridge"), "rules: 'bridge'"),
        (game(rules="Evansville"), "rules:"),
        (game(options={"target": 0}), "options: target"),
        (game(options={"target": -500}), "options: target"),
        (game(options={"target": "500"}), "options: target"),
        (game(options={"target": 500.0}), "rules: option target"),
        (game(options={"target": True}), "options: target"),
        (game(options={"zero_mark": "*"}), "options: zero_mark"),
        (game(options={"run_of_six": 200}), "options: run_of_six"),
        (game(options={"set_rule": "82"}), "options: set_rule"),
        (game(options=[]), "options:"),
        (game(rules="klaberjass", options={"set_rule": "82_tricks"}), "rules: option set_rule"),
        (game(rules="klaberjass", options={"run_of_six": 300}), "rules: option run_of_six"),
        ({"format": "clabber-game/1", "sides": ["a", "b"]}, "'hands' is a required property"),
        ({"format": "clabber-game/1", "hands": []}, "'sides' is a required property"),
        (dict(game(), sides=["Eagles"]), "sides:"),
        (dict(game(), sides=["Eagles", "Owls", "Hawks"]), "3 are named"),
        (dict(game(), sides=["Eagles", "Eagles"]), "different names"),
        (dict(game(), sides=["Eagles", "  "]), "every side needs a name"),
        (game(first_dealer="C"), "first dealer"),
        (game(first_dealer="A3"), "first dealer"),
        (game(hands={}), "hands:"),
    ],
)
def test_bad_document(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Any, words: str
) -> None:
    run = score(capsys, write(tmp_path, document))
    assert_bad_input(run)
    assert any(words in line for line in run.err_lines), run.err


def test_hands_after_the_game_has_ended(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    extra = [{"makers": "A", "tricks": {"A": 92}}, {"passed": True}]
    document = dict(CONTRACT_INPUT, hands=[*CONTRACT_INPUT["hands"], *extra])
    run = score(capsys, write(tmp_path, document))
    assert_bad_input(run)
    assert [line.split(":")[0] for line in run.err_lines] == ["hand 7", "hand 8"]
    assert all("ended after hand 6" in line for line in run.err_lines)


def test_several_bad_hands_are_one_line_per_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = game(
        {"makers": "A", "tricks": {"A": 1}},  # no card is worth 1
        {"makers": "A", "tricks": {"A": 92}},
        {"makers": "B", "tricks": {"B": 92}, "melds": {"B": 250}},  # 250 is no meld total
        {"makers": "A", "written": {"A": "XX", "B": "70"}},  # impossible marks
        {"makers": "C", "tricks": {"A": 200}},  # two problems: no side C, over 162
        {"passed": True},
    )
    run = score(capsys, write(tmp_path, document))
    assert_bad_input(run)
    assert [line.split(":")[0] for line in run.err_lines] == [
        "hand 1",
        "hand 3",
        "hand 4",
        "hand 5",
        "hand 5",
    ]
    assert "the defenders on 70 is impossible" in run.err_lines[2]


def test_several_schema_problems_are_one_line_each(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = game(
        {"makers": "A", "tricks": {"A": "92"}},
        {"passed": True},
        {"makers": "Q", "trump": "X"},
    )
    run = score(capsys, write(tmp_path, document))
    assert_bad_input(run)
    assert [line.split(":")[0] for line in run.err_lines] == ["hand 1", "hand 3", "hand 3"]


def test_a_bad_hand_does_not_end_the_game_early(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Hand 1 is wrong, so the totals after hand 2 are not real: only hand 1 is reported.
    document = game(
        {"makers": "A", "tricks": {"A": 1}},
        {"makers": "A", "tricks": {"A": 162}, "melds": {"A": 300}, "bell": "A"},
        {"makers": "A", "tricks": {"A": 162}, "melds": {"A": 300}, "bell": "A"},
        {"makers": "A", "tricks": {"A": 92}},
    )
    run = score(capsys, write(tmp_path, document))
    assert_bad_input(run)
    assert [line.split(":")[0] for line in run.err_lines] == ["hand 1"]


# --- input that once crashed the command: still exit 2, never a traceback ------------------


def test_an_integer_too_long_to_read_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Python refuses to read integers of more than 4300 digits (ValueError).
    path = tmp_path / "game.json"
    huge = "9" * 5000
    path.write_text(
        '{"format": "clabber-game/1", "sides": ["Eagles", "Owls"], '
        f'"hands": [{{"makers": "A", "tricks": {{"A": {huge}}}}}]}}'
    )
    run = score(capsys, path)
    assert_bad_input(run)
    assert len(run.err_lines) == 1


def test_a_written_mark_too_long_to_read_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = game({"makers": "A", "written": {"A": "9" * 5000, "B": "70"}})
    run = score(capsys, write(tmp_path, document))
    assert_bad_input(run)
    assert run.err_lines[0].startswith("hand 1: ")


def test_a_side_name_that_is_not_text_never_crashes(tmp_path: Path) -> None:
    # A lone surrogate is legal JSON syntax but cannot be written out as UTF-8.
    path = tmp_path / "game.json"
    path.write_text('{"format": "clabber-game/1", "sides": ["\\ud800", "Owls"], "hands": []}')
    done = run_process("score", str(path))
    assert "Traceback" not in done.stderr.decode("utf-8", "replace")
    assert done.returncode in (0, 2)
    if done.returncode == 0:
        assert_valid_sheet(json.loads(done.stdout))
    else:
        assert done.stdout == b""


# --- property: any JSON at all gives 0 or 2, never an exception -----------------------------

json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=16,
)
side_letters = st.sampled_from(["A", "B", "C", "D", "both", ""])
seats = st.sampled_from(["A", "B", "C", "A1", "B1", "A2", "B2", "A3", "B3", "C1"])
cards = st.sampled_from(
    ["9S", "10S", "JS", "QS", "KS", "AS", "9H", "TH", "JH", "QH", "KH", "AH", "QD", "KD",
     "AD", "JC", "QC", "KC", "7S", "8S", "J♠", "1S", "XX"]
)  # fmt: skip
points = st.integers(-5, 170) | st.sampled_from([20, 40, 50, 100, 200, 250, 300]) | json_values
marks = st.sampled_from(["92", "70", "XX", "-", "~", "0", "162", "182", "", "abc"]) | st.text(
    max_size=5
)
hands = st.fixed_dictionaries(
    {},
    optional={
        "makers": side_letters | json_values,
        "trump": st.sampled_from(["S", "H", "D", "C", "♠", "X"]),
        "tricks": st.dictionaries(side_letters, points, max_size=3),
        "melds": st.dictionaries(side_letters, points, max_size=3),
        "bell": side_letters | st.none(),
        "passed": st.booleans(),
        "renege": side_letters,
        "written": st.dictionaries(side_letters, marks, max_size=3),
        "declared": st.dictionaries(
            seats, st.lists(st.lists(cards, max_size=6), max_size=3), max_size=4
        ),
    },
)
# Hands that are often legal, so that the scoring itself is exercised, not just refusals.
ab = st.sampled_from(["A", "B"])
meld_figures = st.dictionaries(ab, st.sampled_from([0, 20, 40, 50, 100, 150, 200, 250]), max_size=2)
plausible_hands = st.one_of(
    st.fixed_dictionaries(
        {"makers": ab, "tricks": st.dictionaries(ab, st.integers(0, 162), min_size=1, max_size=1)},
        optional={
            "trump": st.sampled_from(["S", "H", "D", "C"]),
            "melds": meld_figures,
            "bell": ab,
        },
    ),
    st.just({"passed": True}),
    st.fixed_dictionaries(
        {"makers": ab, "renege": st.sampled_from(["A", "B", "both"])},
        optional={"melds": meld_figures, "bell": ab},
    ),
    st.fixed_dictionaries(
        {
            "makers": ab,
            "written": st.fixed_dictionaries(
                {
                    "A": st.integers(0, 250).map(str) | st.sampled_from(["XX", "-"]),
                    "B": st.integers(0, 250).map(str) | st.sampled_from(["XX", "-"]),
                }
            ),
        }
    ),
    st.fixed_dictionaries(
        {
            "makers": ab,
            "trump": st.sampled_from(["S", "H", "D", "C"]),
            "tricks": st.dictionaries(ab, st.integers(0, 162), min_size=1, max_size=1),
            "declared": st.dictionaries(
                st.sampled_from(["A1", "B1", "A2", "B2"]),
                st.lists(st.lists(cards, min_size=3, max_size=5), max_size=2),
                max_size=4,
            ),
        },
        optional={"bell": ab},
    ),
)
game_documents = st.fixed_dictionaries(
    {
        "format": st.just("clabber-game/1"),
        "sides": st.just(["Eagles", "Owls"])
        | st.lists(st.sampled_from(["Eagles", "Owls", "Hawks", " "]), max_size=4),
        "hands": st.lists(plausible_hands | hands | json_values, max_size=8),
    },
    optional={
        "rules": st.sampled_from(
            [
                "evansville",
                "evansville-alt",
                "wadesville",
                "two-handed",
                "three-handed",
                "six-handed",
                "klaberjass",
                "bridge",
            ]
        ),
        "options": st.dictionaries(
            st.sampled_from(["target", "all_pass", "zero_mark", "run_of_six", "set_rule", "x"]),
            st.sampled_from([1, 100, 300, 500, "same_dealer", "~", "82_tricks", 0]) | json_values,
            max_size=3,
        ),
        "first_dealer": seats,
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=json_values | game_documents)
def test_any_json_exits_0_or_2_and_never_raises(
    tmp_path_factory: pytest.TempPathFactory, document: Any
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "game.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["score", str(path)])
    assert code in (0, 2)
    if code == 0:
        assert err.getvalue() == ""
        assert_valid_sheet(json.loads(out.getvalue()))
    else:
        assert out.getvalue() == ""
        assert err.getvalue().strip()
