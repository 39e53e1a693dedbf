"""docs/rules.md: a word-for-word copy of the rules reference, and its figures the engine's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clabber_league.rules import possible_meld_totals, possible_trick_points, rule_set

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
#: The reference sits beside the checkout in the project's workspace.
REFERENCE = ROOT.parent / "shared" / "RULES.md"
NOTES = "\n---\n\n## Notes: how the app reads this reference\n"


def test_the_doc_is_the_reference_then_the_apps_notes() -> None:
    if not REFERENCE.exists():
        pytest.skip(f"the rules reference is not beside this checkout ({REFERENCE})")
    copy, notes = DOC.split(NOTES)
    assert copy == REFERENCE.read_text(encoding="utf-8")
    assert notes.strip()


def test_the_notes_come_once_at_the_end() -> None:
    assert DOC.count(NOTES) == 1
    assert DOC.index(NOTES) > DOC.index("## 10. Other player counts")


def test_the_four_handed_trick_figures_are_the_engines() -> None:
    assert "any whole number 0–162 **except 1 and 161**" in DOC
    figures = possible_trick_points(rule_set("evansville")).figures
    assert figures == frozenset(range(163)) - {1, 161}


def test_the_meld_totals_of_section_4_are_the_engines() -> None:
    stated = re.search(r"A team's scored meld total is therefore one of\s+([\d,\s]+?) —", DOC)
    assert stated is not None
    totals = {int(figure) for figure in stated.group(1).split(",")}
    assert totals == possible_meld_totals(rule_set("evansville")).totals


@pytest.mark.parametrize(
    ("preset", "words"),
    [
        ("two-handed", "add up to **84–156** (two-handed)"),
        ("klaberjass", "**28–156** (Klaberjass)"),
    ],
)
def test_the_notes_two_player_sums_are_the_engines(preset: str, words: str) -> None:
    assert words in DOC
    low, high = (int(figure) for figure in re.findall(r"\d+", words)[:2])
    possible = possible_trick_points(rule_set(preset))
    assert (possible.least_total, possible.most_total) == (low, high)
    assert possible.figures == frozenset(range(157)) - {1}
    assert "each figure 0–156 but 1" in DOC


def test_the_notes_six_handed_figures_are_the_engines() -> None:
    assert "six-handed: 0–162 but 1–5 and 157–161" in DOC
    figures = possible_trick_points(rule_set("six-handed")).figures
    assert figures == frozenset(range(163)) - {1, 2, 3, 4, 5, 157, 158, 159, 160, 161}
