"""Who sits where: a seat ("B1") said the way the table says it ("Bob").

The rules deal by seat codes (A1, B1, A2, B2 clockwise; RULES.md §1), but at
the table nobody is "B1". Wherever a person is meant — who deals, whose
cards the meld calculator shows, the Dealer column, the printed sheet — the
app says the player's name; the seat code appears only where nobody was
named. Where a side is one player (two- and three-handed Clabber,
Klaberjass), the side's name is that player's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from clabber_league.recording import named_seats
from clabber_league.rules import Game, RuleSet


@dataclass(frozen=True)
class Seating:
    """The sides' names and the players in the seats of one game."""

    rules: RuleSet
    teams: Mapping[str, str]
    """Side letter → the side's name."""
    players: Mapping[str, str] = field(default_factory=dict)
    """Seat → the name of who sat there (seats nobody was named for are left out)."""

    @classmethod
    def of(cls, game: Game, players: Mapping[str, str] | None = None) -> Seating:
        return cls(game.rules, game.names, named_seats(players))

    def person(self, seat: str) -> str | None:
        """The name of who sits in ``seat``, if anyone was named for it."""
        if seat in self.players:
            return self.players[seat]
        if self.rules.layout.players_per_side == 1:
            return self.teams.get(seat[:1]) or None
        return None

    def short(self, seat: str) -> str:
        """The person, else the bare seat code (a narrow column: "Bob", "B1")."""
        return self.person(seat) or seat

    def full(self, seat: str) -> str:
        """The person, else the seat with its team ("Bob", "B1 (Owls)")."""
        person = self.person(seat)
        if person is not None:
            return person
        team = self.teams.get(seat[:1])
        return f"{seat} ({team})" if team else seat

    def choice(self, seat: str) -> str:
        """A seat in a list to choose from: its code and who sits there ("B1 · Bob")."""
        who = self.person(seat) or self.teams.get(seat[:1])
        return f"{seat} · {who}" if who else seat
