"""A progressive tournament's individual standings, as pure arithmetic over its games.

Players, not teams, are ranked. A player's score for a round is their side's total
at their table in that round's game (the rules engine's, hand by hand); a game
counts once it is finished. A player sitting a round out (a bye) scores the
round's **average**: the mean of every side's total in the round's finished games,
rounded to the nearest point (halves up), and wins nothing. A round with no
finished game yet gives its byes nothing so far.

The order (docs/tournaments.md): the most points; then the most games won; then
the best single round played (a bye's average is not a round played); players
level on all three share a rank and are listed by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from clabber_league.rules.messages import N_
from clabber_league.rules.names import name_key

ORDER = N_(
    "Ranked by points, then games won, then the best round played; a player sitting a "
    "round out scores the round's average."
)
"""The order, as the command, the printout's footnote and the site say it."""


@dataclass(frozen=True)
class SeatResult:
    """One player's finished game in one round: their side's total and whether it won."""

    round: int
    player: str
    points: int
    won: bool


@dataclass(frozen=True)
class PlayerScore:
    """A player's line of the standings."""

    rank: int
    player: str
    points: int
    wins: int
    played: int
    """Games finished at a table (not byes)."""
    byes: int
    """Rounds sat out so far whose average is counted."""
    best: int
    """The best single round played (0 before any)."""


def round_average(totals: Sequence[int]) -> int:
    """The mean of the totals, to the nearest whole point, halves up (0 for none)."""
    if not totals:
        return 0
    return (2 * sum(totals) + len(totals)) // (2 * len(totals))


def progressive_standings(
    players: Sequence[str],
    results: Iterable[SeatResult],
    byes: Iterable[tuple[int, str]],
) -> list[PlayerScore]:
    """Rank ``players`` from their finished games (``results``, one per player and
    round) and the (round, player) sit-outs (``byes``), which score the round's
    average of the finished games' side totals."""
    points = dict.fromkeys(players, 0)
    wins = dict.fromkeys(players, 0)
    played = dict.fromkeys(players, 0)
    best = dict.fromkeys(players, 0)
    bye_count = dict.fromkeys(players, 0)
    by_round: dict[int, list[int]] = {}
    for result in results:
        points[result.player] += result.points
        wins[result.player] += int(result.won)
        played[result.player] += 1
        best[result.player] = max(best[result.player], result.points)
        by_round.setdefault(result.round, []).append(result.points)
    for round_no, player in byes:
        # Each side's total is there twice (once a partner): the mean is the same.
        totals = by_round.get(round_no)
        if totals:
            points[player] += round_average(totals)
            bye_count[player] += 1

    def order(player: str) -> tuple[int, int, int]:
        return (-points[player], -wins[player], -best[player])

    ordered = sorted(players, key=lambda player: (order(player), name_key(player)))
    scores: list[PlayerScore] = []
    for place, player in enumerate(ordered, start=1):
        rank = scores[-1].rank if scores and order(scores[-1].player) == order(player) else place
        scores.append(
            PlayerScore(
                rank,
                player,
                points[player],
                wins[player],
                played[player],
                bye_count[player],
                best[player],
            )
        )
    return scores
