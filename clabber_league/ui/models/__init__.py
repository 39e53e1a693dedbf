"""Qt item models over the rules engine's objects; views only ever read them."""

from clabber_league.rules.hands import MarkKind
from clabber_league.ui.models.sheet_model import (
    Column,
    SheetColumn,
    SheetModel,
    SheetRole,
    sheet_columns,
)

__all__ = [
    "Column",
    "MarkKind",
    "SheetColumn",
    "SheetModel",
    "SheetRole",
    "sheet_columns",
]
