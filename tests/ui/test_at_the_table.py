"""At the table: the keyboard all the way, names for seats, the table view, zoom, a narrow
window, and a paper sheet copied without guessing (issue 12)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QFont, QKeySequence, QTextLayout
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QListWidget,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from clabber_league.i18n.words import note_words
from clabber_league.recording import MemoryRecorder
from clabber_league.rules import (
    Game,
    HandEntry,
    PassedHand,
    PlayedHand,
    RenegeHand,
    WrittenHand,
    rule_set,
)
from clabber_league.rules.sheet import Note
from clabber_league.store.database import Database
from clabber_league.store.games import (
    DatabaseRecorder,
    GameSummary,
    create_game,
    games_between,
    list_games,
    open_game,
)
from clabber_league.store.league import (
    add_team,
    create_season,
    generate_schedule,
    list_teams,
    schedule,
)
from clabber_league.ui.dialogs.corrections import CorrectionsDialog
from clabber_league.ui.dialogs.meld_calculator import MeldCalculatorDialog
from clabber_league.ui.dialogs.new_game import NewGameDialog
from clabber_league.ui.fonts import register_fonts
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.main_window import window as window_module
from clabber_league.ui.models.sheet_model import SheetColumn, SheetRole
from clabber_league.ui.widgets.score_board import ScoreBoard
from tests.ui.test_main_window import marks, type_hand

PLAYERS = {"A1": "Ann", "B1": "Cal", "A2": "Bob", "B2": "Dee"}
LONG = "The Westside Jack-Nine Social Club of Evansville"


def start(
    window: MainWindow,
    database: Database,
    sides: tuple[str, str] = ("Eagles", "Owls"),
    *,
    players: dict[str, str] | None = None,
    target: int = 500,
) -> DatabaseRecorder:
    recorder = create_game(
        database, rule_set("evansville", {"target": target}), list(sides), players=players
    )
    window.show_recorder(recorder)
    window.activateWindow()
    window.entry_panel.setFocus()
    return recorder


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def field(window: MainWindow, name: str) -> QLineEdit:
    edit = window.entry_panel.findChild(QLineEdit, name)
    assert edit is not None, name
    return edit


def hands_stored(database: Database) -> int:
    return list_games(database)[0].hand_count


CONTROL = Qt.KeyboardModifier.ControlModifier
SHIFT_CONTROL = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


# ---------------------------------------------------------------- 1. undo from the keyboard


def test_ctrl_z_in_the_empty_makers_field_takes_the_hand_back(
    window: MainWindow, database: Database
) -> None:
    start(window, database)
    type_hand("A", "92")
    type_hand("B", "100")
    makers = focused()
    assert makers.objectName() == "makers"
    QTest.keyClick(makers, Qt.Key.Key_Z, CONTROL)
    assert hands_stored(database) == 1
    assert field(window, "makers").text() == ""  # not the "B" the field once held
    QTest.keyClick(focused(), Qt.Key.Key_Z, SHIFT_CONTROL)
    assert hands_stored(database) == 2
    assert marks(window) == [("92", "70"), ("62", "100")]


def test_a_field_with_typing_undoes_its_typing_first(
    window: MainWindow, database: Database
) -> None:
    start(window, database)
    type_hand("A", "92")
    QTest.keyClicks(focused(), "B")
    QTest.keyClick(focused(), Qt.Key.Key_Tab)
    QTest.keyClicks(focused(), "100")
    tricks = focused()
    assert tricks.objectName() == "tricks"
    QTest.keyClick(tricks, Qt.Key.Key_Z, CONTROL)
    assert field(window, "tricks").text() == ""
    assert hands_stored(database) == 1  # the hand is still there
    QTest.keyClick(tricks, Qt.Key.Key_Z, CONTROL)  # nothing left to undo in the field
    assert hands_stored(database) == 0


def test_each_shortcut_is_listed_once_or_qt_calls_it_ambiguous(window: MainWindow) -> None:
    for action in window.actions():
        shortcuts = [keys.toString() for keys in action.shortcuts()]
        assert len(shortcuts) == len(set(shortcuts)), action.text()
    assert QKeySequence("Ctrl+Shift+Z") in window.redo_action.shortcuts()


# ---------------------------------------------------------------- 2. names, not seat codes


def test_people_are_named_where_a_person_is_meant(window: MainWindow, database: Database) -> None:
    start(window, database, players=PLAYERS)
    assert window.heading_state.text() == "hand 1, Ann deals"
    header = window.entry_panel.findChild(QLabel, "header")
    assert header is not None
    assert header.text() == "Hand 1 — Ann deals"
    type_hand("A", "92")
    assert window.heading_state.text() == "hand 2, Cal deals"
    model = window.sheet_model
    assert model is not None
    dealer = model.column_of(SheetColumn.DEALER)
    assert model.data(model.index(0, dealer)) == "Ann"
    assert model.data(model.index(0, dealer), Qt.ItemDataRole.ToolTipRole) == (
        "Ann (A1, Eagles) dealt hand 1"
    )


def test_seat_codes_only_where_nobody_was_named(window: MainWindow, database: Database) -> None:
    start(window, database, players={"A1": "Ann"})
    type_hand("A", "92")
    assert window.heading_state.text() == "hand 2, B1 (Owls) deals"
    model = window.sheet_model
    assert model is not None
    assert model.data(model.index(0, model.column_of(SheetColumn.DEALER))) == "Ann"


def test_the_meld_calculator_tabs_name_the_players(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    start(window, database, players={"A1": "Ann", "B1": "Cal"})
    window.meld_calculator()
    dialog = window.entry_panel.findChild(MeldCalculatorDialog)
    assert dialog is not None
    tabs = dialog.findChild(QTabWidget)
    assert tabs is not None
    assert [tabs.tabText(i) for i in range(tabs.count())] == [
        "Ann",
        "Cal",
        "A2 (Eagles)",
        "B2 (Owls)",
    ]
    dialog.reject()


# ---------------------------------------------------------------- makers by initial, hint


def test_makers_are_typed_as_a_letter_or_the_teams_initial(
    window: MainWindow, database: Database
) -> None:
    start(window, database)
    makers = field(window, "makers")
    assert makers.placeholderText() == "E/O"
    type_hand("o", "100")
    assert window.recorder is not None
    assert window.recorder.game.entries[-1] == PlayedHand("B", {"B": 100})
    type_hand("a", "92")
    assert window.recorder.game.entries[-1] == PlayedHand("A", {"A": 92})


def test_an_initial_that_is_another_sides_letter_is_not_offered(
    window: MainWindow, database: Database
) -> None:
    start(window, database, ("Bears", "Owls"))
    assert field(window, "makers").placeholderText() == "A/O"
    type_hand("B", "100")  # B stays side B: the Owls
    assert window.recorder is not None
    assert window.recorder.game.entries[-1].makers == "B"  # type: ignore[union-attr]


# ---------------------------------------------------------------- every kind of hand, quick

README = Path(__file__).parents[2] / "README.md"
#: The most keys any kind of hand may take (issue 26).
MOST_KEYS = 8
#: What each row of the README's table stores, by its "kind of hand".
STORED: dict[str, HandEntry] = {
    "made": PlayedHand("A", {"A": 92}),
    "set": PlayedHand("A", {"A": 70}),
    "made, the bell": PlayedHand("A", {"A": 92}, bell="A"),
    "made, the other side's bell": PlayedHand("A", {"A": 92}, bell="B"),
    "made, a meld": PlayedHand("A", {"A": 92}, melds={"A": 50}),
    "made, the other side's meld": PlayedHand("A", {"A": 92}, melds={"B": 20}),
    "made, a meld and the bell": PlayedHand("A", {"A": 92}, melds={"A": 50}, bell="A"),
    "renege": RenegeHand("A", "B"),
    "all passed": PassedHand(),
    "copied off paper (Ctrl+T once a game)": WrittenHand(None, {"A": "92", "B": "70"}),
}


def readme_hand_keys() -> list[tuple[str, str, int]]:
    """The README's table of keys per kind of hand: (kind, keys, the count it states)."""
    text = README.read_text(encoding="utf-8")
    start = text.index("<!-- hand-keys:start -->\n") + len("<!-- hand-keys:start -->\n")
    table = text[start : text.index("<!-- hand-keys:end -->")].split("\n")
    rows = [line.strip().strip("|").split("|") for line in table[2:] if line.strip()]
    return [(kind.strip(), keys.strip(), int(count)) for kind, keys, count in rows]


