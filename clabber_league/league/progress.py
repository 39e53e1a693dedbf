"""How each team's winning percentage moved over a season's weeks (the standings chart).

Counts wins as the standings do, a tie being half a win. Forfeits are not
games and do not appear here.
"""

from __future__ import annotations

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
    if not results:
        return {}
    last_week = max(result.week for result in results)
    won: dict[str, float] = {}
    played: dict[str, int] = {}
    lines: dict[str, list[tuple[int, float]]] = {}
    for week in range(1, last_week + 1):
        for result in (r for r in results if r.week == week):
            for team in result.teams:
                played[team] = played.get(team, 0) + 1
                if result.winner is None:
                    won[team] = won.get(team, 0.0) + 0.5
                elif result.winner == team:
                    won[team] = won.get(team, 0.0) + 1.0
        for team, games in played.items():
            lines.setdefault(team, []).append((week, won.get(team, 0.0) / games))
    return dict(sorted(lines.items()))
