"""The languages the app speaks, and the one it speaks now.

Every text a user reads is marked in the code with ``_`` (or ``ngettext`` for a
count, ``pgettext`` where one English word needs two translations) and looked
up in the gettext catalogue of the chosen language: ``resources/locale/<lang>/
LC_MESSAGES/clabber_league.po``, managed with Babel (``make catalogues``). The
app reads the ``.mo`` the build compiles beside it (``i18n.prebuilt``): loading
one takes a millisecond where compiling the ``.po`` took 65–100 ms at every start.

Text made while a module loads (a table's headings, a menu's choices) is
marked with ``lazy``: it is looked up each time it is shown, so it follows a
change of language.

The language is chosen once per process (``choose`` then ``install``): the
``--lang`` option first, then ``CLABBER_LEAGUE_LANG``, then (in the window)
the Preferences, then the system's, else English. The system's language is, for the
window, Qt's (``QLocale.system().uiLanguages()``: ``ui/language.py``); for the command
line, which loads no Qt, the platform's own list of the user's display languages on
Windows and macOS (a program started from the Start menu or the Finder has no locale
variables), the locale variables elsewhere (``system_language``).
"""

from __future__ import annotations

import argparse
import enum
import gettext
import io
import os
import sys
from collections.abc import Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from clabber_league.rules.messages import Problem, ProblemError

if TYPE_CHECKING:
    import datetime as dt
    from pathlib import Path