NO_MODIFIER = Qt.KeyboardModifier.NoModifier
NAMED_KEYS = {"Tab": Qt.Key.Key_Tab, "Enter": Qt.Key.Key_Return}
CHORDS = {"Alt": Qt.KeyboardModifier.AltModifier}


def key_presses(keys: str) -> list[tuple[str | Qt.Key, Qt.KeyboardModifier]]:
    """The README's keys one press at a time: each character between backquotes is a key
    (typed as that character), and a key's name (Tab, Enter) or chord (Alt+G) one."""
    presses: list[tuple[str | Qt.Key, Qt.KeyboardModifier]] = []
    for typed, named in re.findall(r"`([^`]+)`|(\S+)", keys):
        if typed:
            presses += [(char, NO_MODIFIER) for char in typed]
        elif "+" in named:
            held, letter = named.split("+")
            presses.append((Qt.Key(ord(letter.upper())), CHORDS[held]))
        else:
            presses.append((NAMED_KEYS[named], NO_MODIFIER))
    return presses


def test_the_readme_counts_every_kind_of_hand_and_none_takes_more_than_eight() -> None:
    rows = readme_hand_keys()
    assert [kind for kind, _keys, _count in rows] == list(STORED)
    for kind, keys, count in rows:
        assert len(key_presses(keys)) == count, kind
        assert count <= MOST_KEYS, kind


