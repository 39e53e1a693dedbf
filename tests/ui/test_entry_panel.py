"""The entry panel: a hand in a few keystrokes, judged live by the rules engine."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from clabber_league.rules import (
    Card,
    Game,
    HandEntry,
    PassedHand,
    PlayedHand,
    RenegeHand,
    Suit,
    WrittenHand,
    rule_set,
)
from clabber_league.ui.dialogs.meld_calculator import MeldCalculatorDialog, set_trump
from clabber_league.ui.widgets.entry_panel import EntryPanel


@pytest.fixture
def game() -> Game:
    return Game(rule_set(), ["Eagles", "Owls"])


def open_panel(qtbot: QtBot, game: Game) -> EntryPanel:
    """A shown, active panel on ``game`` with the keyboard focus in its makers field."""
    panel = EntryPanel()
    qtbot.addWidget(panel)
    panel.set_game(game)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitActive(panel)
    panel.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    return panel


@pytest.fixture
def panel(qtbot: QtBot, game: Game) -> EntryPanel:
    return open_panel(qtbot, game)


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def type_keys(*keys: str | Qt.Key) -> None:
    """Type at the keyboard: each key goes to whatever has the focus, as at the table."""
    for key in keys:
        if isinstance(key, str):
            QTest.keyClicks(focused(), key)
        else:
            QTest.keyClick(focused(), key)


def field(panel: EntryPanel, name: str) -> QLineEdit:
    edit = panel.findChild(QLineEdit, name)
    assert edit is not None
    return edit


def message(panel: EntryPanel) -> str:
    label = panel.findChild(QLabel, "message")
    assert label is not None
    return label.text()


def test_makers_field_has_the_focus_first(panel: EntryPanel) -> None:
    assert focused() is field(panel, "makers")


def test_a_hand_is_a_letter_tab_a_figure_and_enter(qtbot: QtBot, panel: EntryPanel) -> None:
    with qtbot.waitSignal(panel.hand_entered) as entered:
        type_keys("A", Qt.Key.Key_Tab, "92", Qt.Key.Key_Return)
    assert entered.args == [PlayedHand("A", {"A": 92})]


def test_the_makers_letter_is_upper_cased_and_other_letters_refused(panel: EntryPanel) -> None:
    type_keys("z")
    assert field(panel, "makers").text() == ""
    type_keys("b")
    assert field(panel, "makers").text() == "B"


def test_the_defenders_points_are_the_rest_of_162(panel: EntryPanel) -> None:
    type_keys("A", Qt.Key.Key_Tab, "92")
    rest = panel.findChild(QLabel, "rest")
    assert rest is not None
    assert rest.text() == "Owls 70"
    assert message(panel) == "Eagles 92 · Owls 70"


def test_the_header_names_the_hand_and_its_dealer(panel: EntryPanel) -> None:
    header = panel.findChild(QLabel, "header")
    assert header is not None
    assert header.text() == "Hand 1 — A1 (Eagles) deals"
    panel.set_game(Game(rule_set(), ["Eagles", "Owls"], entries=[PassedHand()]))
    assert header.text() == "Hand 2 — B1 (Owls) deals"


@pytest.mark.parametrize(
    ("tricks", "melds", "words"),
    [
        (
            "161",
            "",
            "Eagles cannot score 161 trick points — that leaves the other team 1, and no card "
            "is worth 1",
        ),
        ("92", "250", "Eagles cannot score 250 in melds"),
    ],
)
def test_an_impossible_hand_is_explained_and_enter_refused(
    qtbot: QtBot, panel: EntryPanel, tricks: str, melds: str, words: str
) -> None:
    type_keys("A", Qt.Key.Key_Tab, tricks)
    field(panel, "melds_A").setText(melds)
    assert message(panel).startswith(words)
    assert panel.entry() is None
    with qtbot.assertNotEmitted(panel.hand_entered):
        type_keys(Qt.Key.Key_Return)


def test_only_one_side_may_score_melds(panel: EntryPanel) -> None:
    # Makers, tricks, then (past trump) each side's melds: the order the fields stand in.
    type_keys("A", Qt.Key.Key_Tab, "92", Qt.Key.Key_Tab, Qt.Key.Key_Tab, "20", Qt.Key.Key_Tab, "20")
    assert "only the side with the best meld scores melds" in message(panel)


def test_a_missing_figure_is_a_hint_not_an_entry(qtbot: QtBot, panel: EntryPanel) -> None:
    type_keys("A")
    assert message(panel) == "Type Eagles's trick points."
    with qtbot.assertNotEmitted(panel.hand_entered):
        type_keys(Qt.Key.Key_Return)


def test_the_message_keeps_its_height_as_a_hand_is_typed(panel: EntryPanel) -> None:
    """A hint, a preview and a problem stand as tall as each other: the sheet above the
    panel is never squeezed (and its ink rescaled) as a hand is typed and recorded."""
    label = panel.findChild(QLabel, "message")
    assert label is not None
    heights = []
    for keys in ("A", (Qt.Key.Key_Tab, "92"), "1"):  # a hint, a preview, a problem
        type_keys(*keys)
        QApplication.processEvents()
        heights.append(label.height())
    assert message(panel).startswith("Eagles cannot score 921")
    assert len(set(heights)) == 1


def test_transcription_copies_marks_off_the_paper(qtbot: QtBot, panel: EntryPanel) -> None:
    panel.set_transcription(True)
    with qtbot.waitSignal(panel.hand_entered) as entered:
        type_keys("A", Qt.Key.Key_Tab, "xx", Qt.Key.Key_Tab, "92", Qt.Key.Key_Enter)
    assert entered.args == [WrittenHand("A", {"A": "XX", "B": "92"})]


def test_transcription_refuses_marks_no_hand_can_write(qtbot: QtBot, panel: EntryPanel) -> None:
    panel.set_transcription(True)
    type_keys("A", Qt.Key.Key_Tab, "XX", Qt.Key.Key_Tab, "70")
    assert message(panel) == (
        "Makers set with the defenders on 70 is impossible: "
        "the makers took at least 92 trick points"
    )
    with qtbot.assertNotEmitted(panel.hand_entered):
        type_keys(Qt.Key.Key_Return)


JH, QH, KH = (Card.from_str(code) for code in ("JH", "QH", "KH"))


@pytest.mark.parametrize(
    "entry",
    [
        PlayedHand("A", {"A": 92}),
        PlayedHand("B", {"B": 100}, Suit.SPADES, melds={"B": 20}, bell="B"),
        PlayedHand("A", {"A": 75}, Suit.HEARTS, declared={"A1": ((JH, QH, KH),)}, bell="A"),
        PassedHand(),
        RenegeHand("A", "A", Suit.CLUBS, melds={"B": 50}),
        RenegeHand("B", "both"),
        WrittenHand("A", {"A": "XX", "B": "92"}, Suit.DIAMONDS),
    ],
)
def test_load_round_trips(panel: EntryPanel, entry: HandEntry) -> None:
    panel.load(entry)
    assert panel.entry() == entry


def test_a_defenders_figure_loads_as_the_makers_rest(panel: EntryPanel) -> None:
    panel.load(PlayedHand("A", {"B": 70}))
    assert field(panel, "tricks").text() == "92"
    assert panel.entry() == PlayedHand("A", {"A": 92})


def test_the_panel_does_not_clear_itself_after_enter(qtbot: QtBot, panel: EntryPanel) -> None:
    with qtbot.waitSignal(panel.hand_entered):
        type_keys("B", Qt.Key.Key_Tab, "100", Qt.Key.Key_Return)
    assert field(panel, "tricks").text() == "100"
    panel.clear()
    assert field(panel, "tricks").text() == ""
    assert panel.entry() is None


def test_a_finished_game_disables_the_panel_except_to_correct_a_hand(panel: EntryPanel) -> None:
    finished = Game(rule_set("evansville", {"target": 100}), ["Eagles", "Owls"])
    finished.push(PlayedHand("A", {"A": 120}))
    panel.set_game(finished)
    assert not field(panel, "makers").isEnabled()
    header = panel.findChild(QLabel, "header")
    assert header is not None
    # The "Game over" line is not greyed out with the fields: it is the news.
    assert header.isEnabled()
    assert header.text() == "Game over — Eagles won 120–42"
    panel.set_game(finished, at=1)
    panel.load(finished.entries[0])
    assert field(panel, "makers").isEnabled()
    assert panel.editing == 1
    assert panel.entry() == PlayedHand("A", {"A": 120})


def test_three_sides_give_the_makers_and_one_defender(qtbot: QtBot) -> None:
    panel = EntryPanel()
    qtbot.addWidget(panel)
    panel.set_game(Game(rule_set("three-handed"), ["Ann", "Bob", "Cy"]))
    field(panel, "makers").setText("B")
    field(panel, "tricks").setText("80")
    field(panel, "defender_tricks_0").setText("40")
    assert panel.entry() == PlayedHand("B", {"B": 80, "A": 40})
    assert message(panel) == "Ann 40 · Bob 80 · Cy 42"
    panel.set_game(Game(rule_set(), ["Eagles", "Owls"]))
    assert panel.findChild(QLineEdit, "melds_C") is None
    assert panel.findChild(QLineEdit, "defender_tricks_0") is None
    assert field(panel, "melds_B").isVisibleTo(panel)


def rest_text(panel: EntryPanel) -> str:
    rest = panel.findChild(QLabel, "rest")
    assert rest is not None
    return rest.text()


@pytest.mark.parametrize("preset", ["two-handed", "klaberjass"])
def test_two_player_games_take_both_figures(qtbot: QtBot, preset: str) -> None:
    """RULES.md §10: 18 cards are played, so the other figure is typed, never "162 minus"."""
    panel = open_panel(qtbot, Game(rule_set(preset), ["Eagles", "Owls"]))
    type_keys("A", Qt.Key.Key_Tab, "70")
    # The other figure's possible range shows as the first is typed.
    expected = {"two-handed": "14 to 86", "klaberjass": "0 or 2 to 86"}[preset]
    assert rest_text(panel) == f"Owls can take {expected}"
    assert message(panel) == "Type Owls's trick points."
    assert panel.entry() is None
    with qtbot.waitSignal(panel.hand_entered) as entered:
        type_keys(Qt.Key.Key_Tab, "40", Qt.Key.Key_Return)
    assert entered.args == [PlayedHand("A", {"A": 70, "B": 40})]
    assert message(panel) == "Eagles 70 · Owls 40"
    field(panel, "defender_tricks_0").setText("100")
    assert message(panel).startswith("70 and 100 cannot both be taken")
    assert panel.entry() is None


def test_the_two_handed_range_follows_whichever_figure_is_typed(qtbot: QtBot) -> None:
    panel = EntryPanel()
    qtbot.addWidget(panel)
    panel.set_game(Game(rule_set("two-handed"), ["Eagles", "Owls"]))
    field(panel, "makers").setText("B")
    assert rest_text(panel) == ""
    field(panel, "defender_tricks_0").setText("146")
    assert rest_text(panel) == "Owls can take 0 or 2 to 8"
    field(panel, "tricks").setText("0")
    assert rest_text(panel) == "Eagles can take 84 to 156"
    field(panel, "tricks").setText("160")
    assert rest_text(panel) == ""
    assert "Owls cannot score 160 trick points in two-handed Clabber" in message(panel)


def test_a_two_player_hand_loads_both_figures(qtbot: QtBot) -> None:
    panel = EntryPanel()
    qtbot.addWidget(panel)
    panel.set_game(Game(rule_set("klaberjass"), ["Eagles", "Owls"]))
    entry = PlayedHand("B", {"A": 64, "B": 80}, Suit.CLUBS)
    panel.load(entry)
    assert field(panel, "tricks").text() == "80"
    assert field(panel, "defender_tricks_0").text() == "64"
    assert panel.entry() == entry
    # Back to a four-handed game: one figure again, the other the rest of 162.
    panel.set_game(Game(rule_set(), ["Eagles", "Owls"]))
    assert panel.findChild(QLineEdit, "defender_tricks_0") is None


def test_six_handed_refuses_a_trick_worth_less_than_six(qtbot: QtBot) -> None:
    panel = EntryPanel()
    qtbot.addWidget(panel)
    panel.set_game(Game(rule_set("six-handed"), ["Eagles", "Owls"]))
    field(panel, "makers").setText("A")
    field(panel, "tricks").setText("158")
    assert rest_text(panel) == "Owls 4"
    assert message(panel) == (
        "Eagles cannot score 158 trick points in six-handed Clabber: that leaves the other "
        "team 4, and a trick holds six cards, so a team that takes one has at least 6"
    )
    assert panel.entry() is None


def test_set_melds_takes_the_calculators_figures(panel: EntryPanel) -> None:
    field(panel, "makers").setText("A")
    field(panel, "tricks").setText("70")
    panel.set_melds({"A": 20, "B": 0}, "A", Suit.HEARTS)
    assert panel.entry() == PlayedHand("A", {"A": 70}, Suit.HEARTS, melds={"A": 20}, bell="A")
    assert message(panel) == "Eagles 110 · Owls 92"


def test_the_meld_calculator_fills_in_the_shown_cards(panel: EntryPanel) -> None:
    field(panel, "makers").setText("A")
    field(panel, "tricks").setText("75")
    panel.open_meld_calculator()
    dialog = panel.findChild(MeldCalculatorDialog)
    assert dialog is not None
    trump = dialog.findChild(QComboBox)
    assert trump is not None
    set_trump(trump, Suit.HEARTS)
    dialog.select("A1", [JH, QH, KH])
    dialog.accept()
    shown = {"A1": ((JH, QH, KH),)}
    assert panel.entry() == PlayedHand("A", {"A": 75}, Suit.HEARTS, declared=shown, bell="A")
    assert message(panel) == "Eagles 115 · Owls 87"


# ---------------------------------------------------------------- the quick keys (issue 26)


def test_a_second_key_in_makers_is_the_bell_and_the_field_keeps_the_makers(
    qtbot: QtBot, panel: EntryPanel
) -> None:
    with qtbot.waitSignal(panel.hand_entered) as entered:
        type_keys("e", "o", "92", Qt.Key.Key_Return)
    assert entered.args == [PlayedHand("A", {"A": 92}, bell="B")]
    assert field(panel, "makers").text() == "E"


def test_copying_paper_a_second_key_in_makers_is_no_bell(panel: EntryPanel) -> None:
    panel.set_transcription(True)
    type_keys("e", "o")
    assert (field(panel, "makers").text(), focused()) == ("E", field(panel, "makers"))
    bell = panel.findChild(QComboBox, "bell")
    assert bell is not None
    assert bell.currentData() == ""


def test_a_letter_in_a_figure_names_that_sides_melds(qtbot: QtBot) -> None:
    panel = open_panel(qtbot, Game(rule_set("three-handed"), ["Ann", "Bob", "Cy"]))
    type_keys("b", Qt.Key.Key_Tab, "80", "c")
    assert focused() is field(panel, "melds_C")
    type_keys("+")  # the next side's, round from the last to the first
    assert focused() is field(panel, "melds_A")
    type_keys("x")  # no side's: said, and the focus stays
    assert focused() is field(panel, "melds_A")
    assert message(panel) == "X is no side's key: type A (Ann) or B (Bob) or C (Cy)."
    field(panel, "defender_tricks_0").setFocus()
    type_keys("+")  # from any trick field to the makers' melds
    assert focused() is field(panel, "melds_B")


def test_a_digit_in_a_figure_is_a_figure_even_for_a_team_whose_initial_it_is(
    qtbot: QtBot,
) -> None:
    panel = open_panel(qtbot, Game(rule_set(), ["49ers", "Owls"]))
    assert field(panel, "makers").placeholderText() == "4/O"
    type_keys("4", Qt.Key.Key_Tab, "104")
    assert panel.entry() == PlayedHand("A", {"A": 104})


def test_shown_cards_leave_no_meld_field_to_go_to(panel: EntryPanel) -> None:
    panel.load(PlayedHand("A", {"A": 75}, Suit.HEARTS, declared={"A1": ((JH, QH, KH),)}))
    field(panel, "tricks").setFocus()
    type_keys("+")
    assert focused() is field(panel, "tricks")


def test_bell_and_renege_take_the_same_keys_as_makers(panel: EntryPanel) -> None:
    renege = panel.findChild(QComboBox, "renege")
    assert renege is not None
    type_keys("o")
    renege.setFocus()
    type_keys("e")
    assert renege.currentData() == "A"
    assert panel.entry() == RenegeHand("B", "A")
    type_keys("9")  # neither side's: unchanged, and said
    assert renege.currentData() == "A"
    assert message(panel) == "9 is no side's key: type E (Eagles) or O (Owls)."
    type_keys(Qt.Key.Key_Backspace)
    assert renege.currentText() == "no renege"
