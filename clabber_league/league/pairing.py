"""A game between two of a season's teams: which match it is, who sits at home, who deals.

Plain data in, plain data out: the window reads the season's matches still to
play from the store, and opens the match's game (or a friendly) as this says.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class Playable(NamedTuple):
    """A match still to play: its id and its teams (home first)."""

    match_id: int
    home: str
    away: str


class GamePlan(NamedTuple):
    """How the game is started: its match (``None``: a friendly, not in the standings), the
    teams in seat order (side A first) and the first dealer's seat."""

    match_id: int | None
    order: tuple[str, str]
    dealer: str


def plan_game(matches: Iterable[Playable], first: str, second: str, dealer: str) -> GamePlan:
    """The game of ``first`` (chosen as side A) and ``second`` with ``dealer`` dealing: the
    first of their matches still to play, its home team at side A — the dealer's seat
    moving with the team when the match has the other team at home —, else a friendly in
    the order chosen."""
    teams = {first, second}
    match = next((m for m in matches if {m.home, m.away} == teams), None)
    if match is None:
        return GamePlan(None, (first, second), dealer)
    if match.home != first:
        dealer = {"A": "B", "B": "A"}.get(dealer[0], dealer[0]) + dealer[1:]
    return GamePlan(match.match_id, (match.home, match.away), dealer)