@pytest.mark.parametrize(("kind", "keys", "count"), readme_hand_keys())
def test_each_kind_of_hand_is_stored_from_the_readmes_keys(
    window: MainWindow, database: Database, kind: str, keys: str, count: int
) -> None:
    """The keys the README gives, pressed one by one at whatever has the focus, store the
    hand; were a key more needed, the hand stored would differ (or none be stored)."""
    recorder = start(window, database)
    if "Ctrl+T" in kind:
        QTest.keyClick(focused(), Qt.Key.Key_T, CONTROL)
    for key, modifiers in key_presses(keys):
        if isinstance(key, str):
            QTest.keyClicks(focused(), key)
        else:
            QTest.keyClick(focused(), key, modifiers)
    assert hands_stored(database) == 1, message(window)
    assert open_game(database, recorder.id).game.entries == (STORED[kind],)


def test_bell_and_renege_take_the_teams_initial(window: MainWindow, database: Database) -> None:
    start(window, database)
    panel = window.entry_panel
    for name, nobody in (("bell", "no bell"), ("renege", "no renege")):
        combo = panel.findChild(QComboBox, name)
        assert combo is not None
        combo.setFocus()
        QTest.keyClicks(combo, "o")
        assert combo.currentData() == "B"
        QTest.keyClicks(combo, "a")  # the side letters too, as in Makers
        assert combo.currentData() == "A"
        QTest.keyClicks(combo, "z")  # neither side's: nothing changes, and the panel says so
        assert combo.currentData() == "A"
        assert message(window) == "Z is no side's key: type E (Eagles) or O (Owls)."
        QTest.keyClick(combo, Qt.Key.Key_Backspace)
        assert combo.currentText() == nobody


