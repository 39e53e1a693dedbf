"""A playoff bracket as pure arithmetic: seeds in, pairings and winners out.

Teams are named by their seed (1 the best). A bracket of ``n`` teams (2 to 16) is
as big as the next power of two, ``size``; the seeds beyond ``n`` are byes, and
round 1 pairs seed ``s`` with seed ``size + 1 - s``, so a bye only ever falls to
the top seeds (with 6 teams: 1 and 2 sit out round 1).

Without reseeding the bracket's lines decide the later rounds: round 1 is in the
standard order (8 teams: 1v8, 4v5, 2v7, 3v6), and slot ``k`` of the next round
is the winners of slots ``2k-1`` and ``2k``, known as soon as those two are. With
reseeding every round pairs the best seed left with the worst, the second best with
the second worst…, so a round is known only once the whole round before it is.

The better seed is the home side of every match. A match is decided once all of
its games are finished (a forfeit or a bye at once): the team that won more games
goes on; level on games (an even number of games, or tied games), the one with more
points over the match; still level, the better seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clabber_league.rules.limits import PLAYOFF_TEAMS
from clabber_league.rules.messages import Problem, problem


@dataclass(frozen=True)
class Pairing:
    """A match of a round: its slot from the top (1, 2…), the better seed (home) and
    the other (``None``: a bye, the better seed goes on without playing)."""

    slot: int
    high: int
    low: int | None


@dataclass(frozen=True)
class MatchGame:
    """A finished game of a match, from the home side's chair: who won it (``"home"``,
    ``"away"`` or ``"tie"``) and each side's points."""

    winner: str
    home_points: int
    away_points: int


def bracket_size(teams: int) -> int:
    """The power of two a bracket of ``teams`` fills (``LimitError`` outside 2 to 16)."""
    PLAYOFF_TEAMS.check(teams)
    size = 1
    while size < teams:
        size *= 2
    return size


def round_count(teams: int) -> int:
    """How many rounds the bracket has: the last is the final."""
    return bracket_size(teams).bit_length() - 1


def slots_in_round(teams: int, round_no: int) -> int:
    """How many matches round ``round_no`` (1 first) has, byes included."""
    return bracket_size(teams) >> round_no


def line_order(size: int) -> list[int]:
    """The seeds down the bracket's lines: [1, 8, 4, 5, 2, 7, 3, 6] for 8."""
    order = [1]
    while len(order) < size:
        twice = 2 * len(order)
        order = [seed for top in order for seed in (top, twice + 1 - top)]
    return order


def first_round(teams: int, *, reseed: bool) -> list[Pairing]:
    """Round 1: seed ``s`` against seed ``size + 1 - s`` (a bye when there is none), in
    the bracket's line order, or best seed first when the bracket is reseeded."""
    size = bracket_size(teams)
    tops = list(range(1, size // 2 + 1)) if reseed else line_order(size)[::2]
    return [_pairing(slot, top, size + 1 - top, teams) for slot, top in enumerate(tops, 1)]


def _pairing(slot: int, one: int, other: int, teams: int) -> Pairing:
    high, low = min(one, other), max(one, other)
    return Pairing(slot, high, low if low <= teams else None)


def next_round(winners: Mapping[int, int], slots: int, *, reseed: bool) -> list[Pairing]:
    """The pairings of the round after one of ``slots`` matches that are known now, given
    the winning seed of each decided slot (``winners``: slot → seed). Without reseeding,
    a slot once both its feeders are decided; with it, all of them or none."""
    if reseed:
        if any(slot not in winners for slot in range(1, slots + 1)):
            return []
        left = sorted(winners[slot] for slot in range(1, slots + 1))
        return [Pairing(k, left[k - 1], left[len(left) - k]) for k in range(1, len(left) // 2 + 1)]
    known: list[Pairing] = []
    for k in range(1, slots // 2 + 1):
        one, other = winners.get(2 * k - 1), winners.get(2 * k)
        if one is not None and other is not None:
            known.append(Pairing(k, min(one, other), max(one, other)))
    return known


def match_winner(
    pairing: Pairing,
    games: Sequence[MatchGame],
    games_per_match: int,
    *,
    forfeited_by: int | None = None,
) -> int | None:
    """The seed that goes on from ``pairing``, or ``None`` while it is undecided: the
    bye's team at once; the team that did not forfeit (``forfeited_by``: the seed that
    did); else, once ``games_per_match`` games are finished, the rule of the module."""
    if pairing.low is None:
        return pairing.high
    if forfeited_by is not None:
        return pairing.low if forfeited_by == pairing.high else pairing.high
    if len(games) < games_per_match:
        return None
    home_wins = sum(game.winner == "home" for game in games)
    away_wins = sum(game.winner == "away" for game in games)
    if home_wins != away_wins:
        return pairing.high if home_wins > away_wins else pairing.low
    home_points = sum(game.home_points for game in games)
    away_points = sum(game.away_points for game in games)
    if away_points > home_points:
        return pairing.low
    return pairing.high


def round_name(teams: int, round_no: int) -> Problem:
    """The round's name, for the schedule and the bracket: "Final", "Semi-final",
    "Quarter-final", else "Playoff round N" (a ``Problem``: said in the user's language
    where it is shown)."""
    left = round_count(teams) - round_no
    if left == 0:
        return problem("Final")
    if left == 1:
        return problem("Semi-final")
    if left == 2:
        return problem("Quarter-final")
    return problem("Playoff round {round_no}", round_no=round_no)
