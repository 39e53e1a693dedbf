"""A package's names loaded on first use (PEP 562), for a package whose modules take
longer to load than its callers want to wait for the ones they do not use.

``rules`` and ``store`` use it: a command that needs one corner of either (the rules'
limits, the store's paths) does not load the scoring tables or SQLAlchemy with it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def names_loaded_on_use(package: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """The module ``__getattr__`` of ``package``: each name in ``homes`` is looked up in
    its module (``homes[name]``, a module of the package) the first time it is asked for,
    and kept in the package, so later look-ups are ordinary."""

    def load(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return load