def test_a_key_no_side_goes_by_is_said_in_makers(window: MainWindow, database: Database) -> None:
    start(window, database)
    QTest.keyClicks(focused(), "z")
    assert field(window, "makers").text() == ""
    assert message(window) == "Z is no side's key: type E (Eagles) or O (Owls)."
    QTest.keyClicks(focused(), "eq")  # the bell's key too
    assert (field(window, "makers").text(), focused()) == ("E", field(window, "makers"))
    assert message(window).startswith("Q is no side's key")


def test_a_second_key_in_makers_is_the_bell_and_shows_beside_them(
    window: MainWindow, database: Database
) -> None:
    start(window, database)
    QTest.keyClicks(focused(), "eo")
    assert focused() is field(window, "tricks")
    makers_name = window.entry_panel.findChild(QLabel, "makers_name")
    assert makers_name is not None
    assert makers_name.text() == "Eagles · bell: Owls"


def test_plus_goes_to_the_makers_melds_then_the_next_sides(
    window: MainWindow, database: Database
) -> None:
    start(window, database)
    QTest.keyClicks(focused(), "o")
    QTest.keyClick(focused(), Qt.Key.Key_Tab)
    QTest.keyClicks(focused(), "92+")
    assert focused() is field(window, "melds_B")
    QTest.keyClicks(focused(), "+")
    assert focused() is field(window, "melds_A")
    QTest.keyClicks(focused(), "+")
    assert focused() is field(window, "melds_B")


def test_a_meld_total_the_rules_do_not_have_is_refused_in_their_words(
    window: MainWindow, database: Database
) -> None:
    start(window, database)
    for key in ("e", Qt.Key.Key_Tab, "92", "+", "30", Qt.Key.Key_Return):
        if isinstance(key, str):
            QTest.keyClicks(focused(), key)
        else:
            QTest.keyClick(focused(), key)
    assert message(window).startswith(
        "Eagles cannot score 30 in melds: under Evansville a side's melds total one of 0, 20, "
        "40, 50"
    )
    assert hands_stored(database) == 0


def message(window: MainWindow) -> str:
    label = window.entry_panel.findChild(QLabel, "message")
    assert label is not None
    return label.text()


# ---------------------------------------------------------------- Tab follows the rows


def test_tab_visits_the_fields_in_the_order_they_stand(
    window: MainWindow, database: Database
) -> None:
    start(window, database)
    panel = window.entry_panel
    seen: list[QWidget] = []
    widget: QWidget = field(window, "makers")

    def tab_stop(candidate: QWidget) -> bool:
        tab = Qt.FocusPolicy.TabFocus
        visible = candidate.isVisible() and candidate.isEnabled()
        return visible and candidate.focusPolicy() & tab == tab

    while widget not in seen and panel.isAncestorOf(widget):
        seen.append(widget)
        following = widget.nextInFocusChain()
        while following is not None and not tab_stop(following):
            following = following.nextInFocusChain()
        assert following is not None
        widget = following
    names = [w.objectName() or type(w).__name__ for w in seen]
    assert names[:4] == ["makers", "tricks", "trump", "melds_A"]
    centres = [w.mapTo(panel, w.rect().center()) for w in seen]
    # Row by row (a row is a few pixels either way), left to right within a row.
    places = [(round(centre.y() / 12), centre.x()) for centre in centres]
    assert places == sorted(places), names


# ---------------------------------------------------------------- 3. a narrow window


def test_the_window_fits_1024_pixels_with_the_league_panel_and_any_names(
    window: MainWindow, database: Database
) -> None:
    create_season(database, league="Evansville Clabber", season="Fall")
    add_team(database, "Fall", LONG, ["Ann", "Bob"])
    assert window.league_panel is not None
    window.league_panel.reload_seasons()
    window.league_panel.show()
    start(window, database, (LONG, "Owls"), players=PLAYERS)
    assert window.minimumSizeHint().width() <= 1024
    window.resize(1024, 700)
    QApplication.processEvents()
    assert window.width() <= 1024
    assert window.heading.elided()
    assert window.heading.toolTip().startswith(LONG)


