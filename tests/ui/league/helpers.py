"""A season to play with, and game sheets as a league secretary would bring them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from clabber_league.gamesheet import game_header, hand_document
from clabber_league.rules import Game, WrittenHand, rule_set
from clabber_league.ui.league.panel import LeaguePanel

TEAMS = ["Eagles", "Owls", "Hawks", "Wrens", "Larks", "Crows", "Doves", "Finches"]
#: A whole game copied off paper, as (makers, A's mark, B's mark): home wins 612–320.
NIGHT = [
    ("A", "150", "12"),
    ("A", "XX", "122"),
    ("B", "12", "150"),
    ("A", "150", "12"),
    ("A", "150", "12"),
    ("A", "150", "12"),
]


def season_of_eight(panel: LeaguePanel) -> None:
    """A new season with eight two-player teams, through the panel as the secretary would."""
    assert panel.create_season("Evansville Clabber League", "Fall 2025") is not None
    for number, name in enumerate(TEAMS, start=1):
        assert panel.add_team(name, [f"Player {number}a", f"Player {number}b"])


def game_document(home: str, away: str, hands: Sequence[tuple[str, str, str]] = NIGHT) -> Any:
    """A ``clabber-game/1`` sheet of a game between two of the season's teams."""
    rules = rule_set("evansville")
    entries = [WrittenHand(makers, {"A": a, "B": b}) for makers, a, b in hands]
    game = Game(rules, [home, away], None, entries)
    header = game_header(rules, game.sides, game.first_dealer)
    return {**header, "hands": [hand_document(entry) for entry in entries]}


def in_sight(qtbot: QtBot, panel: LeaguePanel, page: QWidget | None = None) -> None:
    """Show a tab of the panel (else the one shown) and wait for its heavy view (players, a
    chart), which is read off the GUI thread."""
    if page is not None:
        panel.tabs.setCurrentWidget(page)
    qtbot.waitUntil(lambda: not panel.reading(), timeout=10_000)