DOMAIN = "clabber_league"
SOURCE = "en"
#: Every language, by its code, with its name in itself (as a chooser shows it).
LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "fa": "فارسی",
    "ru": "Русский",
    "ko": "한국어",
}
#: The languages written from right to left.
RIGHT_TO_LEFT = frozenset({"fa"})
ENV_VAR = "CLABBER_LEAGUE_LANG"
#: The environment variables that hold the system's locale, most specific first.
_LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguageError(ValueError):
    """A language the app has no catalogue for; the message lists those it has."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(
            f"there is no language {code!r}; the languages are: {', '.join(LANGUAGES)}"
        )


@cache
def translations(code: str) -> gettext.NullTranslations:
    """A language's translations, read from the ``.mo`` the build compiled (once);
    ``prebuilt.NotBuiltError`` if it never did."""
    if code == SOURCE:
        return gettext.NullTranslations()
    from clabber_league.i18n.prebuilt import mo_file, read  # noqa: PLC0415
    from clabber_league.resources import resources_dir  # noqa: PLC0415

    return gettext.GNUTranslations(io.BytesIO(read(mo_file(resources_dir(), code))))


_current: list[str] = [SOURCE]


#: How figures are written: as the language writes them, or always in one kind of digits.
DIGIT_STYLES = ("locale", "latin", "persian")
_digits: list[str] = ["locale"]
#: The languages whose own convention is Persian digits (۰۱۲۳…).
PERSIAN_DIGITS_BY_DEFAULT = frozenset({"fa"})
_TO_PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
#: Persian and Arabic-Indic digits, as a person may type them, to Latin ones.
_TO_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


def set_digits(style: str) -> None:
    """Write figures ``style``: "locale" (Persian digits in Persian), "latin" or "persian"."""
    _digits[0] = style if style in DIGIT_STYLES else "locale"


def digit_style() -> str:
    return _digits[0]


def persian_digits() -> bool:
    style = _digits[0]
    return style == "persian" or (style == "locale" and current() in PERSIAN_DIGITS_BY_DEFAULT)


def figures(text: str) -> str:
    """``text`` with its digits as the user reads them (``set_digits``): "۵۰۰" or "500"."""
    return text.translate(_TO_PERSIAN) if persian_digits() else text


def latin_digits(text: str) -> str:
    """``text`` with Persian and Arabic-Indic digits made Latin, so "۱۶۲" reads as 162."""
    return text.translate(_TO_LATIN)


def current() -> str:
    """The code of the language the app speaks now."""
    return _current[0]


def is_right_to_left(code: str | None = None) -> bool:
    return (code or current()) in RIGHT_TO_LEFT


def known(code: str) -> str:
    """``code`` tidied (``FA`` → ``fa``), or ``UnknownLanguageError``."""
    tidied = code.strip().lower().replace("-", "_").split("_")[0]
    if tidied not in LANGUAGES:
        raise UnknownLanguageError(code.strip())
    return tidied


#: What the Preferences keep for "follow the system" (not the language it meant that day).
SYSTEM_DEFAULT = "system"


class Origin(enum.Enum):
    """Where the language spoken came from (``clabber-league about`` says which)."""

    #: ``--lang``.
    OPTION = "option"
    #: ``CLABBER_LEAGUE_LANG``.
    ENVIRONMENT = "environment"
    #: The window's Edit → Preferences.
    PREFERENCE = "preference"
    #: The system's language, or English when the app speaks none of the system's.
    SYSTEM = "system"


class Chosen(NamedTuple):
    """A language to speak, and why."""

    code: str
    origin: Origin


def spoken(tags: Iterable[str]) -> str | None:
    """The first of ``tags`` the app speaks: BCP 47 (``fa-IR``, ``zh-Hant-TW``, as Qt,
    Windows and macOS name languages) or POSIX (``ru_RU.UTF-8@euro``); else ``None``."""
    for tag in tags:
        code = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def locale_variables(environ: Mapping[str, str]) -> list[str]:
    """The locales the environment names, most specific first (``LANGUAGE=fa:en`` is two;
    ``C`` and ``POSIX`` are no language)."""
    return [entry for variable in _LOCALE_VARS for entry in environ.get(variable, "").split(":")]


def multi_string(buffer: str) -> list[str]:
    """A Windows multi-string (``fa-IR\\0en-US\\0\\0``) as its strings."""
    return [part for part in buffer.split("\0") if part]


def windows_ui_languages() -> list[str]:
    """The user's display languages, most preferred first (``GetUserPreferredUILanguages``,
    as Settings → Time & language orders them)."""
    if sys.platform != "win32":
        return []
    import ctypes  # noqa: PLC0415 -- Windows only
    from ctypes import wintypes  # noqa: PLC0415

    mui_language_name = 0x8
    get = ctypes.WinDLL("kernel32").GetUserPreferredUILanguages
    count, size = wintypes.ULONG(), wintypes.ULONG(0)
    if not get(mui_language_name, ctypes.byref(count), None, ctypes.byref(size)):
        return []
    buffer = ctypes.create_unicode_buffer(size.value)
    if not get(mui_language_name, ctypes.byref(count), buffer, ctypes.byref(size)):
        return []
    return multi_string(buffer[: size.value])


def macos_ui_languages() -> list[str]:
    """The user's preferred languages, most preferred first (CoreFoundation's
    ``CFLocaleCopyPreferredLanguages``: System Settings → Language & Region)."""
    if sys.platform != "darwin":
        return []
    import ctypes  # noqa: PLC0415 -- macOS only

    cf = ctypes.CDLL("/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation")
    cf.CFLocaleCopyPreferredLanguages.restype = ctypes.c_void_p
    cf.CFArrayGetCount.argtypes = [ctypes.c_void_p]
    cf.CFArrayGetCount.restype = ctypes.c_long
    cf.CFArrayGetValueAtIndex.argtypes = [ctypes.c_void_p, ctypes.c_long]
    cf.CFArrayGetValueAtIndex.restype = ctypes.c_void_p
    cf.CFStringGetCString.argtypes = [
        ctypes.c_void_p,
        ctypes.c_char_p,
        ctypes.c_long,
        ctypes.c_uint32,
    ]
    cf.CFStringGetCString.restype = ctypes.c_bool
    cf.CFRelease.argtypes = [ctypes.c_void_p]
    utf8 = 0x08000100  # kCFStringEncodingUTF8
    languages = cf.CFLocaleCopyPreferredLanguages()
    if not languages:
        return []
    try:
        found = []
        for index in range(cf.CFArrayGetCount(languages)):
            text = ctypes.create_string_buffer(64)
            if cf.CFStringGetCString(cf.CFArrayGetValueAtIndex(languages, index), text, 64, utf8):
                found.append(text.value.decode("utf-8"))
        return found
    finally:
        cf.CFRelease(languages)


def system_language(environ: Mapping[str, str] | None = None, platform: str = sys.platform) -> str:
    """The first of the system's languages the app speaks, else English: on Windows and
    macOS the user's display languages, elsewhere the locale variables."""
    if platform == "win32":
        tags = windows_ui_languages()
    elif platform == "darwin":
        tags = macos_ui_languages()
    else:
        tags = locale_variables(os.environ if environ is None else environ)
    return spoken(tags) or SOURCE