@pytest.mark.qt_log_ignore("This plugin does not support raise")
def test_the_league_panel_is_a_dock_that_closes_floats_and_moves(window: MainWindow) -> None:
    panel = window.league_panel
    assert panel is not None
    features = panel.features()
    for feature in (
        QDockWidget.DockWidgetFeature.DockWidgetClosable,
        QDockWidget.DockWidgetFeature.DockWidgetFloatable,
        QDockWidget.DockWidgetFeature.DockWidgetMovable,
    ):
        assert features & feature
    panel.show()
    panel.setFloating(True)
    assert panel.isFloating()


# ---------------------------------------------------------------- table view and zoom


def test_the_table_view_shows_the_totals_big_and_takes_hands(
    window: MainWindow, database: Database
) -> None:
    start(window, database, players=PLAYERS)
    type_hand("A", "92")
    window.table_view_action.trigger()
    assert window.in_table_view()
    assert window.isFullScreen()
    board = window.board
    assert window.pages.currentWidget() is board
    total = board.findChild(QLabel, "board_total_A")
    assert total is not None
    assert total.text() == "92"
    # A fifth of the board high or so: the type reads from the far side of the table.
    assert total.font().pixelSize() >= board.height() * 0.12
    assert board.next_deal.text() == "Hand 2 — next deal: Cal"
    type_hand("B", "100")  # the entry panel works in the table view
    assert hands_stored(database) == 2
    total_b = board.findChild(QLabel, "board_total_B")
    assert total_b is not None
    assert total_b.text() == "170"
    window.table_view_action.trigger()
    assert not window.in_table_view()
    assert window.pages.currentWidget() is not board


def test_the_table_view_shows_the_running_w(window: MainWindow, database: Database) -> None:
    for _ in range(2):
        start(window, database, target=100)
        type_hand("A", "120")
    window.toggle_table_view()
    wins = window.board.findChild(QLabel, "board_w_A")
    assert wins is not None
    assert wins.text() == "W · 2 won tonight"


def test_the_running_w_reads_the_games_once_for_a_game_not_at_every_hand(
    window: MainWindow, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    start(window, database, target=100)
    type_hand("A", "120")
    start(window, database, ("Hawks", "Owls"), target=100)
    type_hand("B", "120")  # another pair's game: not in the Eagles' and Owls' W
    start(window, database, target=200)
    reads: list[tuple[str, ...]] = []

    def counted(database: Database, sides: tuple[str, ...]) -> list[GameSummary]:
        reads.append(tuple(sides))
        return games_between(database, sides)

    monkeypatch.setattr(window_module, "games_between", counted)
    window.toggle_table_view()
    wins = window.board.findChild(QLabel, "board_w_A")
    assert wins is not None
    assert wins.text() == "1 won tonight"
    type_hand("A", "92")
    type_hand("A", "120")  # this game, won: counted without reading the games again
    assert wins.text() == "W · 2 won tonight"
    assert reads == [("Eagles", "Owls")]


def test_zoom_is_remembered(qtbot: QtBot, window: MainWindow, database: Database,
                            settings: QSettings) -> None:  # fmt: skip
    start(window, database)
    ink = window.sheet_view.ink_pixels
    window.zoom_in_action.trigger()
    window.zoom_in_action.trigger()
    assert window.sheet_view.zoom > 1.3
    assert window.sheet_view.ink_pixels > ink
    window.close()
    again = MainWindow(database, settings)
    qtbot.addWidget(again)
    assert again.sheet_view.zoom == window.sheet_view.zoom
    again.zoom_out_action.trigger()
    assert again.sheet_view.zoom < window.sheet_view.zoom


def test_f11_shows_the_board_on_the_open_game_at_the_sheets_zoom(
    window: MainWindow, database: Database
) -> None:
    """F11 shows the table view's board on the game already open and at the sheet's zoom,
    and every later one shows the same board."""
    start(window, database, players=PLAYERS)
    type_hand("A", "92")
    window.zoom_in_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_F11)
    board = window.board
    assert window.in_table_view()
    assert window.pages.currentWidget() is board
    assert window.findChildren(ScoreBoard) == [board]
    assert board.hands.model() is window.sheet_model
    assert board.hands.zoom == window.sheet_view.zoom
    total = board.findChild(QLabel, "board_total_A")
    assert total is not None
    assert total.text() == "92"
    QTest.keyClick(window, Qt.Key.Key_F11)
    assert not window.in_table_view()
    window.zoom_out_action.trigger()
    assert board.hands.zoom == window.sheet_view.zoom  # the board follows the sheet's zoom
    QTest.keyClick(window, Qt.Key.Key_F11)
    assert window.pages.currentWidget() is board
    assert window.findChildren(ScoreBoard) == [board]
    window.toggle_table_view()


