"""Help → Keyboard shortcuts: every key the window answers to, read from the window itself.

The list is never kept by hand: each menu's actions give their own shortcuts (as the
platform writes them: ⌘ on macOS), the actions the window holds outside its menus
(Esc) theirs, and the entry panel's fields their Alt+letter from their own labels. Only
the keys no action carries (Enter records a hand, Tab moves on) are written here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMainWindow,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clabber_league.i18n import _
from clabber_league.ui.widgets.layouts import named


@dataclass(frozen=True)
class Shortcut:
    """One line of the list: the keys, and what they do in the menu's own words."""

    keys: str
    what: str


def menu_words(text: str) -> str:
    """A menu item's or label's text as a sentence shows it: no ``&`` mark, no "…"."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("….").strip()


def keys_text(sequences: list[QKeySequence]) -> str:
    """An action's key sequences as the platform writes them ("Ctrl+Shift+Z, Ctrl+Y")."""
    return ", ".join(keys.toString(QKeySequence.SequenceFormat.NativeText) for keys in sequences)


def _menu_actions(menu: QMenu, within: str = "") -> Iterator[tuple[str, QAction]]:
    """A menu's actions with what each does in the menu's words; a submenu's items with
    the submenu's name ("Print → Current game"), as "Current game" alone says nothing."""
    for action in menu.actions():
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            yield from _menu_actions(submenu, f"{within}{menu_words(submenu.title())} → ")
        elif not action.isSeparator():
            yield f"{within}{menu_words(action.text())}", action


def window_actions(window: QMainWindow) -> list[tuple[str, list[tuple[str, QAction]]]]:
    """The window's actions that have keys, with what each does, under the menu each
    stands in (the ones it holds outside any menu last): what the dialog lists, and what
    the tests check for clashes."""
    sections: list[tuple[str, list[tuple[str, QAction]]]] = []
    listed: set[QAction] = set()
    for top in window.menuBar().actions():
        menu = top.menu()
        if not isinstance(menu, QMenu):
            continue
        actions = [
            (words, action)
            for words, action in _menu_actions(menu)
            if action.shortcuts() and action not in listed
        ]
        listed.update(action for _words, action in actions)
        if actions:
            sections.append((menu_words(top.text()), actions))
    elsewhere = [
        (menu_words(action.text()), action)
        for action in window.actions()
        if action.shortcuts() and action not in listed
    ]
    if elsewhere:
        sections.append((_("Anywhere in the window"), elsewhere))
    return sections


def field_shortcuts(panel: QWidget) -> list[Shortcut]:
    """The entry panel's keys: Alt and a field's underlined letter goes to that field
    (its label's ``&`` mark), a button's presses it; then the keys no label shows."""
    texts = [label.text() for label in panel.findChildren(QLabel) if label.buddy() is not None]
    texts += [button.text() for button in panel.findChildren(QAbstractButton)]
    found = [
        Shortcut(keys_text([QKeySequence.mnemonic(text)]), menu_words(text))
        for text in texts
        if not QKeySequence.mnemonic(text).isEmpty()
    ]
    found.sort(key=lambda shortcut: shortcut.keys)
    return [
        # The keys' names as Qt writes them (and its catalogues translate them).
        Shortcut(keys_text([QKeySequence("Enter")]), _("Record the hand (or the correction)")),
        Shortcut(
            keys_text([QKeySequence("Tab"), QKeySequence("Shift+Tab")]),
            _("The next or previous field, row by row"),
        ),
        Shortcut(
            _("A second letter in Makers"),
            _("Who held the bell; on to the trick points"),
        ),
        Shortcut("+", _("From the trick points to the makers' melds; from melds to the next")),
        Shortcut(
            _("A side's letter"),
            _("In a trick or meld field: that side's melds; in Bell or Renege: that side"),
        ),
        *found,
    ]


class ShortcutsDialog(QDialog):
    """The window's keys, by menu, and the entry panel's."""

    def __init__(self, window: QMainWindow, panel: QWidget) -> None:
        super().__init__(window)
        self.setWindowTitle(_("Keyboard shortcuts"))
        self.resize(720, 600)
        self.tree = named(QTreeWidget(self), "shortcuts")
        self.tree.setHeaderLabels([_("Keys"), _("What they do")])
        self.tree.setRootIsDecorated(False)
        self.sections = [
            (title, [Shortcut(keys_text(a.shortcuts()), words) for words, a in actions])
            for title, actions in window_actions(window)
        ]
        self.sections.append((_("Entering a hand"), field_shortcuts(panel)))
        for title, shortcuts in self.sections:
            heading = QTreeWidgetItem(self.tree, [title])
            heading.setFirstColumnSpanned(True)
            font = heading.font(0)
            font.setBold(True)
            heading.setFont(0, font)
            for shortcut in shortcuts:
                QTreeWidgetItem(heading, [shortcut.keys, shortcut.what])
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree)
        layout.addWidget(buttons)