def choose(
    requested: str | None,
    saved: str | None = None,
    environ: Mapping[str, str] | None = None,
    system: str | None = None,
) -> Chosen:
    """The language to speak: ``requested`` (``--lang``), else ``CLABBER_LEAGUE_LANG``,
    else ``saved`` (the window's Preferences), else ``system`` (the system's language as
    the caller knows it; by default ``system_language``).

    An unknown ``requested`` or environment value is ``UnknownLanguageError``; a saved
    ``SYSTEM_DEFAULT``, or an unknown saved value (from an older or newer version), is
    passed over.
    """
    env = os.environ if environ is None else environ
    if requested:
        return Chosen(known(requested), Origin.OPTION)
    if env.get(ENV_VAR, "").strip():
        return Chosen(known(env[ENV_VAR]), Origin.ENVIRONMENT)
    if saved and saved in LANGUAGES:
        return Chosen(saved, Origin.PREFERENCE)
    return Chosen(system or system_language(env), Origin.SYSTEM)


_origin: list[Origin | None] = [None]


def origin() -> Origin | None:
    """Where the language spoken now came from (``None``: a test or a tool set it)."""
    return _origin[0]


def install(code: str, came_from: Origin | None = None) -> None:
    """Speak ``code`` from now on (every ``_``, ``ngettext``, ``pgettext`` and ``lazy``),
    argparse's own words (``usage:``, ``options``) included; ``came_from`` says why."""
    _current[0] = known(code)
    _origin[0] = came_from
    # argparse takes its words from gettext's global domain; it looks them up by name
    # in its module when a message is made, so they follow ours.
    argparse._ = gettext_  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def gettext_(message: str) -> str:
    """``message`` in the current language (English when it has no translation)."""
    return translations(current()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message for ``count`` in the current language."""
    return translations(current()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells two meanings apart."""
    return translations(current()).pgettext(context, message)


_ = gettext_


#: Unicode's first-strong isolate and its end: a name or figure between them is laid
#: out on its own, whichever way the sentence around it runs.
FIRST_STRONG_ISOLATE, POP_ISOLATE = "\u2068", "\u2069"


def isolate(text: str) -> str:
    """``text`` set apart from a right-to-left sentence around it (a Latin team name
    in Persian, a Persian name and a figure side by side); as it is in other languages."""
    if not text or not is_right_to_left():
        return text
    return f"{FIRST_STRONG_ISOLATE}{text}{POP_ISOLATE}"


class _Isolated(str):
    """A text value isolated for a sentence; quoted (``{name!r}``), the quotes go inside
    the isolation rather than the isolation marks being written out as escapes."""

    plain: str

    def __new__(cls, value: str) -> _Isolated:
        made = super().__new__(cls, isolate(value))
        made.plain = value
        return made

    def __repr__(self) -> str:
        return isolate(repr(self.plain))


def capitalised(text: str) -> str:
    """``text`` with its first letter made a capital, as a sentence starts."""
    return text[:1].upper() + text[1:]


def fill(template: str, /, **values: object) -> str:
    """``template.format(**values)``, each text value isolated (``isolate``) where the
    language is written right to left, so that names and figures keep their order."""
    return template.format_map(
        {
            key: _Isolated(value) if isinstance(value, str) else value
            for key, value in values.items()
        }
    )


def said_error(error: BaseException) -> str:
    """An error's lines in the current language (the rules', files' and printouts'
    problem lines are translated; any other error is shown as it says itself)."""
    if isinstance(error, ProblemError):
        return "\n".join(said(line) for line in error.lines)
    message = getattr(error, "message", None)  # the store's errors: a line, then a command
    if isinstance(message, Problem):
        command = getattr(error, "command", "")
        return said(message) + (f"\n{command}" if command else "")
    return str(error)


def said(line: str) -> str:
    """A line for the user in the current language.

    A ``Problem`` (the rules engine's structured lines) is its template's translation
    filled with its values, parts made elsewhere translated the same way; any other
    line is shown as it is. A translation that would not fill (a catalogue's mistake,
    which the tests guard against) falls back to the English line.
    """
    if not isinstance(line, Problem):
        return line
    values = {
        key: said(value) if isinstance(value, Problem) else value
        for key, value in line.values.items()
    }
    try:
        template = (
            gettext_(line.template)
            if line.context is None
            else pgettext(line.context, line.template)
        )
        return fill(template, **values)
    except (KeyError, IndexError, ValueError):
        return str.__str__(line)


def N_(message: str) -> str:  # noqa: N802 -- the usual gettext name
    """Marks ``message`` for the catalogue without translating it (yet): it is
    translated where it is shown, with ``_``."""
    return message


class LazyText:
    """A message looked up each time it is shown, for text made while modules load."""

    __slots__ = ("context", "message")

    def __init__(self, message: str, context: str | None = None) -> None:
        self.message = message
        self.context = context

    def __str__(self) -> str:
        if self.context is None:
            return gettext_(self.message)
        return pgettext(self.context, self.message)

    def __repr__(self) -> str:
        return f"lazy({self.message!r})"

    def format(self, *args: object, **kwargs: object) -> str:
        return str(self).format(*args, **kwargs)


def lazy(message: str) -> LazyText:
    """``message``, translated whenever it is shown (``str(text)``)."""
    return LazyText(message)


def lazy_p(context: str, message: str) -> LazyText:
    """``lazy`` with a context, as ``pgettext``."""
    return LazyText(message, context)


def date_text(day: dt.date, pattern: str = "medium") -> str:
    """A date as the current language writes it (Babel, CLDR): ``pattern`` is a CLDR
    length ("short", "medium", "long", "full") or skeleton-like pattern ("EEE d MMM")."""
    from babel.dates import format_date  # noqa: PLC0415 -- Babel loads only when a date shows

    return str(format_date(day, format=pattern, locale=current()))


def makeup_words(day: dt.date, pattern: str = "EEE dd MMM y") -> str:
    """A postponed match's make-up date as the schedule, the recap and the window say it."""
    return _("make-up {date}").format(date=date_text(day, pattern))


def datetime_text(moment: dt.datetime, pattern: str = "medium") -> str:
    """A date and time as the current language writes them (Babel, CLDR)."""
    from babel.dates import format_datetime  # noqa: PLC0415

    return str(format_datetime(moment, format=pattern, locale=current()))


def rules_summary_path(code: str | None = None) -> Path:
    """Help → Rules summary in a language: ``resources/rules-summary.<lang>.md``
    (the English one is ``rules-summary.md``)."""
    # The resources (and pathlib) load when a file is wanted: the ``standings`` command,
    # which speaks English unless told otherwise, prints before they would have loaded.
    from clabber_league.resources import resource  # noqa: PLC0415

    code = code or current()
    if code == SOURCE:
        return resource("rules-summary.md")
    return resource(f"rules-summary.{code}.md")
