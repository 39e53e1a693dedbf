"""The window and its dialogs in Persian, Russian and Korean: all translated, Persian right
to left, and a change of language in Preferences keeps the open game."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTableView,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from clabber_league import i18n
from clabber_league.rules import PlayedHand, rule_set
from clabber_league.store.database import Database
from clabber_league.store.games import create_game
from clabber_league.ui import language as language_module
from clabber_league.ui.dialogs.meld_calculator import MeldCalculatorDialog
from clabber_league.ui.dialogs.new_game import NewGameDialog
from clabber_league.ui.dialogs.preferences import PreferencesDialog
from clabber_league.ui.language import (
    DIGITS_KEY,
    LANGUAGE_KEY,
    apply_language,
    saved_language,
    window_language,
)
from clabber_league.ui.league.dialogs import NewSeasonDialog, ScheduleDialog
from clabber_league.ui.league.division_dialogs import (
    AddTeamDialog,
    DivisionDialog,
    SplitSeasonDialog,
)
from clabber_league.ui.main_window import MainWindow
from clabber_league.ui.models.sheet_model import SheetColumn
from clabber_league.ui.printing.blank_dialog import BlankSheetsDialog
from clabber_league.ui.printing.documents import BlankOptions
from clabber_league.ui.widgets.elided_label import ElidedLabel

LANGUAGES = ["fa", "ru", "ko"]
#: Team names in each language, so that only the app's own words could be English.
TEAMS = {"fa": ["عقاب‌ها", "جغدها"], "ru": ["Орлы", "Совы"], "ko": ["독수리", "부엉이"]}
#: Latin-letter words that stay as they are in every language: the app's name, file
#: formats, keys, the paper's marks and sizes.
KEPT = {
    "Clabber", "League", "PDF", "PNG", "JPEG", "GIF", "JSON", "Ctrl", "Esc", "Enter", "RULES",
    "md", "XX", "W", "A4", "US", "Letter", "sqlite3", "db", "json", "png", "jpg", "jpeg",
    "gif", "pdf", "English", "OK", "QR", "Qt", "CSV", "XLSX", "Backspace",
}  # fmt: skip
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
#: Every dialog that can be opened on its own, made fresh for each language.
DIALOGS: list[Callable[[], QDialog]] = [
    NewGameDialog,
    PreferencesDialog,
    lambda: MeldCalculatorDialog(rule_set("evansville"), None),
    lambda: NewSeasonDialog({"Evansville": ["2026"]}),  # a season name is the user's
    ScheduleDialog,
    lambda: ScheduleDialog(divisions=True),
    lambda: AddTeamDialog([]),
    lambda: DivisionDialog("Орлы", [], None),  # a team's name is the user's
    lambda: SplitSeasonDialog(7, None),
    lambda: BlankSheetsDialog(BlankOptions()),
]
DIALOG_NAMES = [
    "new game",
    "preferences",
    "meld calculator",
    "new season",
    "schedule",
    "schedule with divisions",
    "add team",
    "division",
    "split season",
    "blank",
]


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    code = str(request.param)
    apply_language(code)
    yield code
    apply_language(i18n.SOURCE)


def shown_dialog(qtbot: QtBot, make: Callable[[], QDialog]) -> QDialog:
    dialog = make()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def english_left(texts: list[str]) -> list[str]:
    return [
        text
        for text in texts
        if any(word not in KEPT for word in _LATIN_WORD.findall(text.replace("&", "")))
    ]


def visible_texts(root: QWidget) -> list[str]:
    """Every text a person reads in ``root``: labels, buttons, boxes, tabs, combo items,
    placeholders, menus and the window's title."""
    texts = [root.windowTitle()]
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        if isinstance(widget, QLabel) and widget.textFormat() != Qt.TextFormat.RichText:
            texts.append(widget.text())
        elif isinstance(widget, QAbstractButton | QGroupBox):
            texts.append(widget.text() if isinstance(widget, QAbstractButton) else widget.title())
        elif isinstance(widget, QTabWidget):
            texts += [widget.tabText(index) for index in range(widget.count())]
        elif isinstance(widget, QComboBox) and not widget.isEditable():
            texts += [widget.itemText(index) for index in range(widget.count())]
        elif isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        if widget.toolTip():
            texts.append(widget.toolTip())
    return [text for text in texts if text]


