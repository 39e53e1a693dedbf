"""A season's schedule when its teams play in divisions, as plain data.

Two kinds of rounds, weeks numbered straight through, the "within" rounds first:

* ``within`` rounds: a round robin (``schedule.round_robin``) inside each division,
  the divisions' weeks side by side, so week 1 holds every division's week 1. A
  division with an odd number of teams spreads its byes as a round robin does; a
  division whose rounds are over before the longest division's (it has fewer teams)
  sits out the remaining weeks with a bye.
* ``across`` rounds: each team meets every team of every other division. The
  divisions themselves are paired by a round robin (two divisions meet in a "block"
  of weeks); in a block of divisions with ``a`` and ``b`` teams, ``max(a, b)`` weeks
  are enough for every team of one to meet every team of the other once: in week
  ``s`` the ``x``-th team of the one meets the ``(x + s) mod max(a, b)``-th of the
  other, the missing places being byes.

Every week each team is in exactly one pairing (a match or its bye), tables count
1, 2, … through the week's matches, and a bye sits at table 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from clabber_league.league.schedule import BYE_TABLE, Pairing, ScheduleError, round_robin
from clabber_league.rules.messages import problem

_Week = list[tuple[int, int]]
"""A week's matches as (home, away) team ids, before the week and tables are numbered."""


def division_schedule(
    divisions: Sequence[Sequence[int]], *, within: int = 1, across: int = 0
) -> list[list[Pairing]]:
    """``within`` round robins inside each division, then ``across`` rounds of every
    team against every team of the other divisions; one list of pairings per week.

    Raises ``ScheduleError`` for a team listed twice, rounds below 0, no rounds at all,
    or rounds that would hold no match (``across`` with a single division, ``within``
    with divisions of one team)."""
    groups = [list(division) for division in divisions if division]
    everyone = [team for group in groups for team in group]
    if len(set(everyone)) != len(everyone):
        raise ScheduleError(problem("each team can be in only one division"))
    for rounds in (within, across):
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
            raise ScheduleError(
                problem("rounds are counted from 0, not {rounds}", rounds=repr(rounds))
            )
    if within == 0 and across == 0:
        raise ScheduleError(problem("a schedule needs at least 1 round, not {rounds}", rounds=0))
    if within and all(len(group) < 2 for group in groups):
        raise ScheduleError(problem("no division has two teams to play each other"))
    if across and len(groups) < 2:
        raise ScheduleError(problem("rounds across divisions need at least 2 divisions"))
    weeks = _within_weeks(groups, within) if within else []
    for round_no in range(across):
        weeks += _across_weeks(groups, round_no)
    return [_numbered(number, week, everyone) for number, week in enumerate(weeks, start=1)]


def _within_weeks(groups: list[list[int]], rounds: int) -> list[_Week]:
    """Each division's round robin, week by week side by side."""
    schedules = [round_robin(group, rounds) if len(group) > 1 else [] for group in groups]
    length = max(len(weeks) for weeks in schedules)
    return [
        [
            (pairing.home, pairing.away)
            for weeks in schedules
            if index < len(weeks)
            for pairing in weeks[index]
            if pairing.away is not None
        ]
        for index in range(length)
    ]


def _across_weeks(groups: list[list[int]], round_no: int) -> list[_Week]:
    """One round of every team against every team of the other divisions.

    The divisions meet by a round robin of their indexes; the blocks of one of its
    weeks are played side by side, taking as many weeks as the biggest of them. Sides
    alternate week by week and swap every second round."""
    weeks: list[_Week] = []
    for meeting in round_robin(range(len(groups))):
        blocks = [
            (groups[pairing.home], groups[pairing.away])
            for pairing in meeting
            if pairing.away is not None
        ]
        length = max(max(len(one), len(other)) for one, other in blocks)
        for step in range(length):
            week: _Week = []
            for one, other in blocks:
                size = max(len(one), len(other))
                if step >= size:
                    continue  # this block's teams have all met: byes while the others finish
                for place in range(size):
                    partner = (place + step) % size
                    if place < len(one) and partner < len(other):
                        home, away = one[place], other[partner]
                        week.append((home, away) if (step + round_no) % 2 == 0 else (away, home))
            weeks.append(week)
    return weeks


def _numbered(number: int, week: _Week, everyone: list[int]) -> list[Pairing]:
    """The week's matches at tables 1, 2, …, then a bye for each team not playing."""
    pairings = [
        Pairing(number, table, home, away) for table, (home, away) in enumerate(week, start=1)
    ]
    playing = {team for match in week for team in match}
    pairings += [Pairing(number, BYE_TABLE, team, None) for team in everyone if team not in playing]
    return pairings
