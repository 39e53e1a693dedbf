"""The meld calculator: shown cards in, the engine's verdict out (RULES.md §4, §10)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QTabWidget, QToolButton
from pytestqt.qtbot import QtBot

from clabber_league.rules import Card, RuleSet, Suit, rule_set
from clabber_league.seating import Seating
from clabber_league.ui.dialogs.meld_calculator import MeldCalculatorDialog, best_declaration


def cards(codes: str) -> list[Card]:
    return [Card.from_str(code) for code in codes.split()]


def calculator(
    qtbot: QtBot, trump: Suit | None, shown: Iterable[tuple[str, str]], rules: RuleSet | None = None
) -> MeldCalculatorDialog:
    rules = rules or rule_set()
    seating = Seating(rules, {"A": "Eagles", "B": "Owls"})
    dialog = MeldCalculatorDialog(rules, trump, seating=seating)
    qtbot.addWidget(dialog)
    for seat, codes in shown:
        dialog.select(seat, cards(codes))
    return dialog


def summary(dialog: MeldCalculatorDialog) -> str:
    label = dialog.findChild(QLabel, "summary")
    assert label is not None
    return label.text()


def button(dialog: MeldCalculatorDialog, seat: str, code: str) -> QToolButton:
    found = dialog.findChild(QToolButton, f"{seat}_{code}")
    assert found is not None
    return found


def test_four_nines_outrank_a_hundred(qtbot: QtBot) -> None:
    dialog = calculator(qtbot, Suit.HEARTS, [("A1", "9S 9H 9D 9C"), ("B1", "10S JS QS KS AS")])
    assert dialog.melds() == {"A": 100, "B": 0}
    assert dialog.bell() is None
    assert "four nines outranks hundred (10-J-Q-K-A of spades)" in summary(dialog)
    assert "Eagles (A) score 100 in melds" in summary(dialog)


def test_partners_melds_count_together(qtbot: QtBot) -> None:
    dialog = calculator(qtbot, Suit.CLUBS, [("A1", "9S 9H 9D 9C"), ("A2", "QD KD AD")])
    assert dialog.melds() == {"A": 120, "B": 0}
    assert dialog.declared() == {
        "A1": (tuple(cards("9S 9H 9D 9C")),),
        "A2": (tuple(cards("QD KD AD")),),
    }


def test_equal_plain_runs_score_for_nobody(qtbot: QtBot) -> None:
    dialog = calculator(qtbot, Suit.HEARTS, [("A1", "9S 10S JS"), ("B2", "9D 10D JD")])
    assert dialog.melds() == {"A": 0, "B": 0}
    assert "neither side scores melds" in summary(dialog)


def test_the_forty_dollar_dad_is_a_dad_and_the_bell(qtbot: QtBot) -> None:
    dialog = calculator(qtbot, Suit.HEARTS, [("A1", "JH QH KH")])
    assert dialog.melds() == {"A": 20, "B": 0}
    assert dialog.bell() == "A"
    assert dialog.trump() is Suit.HEARTS
    assert dialog.declared() == {"A1": (tuple(cards("JH QH KH")),)}
    assert "Bell" in summary(dialog)


def test_the_bell_needs_trump(qtbot: QtBot) -> None:
    dialog = calculator(qtbot, None, [("B1", "QH KH")])
    assert dialog.bell() is None
    assert "Choose trump" in summary(dialog)


def test_a_card_clicked_at_one_seat_is_gone_from_the_others(qtbot: QtBot) -> None:
    dialog = calculator(qtbot, Suit.SPADES, [])
    dialog.show()
    qtbot.waitExposed(dialog)
    QTest.mouseClick(button(dialog, "A1", "JS"), Qt.MouseButton.LeftButton)
    assert button(dialog, "A1", "JS").isChecked()
    assert not button(dialog, "B1", "JS").isEnabled()
    assert not button(dialog, "A2", "JS").isEnabled()
    QTest.mouseClick(button(dialog, "A1", "JS"), Qt.MouseButton.LeftButton)
    assert button(dialog, "B1", "JS").isEnabled()


def test_a_full_hand_takes_no_more_cards(qtbot: QtBot) -> None:
    dialog = calculator(qtbot, Suit.SPADES, [("A1", "9S 10S JS QS KS AS")])
    assert not button(dialog, "A1", "9H").isEnabled()
    assert button(dialog, "A1", "AS").isEnabled()
    assert button(dialog, "B1", "9H").isEnabled()


def test_klaberjass_has_32_cards_and_runs_only(qtbot: QtBot) -> None:
    klaberjass = rule_set("klaberjass")
    dialog = calculator(
        qtbot, Suit.CLUBS, [("A", "7S 8S 9S 10S"), ("B", "JH JS JD JC")], klaberjass
    )
    buttons = [b for b in dialog.findChildren(QToolButton) if b.objectName().startswith("A_")]
    assert len(buttons) == 32
    assert dialog.melds() == {"A": 50, "B": 0}


@pytest.mark.parametrize(
    ("held", "expected"),
    [
        # The jack of spades cannot sit in four jacks and a dad at once: four jacks rank higher.
        ("JS JH JD JC QS KS", ["four jacks"]),
        # Six in a row is one run of six (100), not two dads (40).
        ("9S 10S JS QS KS AS", ["run of six (9-10-J-Q-K-A of spades)"]),
        ("9S 9H 9D 9C 10S JS", ["four nines"]),
        ("QH KH AH 9D 10D JD", ["dad (Q-K-A of hearts)", "dad (9-10-J of diamonds)"]),
        ("9S KH AC", []),
    ],
)
def test_best_declaration(held: str, expected: list[str]) -> None:
    melds = best_declaration(cards(held), rule_set(), Suit.HEARTS)
    assert sorted(meld.describe() for meld in melds) == sorted(expected)


def test_side_names_in_the_summary_are_shown_as_typed_never_as_html(qtbot: QtBot) -> None:
    names = {"A": '<img src="/etc/hosts">', "B": "Owls & <b>Co"}
    rules = rule_set()
    dialog = MeldCalculatorDialog(rules, Suit.SPADES, seating=Seating(rules, names))
    qtbot.addWidget(dialog)
    dialog.select("A1", cards("9S 9H 9D 9C"))
    dialog.select("B1", cards("KS QS"))
    text = summary(dialog)
    assert "<img" not in text
    assert "&lt;img src=&quot;/etc/hosts&quot;&gt; (A) score 100 in melds" in text
    assert "Owls &amp; &lt;b&gt;Co" in text


def test_the_cards_stay_under_the_mouse_as_they_are_clicked(qtbot: QtBot) -> None:
    """A seat's tab counts its cards ("Ann (3)"): room is kept for the count from the
    start, so neither the dialog nor the grid moves while the cards are clicked."""
    rules = rule_set()
    # Names long enough that the tabs, not the cards, set the dialog's width.
    players = {"A1": "Ann", "B1": "Calpurnia Jones", "A2": "Bartholomew", "B2": "Delphine Smith"}
    seating = Seating(rules, {"A": "Eagles", "B": "Owls"}, players)
    dialog = MeldCalculatorDialog(rules, Suit.HEARTS, seating=seating)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    watched = button(dialog, "A1", "AS")
    where, size = watched.mapToGlobal(watched.rect().topLeft()), dialog.size()
    for code in ("9S", "10S", "JS", "QS", "KS", "9H"):
        QTest.mouseClick(button(dialog, "A1", code), Qt.MouseButton.LeftButton)
        QApplication.processEvents()  # the layout settles as it would between clicks
        assert watched.mapToGlobal(watched.rect().topLeft()) == where
        assert dialog.size() == size
    tabs = dialog.findChild(QTabWidget)
    assert tabs is not None
    assert tabs.tabText(0) == "Ann (6)"
    assert "<b>Ann</b>" in summary(dialog)
