"""Whist designs: rounds of tables in which every two players partner exactly once
and are opponents exactly twice over the whole design.

A Z-cyclic design is kept as its first round and developed by adding 1 to every
point each round. With ``n = 4k + 1`` players the points are the residues mod ``n``,
the first round seats all but 0, so each round one player (a different one) sits out
and there are ``n`` rounds. With ``n = 4k`` the points are the residues mod ``n - 1``
and ``n - 1`` itself (infinity, which stays put), and there are ``n - 1`` rounds. A
table ``(a, b, c, d)`` is ``a`` and ``c`` partners against ``b`` and ``d``. The first
rounds were found once by a search (patterned starters, simulated annealing); the
tests check each is a whist design, so the search is not shipped.

For the other counts of 8 to 64 with ``n = 4k`` or ``4k + 1`` (9, 33, 45, 48, 52, 56,
57, 60 and 64) the search found no design, and the movement plans them greedily.
"""

from __future__ import annotations

Pair = tuple[int, int]
Tables = list[list[Pair]]

#: Players -> the first round of a Z-cyclic whist design (see the module's words).
FIRST_ROUNDS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    8: ((2, 5, 6, 0), (3, 7, 4, 1)),
    12: ((0, 3, 4, 9), (8, 1, 7, 10), (2, 11, 5, 6)),
    13: ((1, 5, 12, 8), (2, 3, 11, 10), (4, 6, 9, 7)),
    16: ((12, 4, 9, 11), (14, 10, 15, 0), (7, 1, 13, 5), (3, 6, 2, 8)),
    17: ((1, 4, 16, 13), (2, 8, 15, 9), (3, 5, 14, 12), (6, 7, 11, 10)),
    20: ((17, 0, 18, 14), (19, 9, 15, 6), (1, 13, 5, 11), (16, 12, 7, 4), (2, 3, 8, 10)),
    21: ((14, 11, 5, 18), (12, 7, 16, 10), (2, 1, 15, 3), (9, 13, 8, 19), (20, 17, 4, 6)),
    24: (
        (18, 23, 5, 2),
        (22, 4, 19, 8),
        (12, 13, 17, 6),
        (10, 1, 11, 9),
        (15, 21, 3, 0),
        (7, 14, 16, 20),
    ),
    25: (
        (1, 10, 24, 15),
        (2, 8, 23, 17),
        (3, 4, 22, 21),
        (5, 7, 20, 18),
        (6, 11, 19, 14),
        (9, 12, 16, 13),
    ),
    28: (
        (1, 10, 26, 17),
        (2, 3, 25, 24),
        (4, 6, 23, 21),
        (5, 9, 22, 18),
        (7, 13, 20, 14),
        (8, 11, 19, 16),
        (27, 12, 0, 15),
    ),
    29: (
        (1, 3, 28, 26),
        (2, 9, 27, 20),
        (4, 12, 25, 17),
        (5, 14, 24, 15),
        (6, 11, 23, 18),
        (7, 8, 22, 21),
        (10, 13, 19, 16),
    ),
    32: (
        (2, 30, 21, 19),
        (31, 8, 7, 17),
        (16, 27, 3, 24),
        (29, 12, 28, 22),
        (13, 9, 11, 26),
        (18, 10, 14, 5),
        (23, 4, 15, 20),
        (0, 1, 6, 25),
    ),
    36: (
        (6, 16, 22, 13),
        (32, 4, 2, 33),
        (15, 34, 5, 27),
        (12, 17, 14, 3),
        (29, 21, 7, 25),
        (30, 18, 31, 10),
        (19, 20, 1, 9),
        (0, 35, 26, 24),
        (11, 28, 23, 8),
    ),
    37: (
        (1, 4, 36, 33),
        (2, 17, 35, 20),
        (3, 9, 34, 28),
        (5, 12, 32, 25),
        (6, 10, 31, 27),
        (7, 16, 30, 21),
        (8, 18, 29, 19),
        (11, 13, 26, 24),
        (14, 15, 23, 22),
    ),
    40: (
        (1, 11, 38, 28),
        (2, 18, 37, 21),
        (3, 8, 36, 31),
        (4, 5, 35, 34),
        (6, 12, 33, 27),
        (7, 15, 32, 24),
        (9, 16, 30, 23),
        (10, 14, 29, 25),
        (39, 13, 0, 26),
        (17, 19, 22, 20),
    ),
    41: (
        (1, 11, 40, 30),
        (2, 3, 39, 38),
        (4, 17, 37, 24),
        (5, 14, 36, 27),
        (6, 20, 35, 21),
        (7, 9, 34, 32),
        (8, 16, 33, 25),
        (10, 13, 31, 28),
        (12, 18, 29, 23),
        (15, 19, 26, 22),
    ),
    44: (
        (10, 35, 6, 29),
        (33, 27, 43, 3),
        (37, 20, 11, 2),
        (4, 1, 14, 42),
        (22, 24, 21, 36),
        (0, 17, 38, 31),
        (13, 12, 28, 34),
        (26, 7, 39, 16),
        (5, 9, 40, 32),
        (18, 8, 15, 19),
        (25, 23, 41, 30),
    ),
    49: (
        (1, 22, 48, 27),
        (2, 4, 47, 45),
        (3, 15, 46, 34),
        (5, 8, 44, 41),
        (6, 13, 43, 36),
        (7, 17, 42, 32),
        (9, 24, 40, 25),
        (10, 19, 39, 30),
        (11, 16, 38, 33),
        (12, 23, 37, 26),
        (14, 18, 35, 31),
        (20, 21, 29, 28),
    ),
    53: (
        (1, 16, 52, 37),
        (2, 20, 51, 33),
        (3, 22, 50, 31),
        (4, 12, 49, 41),
        (5, 8, 48, 45),
        (6, 18, 47, 35),
        (7, 13, 46, 40),
        (9, 14, 44, 39),
        (10, 17, 43, 36),
        (11, 21, 42, 32),
        (15, 24, 38, 29),
        (19, 23, 34, 30),
        (25, 26, 28, 27),
    ),
    61: (
        (1, 5, 60, 56),
        (2, 28, 59, 33),
        (3, 30, 58, 31),
        (4, 21, 57, 40),
        (6, 13, 55, 48),
        (7, 17, 54, 44),
        (8, 10, 53, 51),
        (9, 20, 52, 41),
        (11, 12, 50, 49),
        (14, 26, 47, 35),
        (15, 24, 46, 37),
        (16, 29, 45, 32),
        (18, 23, 43, 38),
        (19, 27, 42, 34),
        (22, 25, 39, 36),
    ),
}