def menu_texts(window: MainWindow) -> list[str]:
    texts: list[str] = []
    for action in window.menuBar().actions():
        texts.append(action.text())
        menu = action.menu()
        if isinstance(menu, QMenu):
            texts += [each.text() for each in menu.actions() if each.text()]
    return texts


def open_window(qtbot: QtBot, database: Database, settings: QSettings, code: str) -> MainWindow:
    recorder = create_game(database, rule_set("evansville"), TEAMS[code])
    recorder.record(PlayedHand("A", {"A": 100, "B": 62}, None))
    window = MainWindow(database, settings)
    qtbot.addWidget(window)
    window.show_recorder(recorder)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_window_has_no_english_left(
    qtbot: QtBot, database: Database, settings: QSettings, language: str
) -> None:
    window = open_window(qtbot, database, settings, language)
    model = window.sheet_model
    assert model is not None
    headings = [
        str(model.headerData(column, Qt.Orientation.Horizontal))
        for column in range(model.columnCount())
    ]
    # The league file's name (in the title) is the user's, as the team names are.
    assert database.path is not None
    texts = [text.replace(database.path.name, "") for text in visible_texts(window)]
    assert english_left(texts + menu_texts(window) + headings) == []


@pytest.mark.parametrize("make", DIALOGS, ids=DIALOG_NAMES)
def test_each_dialog_has_no_english_left(
    qtbot: QtBot, language: str, make: Callable[[], QDialog]
) -> None:
    dialog = shown_dialog(qtbot, make)
    assert english_left(visible_texts(dialog)) == []


def test_persian_reads_from_the_right(
    qtbot: QtBot, database: Database, settings: QSettings
) -> None:
    apply_language("fa")
    window = open_window(qtbot, database, settings, "fa")
    assert window.layoutDirection() == Qt.LayoutDirection.RightToLeft
    view = window.sheet_view
    header = view.horizontalHeader()
    first, last = 0, header.count() - 1
    # The sheet's first column (the hand number) stands at the right, as on Persian paper.
    assert header.sectionViewportPosition(first) > header.sectionViewportPosition(last)
    # The menus too: File is the right-most.
    bar = window.menuBar()
    file_menu, help_menu = bar.actions()[0], bar.actions()[-1]
    assert bar.actionGeometry(file_menu).x() > bar.actionGeometry(help_menu).x()


@pytest.mark.parametrize("code", ["ru", "ko"])
def test_the_others_read_from_the_left(
    qtbot: QtBot, database: Database, settings: QSettings, code: str
) -> None:
    apply_language(code)
    window = open_window(qtbot, database, settings, code)
    assert window.layoutDirection() == Qt.LayoutDirection.LeftToRight
    header = window.sheet_view.horizontalHeader()
    assert header.sectionViewportPosition(0) < header.sectionViewportPosition(header.count() - 1)


def test_qt_own_buttons_are_translated(qtbot: QtBot) -> None:
    apply_language("ru")
    dialog = PreferencesDialog()
    qtbot.addWidget(dialog)
    buttons = [button.text() for button in dialog.findChildren(QAbstractButton)]
    assert "Отмена" in buttons
    apply_language("en")
    dialog = PreferencesDialog()
    qtbot.addWidget(dialog)
    assert "Cancel" in [button.text() for button in dialog.findChildren(QAbstractButton)]


def test_a_new_language_keeps_the_open_game(
    qtbot: QtBot, database: Database, settings: QSettings
) -> None:
    window = open_window(qtbot, database, settings, "ru")
    recorder = window.recorder
    assert recorder is not None
    russian = window.relaunched("ru")
    qtbot.addWidget(russian)
    assert russian.recorder is recorder
    assert len(russian.recorder.game.rows) == 1
    assert russian.menuBar().actions()[0].text() == "&Файл"
    assert not window.isVisible()
    # The game goes on in the new window, in the new language.
    assert russian.entry_panel.isEnabled()


