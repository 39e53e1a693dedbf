"""The Help menu: About (the licences), About Qt, Keyboard shortcuts read from the window's
own actions; and the window's keys: none twice, none the system keeps for itself."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QPlainTextEdit
from pytestqt.qtbot import QtBot

from clabber_league import APP_NAME, __version__
from clabber_league.ui.dialogs.about import AboutDialog
from clabber_league.ui.dialogs.shortcuts import ShortcutsDialog, keys_text, window_actions
from clabber_league.ui.main_window import MainWindow

#: Keys the desktop takes before the app sees them. In Qt's words "Ctrl" is ⌘ on macOS:
#: ⌘M minimises, ⌘H hides, ⌥⌘H hides the others, ⌘` the next window, ⌘Space Spotlight,
#: ⌥⌘D the Dock, ⇧⌘3/4/5 screenshots, ⌥⌘Esc force quit; Alt+Tab, Alt+Space (the window
#: menu) and Alt+F2 on Windows and Linux desktops, Ctrl+Alt+Del and Ctrl+Alt+L.
RESERVED = {
    QKeySequence(keys)
    for keys in (
        "Ctrl+M",
        "Ctrl+H",
        "Ctrl+Alt+H",
        "Ctrl+`",
        "Ctrl+Space",
        "Ctrl+Alt+D",
        "Ctrl+Shift+3",
        "Ctrl+Shift+4",
        "Ctrl+Shift+5",
        "Ctrl+Alt+Esc",
        "Alt+Tab",
        "Alt+Space",
        "Alt+F2",
        "Ctrl+Alt+Del",
        "Ctrl+Alt+L",
    )
}


def all_actions(window: MainWindow) -> list[QAction]:
    return [action for _title, actions in window_actions(window) for _words, action in actions]


def test_no_two_actions_share_a_key_and_none_is_the_systems(window: MainWindow) -> None:
    owner: dict[str, str] = {}
    for action in all_actions(window):
        for keys in action.shortcuts():
            assert keys not in RESERVED, (action.text(), keys.toString())
            assert owner.setdefault(keys.toString(), action.text()) == action.text(), keys
    assert window.melds_action.shortcut() == QKeySequence("Ctrl+Shift+M")


def test_the_table_view_takes_the_platforms_full_screen_keys_and_f11(window: MainWindow) -> None:
    keys = window.table_view_action.shortcuts()
    assert set(QKeySequence.keyBindings(QKeySequence.StandardKey.FullScreen)) <= set(keys)
    assert QKeySequence("F11") in keys


def test_about_quit_and_preferences_have_their_menu_roles(window: MainWindow) -> None:
    roles = {action.menuRole(): action for action in window.findChildren(QAction)}
    assert roles[QAction.MenuRole.AboutRole] is window.about_action
    assert roles[QAction.MenuRole.AboutQtRole] is window.about_qt_action
    assert QAction.MenuRole.QuitRole in roles
    assert roles[QAction.MenuRole.PreferencesRole] is window.preferences_action


def test_the_shortcuts_dialog_lists_every_action_with_keys(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = ShortcutsDialog(window, window.entry_panel)
    qtbot.addWidget(dialog)
    rows = [(line.keys, line.what) for _title, lines in dialog.sections for line in lines]
    assert dialog.tree.topLevelItemCount() == len(dialog.sections)
    for action in all_actions(window):
        assert keys_text(action.shortcuts()) in {keys for keys, _what in rows}, action.text()
    listed = dict(rows)
    assert listed[keys_text([QKeySequence("Ctrl+Shift+M")])] == "Meld calculator"
    assert listed[keys_text([QKeySequence("Esc")])] == "Cancel correction"
    # The entry panel's fields, from their own labels' underlined letters.
    assert listed[keys_text([QKeySequence("Alt+M")])] == "Makers"
    assert listed[keys_text([QKeySequence("Alt+S")])] == "All passed"


def test_the_about_dialog_names_the_version_and_the_licences(qtbot: QtBot) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    heading = dialog.findChild(QPlainTextEdit, "licence")
    assert heading is not None
    assert heading.toPlainText().startswith("MIT License")
    notices = dialog.findChild(QPlainTextEdit, "notices")
    assert notices is not None
    text = notices.toPlainText()
    assert f"{APP_NAME} {__version__}: third-party notices" in text
    assert "\n  PySide6_Essentials " in text
    assert "\n  python-bidi " in text
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text
