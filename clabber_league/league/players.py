"""The player standings: each player's games, wins and sets as makers over a season.

Plain data in, plain data out, as ``league.ranking`` for the teams.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from clabber_league.league.ranking import StandingsError


@dataclass(frozen=True)
class PlayerRow:
    """One player's line of the player standings, with its place."""

    rank: int
    player: int
    name: str
    games: int
    won: int
    sets: int
    teams: tuple[int, ...] = ()
    """The teams the player sat for (a substitute's too), by id."""


@dataclass(frozen=True)
class PlayerTotals:
    """A player's games of the season for one team, summed: played, won, sets as makers.

    A substitute's games are for the team they sat in for that night, so
    they count for them, not for the player they replaced.
    """

    player: int
    name: str
    team: int
    games: int
    won: int
    sets: int


def player_standings_from_totals(totals: Iterable[PlayerTotals]) -> list[PlayerRow]:
    """Players by games won, then games played (both most first), then name, ranked 1, 2, ….

    A player who played for more than one team (a substitute) has one row
    with all their games. Players level on everything keep the order of their
    ids. Raises ``StandingsError`` if one player id comes with two names,
    which means the caller mixed up two players.
    """
    names: dict[int, str] = {}
    games: Counter[int] = Counter()
    won: Counter[int] = Counter()
    sets: Counter[int] = Counter()
    teams: dict[int, dict[int, None]] = {}
    for total in totals:
        player = total.player
        known = names.setdefault(player, total.name)
        if known != total.name:
            raise StandingsError(f"player {player} appears as both {known!r} and {total.name!r}")
        games[player] += total.games
        teams.setdefault(player, {})[total.team] = None
        won[player] += total.won
        sets[player] += total.sets
    ranked = sorted(
        names,
        key=lambda p: (-won[p], -games[p], names[p].casefold(), names[p], p),
    )
    return [
        PlayerRow(
            rank=rank,
            player=player,
            name=names[player],
            games=games[player],
            won=won[player],
            sets=sets[player],
            teams=tuple(sorted(team for team in teams[player] if team)),
        )
        for rank, player in enumerate(ranked, start=1)
    ]