def whist_rounds(players: int) -> list[Tables] | None:
    """The design's rounds for ``players`` (points ``0`` to ``players - 1``), each as
    tables of two partner pairs, in an order that meets few old opponents early; or
    ``None`` when no design is kept for that count."""
    first = FIRST_ROUNDS.get(players)
    if first is None:
        return None
    modulus = players if players % 4 == 1 else players - 1

    def moved(point: int, step: int) -> int:
        return point if point == modulus else (point + step) % modulus

    developed = [
        [
            [(moved(a, step), moved(c, step)), (moved(b, step), moved(d, step))]
            for a, b, c, d in first
        ]
        for step in range(modulus)
    ]
    return [developed[index] for index in _fewest_meetings_first(developed)]


def _fewest_meetings_first(rounds: list[Tables]) -> list[int]:
    """The rounds' order, greedily: next the round sharing fewest opponent meetings
    with those already taken (the first on a tie), so a short evening repeats few."""
    met: dict[frozenset[int], list[int]] = {}
    for index, tables in enumerate(rounds):
        for home, away in tables:
            for a in home:
                for b in away:
                    met.setdefault(frozenset((a, b)), []).append(index)
    shared = [[0] * len(rounds) for _ in rounds]
    for one, other in met.values():  # a whist design: each two opponents twice
        shared[one][other] += 1
        shared[other][one] += 1
    order = [0]
    score = list(shared[0])
    left = set(range(1, len(rounds)))
    while left:
        best = min(left, key=lambda index: (score[index], index))
        left.remove(best)
        order.append(best)
        score = [now + extra for now, extra in zip(score, shared[best], strict=True)]
    return order
