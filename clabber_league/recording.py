"""The one way the window changes a game: a recorder.

The UI never edits a ``rules.Game`` directly. It asks a recorder, which
checks the change with the rules engine first and then makes it durable (the
database recorder commits one transaction per change; the memory recorder,
used for previews and screenshots of a game file, just keeps it). Only after
the call returns does the window show the change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from clabber_league.rules import Game, HandEntry


@dataclass(frozen=True)
class Correction:
    """One entry of a game's correction log: hand ``n`` changed from ``old`` to ``new``."""

    n: int
    old: HandEntry | None
    """``None`` when a hand was put back in."""
    new: HandEntry | None
    """``None`` when the hand was deleted."""
    at: datetime


class GameRecorder(Protocol):
    """A game open for recording. Every method raises ``GameError`` and changes
    nothing when the rules refuse the change."""

    @property
    def game(self) -> Game:
        """The scored game, as of the last successful change."""

    @property
    def players(self) -> dict[str, str]:
        """Who sat in each seat, where anyone was named (seat → name)."""

    @property
    def paper_copy(self) -> bool:
        """Whether the game is copied off a paper sheet: its entry mode, kept with it."""

    def set_paper_copy(self, on: bool) -> None:
        """Switch the game's entry mode (it changes no figure on the sheet)."""

    def record(self, entry: HandEntry) -> None:
        """Record the next hand."""

    def replace(self, n: int, entry: HandEntry) -> HandEntry:
        """Correct hand ``n``; returns the entry it replaced. Logged as a correction."""

    def delete(self, n: int) -> HandEntry:
        """Delete hand ``n``; returns it. Logged as a correction."""

    def insert(self, n: int, entry: HandEntry) -> None:
        """Put a hand in at ``n`` (undo of a delete). Logged as a correction."""

    def corrections(self) -> list[Correction]:
        """The correction log, oldest first."""


def named_seats(players: Mapping[str, str] | None) -> dict[str, str]:
    """Seat → name of who sat there, names trimmed, seats with no name left out."""
    return {seat: name.strip() for seat, name in (players or {}).items() if name.strip()}


class AtTheTable:
    """What a recorder knows of the table beside the hands: who sat, and whether the game
    is copied off paper. A stored game keeps both in the store as well."""

    def __init__(self, players: Mapping[str, str] | None, paper_copy: bool) -> None:
        self._players = named_seats(players)
        self._paper_copy = paper_copy

    @property
    def players(self) -> dict[str, str]:
        """Who sat in each seat (seats nobody was named for are left out)."""
        return dict(self._players)

    @property
    def paper_copy(self) -> bool:
        """Whether the game is being copied off a paper sheet (its entry mode)."""
        return self._paper_copy

    def set_paper_copy(self, on: bool) -> None:
        self._paper_copy = on


class MemoryRecorder(AtTheTable):
    """A recorder that keeps the game in memory only (game files, previews, tests)."""

    def __init__(
        self, game: Game, players: Mapping[str, str] | None = None, *, paper_copy: bool = False
    ) -> None:
        super().__init__(players, paper_copy)
        self._game = game
        self._log: list[Correction] = []

    @property
    def game(self) -> Game:
        return self._game

    def record(self, entry: HandEntry) -> None:
        self._game.push(entry)

    def replace(self, n: int, entry: HandEntry) -> HandEntry:
        old = self._game.replace(n, entry)
        self._log.append(Correction(n, old, entry, datetime.now(UTC)))
        return old

    def delete(self, n: int) -> HandEntry:
        old = self._game.delete(n)
        self._log.append(Correction(n, old, None, datetime.now(UTC)))
        return old

    def insert(self, n: int, entry: HandEntry) -> None:
        self._game.insert(n, entry)
        self._log.append(Correction(n, None, entry, datetime.now(UTC)))

    def corrections(self) -> list[Correction]:
        return list(self._log)
