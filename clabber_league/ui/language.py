"""The window's language: the app's catalogue, Qt's own words, and the reading direction.

``apply_language`` installs the chosen catalogue (``clabber_league.i18n``),
Qt's translation of its standard dialogs and buttons (``qtbase_<lang>.qm``,
shipped with PySide6: "Cancel", "Yes", the file dialog), the locale Qt writes
numbers and dates in, and the layout direction: Persian mirrors the whole
window, right to left.

The system's language, for the window and the league night pages it serves, is Qt's:
``QLocale.system().uiLanguages()`` reads the user's display languages on Windows and
macOS, the locale variables on Linux.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, Qt, QTranslator
from PySide6.QtWidgets import QApplication

from clabber_league.i18n import (
    LANGUAGES,
    SOURCE,
    SYSTEM_DEFAULT,
    Chosen,
    Origin,
    choose,
    install,
    is_right_to_left,
    persian_digits,
    set_digits,
    spoken,
)
from clabber_league.i18n.prebuilt import require

#: Where the window keeps the language chosen in Preferences (a code, or SYSTEM_DEFAULT).
LANGUAGE_KEY = "view/language"
#: … and how it writes figures (``i18n.DIGIT_STYLES``).
DIGITS_KEY = "view/digits"
#: The Qt locale of each language (its country: how Qt writes its numbers and dates).
QT_LOCALES = {"en": "en_US", "fa": "fa_IR", "ru": "ru_RU", "ko": "ko_KR"}
_translators: list[QTranslator] = []


def system_language() -> str:
    """The first of the system's display languages the app speaks, else English."""
    return spoken(QLocale.system().uiLanguages()) or SOURCE


def saved_language(settings: QSettings) -> str:
    """The Preferences' choice: a language's code, or ``SYSTEM_DEFAULT`` (also when none
    was ever made, or one this version does not speak)."""
    saved = settings.value(LANGUAGE_KEY)
    return saved if isinstance(saved, str) and saved in LANGUAGES else SYSTEM_DEFAULT


def preferred(choice: str) -> Chosen:
    """The language a Preferences choice means now (``SYSTEM_DEFAULT``: the system's)."""
    if choice in LANGUAGES:
        return Chosen(choice, Origin.PREFERENCE)
    return Chosen(system_language(), Origin.SYSTEM)


def window_language(requested: str | None, settings: QSettings) -> Chosen:
    """The window's language: ``--lang``, ``CLABBER_LEAGUE_LANG``, Preferences, the system;
    and, from Preferences, how it writes figures."""
    digits = settings.value(DIGITS_KEY)
    set_digits(digits if isinstance(digits, str) else "locale")
    return choose(requested, saved=saved_language(settings), system=system_language())


def install_qt_words(code: str) -> None:
    """Qt's own words (its standard buttons and dialogs) in ``code``, from the
    ``qtbase_<lang>.qm`` shipped with PySide6; needs a ``QCoreApplication``."""
    app = QCoreApplication.instance()
    assert app is not None, "Qt's words need a running app"
    while _translators:
        app.removeTranslator(_translators.pop())
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if code != SOURCE and translator.load(f"qtbase_{code}", folder):
        app.installTranslator(translator)
        _translators.append(translator)


def qt_translation_loaded() -> bool:
    """Whether Qt's own words are translated now (English needs no translation)."""
    return bool(_translators)


def apply_language(code: str, came_from: Origin | None = None) -> None:
    """Speak ``code`` in the app, Qt's standard dialogs and the layout's direction.

    Needs a ``QApplication``. Windows made after this call are in the new
    language; one already open is rebuilt by the caller (``MainWindow.relaunched``).
    """
    install(code, came_from)
    require(code)  # what the build never made is said before a window opens
    app = QCoreApplication.instance()
    assert isinstance(app, QApplication), "the window's language needs a running app"
    install_qt_words(code)
    # Qt writes numbers (spin boxes, dates) in its locale's digits: Persian ones in fa_IR.
    QLocale.setDefault(
        QLocale(QT_LOCALES.get(code, "en_US") if persian_digits() or code != "fa" else "en_US")
    )
    app.setLayoutDirection(
        Qt.LayoutDirection.RightToLeft if is_right_to_left(code) else Qt.LayoutDirection.LeftToRight
    )
