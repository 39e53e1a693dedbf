"""A player's records and career: their games summed, their bests, their partners and
their opponents — and a season's awards from them.

Plain data in, plain data out: one ``SeatGame`` per player per finished game (the store
reads them, ``store.careers``), folded into a ``Record`` per player. What a side did is
credited to both of its players, as the paper sheet keeps it: the sheet knows which side
bid, made, went set or reneged, not which of the two partners.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from clabber_league.league.player_games import WON
from clabber_league.league.ratings import Order

BEST_PARTNER_AFTER = 3
"""Games together before a partner can be the best partner (a night's one game is luck)."""


@dataclass(frozen=True)
class SeatGame:
    """One finished game as one player sat it."""

    game: int
    season: int
    order: Order
    player: int
    side: str
    """The side's letter on the sheet (``A``, ``B``…)."""
    partners: tuple[int, ...]
    opponents: tuple[int, ...]
    outcome: str
    """``WON``, ``LOST`` or ``TIED``."""
    points: int
    """The side's total at the end of the game."""
    best_hand: int
    """The side's biggest score in one hand of the game."""
    made: int
    """Hands the side bid and made."""
    set: int
    """Hands the side bid and went set."""
    defended: int
    """Hands the other side bid and went set: sets the side defended."""
    reneges: int


@dataclass(frozen=True)
class Together:
    """Games with (or against) one other player, and how many of them were won."""

    player: int
    games: int
    won: int

    @property
    def share(self) -> float:
        """The games won, as a share of those played."""
        return self.won / self.games


@dataclass(frozen=True)
class Best:
    """A best figure and the game it was set in (the first such, by the games' order)."""

    value: int
    game: int


@dataclass(frozen=True)
class Record:
    """A player's games summed up."""

    player: int
    games: int
    won: int
    made: int
    set: int
    defended: int
    reneges: int
    high_game: Best
    biggest_hand: Best
    longest_streak: int
    """The most games won one after another (in the games' order; a tie ends a run)."""
    partners: tuple[Together, ...]
    """By games together (most first), then win share, then player id."""
    opponents: tuple[Together, ...]
    """Head to head, by games against (most first), then win share, then player id."""

    @property
    def as_maker(self) -> int:
        """Hands the player's side bid: made or set."""
        return self.made + self.set

    @property
    def best_partner(self) -> Together | None:
        """The partner with the best win share over ``BEST_PARTNER_AFTER`` games or more
        (more games first when level, then player id); ``None`` without one."""
        regular = [one for one in self.partners if one.games >= BEST_PARTNER_AFTER]
        return min(regular, key=lambda one: (-one.share, -one.games, one.player), default=None)


def records(games: Iterable[SeatGame]) -> dict[int, Record]:
    """Each player's record over ``games`` (any order: they are put in their own)."""
    by_player: dict[int, list[SeatGame]] = {}
    for game in sorted(games, key=lambda game: (game.order, game.game)):
        by_player.setdefault(game.player, []).append(game)
    return {player: _record(player, played) for player, played in by_player.items()}


def _record(player: int, games: Sequence[SeatGame]) -> Record:
    streak = longest = 0
    for game in games:
        streak = streak + 1 if game.outcome == WON else 0
        longest = max(longest, streak)
    return Record(
        player=player,
        games=len(games),
        won=sum(game.outcome == WON for game in games),
        made=sum(game.made for game in games),
        set=sum(game.set for game in games),
        defended=sum(game.defended for game in games),
        reneges=sum(game.reneges for game in games),
        high_game=_best(games, lambda game: game.points),
        biggest_hand=_best(games, lambda game: game.best_hand),
        longest_streak=longest,
        partners=_together(games, lambda game: game.partners),
        opponents=_together(games, lambda game: game.opponents),
    )


def _best(games: Sequence[SeatGame], value: Callable[[SeatGame], int]) -> Best:
    top = max(value(game) for game in games)
    return Best(top, next(game.game for game in games if value(game) == top))


def _together(
    games: Sequence[SeatGame], others: Callable[[SeatGame], tuple[int, ...]]
) -> tuple[Together, ...]:
    played: dict[int, list[int]] = {}
    for game in games:
        for other in others(game):
            tally = played.setdefault(other, [0, 0])
            tally[0] += 1
            tally[1] += game.outcome == WON
    found = [Together(other, count, won) for other, (count, won) in played.items()]
    return tuple(sorted(found, key=lambda one: (-one.games, -one.share, one.player)))


@dataclass(frozen=True)
class Award:
    """One line of a season's awards page: what it is for, who won it, and the figure."""

    title: str
    """The award's key: ``HIGH_GAME``, ``MOST_DEFENDED``… (the page words it)."""
    players: tuple[int, ...]
    """Whoever holds it (level ones share it)."""
    value: float
    game: int | None = None
    """The game it was won in, for a one-game figure."""


HIGH_GAME, BIGGEST_HAND, MOST_DEFENDED, MOST_MADE, LONGEST_STREAK, PLAYER_OF_SEASON = (
    "high game",
    "biggest hand",
    "most sets defended",
    "most hands made",
    "longest winning streak",
    "player of the season",
)


def awards(found: Mapping[int, Record], best_rated: Sequence[int], rating: float) -> list[Award]:
    """A season's awards from its records: the high game, the biggest hand, the most sets
    defended, the most hands made, the longest winning streak (each to every player level
    on it; none for a figure nobody got above 0), and the player of the season:
    ``best_rated``, the season's top-ranked players by rating (``rating``). Empty for a
    season with no finished game."""
    if not found:
        return []
    made: list[Award] = []
    figures: list[tuple[str, Callable[[Record], int], Callable[[Record], int] | None]] = [
        (HIGH_GAME, lambda record: record.high_game.value, lambda record: record.high_game.game),
        (
            BIGGEST_HAND,
            lambda record: record.biggest_hand.value,
            lambda record: record.biggest_hand.game,
        ),
        (MOST_DEFENDED, lambda record: record.defended, None),
        (MOST_MADE, lambda record: record.made, None),
        (LONGEST_STREAK, lambda record: record.longest_streak, None),
    ]
    for title, value, game in figures:
        top = max(value(record) for record in found.values())
        if top <= 0:
            continue  # nobody defended a set: no award for it
        holders = tuple(sorted(p for p, record in found.items() if value(record) == top))
        games = {game(found[p]) for p in holders} if game is not None else set()
        made.append(Award(title, holders, top, games.pop() if len(games) == 1 else None))
    if best_rated:
        made.append(Award(PLAYER_OF_SEASON, tuple(best_rated), rating))
    return made