# ---------------------------------------------------------------- 4. paper-copy mode


def test_a_paper_sheet_is_copied_without_guessing_the_makers(
    window: MainWindow, database: Database
) -> None:
    recorder = start(window, database)
    window.transcribe_action.trigger()
    assert focused().objectName() == "makers"
    for name, text in (("mark_A", "92"), ("mark_B", "70"), ("paper_total_A", "92")):
        QTest.keyClicks(field(window, name), text)
    QTest.keyClick(field(window, "mark_B"), Qt.Key.Key_Return)
    assert recorder.game.entries == (WrittenHand(None, {"A": "92", "B": "70"}, None, {"A": 92}),)
    # XX says who made trump: the makers' field may stay blank.
    for name, text in (("mark_A", "XX"), ("mark_B", "92")):
        QTest.keyClicks(field(window, name), text)
    QTest.keyClick(field(window, "mark_B"), Qt.Key.Key_Return)
    assert recorder.game.entries[-1] == WrittenHand("A", {"A": "XX", "B": "92"})
    model = window.sheet_model
    assert model is not None
    assert model.data(model.index(0, model.column_of(SheetColumn.MAKERS))) == "?"


def test_the_papers_slip_is_flagged_where_it_happened(
    window: MainWindow, database: Database
) -> None:
    recorder = start(window, database)
    window.transcribe_action.trigger()
    recorder.record(WrittenHand(None, {"A": "92", "B": "70"}, None, {"A": 92, "B": 70}))
    window.undo_stack.clear()
    for name, text in (("mark_A", "62"), ("mark_B", "100"), ("paper_total_A", "164")):
        QTest.keyClicks(field(window, name), text)
    message = window.entry_panel.findChild(QLabel, "message")
    assert message is not None
    assert "The paper's total for Eagles is 164, but its last total and this hand make 154" in (
        message.text()
    )
    QTest.keyClick(field(window, "mark_B"), Qt.Key.Key_Return)  # the paper's sum is no error
    model = window.sheet_model
    assert model is not None
    paper = model.data(model.index(1, model.column_of(SheetColumn.TOTAL, "A")), SheetRole.PAPER)
    assert paper is not None
    assert paper.slipped
    tip = model.data(
        model.index(1, model.column_of(SheetColumn.TOTAL, "A")), Qt.ItemDataRole.ToolTipRole
    )
    assert "its arithmetic slipped here" in tip
    assert recorder.game.totals == {"A": 154, "B": 170}


def test_the_mode_belongs_to_the_game(window: MainWindow, database: Database) -> None:
    copied = start(window, database)
    window.transcribe_action.trigger()
    assert window.entry_panel.transcription()
    other = start(window, database, ("Hawks", "Crows"))
    assert not window.entry_panel.transcription()  # a new game is played, not copied
    assert not window.transcribe_action.isChecked()
    window.show_recorder(open_game(database, copied.id))
    assert window.entry_panel.transcription()
    assert window.transcribe_action.isChecked()
    assert not open_game(database, other.id).paper_copy


