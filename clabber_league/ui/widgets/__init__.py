"""Widgets of the window: the scoresheet and what sits around it."""

from clabber_league.ui.widgets.sheet_view import (
    MarkDelegate,
    SheetHeader,
    SheetInk,
    SheetView,
    handwriting_family,
    turkey_tracks,
    zero_stroke,
)

__all__ = [
    "MarkDelegate",
    "SheetHeader",
    "SheetInk",
    "SheetView",
    "handwriting_family",
    "turkey_tracks",
    "zero_stroke",
]
