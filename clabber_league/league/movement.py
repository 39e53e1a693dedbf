"""A progressive tournament's movement: who partners whom, against whom, at which table.

Players, not teams, sign up; every round they are paired afresh so that nobody
partners anyone twice, two pairs sit at each table (side 1 North and South, side 2
East and West), and when the count is not a multiple of four the rest sit out.

How it is built:

* Partners come from the circle method's one-factorisation of the players (with a
  blank place added when the count is odd): ``m - 1`` rounds of ``m / 2`` disjoint
  pairs over ``m`` places, every two places paired exactly once. Whoever is paired
  with the blank sits out; with ``n ≡ 2 or 3 (mod 4)`` one more pair sits out too.
  So with 4k players at most ``n - 1`` rounds are offered, with 4k + 1 or 4k + 3 at
  most ``n`` (at 4k + 1 each player sits out once and still partners all ``n - 1``
  others), with 4k + 2 at most ``n - 2`` (the sit-outs could not stay even over the
  last round of the circle). This is exact for 4k and 4k + 1; for 4k + 2 and 4k + 3
  a round or two more could exist in theory and is not offered.
* Which rounds of the circle are played, in which order, and which pair sits out is
  chosen so that sit-outs sweep round the circle in blocks of neighbours, so every
  player's sit-outs are within one of everyone else's after every round.
* The pairs of a round are put two to a table to repeat opponents as little as
  possible: greedily, then swapping between tables while that lowers the count.
  With 4k or 4k + 1 players, where the sit-outs do not fix the order, the next
  round is the first of ``CANDIDATES`` circle rounds that repeats no opponent, else
  the one that repeats fewest.
* For the counts with a kept whist design (``whist.FIRST_ROUNDS``: 8, 12, 13, 16,
  17, 20, 21, 24, 25, 28, 29, 32, 36, 37, 40, 41, 44, 49, 53 and 61 players) the
  design's first ``R`` rounds, in its greedy order, are played instead when they
  repeat no more opponent meetings than the search's rounds. Over all the rounds
  that is always so, and then every two players meet as opponents exactly twice; in
  a short evening the search often does better (a whist design's rounds share about
  one meeting a pair, so its early rounds repeat some).
* Table numbers go, table by table, to the number its four players have used least;
  the side (North–South or East–West) and the seat within it likewise.

The players' places on the circle are shuffled by ``seed``, so a seed always gives
the same movement and another seed another one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from clabber_league.league.ranking import LeagueError
from clabber_league.league.whist import whist_rounds
from clabber_league.rules.messages import problem
from clabber_league.rules.names import InvalidNameError, clean_name, name_key

FEWEST_PLAYERS = 8
MOST_PLAYERS = 64
SEATS = ("North", "South", "East", "West")
"""The seats of a table in order: side 1 is North and South, side 2 East and West."""

Pair = tuple[int, int]
#: How many of the circle's rounds are tried for the next round (with 4k or 4k + 1
#: players, where any may come next): more finds fewer repeats, slower.
CANDIDATES = 12


class MovementError(LeagueError):
    """A movement that cannot be planned for the players and rounds given."""


@dataclass(frozen=True)
class Table:
    """One table of a round: ``sides[0]`` is North and South, ``sides[1]`` East and West."""

    table: int
    sides: tuple[tuple[str, str], tuple[str, str]]

    def seated(self) -> Iterator[tuple[str, str]]:
        """Each (seat, player) at the table, North first."""
        players = (*self.sides[0], *self.sides[1])
        return zip(SEATS, players, strict=True)


@dataclass(frozen=True)
class Round:
    """A round's tables, numbered 1 up, and who sits it out."""

    round: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...]


@dataclass(frozen=True)
class Movement:
    """The whole plan: its players in the order given and its rounds."""

    players: tuple[str, ...]
    rounds: tuple[Round, ...]


def most_rounds(players: int) -> int:
    """The most rounds planned for ``players`` so that nobody partners anyone twice
    (and sit-outs stay even: see the module's words and ``_in_laps``)."""
    return {0: players - 1, 1: players, 2: players - 2, 3: players}[players % 4]


