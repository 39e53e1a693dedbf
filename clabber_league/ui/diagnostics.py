"""What a user pastes into a bug report: versions, the language and why, Qt's own words,
and the folders (``clabber-league about``; the crash dialog and Help → About can show
the same).

In English whatever the language, with stable keys: the developers read it, and a
script may too (``about --format json``). Nothing here is sent anywhere.
"""

from __future__ import annotations

import platform
import sys
from dataclasses import asdict, dataclass

import PySide6
from PySide6.QtCore import QCoreApplication, qVersion

from clabber_league import APP_NAME, __version__
from clabber_league.i18n import LANGUAGES, current, origin
from clabber_league.logs import log_dir
from clabber_league.store.paths import data_dir
from clabber_league.ui.language import qt_translation_loaded

#: Qt's own word asked for as a sample of its translations: its standard Cancel button's.
QT_SAMPLE = ("QPlatformTheme", "Cancel")


@dataclass(frozen=True)
class Details:
    """The app as it runs now, each field one line of the report."""

    app: str
    version: str
    python: str
    system: str
    qt: str
    pyside6: str
    language: str
    language_from: str
    qt_translations: bool
    qt_cancel: str
    data_folder: str
    log_folder: str

    def document(self) -> dict[str, str | bool]:
        """The details as JSON would hold them."""
        return asdict(self)

    def text(self) -> str:
        """One ``key: value`` line each, as a report quotes them."""
        return "".join(f"{key}: {value}\n" for key, value in self.document().items())


def gather() -> Details:
    """The details of this process; needs a ``QCoreApplication`` whose language has been
    applied (``ui.language``), so that Qt's sample word is the one its dialogs show."""
    assert QCoreApplication.instance() is not None, "Qt's words need a running app"
    came_from = origin()
    return Details(
        app=APP_NAME,
        version=__version__,
        python=f"{platform.python_implementation()} {platform.python_version()}",
        system=f"{platform.platform()} ({sys.platform})",
        qt=qVersion(),
        pyside6=PySide6.__version__,
        language=f"{current()} ({LANGUAGES[current()]})",
        language_from=came_from.value if came_from is not None else "set by the program",
        qt_translations=qt_translation_loaded(),
        qt_cancel=QCoreApplication.translate(*QT_SAMPLE),
        data_folder=str(data_dir()),
        log_folder=str(log_dir()),
    )
