"""How each team's winning percentage moved over a season's weeks (the standings chart).

Counts wins as the standings do, a tie being half a win. Forfeits are not
games and do not appear here.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class WeekResult:
    """A finished game of a week: its two teams and the winner's name (``None`` for a tie)."""

    week: int
    teams: tuple[str, ...]
    winner: str | None


def weekly_pct(results: Sequence[WeekResult]) -> dict[str, list[tuple[int, float]]]:
    """Per team, its season-to-date winning percentage after each week since its first game."""
    won: defaultdict[str, float] = defaultdict(float)
    played: Counter[str] = Counter()
    lines: dict[str, list[tuple[int, float]]] = {}
    for week in range(1, max((result.week for result in results), default=0) + 1):
        for result in (r for r in results if r.week == week):
            for team in result.teams:
                played[team] += 1
                won[team] += 0.5 if result.winner is None else float(result.winner == team)
        for team, games in played.items():
            lines.setdefault(team, []).append((week, won[team] / games))
    return dict(sorted(lines.items()))
