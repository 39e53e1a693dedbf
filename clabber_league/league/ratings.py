"""Players' ratings: how strong each player is, seen through whoever partnered them.

Partnerships in Clabber change (substitutes, a progressive tournament's rotating
partners), so a team's record says little about one player. The ratings are OpenSkill's
Plackett–Luce model (``openskill.models.PlackettLuce``, Weng and Lin's Bayesian
approximation for team games): each player is a belief ``mu`` ± ``sigma`` about their
strength, a side's strength is the sum of its players', and after a game every player's
belief moves by how surprising the result was and how unsure the model was of them.
The model's defaults are kept: ``mu`` 25, ``sigma`` 25/3, ``beta`` 25/6, ``tau`` 25/300
(the drift that keeps an old player's belief from freezing), ``kappa`` 0.0001.

What is shown as a player's **rating** is the conservative ``mu - 3 sigma`` (openskill's
``ordinal``): a new player starts at 0 and climbs as their games make the model sure of
them, so a lucky first night does not top the table. A player is **ranked** from
``RANKED_AFTER`` finished games on; before that they are listed unranked.

The ratings are derived, never kept: they are the fold of ``played`` over every finished
game in the games' own order — by date, then round (the week), then game number — so
the order the games were stored in does not matter. Games that share all three (the
tables of one round, played at once) are rated together from the ratings before them: a
player in two of them (rare: a substitute at two tables) gets both changes of ``mu``
added and the smaller ``sigma``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from itertools import groupby

from openskill.models import PlackettLuce

RANKED_AFTER = 5
"""Finished games a player needs before they are ranked."""
SPREAD = 3.0
"""The shown rating is ``mu - SPREAD * sigma``: the strength the player has shown, all but
surely (openskill's ``ordinal``)."""

_MODEL = PlackettLuce()

Order = tuple[date, int, int]
"""When a game was played: its date, its round (week number, 0 for a friendly), its number."""


@dataclass(frozen=True)
class RatedGame:
    """A finished game as the ratings see it: who sat on each side and who won."""

    order: Order
    sides: tuple[tuple[int, ...], ...]
    """Each side's players (ids), in the sheet's side order."""
    winner: int | None
    """The winning side's place in ``sides``; ``None`` for a tie."""


@dataclass(frozen=True)
class Rating:
    """One player's rating after their games so far."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def shown(self) -> float:
        """The rating as shown and ranked: ``mu - SPREAD * sigma``."""
        return self.mu - SPREAD * self.sigma


FIRST = Rating(_MODEL.mu, _MODEL.sigma)
"""Every player's rating before their first game."""


@dataclass(frozen=True)
class Ratings:
    """Every rated player's rating, and each one's shown rating after every round they
    played (for the chart over time)."""

    current: Mapping[int, Rating] = field(default_factory=dict)
    history: Mapping[int, tuple[tuple[date, float], ...]] = field(default_factory=dict)

    def of(self, player: int) -> Rating:
        """``player``'s rating (``FIRST`` for one with no game)."""
        return self.current.get(player, FIRST)

    def played(self, games: Sequence[RatedGame]) -> Ratings:
        """The ratings after ``games``, played at once (one order): each is rated from
        the ratings before them all."""
        moves: dict[int, list[tuple[float, float]]] = {}
        for game in games:
            for player, (mu, sigma) in _rated(game, self).items():
                moves.setdefault(player, []).append((mu - self.of(player).mu, sigma))
        current = dict(self.current)
        history = dict(self.history)
        when = games[0].order[0] if games else None
        for player, changes in moves.items():
            before = self.of(player)
            after = Rating(
                before.mu + sum(change for change, _sigma in changes),
                min(sigma for _change, sigma in changes),
                before.games + len(changes),
            )
            current[player] = after
            assert when is not None
            history[player] = (*history.get(player, ()), (when, after.shown))
        return Ratings(current, history)


def _rated(game: RatedGame, ratings: Ratings) -> dict[int, tuple[float, float]]:
    """Each player's ``mu`` and ``sigma`` after ``game`` alone, from ``ratings``."""
    teams = [
        [_MODEL.rating(ratings.of(p).mu, ratings.of(p).sigma) for p in side] for side in game.sides
    ]
    ranks = [1.0 if game.winner in (None, place) else 2.0 for place in range(len(teams))]
    after = _MODEL.rate(teams, ranks=ranks)
    return {
        player: (rating.mu, rating.sigma)
        for side, rated in zip(game.sides, after, strict=True)
        for player, rating in zip(side, rated, strict=True)
    }


def ratings(games: Iterable[RatedGame]) -> Ratings:
    """The ratings from scratch: ``Ratings.played`` folded over ``games`` in their own
    order, a round's games together."""
    result = Ratings()
    ordered = sorted(games, key=_placed)
    for _order, together in groupby(ordered, key=lambda game: game.order):
        result = result.played(list(together))
    return result


def _placed(game: RatedGame) -> tuple[Order, tuple[tuple[int, ...], ...], int]:
    """A game's place in the fold: its order, then (for the games of one round, whose
    changes are added up) its players, so that not even rounding depends on storage."""
    return (game.order, game.sides, -1 if game.winner is None else game.winner)


@dataclass(frozen=True)
class RatingRow:
    """One player's line of the ratings table, best first."""

    player: int
    rating: float
    uncertainty: float
    games: int
    rank: int | None
    """1, 2… for a ranked player (level ones share a rank); ``None`` before
    ``RANKED_AFTER`` games."""


def rating_rows(result: Ratings, names: Mapping[int, str]) -> list[RatingRow]:
    """The ratings as a table: ranked players best first (level ratings share a rank, by
    name within it), then the unranked ones by games and name."""

    def name(player: int) -> tuple[str, str, int]:
        return (names.get(player, "").casefold(), names.get(player, ""), player)

    ranked = sorted(
        (p for p, rating in result.current.items() if rating.games >= RANKED_AFTER),
        key=lambda p: (-_shown(result.of(p)), *name(p)),
    )
    unranked = sorted(
        (p for p, rating in result.current.items() if rating.games < RANKED_AFTER),
        key=lambda p: (-result.of(p).games, -_shown(result.of(p)), *name(p)),
    )
    rows: list[RatingRow] = []
    for place, player in enumerate(ranked, start=1):
        rating = result.of(player)
        level = rows and rows[-1].rating == _shown(rating)
        rank = rows[-1].rank if level and rows[-1].rank is not None else place
        rows.append(RatingRow(player, _shown(rating), round(rating.sigma, 2), rating.games, rank))
    rows += [
        RatingRow(p, _shown(result.of(p)), round(result.of(p).sigma, 2), result.of(p).games, None)
        for p in unranked
    ]
    return rows


def _shown(rating: Rating) -> float:
    """The shown rating to two places: what is printed is what is ranked."""
    return round(rating.shown, 2)
