"""argparse's own words, as its messages name them, for the catalogue.

argparse looks its words up with gettext (``i18n.install`` points it at ours);
they are listed here only so that ``make catalogues`` extracts them, and kept
exactly as Python's argparse writes them (``%s`` placeholders included).
"""

from __future__ import annotations

from clabber_league.i18n import N_

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
)