def test_ctrl_t_keeps_the_sheet_where_it_was(window: MainWindow, database: Database) -> None:
    start(window, database, target=5000)
    for _ in range(20):
        type_hand("A", "92")
    bar = window.sheet_view.verticalScrollBar()
    bottom = bar.value()
    assert bottom > 0
    window.transcribe_action.trigger()
    assert bar.value() == bottom
    assert focused().objectName() == "makers"


# ---------------------------------------------------------------- 5. what the printout shows


def test_the_sheet_shows_passed_renege_melds_and_bell(
    window: MainWindow, database: Database
) -> None:
    recorder = start(window, database)
    for entry in (
        PassedHand(),
        RenegeHand("A", "A", melds={"B": 50}),
        PlayedHand("B", {"B": 100}, melds={"B": 20}, bell="B"),
    ):
        recorder.record(entry)
    window.undo_stack.clear()
    window.show_recorder(recorder)
    model = window.sheet_model
    assert model is not None

    def notes(row: int, side: str) -> tuple[str, ...]:
        assert model is not None
        result: tuple[Note, ...] = model.data(
            model.index(row, model.column_of(SheetColumn.MARK, side)), SheetRole.NOTE
        )
        return tuple(note_words(note) for note in result)

    assert notes(0, "A") == notes(0, "B") == ("all passed",)
    assert notes(1, "A") == ("renege",)
    assert notes(1, "B") == ("melds 50",)
    assert notes(2, "B") == ("melds 20", "bell")
    tip = model.data(
        model.index(2, model.column_of(SheetColumn.MARK, "B")), Qt.ItemDataRole.ToolTipRole
    )
    assert tip == "Owls: 100 trick points + 20 melds + 20 bell = 140"


# ---------------------------------------------------------------- 6. the correction log


