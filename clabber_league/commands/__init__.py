"""The ``clabber-league`` subcommands, one module each; ``cli.py`` is the front door."""
