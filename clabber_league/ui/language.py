"""The window's language: the app's catalogue, Qt's own words, and the reading direction.

``apply_language`` installs the chosen catalogue (``clabber_league.i18n``),
Qt's translation of its standard dialogs and buttons (``qtbase_<lang>.qm``,
shipped with PySide6: "Cancel", "Yes", the file dialog), the locale Qt writes
numbers and dates in, and the layout direction: Persian mirrors the whole
window, right to left.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, Qt, QTranslator
from PySide6.QtWidgets import QApplication

from clabber_league.i18n import choose, install, is_right_to_left, persian_digits, set_digits

#: Where the window keeps the language chosen in Preferences.
LANGUAGE_KEY = "view/language"
#: … and how it writes figures (``i18n.DIGIT_STYLES``).
DIGITS_KEY = "view/digits"
#: The Qt locale of each language (its country: how Qt writes its numbers and dates).
QT_LOCALES = {"en": "en_US", "fa": "fa_IR", "ru": "ru_RU", "ko": "ko_KR"}
_translators: list[QTranslator] = []


def window_language(requested: str | None, settings: QSettings) -> str:
    """The window's language: ``--lang``, ``CLABBER_LEAGUE_LANG``, Preferences, the system;
    and, from Preferences, how it writes figures."""
    digits = settings.value(DIGITS_KEY)
    set_digits(digits if isinstance(digits, str) else "locale")
    saved = settings.value(LANGUAGE_KEY)
    return choose(requested, saved=saved if isinstance(saved, str) and saved else None)


def apply_language(code: str) -> None:
    """Speak ``code`` in the app, Qt's standard dialogs and the layout's direction.

    Needs a ``QApplication``. Windows made after this call are in the new
    language; one already open is rebuilt by the caller (``MainWindow.relaunched``).
    """
    install(code)
    app = QCoreApplication.instance()
    assert isinstance(app, QApplication), "the window's language needs a running app"
    while _translators:
        app.removeTranslator(_translators.pop())
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if code != "en" and translator.load(f"qtbase_{code}", folder):
        app.installTranslator(translator)
        _translators.append(translator)
    # Qt writes numbers (spin boxes, dates) in its locale's digits: Persian ones in fa_IR.
    QLocale.setDefault(
        QLocale(QT_LOCALES.get(code, "en_US") if persian_digits() or code != "fa" else "en_US")
    )
    app.setLayoutDirection(
        Qt.LayoutDirection.RightToLeft if is_right_to_left(code) else Qt.LayoutDirection.LeftToRight
    )
