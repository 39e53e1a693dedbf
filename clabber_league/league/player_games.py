"""A player's games of a season, from the sheets: the side they sat on, the result, the
hands their side made and went set as makers, and who sat beside them.

Pure arithmetic over scored games (``rules.game.Game``) and their seats, as the published
site's player pages show it; the season's figures themselves are the store's
(``store.standings.player_standings``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from clabber_league.rules.game import TIE, Game

WON, LOST, TIED, PLAYING = "won", "lost", "tied", "playing"


@dataclass(frozen=True)
class PlayerGame:
    """One game as one player sat it."""

    game: int
    team: str
    opponents: tuple[str, ...]
    outcome: str
    """``WON``, ``LOST``, ``TIED`` or ``PLAYING`` (the game goes on)."""
    made: int
    """Hands the player's side bid and made."""
    set: int
    """Hands the player's side bid and went set."""
    partners: tuple[str, ...]


def player_games(
    games: Mapping[int, tuple[Game, Mapping[str, str]]],
) -> dict[str, list[PlayerGame]]:
    """Each seated player's games (by name), in the order of ``games`` (game id → the
    scored game and its seats, seat → name; a seat's side is its first letter)."""
    found: dict[str, list[PlayerGame]] = {}
    for game_id, (game, seats) in games.items():
        names = game.names
        for seat, name in seats.items():
            side = seat[0]
            makers = [row.result for row in game.rows if row.result.makers == side]
            found.setdefault(name, []).append(
                PlayerGame(
                    game=game_id,
                    team=names.get(side, ""),
                    opponents=tuple(team for letter, team in names.items() if letter != side),
                    outcome=_outcome(game.winner, side),
                    made=sum(not result.set for result in makers),
                    set=sum(result.set for result in makers),
                    partners=tuple(
                        other
                        for place, other in sorted(seats.items())
                        if place[0] == side and place != seat
                    ),
                )
            )
    return found


def _outcome(winner: str | None, side: str) -> str:
    if winner is None:
        return PLAYING
    if winner == TIE:
        return TIED
    return WON if winner == side else LOST


def partners(games: list[PlayerGame]) -> list[tuple[str, int]]:
    """Who sat beside the player and in how many games, most first, then by name."""
    count: dict[str, int] = {}
    for game in games:
        for name in game.partners:
            count[name] = count.get(name, 0) + 1
    return sorted(count.items(), key=lambda item: (-item[1], item[0]))
