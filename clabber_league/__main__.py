"""``python -m clabber_league`` runs the same command as ``clabber-league``."""

import sys

from clabber_league.cli import main

sys.exit(main())