def test_the_log_speaks_table_words_and_leaves_out_a_quick_undo(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    recorder = start(window, database)
    type_hand("A", "92")
    window.correct_hand(1)
    window.entry_panel.load(PlayedHand("A", {"A": 100}))
    assert window.entry_panel.submit()
    window.undo_stack.undo()
    window.undo_stack.redo()
    window.undo_stack.undo()
    window.undo_stack.redo()
    assert len(recorder.corrections()) == 5
    dialog = CorrectionsDialog(recorder.game, recorder.corrections())
    qtbot.addWidget(dialog)
    log = dialog.findChild(QListWidget, "corrections")
    assert log is not None
    assert log.count() == 1
    line = log.item(0).text()
    assert line.startswith("Hand 1: Eagles 92, Owls 70 → Eagles 100, Owls 62, ")
    assert "{" not in line


# ---------------------------------------------------------------- 7. the small things


def test_del_says_what_it_deleted_and_ctrl_z_puts_it_back(
    window: MainWindow, database: Database
) -> None:
    start(window, database)
    type_hand("A", "92")
    type_hand("B", "100")
    model = window.sheet_model
    assert model is not None
    window.sheet_view.setFocus()
    window.sheet_view.setCurrentIndex(model.index(0, 0))
    QTest.keyClick(window.sheet_view, Qt.Key.Key_Delete)
    said = window.statusBar().currentMessage()
    assert said.startswith("Deleted hand 1 (Eagles 92, Owls 70")
    assert said.endswith("Ctrl+Z puts it back")
    QTest.keyClick(window.sheet_view, Qt.Key.Key_Z, CONTROL)
    assert marks(window) == [("92", "70"), ("62", "100")]


def test_the_title_and_heading_put_the_winners_score_first(
    window: MainWindow, database: Database
) -> None:
    start(window, database, target=100)
    type_hand("B", "120")
    assert window.heading_state.text() == "Owls won 120–42"
    assert window.windowTitle().startswith("Owls won 120–42")
    header = window.entry_panel.findChild(QLabel, "header")
    assert header is not None
    assert header.isEnabled()  # "Game over" is not greyed out with the fields
    assert header.text() == "Game over — Owls won 120–42"


@pytest.fixture
def fonts(qapp: QApplication) -> tuple[str, ...]:
    return register_fonts()


@pytest.mark.parametrize("name", ["한국 클럽", "باشگاه مریم", "Сергей и Ольга"])
def test_hangul_persian_and_cyrillic_names_have_letters_on_screen(
    fonts: tuple[str, ...], name: str
) -> None:
    """Every glyph of the name is found in some font the window falls back to (glyph 0
    is the empty box)."""
    assert "NanumSquare" in fonts
    layout = QTextLayout(name, QFont(QApplication.font()))
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    glyphs = [glyph for run in layout.glyphRuns() for glyph in run.glyphIndexes()]
    assert glyphs
    assert 0 not in glyphs


def test_a_game_without_a_database_keeps_its_players(qtbot: QtBot, settings: QSettings) -> None:
    window = MainWindow(None, settings)
    qtbot.addWidget(window)
    window.show_recorder(MemoryRecorder(Game(rule_set(), ["Eagles", "Owls"]), {"A1": "Ann"}))
    assert window.heading_state.text() == "hand 1, Ann deals"


# ---------------------------------------------------------------- new game from the league


def league_dialog(qtbot: QtBot, window: MainWindow, home: int, away: int) -> NewGameDialog:
    dialog = NewGameDialog(window, league=window._season_teams())
    qtbot.addWidget(dialog)
    season = dialog.findChild(QComboBox, "league_season")
    assert season is not None
    season.setCurrentIndex(1)
    for name, index in (("league_home", home), ("league_away", away)):
        combo = dialog.findChild(QComboBox, name)
        assert combo is not None
        combo.setCurrentIndex(index)
    return dialog


def test_a_new_game_between_two_of_the_seasons_teams_is_their_match(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    create_season(database, league="Club", season="Fall")
    for name, players in (("Eagles", ["Ann", "Bob"]), ("Hawks", ["Eve", "Fay"])):
        add_team(database, "Fall", name, players)
    generate_schedule(database, "Fall")
    (match,) = [m for m in schedule(database, "Fall") if m.away is not None]
    # Chosen the other way round from the schedule: the match's home team is still side A.
    teams = [team.name for team in list_teams(database, "Fall")]
    dialog = league_dialog(qtbot, window, teams.index(match.away or ""), teams.index(match.home))
    pairing = dialog.pairing()
    assert pairing is not None
    window._new_league_game(dialog, pairing)
    recorder = window.recorder
    assert isinstance(recorder, DatabaseRecorder)
    assert recorder.match_id == match.id
    assert recorder.game.sides == (match.home, match.away)
    home_players = ["Ann", "Bob"] if match.home == "Eagles" else ["Eve", "Fay"]
    assert [recorder.players[seat] for seat in ("A1", "A2")] == home_players
    assert "counts in the standings" in window.statusBar().currentMessage()


def test_teams_with_no_match_left_play_a_friendly(
    qtbot: QtBot, window: MainWindow, database: Database
) -> None:
    create_season(database, league="Club", season="Fall")
    for name in ("Eagles", "Owls"):
        add_team(database, "Fall", name, [])
    dialog = league_dialog(qtbot, window, 0, 1)
    pairing = dialog.pairing()
    assert pairing is not None
    window._new_league_game(dialog, pairing)
    recorder = window.recorder
    assert isinstance(recorder, DatabaseRecorder)
    assert recorder.match_id is None
    assert recorder.game.sides == ("Eagles", "Owls")
    assert "not in the standings" in window.statusBar().currentMessage()
