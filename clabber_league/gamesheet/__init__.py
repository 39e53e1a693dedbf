"""The open game-sheet JSON format (SHEET_JSON.md): reading games, writing sheets."""

from clabber_league.gamesheet.codec import GameSpec, read_game, sheet_document

__all__ = ["GameSpec", "read_game", "sheet_document"]
