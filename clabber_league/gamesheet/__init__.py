"""The open game-sheet JSON format (SHEET_JSON.md): reading games, writing sheets."""

from clabber_league.gamesheet.codec import (
    GameSpec,
    game_header,
    game_spec,
    hand_document,
    read_game,
    read_hand,
    sheet_document,
)

__all__ = [
    "GameSpec",
    "game_header",
    "game_spec",
    "hand_document",
    "read_game",
    "read_hand",
    "sheet_document",
]
