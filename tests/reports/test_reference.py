"""The quick-reference panel's figures come from the engine, for every rule set."""

from __future__ import annotations

import io
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from clabber_league.reports.layout import PageAreas
from clabber_league.reports.reference import (
    CardValue,
    MeldValue,
    draw_reference,
    quick_reference,
)
from clabber_league.reports.styles import Paper
from clabber_league.rules import PRESETS, rule_set

CLABBER_CARDS = (
    CardValue("J", 20, "A", 11),
    CardValue("9", 14, "10", 10),
    CardValue("A", 11, "K", 4),
    CardValue("10", 10, "Q", 3),
    CardValue("K", 4, "J", 2),
    CardValue("Q", 3, "9", 0),
)


def test_evansville_panel_is_rules_md_sections_2_4_5() -> None:
    ref = quick_reference(rule_set("evansville"))
    assert ref.rules_name == "Evansville"
    assert ref.cards == CLABBER_CARDS
    assert ref.cards_note == "Last trick 10: 162 trick points in every hand."
    assert ref.melds == (
        MeldValue("four jacks", 200),
        MeldValue("four nines", 100),
        MeldValue("four aces", 100),
        MeldValue("four tens", 100),
        MeldValue("four kings", 100),
        MeldValue("four queens", 100),
        MeldValue("run of five (hundred)", 100),
        MeldValue("run of four (fifty)", 50),
        MeldValue("run of three (dad)", 20),
    )
    assert ref.melds_note == (
        "A run of six counts as an ace-high run of five. Bell (K and Q of trumps) 20, "
        "whoever scores the melds."
    )
    assert ref.set_rule == (
        "Makers need more than the defenders: tricks + melds + bell.",
        "A tie or less is set: makers XX (turkey tracks), defenders their own.",
        "Renege: the other side 162 + its melds; reneging side 0.",
        "Nothing scored: “-”. Game to 500.",
    )


def test_the_alternate_ranking_puts_the_hundred_under_four_jacks() -> None:
    names = [meld.name for meld in quick_reference(rule_set("evansville-alt")).melds]
    assert names == [
        "four jacks",
        "run of five (hundred)",
        "four aces",
        "four kings",
        "four queens",
        "four tens",
        "four nines",
        "run of four (fifty)",
        "run of three (dad)",
    ]


def test_wadesville_has_its_run_of_six_on_top() -> None:
    ref = quick_reference(rule_set("wadesville"))
    assert ref.melds[0] == MeldValue("run of six", 300)
    assert ref.melds_note == "Bell (K and Q of trumps) 20, whoever scores the melds."


def test_options_change_the_words() -> None:
    ref = quick_reference(
        rule_set("evansville", {"set_rule": "82_tricks", "zero_mark": "~", "target": 300})
    )
    assert ref.set_rule[0] == "Makers need 82 trick points (melds not counted for it)."
    assert ref.set_rule[-1] == "Nothing scored: “~”. Game to 300."


def test_klaberjass_has_its_sevens_and_eights_and_runs_only() -> None:
    ref = quick_reference(rule_set("klaberjass"))
    assert ref.cards == (
        *CLABBER_CARDS,
        CardValue("8", 0, "8", 0),
        CardValue("7", 0, "7", 0),
    )
    assert ref.melds == (MeldValue("four or more in a row", 50), MeldValue("three in a row", 20))
    assert ref.set_rule[:3] == (
        "Maker ahead: each scores their own points.",
        "Tie: maker XX, the opponent their own.",
        "Maker behind: the opponent scores both.",
    )


def test_three_handed_maker_must_beat_each_opponent() -> None:
    ref = quick_reference(rule_set("three-handed"))
    assert ref.set_rule[0] == "The maker must score more than each opponent."


def test_the_trick_points_note_follows_the_deal() -> None:
    # RULES.md §2, §10: 162 wherever every card is played; the two-player games play 18.
    for preset in ("three-handed", "six-handed", "wadesville"):
        assert quick_reference(rule_set(preset)).cards_note == (
            "Last trick 10: 162 trick points in every hand."
        )
    assert quick_reference(rule_set("two-handed")).cards_note == (
        "Last trick 10. 18 cards played: trick points add to 84–156."
    )
    klaberjass = quick_reference(rule_set("klaberjass"))
    assert klaberjass.cards_note == "Last trick 10. 18 cards played: trick points add to 28–156."
    # The renege's 162 is a penalty, the same in every game.
    assert "Renege: the other side 162 + its melds; reneging side 0." in klaberjass.set_rule


class _Baselines(Canvas):  # type: ignore[misc]  # ReportLab has no type hints
    """A canvas that remembers where each piece of text stood, and at what size."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO())
        self.drawn: list[tuple[float, float, str]] = []

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        self.drawn.append((y, self._fontsize, text))
        super().drawString(x, y, text, *args, **kwargs)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("banner", [False, True])
def test_the_panel_stays_inside_its_frame(preset: str, paper: Paper, banner: bool) -> None:
    """Klaberjass has eight ranks of cards, and notes wrap: nothing may cross the frame."""
    band = PageAreas.of(paper.size, 1, banner).band
    canvas = _Baselines()
    draw_reference(canvas, quick_reference(rule_set(preset)), band)
    bottom = band[1]
    assert canvas.drawn
    for baseline, size, text in canvas.drawn:
        # The lowest descender sits about a fifth of the type size below the baseline.
        assert baseline - size * 0.25 >= bottom, (text, baseline, bottom)
