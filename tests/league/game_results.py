"""Standings from finished games: each game between two teams (or a forfeit), summed
per pair of teams and ranked by ``league.ranking``.

The store sums the stored games by SQL and ranks from those sums
(``store.standings``, ``ranking.standings_from_records``); this is the same ranking
from games held in memory, for the tests' recounts: test code, so it lives here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from clabber_league.league.ranking import (
    TIE_BREAK_KEYS,
    HandCounts,
    StandingRow,
    StandingsError,
    TeamRecord,
    standings_from_records,
)


@dataclass(frozen=True)
class GameResult:
    """A finished game between two teams, or a forfeit written with its configured score.

    ``totals`` follow ``teams``: ``totals[0]`` is the final total of
    ``teams[0]``. ``winner`` is a team id, or None for a tie. A forfeit is a
    win for the team that showed up, so it always has a winner.
    """

    teams: tuple[int, int]
    totals: tuple[int, int]
    winner: int | None
    forfeit: bool = False

    def __post_init__(self) -> None:
        first, second = self.teams
        if first == second:
            raise StandingsError(f"a game needs two different teams, not {self.teams!r}")
        if self.winner is not None and self.winner not in self.teams:
            raise StandingsError(
                f"the winner of a game between {first} and {second} cannot be {self.winner!r}"
            )
        if self.forfeit and self.winner is None:
            raise StandingsError(
                f"a forfeit between {first} and {second} is a win for the team that showed up, "
                "so it needs a winner"
            )


@dataclass(frozen=True)
class PairRecord:
    """Every game between two teams, summed: all the standings need of the games.

    Summing per pair is what lets the store hand over one GROUP BY row per
    pairing instead of one row per game; ``standings`` sums its games the
    same way, so both paths rank by one piece of code.
    """

    teams: tuple[int, int]
    games: int
    wins: tuple[int, int]
    ties: int
    points: tuple[int, int]

    def __post_init__(self) -> None:
        if self.teams[0] == self.teams[1]:
            raise StandingsError(f"a game needs two different teams, not {self.teams!r}")
        if min(self.games, self.ties, *self.wins) < 0 or sum(self.wins) + self.ties != self.games:
            raise StandingsError(f"the games between {self.teams!r} do not add up")


def pair_records(games: Iterable[GameResult]) -> list[PairRecord]:
    """The games summed per pair of teams (the pair's lower id first)."""
    sums: dict[tuple[int, int], list[int]] = {}
    for game in games:
        first, second = sorted(game.teams)
        flip = game.teams[0] != first
        totals = game.totals[::-1] if flip else game.totals
        tally = sums.setdefault((first, second), [0, 0, 0, 0, 0, 0])
        tally[0] += 1
        if game.winner is None:
            tally[3] += 1
        else:
            tally[1 if game.winner == first else 2] += 1
        tally[4] += totals[0]
        tally[5] += totals[1]
    return [
        PairRecord(pair, games, (wins_a, wins_b), ties, (points_a, points_b))
        for pair, (games, wins_a, wins_b, ties, points_a, points_b) in sums.items()
    ]


def standings(
    teams: Mapping[int, str],
    games: Iterable[GameResult],
    hands: Mapping[int, HandCounts] | None = None,
    order: Sequence[str] = TIE_BREAK_KEYS,
) -> list[StandingRow]:
    """The season's standings: one row per team in ``teams``, best first, ranked 1, 2, ….

    ``teams`` maps id to name; a team without a game still gets a row (gp 0,
    pct 0.0). ``hands`` gives each team's hand counts (missing teams have
    none). ``order`` is the season's tie-break order (see ``check_order``):
    the rows are compared by each key in turn, and "h2h" is the pct over the
    games among the teams still level on every earlier key, worked out once
    for that group — not again for whoever is still level after it — and 0.0
    for a team that met none of them. pct and h2h compare as printed (3
    decimals). Teams level on every key keep the order of their ids.

    Raises ``StandingsError`` for a game or hand count naming a team that is
    not in ``teams``, or for a bad order.
    """
    return standings_from_pairs(teams, pair_records(games), hands, order)


def standings_from_pairs(
    teams: Mapping[int, str],
    pairs: Iterable[PairRecord],
    hands: Mapping[int, HandCounts] | None = None,
    order: Sequence[str] = TIE_BREAK_KEYS,
) -> list[StandingRow]:
    """``standings`` from games already summed per pair (see ``PairRecord``)."""
    sums: dict[int, list[int]] = {}
    """Each team's w, l, t, pf and pa."""
    met: dict[int, list[tuple[int, PairRecord]]] = {}
    """Each team's pairs, with its side in each."""
    for pair in pairs:
        for team in pair.teams:
            if team not in teams:
                raise StandingsError(
                    f"the game between {pair.teams[0]} and {pair.teams[1]} names team {team}, "
                    "which is not in the season"
                )
        for side, team in enumerate(pair.teams):
            _add_games(sums.setdefault(team, [0] * 5), pair, side)
            met.setdefault(team, []).append((side, pair))

    def head_to_head(groups: list[list[int]]) -> dict[int, TeamRecord]:
        group_of = {team: number for number, group in enumerate(groups) for team in group}
        among = {team: [0] * 5 for team in group_of}
        for team, number in group_of.items():
            for side, pair in met.get(team, []):
                if group_of.get(pair.teams[1 - side]) == number:
                    _add_games(among[team], pair, side)
        return {team: TeamRecord(*figures) for team, figures in among.items()}

    records = {team: TeamRecord(*figures) for team, figures in sums.items()}
    return standings_from_records(teams, records, head_to_head, hands, order)


def _add_games(figures: list[int], pair: PairRecord, side: int) -> None:
    """The pair's games, as the team on ``side`` of it played them, added to its
    figures (w, l, t, pf, pa)."""
    figures[0] += pair.wins[side]
    figures[1] += pair.wins[1 - side]
    figures[2] += pair.ties
    figures[3] += pair.points[side]
    figures[4] += pair.points[1 - side]