def plan_movement(players: Sequence[str], rounds: int, *, seed: int = 0) -> Movement:
    """The movement of ``rounds`` rounds for ``players`` (names, 8 to 64 of them).

    Raises ``MovementError`` for a name that cannot be kept, two that are the same name
    (``names.name_key``), too few or too many players, or more rounds than
    ``most_rounds`` allows."""
    names = _checked_players(players)
    count = len(names)
    most = most_rounds(count)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= most:
        raise MovementError(
            problem(
                "{players} players can play from 1 to {most} rounds without anyone "
                "partnering anyone twice, not {rounds}",
                players=count,
                most=most,
                rounds=repr(rounds),
            )
        )
    rng = random.Random(seed)
    places = list(range(count))
    rng.shuffle(places)
    factors = _factorisation(places)
    # With 4k + 2 or 4k + 3 players the sit-outs fix the rounds' order; otherwise any
    # round of the circle may come next, and the one meeting fewest old opponents does.
    free = count % 4 in (0, 1)
    played = _greedy(factors, count, rounds, free, rng)
    design = whist_rounds(count) if free else None
    if design is not None:
        # The design's rounds, its points standing for the shuffled places; taken when
        # they repeat no more meetings than the greedy rounds (over the whole design
        # every two players meet exactly twice).
        exact = [
            _design_round([[(places[a], places[b]) for a, b in table] for table in tables], count)
            for tables in design[:rounds]
        ]
        if _repeats_over(exact) <= _repeats_over(played):
            played = exact
    table_use: Counter[tuple[int, int]] = Counter()
    seat_use: Counter[tuple[int, int]] = Counter()
    planned = [
        Round(
            number,
            _numbered(tables, table_use, seat_use, names),
            tuple(names[player] for player in sorted(byes)),
        )
        for number, (tables, byes) in enumerate(played, start=1)
    ]
    return Movement(tuple(names), tuple(planned))


def _greedy(
    factors: list[list[Pair]], count: int, rounds: int, free: bool, rng: random.Random
) -> list[tuple[list[list[Pair]], list[int]]]:
    """The rounds' tables and sit-outs as the greedy search finds them."""
    left = _rounds_with_byes(factors, count, len(factors) if free else rounds)
    opponents: Counter[Pair] = Counter()
    played: list[tuple[list[list[Pair]], list[int]]] = []
    for _ in range(rounds):
        tables, index = _next_round(left[:CANDIDATES] if free else left[:1], opponents, rng)
        played.append((tables, left.pop(index)[1]))
        _meet(tables, opponents)
    return played


def _design_round(tables: list[list[Pair]], count: int) -> tuple[list[list[Pair]], list[int]]:
    seated = {player for table in tables for pair in table for player in pair}
    return tables, [player for player in range(count) if player not in seated]


def _meet(tables: list[list[Pair]], opponents: Counter[Pair]) -> None:
    for home, away in tables:
        for player in home:
            for opponent in away:
                opponents[_key(player, opponent)] += 1


def _repeats_over(played: list[tuple[list[list[Pair]], list[int]]]) -> int:
    """How many meetings of opponents repeat an earlier one over the rounds."""
    opponents: Counter[Pair] = Counter()
    for tables, _ in played:
        _meet(tables, opponents)
    return sum(times - 1 for times in opponents.values())


def _checked_players(players: Sequence[str]) -> list[str]:
    if isinstance(players, str):
        raise MovementError(problem("the players must be a list of names, not one name"))
    names: list[str] = []
    seen: dict[str, str] = {}
    for given in players:
        try:
            name = clean_name(given, "player")
        except InvalidNameError as exc:
            raise MovementError(*exc.lines) from exc
        key = name_key(name)
        if key in seen:
            raise MovementError(
                problem(
                    "{name} and {other} are the same name: a player signs up once",
                    name=seen[key],
                    other=name,
                )
            )
        seen[key] = name
        names.append(name)
    if not FEWEST_PLAYERS <= len(names) <= MOST_PLAYERS:
        raise MovementError(
            problem(
                "a tournament needs from {fewest} to {most} players, not {players}",
                fewest=FEWEST_PLAYERS,
                most=MOST_PLAYERS,
                players=len(names),
            )
        )
    return names


