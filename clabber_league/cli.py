"""The ``clabber-league`` command: the window by default, and scriptable subcommands.

Every subcommand reports bad input as plain lines on standard error and
exits with status 2; nothing else ever reaches the user as a traceback: an error
nobody expected is one line naming the log file, which keeps its traceback
(``logs``), and exits with status 1.
Ctrl+C and SIGTERM stop a subcommand cleanly (exit 130 / 143) with one line
saying what was left undone: half-written outputs are removed and open
transactions rolled back on the way out. The commands are imported inside
``main``, so a Ctrl+C while Python is still loading them is answered the
same way.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable, Sequence

EXIT_INTERRUPTED = 130  # as a shell reports a command stopped by Ctrl+C
EXIT_UNEXPECTED = 1  # as Python exits on an uncaught exception


def build_parser() -> argparse.ArgumentParser:
    from clabber_league import APP_ID, APP_NAME, __version__  # noqa: PLC0415
    from clabber_league.commands import (  # noqa: PLC0415
        about,
        common,
        games,
        league,
        night,
        playoffs,
        printing,
        publish,
        score,
        tournament,
    )
    from clabber_league.i18n import _  # noqa: PLC0415
    from clabber_league.rules.limits import RECORD_ID  # noqa: PLC0415

    parser = common.CommandParser(
        prog=APP_ID,
        description=_(
            "{app_name}: scoresheets, leagues and standings for Clabber. "
            "With no command, opens the window."
        ).format(app_name=APP_NAME),
    )
    parser.add_argument("--version", action="version", version=f"{APP_ID} {__version__}")
    parser.set_defaults(lang=None)  # --lang: every command's (CommandParser)
    parser.add_argument("--db", metavar="PATH", help=_(common.DB_HELP))
    parser.add_argument(
        "--screenshot",
        metavar="OUT.png",
        help=_("render the window offscreen to a PNG and exit (with --game, showing that game)"),
    )
    parser.add_argument(
        "--game", metavar="FILE.json", help=_("with --screenshot: the game sheet to show")
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in (score, games, league, playoffs, tournament, night, printing, publish, about):
        command.register(commands)
    window = commands.add_parser("gui", help=_("open the window (the default)"))
    common.add_db_option(window)
    window.add_argument(
        "--game-id",
        type=common.whole_number(RECORD_ID, "a game id"),
        metavar="N",
        help=_("open this stored game (else the last game of this database)"),
    )
    window.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help=_("a league file to open, or a game file to import into the league"),
    )
    window.set_defaults(handler=_gui)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from clabber_league import logs  # noqa: PLC0415

    logs.start()
    words = sys.argv[1:] if argv is None else argv
    if not words:
        return _window()
    if len(words) == 1 and _names_a_file(words[0]):
        return _window(words[0])
    before = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, _leave)
    stopped = "stopped; nothing was changed"
    try:
        from clabber_league.commands.common import EXIT_BAD_INPUT, STOPPED  # noqa: PLC0415

        language = _language(words)
        if language is None:
            return EXIT_BAD_INPUT
        args = _parse(words)
        stopped = getattr(args, "stopped", STOPPED)
        handler: Callable[[argparse.Namespace], int] = getattr(args, "handler", _gui)
        if handler is _gui:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        else:
            signal.signal(signal.SIGTERM, _leave)
        return _run(handler, args)
    except KeyboardInterrupt:
        print(stopped, file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        for number, handling in before.items():
            if handling is not None:
                signal.signal(number, handling)


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    """The arguments; ``standings``, which scripts call most and which answers in a blink,
    is read by its own options alone: loading every command would take longer than the
    standings do (``commands.standings.standings_args``)."""
    if argv[:1] == ["standings"]:
        from clabber_league.commands.standings import standings_args  # noqa: PLC0415

        args = standings_args(argv[1:])
        if args is not None:
            return args
    return build_parser().parse_args(argv)


def _language(argv: Sequence[str]) -> str | None:
    """Read ``--lang`` (or ``CLABBER_LEAGUE_LANG``, else the system's language) before the
    parser is built, so that its help is in that language, and speak it; ``None``, after
    one line naming the languages there are, for an unknown one (or naming the fix, for a
    catalogue the build never compiled)."""
    from clabber_league.commands.common import UnprintedHelp  # noqa: PLC0415
    from clabber_league.i18n import (  # noqa: PLC0415
        SOURCE,
        UnknownLanguageError,
        choose,
        install,
    )
    from clabber_league.i18n.prebuilt import NotBuiltError, require  # noqa: PLC0415

    # argparse's own words go through our catalogues from the start (English until --lang
    # is read): its default, gettext's global domain, looks for catalogues on disk.
    install(SOURCE)
    early = argparse.ArgumentParser(add_help=False, formatter_class=UnprintedHelp)
    early.add_argument("--lang")
    known, _rest = early.parse_known_args(list(argv))
    try:
        language = choose(known.lang)
        require(language.code)  # a checkout never installed has no catalogue to read
    except (UnknownLanguageError, NotBuiltError) as exc:
        print(f"clabber-league: {exc}", file=sys.stderr)
        return None
    install(*language)
    return language.code


def _run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    from clabber_league.commands import common  # noqa: PLC0415
    from clabber_league.i18n import said  # noqa: PLC0415

    try:
        common.check_text_arguments(args)
        common.one_db(args)
        return handler(args)
    except common.CommandInputError as exc:
        for line in (*exc.lines, *exc.commands):
            print(said(line), file=sys.stderr)
        return common.EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader (say, `| head`) stopped early: not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return common.EXIT_OK
    except Exception as exc:  # a bug: its traceback into the log, one line to the user
        return _unexpected(exc)


def _unexpected(error: Exception) -> int:
    """An error nobody expected: logged with its traceback, and said in one line that
    names the log file."""
    import logging  # noqa: PLC0415

    from clabber_league import logs  # noqa: PLC0415
    from clabber_league.escaping import terminal_text  # noqa: PLC0415
    from clabber_league.i18n import _  # noqa: PLC0415

    logging.getLogger(__name__).error("unexpected error", exc_info=error)
    what = terminal_text(" ".join(f"{type(error).__name__}: {error}".split()))
    line = _("clabber-league: unexpected error ({error}); the details are in {path}")
    print(line.format(error=what, path=logs.start()), file=sys.stderr)
    return EXIT_UNEXPECTED


def _leave(signum: int, _frame: object) -> None:
    """Ctrl+C or SIGTERM: leave through the ordinary exits, and let the clean-up on the way
    out (a rollback, removing a half-written file) finish even if a signal comes again."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise SystemExit(128 + signum)


def _names_a_file(word: str) -> bool:
    """Whether the one word given is a file to open (``clabber-league league.clabber``, as
    the file manager starts the app) rather than a command: a command's name never has a
    dot or a folder separator in it, and a file's name without one is given as ``./NAME``
    or ``gui NAME``."""
    return not word.startswith("-") and any(mark in word for mark in (".", "/", os.sep))


def _window(file: str | None = None) -> int:
    """No command at all (a desktop launcher, or the file manager with one file): the
    window, without building the commands' parser first — loading every command takes
    longer than showing the window."""
    from clabber_league import app  # noqa: PLC0415 -- Qt loads only for the window

    try:
        return app.run(None, file=file)
    except KeyboardInterrupt:
        from clabber_league.commands.common import STOPPED  # noqa: PLC0415

        print(STOPPED, file=sys.stderr)
        return EXIT_INTERRUPTED


def _gui(args: argparse.Namespace) -> int:
    from clabber_league import app  # noqa: PLC0415 -- Qt loads only for the window

    if args.screenshot:
        return app.screenshot(args.screenshot, args.game, args.db, args.lang)
    file = getattr(args, "file", None)
    if file is not None and args.db is not None:
        from clabber_league.commands.common import CommandInputError  # noqa: PLC0415
        from clabber_league.file_types import FileKind, kind_of  # noqa: PLC0415
        from clabber_league.rules.messages import problem  # noqa: PLC0415
        from clabber_league.store.paths import user_path  # noqa: PLC0415

        if kind_of(user_path(file)) is FileKind.LEAGUE:
            raise CommandInputError(
                [problem("{file} is a league file: give it or --db, not both", file=file)]
            )
    return app.run(args.db, args.lang, getattr(args, "game_id", None), file)


if __name__ == "__main__":
    sys.exit(main())
