"""``about``: the versions, the language and where it came from, Qt's own words and the
folders, for a bug report (``ui.diagnostics``)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from clabber_league.commands.common import EXIT_OK, say
from clabber_league.escaping import json_text
from clabber_league.i18n import _, current


def register(commands: Any) -> None:
    about = commands.add_parser(
        "about",
        help=_("print the versions, the language and the folders, for a bug report"),
    )
    about.add_argument("--format", choices=("text", "json"), default="text")
    about.set_defaults(handler=run_about)


def run_about(args: argparse.Namespace) -> int:
    # Qt loads only here: its own words are part of the report.
    from PySide6.QtCore import QCoreApplication  # noqa: PLC0415

    from clabber_league.ui.diagnostics import gather  # noqa: PLC0415
    from clabber_league.ui.language import install_qt_words  # noqa: PLC0415

    if QCoreApplication.instance() is None:
        QCoreApplication(sys.argv[:1])
    install_qt_words(current())
    details = gather()
    if args.format == "json":
        print(json_text(details.document()))
    else:
        for line in details.text().splitlines():
            say(line)
    return EXIT_OK