def test_preferences_lists_the_system_default_then_every_language_by_its_own_name(
    qtbot: QtBot,
) -> None:
    dialog = PreferencesDialog()
    qtbot.addWidget(dialog)
    box = dialog.language_box
    names = [box.itemText(index) for index in range(box.count())]
    assert names == ["System default", *i18n.LANGUAGES.values()]
    assert dialog.language() == i18n.SYSTEM_DEFAULT
    chosen = PreferencesDialog(None, "ru")
    qtbot.addWidget(chosen)
    assert chosen.language() == "ru"


def test_the_saved_preference_is_the_windows_language(
    settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.setValue(LANGUAGE_KEY, "ko")
    # the suite's CLABBER_LEAGUE_LANG wins
    assert window_language(None, settings) == ("en", i18n.Origin.ENVIRONMENT)
    assert window_language("fa", settings) == ("fa", i18n.Origin.OPTION)
    monkeypatch.delenv("CLABBER_LEAGUE_LANG")
    assert window_language(None, settings) == ("ko", i18n.Origin.PREFERENCE)


@pytest.mark.parametrize(
    ("ui_languages", "expected"), [(["de-DE", "fa-IR", "en-US"], "fa"), (["de-DE"], "en")]
)
def test_the_system_default_is_qts_system_locale(
    settings: QSettings, monkeypatch: pytest.MonkeyPatch, ui_languages: list[str], expected: str
) -> None:
    """``QLocale.system().uiLanguages()``: the user's display languages on Windows and
    macOS, where a program started from the Start menu or the Finder has no LANG."""
    monkeypatch.delenv("CLABBER_LEAGUE_LANG")
    monkeypatch.setattr(language_module, "QLocale", _SystemLocale(ui_languages))
    settings.setValue(LANGUAGE_KEY, i18n.SYSTEM_DEFAULT)
    assert window_language(None, settings) == (expected, i18n.Origin.SYSTEM)
    assert saved_language(settings) == i18n.SYSTEM_DEFAULT


class _SystemLocale:
    """``QLocale`` as ``ui.language`` asks it for the system's languages."""

    def __init__(self, ui_languages: list[str]) -> None:
        self._languages = ui_languages

    def system(self) -> _SystemLocale:
        return self

    def uiLanguages(self) -> list[str]:  # noqa: N802 -- Qt's name
        return self._languages


def test_preferences_keep_the_system_default_as_such(
    qtbot: QtBot, database: Database, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chosen, *System default* is kept as itself, not as the language it means today."""
    settings.setValue(LANGUAGE_KEY, "ru")
    apply_language("ru")
    window = open_window(qtbot, database, settings, "ru")
    monkeypatch.setattr(language_module, "QLocale", _SystemLocale(["ko-KR"]))
    relaunched: list[tuple[object, ...]] = []
    monkeypatch.setattr(MainWindow, "relaunched", lambda _self, *args: relaunched.append(args))

    def choose_system_default(self: PreferencesDialog) -> int:
        self.language_box.setCurrentIndex(self.language_box.findData(i18n.SYSTEM_DEFAULT))
        return 1

    monkeypatch.setattr(PreferencesDialog, "exec", choose_system_default)
    window.preferences()
    assert settings.value(LANGUAGE_KEY) == i18n.SYSTEM_DEFAULT
    assert relaunched == [("ko", i18n.Origin.SYSTEM)]


def test_persian_writes_persian_digits_and_reads_both_kinds(
    qtbot: QtBot, database: Database, settings: QSettings
) -> None:
    apply_language("fa")
    window = open_window(qtbot, database, settings, "fa")
    model = window.sheet_model
    assert model is not None
    total = model.data(
        model.index(0, model.column_of(SheetColumn.TOTAL, "A")), Qt.ItemDataRole.DisplayRole
    )
    assert total == "۱۰۰"
    # Typed in Persian digits, the trick points are read as the figure they are.
    tricks = window.entry_panel.findChild(QLineEdit, "tricks")
    assert tricks is not None
    validator = tricks.validator()
    assert validator is not None
    persian: Any = validator.validate("۸۲", 2)
    arabic: Any = validator.validate("٨٢", 2)
    assert tuple(persian[:2]) == (QValidator.State.Acceptable, "82")
    assert tuple(arabic[:2]) == (QValidator.State.Acceptable, "82")


def test_latin_digits_can_be_chosen_for_persian(
    qtbot: QtBot, database: Database, settings: QSettings
) -> None:
    settings.setValue(DIGITS_KEY, "latin")
    apply_language(*window_language("fa", settings))
    window = open_window(qtbot, database, settings, "fa")
    model = window.sheet_model
    assert model is not None
    assert (
        model.data(
            model.index(0, model.column_of(SheetColumn.TOTAL, "A")), Qt.ItemDataRole.DisplayRole
        )
        == "100"
    )


def test_the_rules_summary_is_in_every_language() -> None:
    for code in i18n.LANGUAGES:
        text = i18n.rules_summary_path(code).read_text(encoding="utf-8")
        assert "**" in text
    assert "حکم" in i18n.rules_summary_path("fa").read_text(encoding="utf-8")
    assert "козыр" in i18n.rules_summary_path("ru").read_text(encoding="utf-8")
    assert "트럼프" in i18n.rules_summary_path("ko").read_text(encoding="utf-8")


def clipped(root: QWidget) -> list[str]:
    """Labels and buttons of ``root`` whose words do not fit: a label's text wider than
    the label, a button narrower than its text needs. Elided labels cut themselves short
    on purpose (the whole text is in their tooltip) and word-wrapped ones wrap."""
    found: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) or isinstance(widget, ElidedLabel):
            continue
        if (
            isinstance(widget, QLabel)
            and widget.text()
            and not widget.wordWrap()
            and widget.textFormat() != Qt.TextFormat.RichText
        ):
            text = widget.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            widest = max(widget.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
            if widest > widget.contentsRect().width() + 1:
                found.append(widget.text())
        elif (
            isinstance(widget, QAbstractButton)
            and widget.text()
            and widget.sizeHint().width() > widget.width() + 1
        ):
            found.append(widget.text())
    return found


def test_no_text_is_cut_short_in_the_window(
    qtbot: QtBot, database: Database, settings: QSettings, language: str
) -> None:
    window = open_window(qtbot, database, settings, language)
    assert clipped(window) == []


@pytest.mark.parametrize("make", DIALOGS, ids=DIALOG_NAMES)
def test_no_text_is_cut_short_in_a_dialog(
    qtbot: QtBot, language: str, make: Callable[[], QDialog]
) -> None:
    assert clipped(shown_dialog(qtbot, make)) == []


def test_the_clipping_check_sees_a_cut_label(qtbot: QtBot) -> None:
    box = QWidget()
    qtbot.addWidget(box)
    label = QLabel("Партия окончена: раздач больше не будет.", box)
    label.setFixedWidth(40)
    roomy = QLabel("W", box)
    roomy.move(0, 30)
    box.show()
    qtbot.waitExposed(box)
    assert clipped(box) == ["Партия окончена: раздач больше не будет."]


def test_the_league_panel_has_no_english_left(
    qtbot: QtBot, database: Database, settings: QSettings, language: str
) -> None:
    from clabber_league.store.league import (  # noqa: PLC0415
        add_team,
        create_season,
        generate_schedule,
    )

    create_season(database, league="لیگ", season="2026")
    for name in [*TEAMS[language], "Команда"]:
        add_team(database, "2026", name, ["Мария", "Ali"])
    generate_schedule(database, "2026")
    window = open_window(qtbot, database, settings, language)
    panel = window.league_panel
    assert panel is not None
    panel.reload_seasons()
    panel.show()
    texts = visible_texts(panel)
    for view in panel.findChildren(QTableView):
        model = view.model()
        if model is None:
            continue
        texts += [
            str(model.headerData(column, Qt.Orientation.Horizontal) or "")
            for column in range(model.columnCount())
        ]
        texts += [
            str(model.data(model.index(row, column)) or "")
            for row in range(model.rowCount())
            for column in range(model.columnCount())
        ]
    assert len(texts) > 40
    assert english_left([text for text in texts if "Ali" not in text]) == []


def test_the_league_night_dialog_has_no_english_left(
    qtbot: QtBot, database: Database, settings: QSettings, language: str
) -> None:
    window = open_window(qtbot, database, settings, language)
    window.night.open_dialog()
    dialog = window.night.dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    # Addresses and example links are no words of any language.
    texts = [text for text in visible_texts(dialog) if "http" not in text]
    assert english_left(texts) == []
    assert clipped(dialog) == []
    dialog.close()