def _factorisation(places: list[int]) -> list[list[Pair]]:
    """The circle method's rounds of pairs over ``places``: the first place stays put
    (the blank, ``-1``, for an odd count) and the others turn one step a round. In step
    ``s`` the fixed place meets turning place ``s`` and places ``s + k`` and ``s - k``
    meet, the pair ``k = 1`` second in the list."""
    circle = [-1, *places] if len(places) % 2 else list(places)
    size = len(circle)
    fixed, turning = circle[0], circle[1:]
    rounds: list[list[Pair]] = []
    for step in range(size - 1):
        ring = turning[step:] + turning[:step]
        pairs = [(fixed, ring[0])]
        pairs += [(ring[k], ring[size - 1 - k]) for k in range(1, size // 2)]
        rounds.append(pairs)
    return rounds


def _rounds_with_byes(
    factors: list[list[Pair]], count: int, rounds: int
) -> list[tuple[list[Pair], list[int]]]:
    """The first ``rounds`` of the factorisation's rounds in an order (and, with 4k + 2
    or 4k + 3 players, with a pair to sit out) that keeps everyone's sit-outs within
    one of each other after every round: each as the pairs that play and who sits out."""
    if count % 4 == 2:
        return _in_laps(factors, rounds)
    if count % 4 == 3:
        return _swept(factors, count, rounds)
    chosen: list[tuple[list[Pair], list[int]]] = []
    for pairs in factors[:rounds]:  # nobody sits out, or the blank's partner alone
        sitting = [player for pair in pairs if -1 in pair for player in pair if player != -1]
        chosen.append(([pair for pair in pairs if -1 not in pair], sitting))
    return chosen


def _swept(
    factors: list[list[Pair]], count: int, rounds: int
) -> list[tuple[list[Pair], list[int]]]:
    """With 4k + 3 players three sit out each round: the blank's partner (turning place
    ``s``) and the pair beside it (places ``s - 1`` and ``s + 1``). Taking the steps 0,
    3, 6… the three sweep round the circle in consecutive blocks, so sit-outs never
    differ by more than one; when 3 divides the count the sweep starts again one place
    on (steps 1, 4, 7…, then 2, 5, 8…)."""
    chosen: list[tuple[list[Pair], list[int]]] = []
    for number in range(rounds):
        block = 3 * number // count if count % 3 == 0 else 0
        blank, beside, *playing = factors[(3 * number + block) % count]
        sitting = [player for player in (*blank, *beside) if player != -1]
        chosen.append((playing, sitting))
    return chosen


def _in_laps(factors: list[list[Pair]], rounds: int) -> list[tuple[list[Pair], list[int]]]:
    """With 4k + 2 players two sit out each round, neighbours on the circle: the fixed
    player ``F`` and turning place 0, then places (1, 2), (3, 4)… round to the end, so
    everyone once (the first lap); then (0, 1), (2, 3)… leaving out the one pair
    (2k, 2k + 1) that shares a round with ``F`` and place 0 (the second lap). Each
    neighbouring pair is in a round of its own, so the laps give ``4k`` rounds, which
    is why ``most_rounds`` offers one fewer than ``n - 1`` here."""
    fixed, turning = factors[0][0][0], [pairs[0][1] for pairs in factors]
    half = len(turning) // 2  # 2k: places 2k and 2k + 1 meet in F's round with place 0
    laps = [(fixed, turning[0])]
    laps += [(turning[p], turning[p + 1]) for p in range(1, len(turning) - 1, 2)]
    laps += [(turning[p], turning[p + 1]) for p in range(0, len(turning) - 2, 2) if p != half]
    round_of = {frozenset(pair): index for index, pairs in enumerate(factors) for pair in pairs}
    chosen: list[tuple[list[Pair], list[int]]] = []
    for sitting in laps[:rounds]:
        pairs = factors[round_of[frozenset(sitting)]]
        chosen.append(([pair for pair in pairs if set(pair) != set(sitting)], list(sitting)))
    return chosen


def _cost(one: Pair, other: Pair, opponents: Counter[Pair]) -> int:
    return sum(opponents[_key(a, b)] for a in one for b in other)


def _key(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def _next_round(
    candidates: list[tuple[list[Pair], list[int]]], opponents: Counter[Pair], rng: random.Random
) -> tuple[list[list[Pair]], int]:
    """Of the rounds that may come next, the first whose tables repeat no opponent, else
    the one that repeats fewest: its tables and its place in ``candidates``."""
    shuffle = rng.random()
    best: tuple[int, list[list[Pair]], int] | None = None
    for index, (pairs, _) in enumerate(candidates):
        tables = _grouped(pairs, opponents, random.Random(shuffle))
        repeats = _repeats(tables, opponents)
        if best is None or repeats < best[0]:
            best = (repeats, tables, index)
        if repeats == 0:
            break
    assert best is not None  # there is always a round left to play
    return best[1], best[2]


def _repeats(tables: list[list[Pair]], opponents: Counter[Pair]) -> int:
    """How many past meetings of opponents the tables repeat."""
    return sum(_cost(one, other, opponents) for one, other in tables)


def _grouped(pairs: list[Pair], opponents: Counter[Pair], rng: random.Random) -> list[list[Pair]]:
    """The pairs two to a table, meeting as few past opponents as the search finds."""
    left = list(pairs)
    rng.shuffle(left)
    tables: list[list[Pair]] = []
    while left:
        first = left.pop(0)
        best = min(range(len(left)), key=lambda index: _cost(first, left[index], opponents))
        tables.append([first, left.pop(best)])
    improved = True
    while improved:
        improved = False
        for one, other in combinations(range(len(tables)), 2):
            (a, b), (c, d) = tables[one], tables[other]
            now = _cost(a, b, opponents) + _cost(c, d, opponents)
            for swapped in (((a, c), (b, d)), ((a, d), (b, c))):
                if sum(_cost(x, y, opponents) for x, y in swapped) < now:
                    tables[one], tables[other] = list(swapped[0]), list(swapped[1])
                    improved = True
                    break
    return tables


def _numbered(
    tables: list[list[Pair]],
    table_use: Counter[tuple[int, int]],
    seat_use: Counter[tuple[int, int]],
    names: list[str],
) -> tuple[Table, ...]:
    """The round's tables with numbers and seats, each to whom has had it least."""
    free = list(range(1, len(tables) + 1))
    seated: list[Table] = []
    for first, second in tables:
        players = (*first, *second)
        number = min(free, key=lambda table: (sum(table_use[p, table] for p in players), table))
        free.remove(number)
        for player in players:
            table_use[player, number] += 1
        # Side 1 (North–South) to the pair that has sat there less, North to the one of it
        # who has sat North less; the same for East and West.
        north_south = sum(seat_use[p, 0] + seat_use[p, 1] for p in first)
        one, other = (
            (second, first)
            if sum(seat_use[p, 0] + seat_use[p, 1] for p in second) < north_south
            else (first, second)
        )
        sides = (_seats(one, 0, seat_use), _seats(other, 2, seat_use))
        seated.append(
            Table(
                number,
                (
                    (names[sides[0][0]], names[sides[0][1]]),
                    (names[sides[1][0]], names[sides[1][1]]),
                ),
            )
        )
    return tuple(sorted(seated, key=lambda table: table.table))


def _seats(pair: Pair, first: int, seat_use: Counter[tuple[int, int]]) -> Pair:
    """``pair`` in seat order from seat ``first`` (0 North, 2 East), counting the seats."""
    a, b = pair
    if seat_use[b, first] < seat_use[a, first]:
        a, b = b, a
    seat_use[a, first] += 1
    seat_use[b, first + 1] += 1
    return a, b
