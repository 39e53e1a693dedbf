"""A season's schedule: a round robin by the circle method, as plain data.

The league secretary gets one list of pairings per week; everything after
that (dates, hand edits of tables or opponents, postponements) is the
store's and the window's business. Nothing here knows about either.

How the circle method is laid out here (``p`` is the number of circle places):

* With an even number of teams the first team stays put (the "fixed" team)
  and the other ``p = n - 1`` go round the circle; with an odd number every
  team is on the circle (``p = n``) and the fixed place is empty, so whoever
  would meet it has the bye.
* In week ``r`` (0-based within a round) the fixed place meets circle place
  ``r``, and places ``r + k`` and ``r - k`` (mod ``p``) meet for every
  distance ``k = 1 .. (p - 1) // 2``. Over a round each circle team stands at
  every distance ``k`` exactly twice and meets the fixed place once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from clabber_league.league.ranking import LeagueError
from clabber_league.rules.messages import problem

BYE_TABLE = 0
"""The table number of a bye: the team sits out, so it needs no table."""


class ScheduleError(LeagueError):
    """A schedule that cannot be made or a pairing that cannot be played."""


@dataclass(frozen=True)
class Pairing:
    """One match of one week: ``home`` sits as side A, ``away`` as side B, at ``table``.

    ``away is None`` means ``home`` has the bye that week, at table 0. Teams
    are ids, so a renamed team keeps its schedule.
    """

    week: int
    table: int
    home: int
    away: int | None

    def __post_init__(self) -> None:
        # Hand edits construct pairings too, so an impossible one is refused here.
        if self.week < 1:
            raise ScheduleError(
                problem("weeks are numbered from 1, not {week}", week=repr(self.week))
            )
        if self.away is None:
            if self.table != BYE_TABLE:
                raise ScheduleError(
                    problem(
                        "team {home} has the bye in week {week}, so it has no table "
                        "(table {bye}), not table {table}",
                        home=self.home,
                        week=self.week,
                        bye=BYE_TABLE,
                        table=repr(self.table),
                    )
                )
            return
        if self.home == self.away:
            raise ScheduleError(
                problem(
                    "team {home} cannot play itself in week {week}",
                    home=self.home,
                    week=self.week,
                )
            )
        if self.table < 1:
            raise ScheduleError(
                problem(
                    "tables are numbered from 1, but week {week} puts team {home} "
                    "and team {away} at table {table}",
                    week=self.week,
                    home=self.home,
                    away=self.away,
                    table=repr(self.table),
                )
            )


def round_robin(teams: Sequence[int], rounds: int = 1) -> list[list[Pairing]]:
    """Every team meets every other ``rounds`` times, one list of pairings per week.

    A round takes ``n - 1`` weeks for an even number of teams and ``n`` weeks
    for an odd number, where each team has exactly one bye per round. Weeks
    are numbered 1, 2, … straight through all rounds; within a week the games
    are listed by table, the bye (if any) last.

    Sides: round 1 is laid out so that every team alternates home and away
    week by week, breaking the alternation at most once in the round (n - 2
    breaks in all, the least a round robin can have; with an odd number of
    teams none, counting only the weeks a team plays); its home and away
    counts differ by at most 1. Every second round is the one before it with
    home and away swapped (so each team repeats its side once where the
    rounds meet), and over an even number of rounds each team's home and away
    counts are equal.

    Tables (1 .. n // 2 every week): with an odd number of teams every team
    plays exactly ``2 * rounds`` games at every table, since each circle
    distance keeps its own table. With an even number that is impossible
    (the fixed team meets everyone from the same place), so the weeks are
    seated one by one, the table each team has used least going first, and
    then tables are swapped within weeks while that evens the counts. The
    guarantee, checked by the tests for 2–16 teams over one or two rounds: no
    team plays more than 2 games more at one table than at another (3 for 4
    teams over one round, where no schedule does better: see the tests).

    ``teams`` are ids in the order the secretary lists them; with an even
    number the first one is the circle's fixed team. Raises ``ScheduleError`` for fewer than two
    teams, a team listed twice, or fewer than one round.
    """
    team_ids = _checked_teams(teams)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ScheduleError(
            problem("a schedule needs at least 1 round, not {rounds}", rounds=repr(rounds))
        )
    first_round = _circle(len(team_ids))
    games = [
        [(away, home) if round_no % 2 else (home, away) for home, away in week]
        for round_no in range(rounds)
        for week in first_round
    ]
    tables = _seat(games, len(team_ids))
    # Circle place r meets the empty place in week r of a round: an odd number of teams only.
    byes = list(range(len(team_ids))) if len(team_ids) % 2 else []
    schedule: list[list[Pairing]] = []
    for index, (week_games, week_tables) in enumerate(zip(games, tables, strict=True)):
        week = index + 1
        pairings = sorted(
            (
                Pairing(week, table, team_ids[home], team_ids[away])
                for (home, away), table in zip(week_games, week_tables, strict=True)
            ),
            key=lambda pairing: pairing.table,
        )
        if byes:
            pairings.append(Pairing(week, BYE_TABLE, team_ids[byes[index % len(byes)]], None))
        schedule.append(pairings)
    return schedule


def _checked_teams(teams: Sequence[int]) -> list[int]:
    team_ids = list(teams)
    if len(team_ids) < 2:
        raise ScheduleError(
            problem("a round robin needs at least 2 teams, but {count} given", count=len(team_ids))
        )
    repeated = sorted(team for team, count in Counter(team_ids).items() if count > 1)
    if repeated:
        listed = ", ".join(str(team) for team in repeated)
        raise ScheduleError(
            problem(
                "each team can be listed only once, but {teams} appear more often", teams=listed
            )
        )
    return team_ids


def _circle(n: int) -> list[list[tuple[int, int]]]:
    """Round 1 as (home, away) team indexes per week, byes left out.

    The side rule: circle places ``r + k`` and ``r - k`` meet with ``r + k``
    at home when ``k`` is odd. For a circle team that is "home when its
    distance ahead of the week, ``(x - r) mod p``, is odd", and that distance
    drops by one each week, so the team alternates; the fixed team alternates
    by the week's parity.
    """
    odd = n % 2 == 1
    places = n if odd else n - 1
    index = list(range(n)) if odd else list(range(1, n))  # circle place -> team index
    weeks: list[list[tuple[int, int]]] = []
    for r in range(places):
        week: list[tuple[int, int]] = []
        if not odd:
            fixed, circle_team = 0, index[r]
            week.append((fixed, circle_team) if r % 2 == 0 else (circle_team, fixed))
        for k in range(1, (places - 1) // 2 + 1):
            ahead, behind = index[(r + k) % places], index[(r - k) % places]
            week.append((ahead, behind) if k % 2 == 1 else (behind, ahead))
        weeks.append(week)
    return weeks


def _seat(games: list[list[tuple[int, int]]], n: int) -> list[list[int]]:
    """A table number (1-based) for every game, in the order the games are listed."""
    table_count = n // 2
    if n % 2 == 1:
        # _circle lists a week's games by distance k = 1, 2, …: distance k keeps table k.
        return [list(range(1, len(week) + 1)) for week in games]
    used = [[0] * table_count for _ in range(n)]
    seating: list[list[int]] = []
    for week in games:
        seats = [0] * len(week)
        free = list(range(table_count))

        def most_used(game: int, week: list[tuple[int, int]] = week) -> int:
            home, away = week[game]
            return max(used[home][t] + used[away][t] for t in range(table_count))

        for game in sorted(range(len(week)), key=most_used, reverse=True):
            home, away = week[game]
            table = min(free, key=lambda t: (used[home][t] + used[away][t], t))
            free.remove(table)
            seats[game] = table
            used[home][table] += 1
            used[away][table] += 1
        seating.append(seats)
    _even_out(games, seating, used)
    return [[table + 1 for table in seats] for seats in seating]


def _even_out(
    games: list[list[tuple[int, int]]], seating: list[list[int]], used: list[list[int]]
) -> None:
    """Swap two games' tables within a week while that lowers the sum of squared counts.

    The sum of squares only falls, and it is a whole number, so this stops.
    """
    improved = True
    while improved:
        improved = False
        for week, seats in zip(games, seating, strict=True):
            for i in range(len(week)):
                for j in range(i + 1, len(week)):
                    ti, tj = seats[i], seats[j]
                    # Moving one count from table s to table t changes the squares by
                    # 2 * (used[t] - used[s] + 1); the four teams are all different.
                    change = sum(used[x][tj] - used[x][ti] + 1 for x in week[i]) + sum(
                        used[x][ti] - used[x][tj] + 1 for x in week[j]
                    )
                    if change < 0:
                        for x in week[i]:
                            used[x][ti] -= 1
                            used[x][tj] += 1
                        for x in week[j]:
                            used[x][tj] -= 1
                            used[x][ti] += 1
                        seats[i], seats[j] = tj, ti
                        improved = True
