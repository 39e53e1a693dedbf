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

from clabber_league.rules import Game, GameError, HandEntry
from clabber_league.rules.messages import problem

#: The hand number of a reopening in the correction log (no hand is numbered 0).
REOPENED = 0


@dataclass(frozen=True)
class Correction:
    """One entry of a game's correction log: hand ``n`` changed from ``old`` to ``new``,
    or the game reopened (``reopening``)."""

    n: int
    old: HandEntry | None
    """``None`` when a hand was put back in (and for a reopening)."""
    new: HandEntry | None
    """``None`` when the hand was deleted (and for a reopening)."""
    at: datetime

    @property
    def reopening(self) -> bool:
        """Whether this entry is a finished game reopened: it names no hand, and no hand
        change has neither an old nor a new hand."""
        return self.n == REOPENED and self.old is None and self.new is None


class GameClosedError(GameError):
    """A change to a game that has its W and was not reopened for it."""


def refuse_if_closed(game: Game, reopened: bool) -> None:
    """The one rule for every station: a game with its W is closed, and its hands are
    corrected, deleted or put back only after an explicit reopening (``reopen``)."""
    if game.finished and not reopened:
        raise GameClosedError([problem("the game is over: reopen it to correct a hand")])


def refuse_reopening(game: Game, reopened: bool) -> None:
    """Only a closed game is reopened: one still going is open, one reopened is already."""
    if not game.finished:
        raise GameError([problem("the game is not over: there is nothing to reopen")])
    if reopened:
        raise GameError([problem("the game is already reopened for corrections")])


def still_reopened(was_finished: bool, game: Game, reopened: bool) -> bool:
    """Whether a reopened game stays open after a change: a change that gives it its W
    again (the winning hand recorded or put back) closes it again."""
    return reopened and not (game.finished and not was_finished)


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

    @property
    def closed(self) -> bool:
        """Whether the game has its W and is not reopened: no hand of it can change."""

    def reopen(self) -> None:
        """Open a closed game for corrections. Logged as a correction."""


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
        self._reopened = False

    @property
    def game(self) -> Game:
        return self._game

    @property
    def closed(self) -> bool:
        return self._game.finished and not self._reopened

    def record(self, entry: HandEntry) -> None:
        was_finished = self._game.finished
        self._game.push(entry)
        self._reopened = still_reopened(was_finished, self._game, self._reopened)

    def replace(self, n: int, entry: HandEntry) -> HandEntry:
        refuse_if_closed(self._game, self._reopened)
        old = self._game.replace(n, entry)
        self._log.append(Correction(n, old, entry, datetime.now(UTC)))
        return old

    def delete(self, n: int) -> HandEntry:
        refuse_if_closed(self._game, self._reopened)
        old = self._game.delete(n)
        self._log.append(Correction(n, old, None, datetime.now(UTC)))
        return old

    def insert(self, n: int, entry: HandEntry) -> None:
        refuse_if_closed(self._game, self._reopened)
        was_finished = self._game.finished
        self._game.insert(n, entry)
        self._reopened = still_reopened(was_finished, self._game, self._reopened)
        self._log.append(Correction(n, None, entry, datetime.now(UTC)))

    def reopen(self) -> None:
        refuse_reopening(self._game, self._reopened)
        self._reopened = True
        self._log.append(Correction(REOPENED, None, None, datetime.now(UTC)))

    def corrections(self) -> list[Correction]:
        return list(self._log)
