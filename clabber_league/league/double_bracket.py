"""A double-elimination bracket as pure arithmetic: a team is out after its second loss.

The bracket of ``n`` teams (2 to 16) fills ``size``, the next power of two, as the
single bracket does (``league.bracket``): the seeds beyond ``n`` are *phantoms*, who
lose every match without playing it, so a real team facing one has a bye and two
phantoms meeting make no match at all.

- **Winners' bracket**: the single bracket's rounds, in its line order (no reseeding).
- **Losers' bracket**: ``2(R - 1)`` rounds for ``R`` winners' rounds. Its round 1 pairs
  the losers of winners' round 1 two by two; then *drop-in* rounds (the survivors meet
  the losers coming down from the next winners' round) alternate with *internal* rounds
  (the survivors meet each other). The losers coming down are crossed over — reversed
  in the first drop-in round, then halves swapped, reversed, … — so a team dropping
  in does not meet at once a team it has just beaten (unavoidable only with 4 teams).
- **Grand final**: the winners' champion against the losers' champion. If the losers'
  champion wins it, both have lost once and a second final is played (the *reset*):
  nobody is out before their second loss, which is the promise the format makes; the
  winners' champion, who has never lost, is champion at once by winning the first.

So every team but the champion loses exactly twice, and a bracket plays ``2n - 2``
matches, or ``2n - 1`` with a reset. A match's better seed is its home side and its
winner is read by ``league.bracket.match_winner``, as in the single bracket.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from clabber_league.league.bracket import bracket_size, line_order, round_name
from clabber_league.rules.messages import Problem, problem

WINNERS, LOSERS, FINAL = "winners", "losers", "final"
"""The brackets a match is in (``fixture.playoff_bracket``)."""

PHANTOM = 0
"""The seed of nobody: an empty line of the bracket (a bye's other side)."""


@dataclass(frozen=True, order=True)
class MatchKey:
    """Where a match is: its bracket, its round there (1 first) and its slot (1 top)."""

    bracket: str
    round: int
    slot: int


FIRST_FINAL, RESET = MatchKey(FINAL, 1, 1), MatchKey(FINAL, 2, 1)
"""The grand final, and its second match when the losers' champion wins the first."""


@dataclass(frozen=True)
class Feed:
    """Who fills a side of a match: a seed (``match`` ``None``), or the winner or the
    loser (``loser``) of an earlier match."""

    seed: int = PHANTOM
    match: MatchKey | None = None
    loser: bool = False


@dataclass(frozen=True)
class Planned:
    """A match of the plan: where it is, who fills its two sides, and its *stage*, the
    longest chain of matches before it plus one (the night it can first be played)."""

    key: MatchKey
    feeds: tuple[Feed, Feed]
    stage: int


@dataclass(frozen=True)
class Known:
    """A match whose two sides are known now: the better seed (home) and the other
    (``None``: a bye, the better seed goes on without playing)."""

    key: MatchKey
    high: int
    low: int | None
    stage: int


def plan(teams: int) -> tuple[Planned, ...]:
    """Every match the bracket can hold, in the order they can be played (the reset
    final last; ``LimitError`` outside 2 to 16 teams)."""
    size = bracket_size(teams)
    rounds = size.bit_length() - 1
    stages: dict[MatchKey, int] = {}
    matches: list[Planned] = []

    def add(key: MatchKey, one: Feed, other: Feed) -> None:
        stage = 1 + max(stages.get(feed.match, 0) if feed.match else 0 for feed in (one, other))
        stages[key] = stage
        matches.append(Planned(key, (one, other), stage))

    order = line_order(size)
    for slot in range(1, size // 2 + 1):
        add(MatchKey(WINNERS, 1, slot), Feed(order[2 * slot - 2]), Feed(order[2 * slot - 1]))
    for round_no in range(2, rounds + 1):
        for slot in range(1, (size >> round_no) + 1):
            add(
                MatchKey(WINNERS, round_no, slot),
                Feed(match=MatchKey(WINNERS, round_no - 1, 2 * slot - 1)),
                Feed(match=MatchKey(WINNERS, round_no - 1, 2 * slot)),
            )
    champion_of_losers = Feed(match=MatchKey(WINNERS, 1, 1), loser=True)
    if rounds > 1:
        for slot in range(1, size // 4 + 1):
            add(
                MatchKey(LOSERS, 1, slot),
                Feed(match=MatchKey(WINNERS, 1, 2 * slot - 1), loser=True),
                Feed(match=MatchKey(WINNERS, 1, 2 * slot), loser=True),
            )
        for drop in range(1, rounds):
            count = size >> (drop + 1)
            round_no = 2 * drop
            for slot in range(1, count + 1):
                add(
                    MatchKey(LOSERS, round_no, slot),
                    Feed(match=MatchKey(LOSERS, round_no - 1, slot)),
                    Feed(
                        match=MatchKey(WINNERS, drop + 1, _crossed(drop, slot, count)), loser=True
                    ),
                )
            if drop < rounds - 1:
                for slot in range(1, count // 2 + 1):
                    add(
                        MatchKey(LOSERS, round_no + 1, slot),
                        Feed(match=MatchKey(LOSERS, round_no, 2 * slot - 1)),
                        Feed(match=MatchKey(LOSERS, round_no, 2 * slot)),
                    )
        champion_of_losers = Feed(match=MatchKey(LOSERS, 2 * (rounds - 1), 1))
    add(FIRST_FINAL, Feed(match=MatchKey(WINNERS, rounds, 1)), champion_of_losers)
    add(RESET, Feed(match=FIRST_FINAL), Feed(match=FIRST_FINAL, loser=True))
    return tuple(matches)


def _crossed(drop: int, slot: int, count: int) -> int:
    """The winners' match whose loser drops into ``slot`` of drop-in round ``drop``:
    reversed on odd drops, halves swapped on even ones."""
    if drop % 2:
        return count + 1 - slot
    half = count // 2
    return (slot - 1 + half) % count + 1 if half else slot


def known_matches(teams: int, results: Mapping[MatchKey, tuple[int, int]]) -> list[Known]:
    """The matches whose sides are known, given ``results`` (match → winning seed and
    losing seed, for each decided match that was played): byes are decided at once, two
    phantoms make no match, and the reset final is known only once the losers' champion
    has won the first final."""
    outcome: dict[MatchKey, tuple[int, int]] = {}
    known: list[Known] = []
    for match in plan(teams):
        one, other = (_filled(feed, teams, outcome) for feed in match.feeds)
        if one is None or other is None:
            continue
        if match.key == RESET and outcome[FIRST_FINAL][0] == _filled(
            plan(teams)[-2].feeds[0], teams, outcome
        ):
            continue  # the winners' champion won the first final: no reset
        if one == PHANTOM and other == PHANTOM:
            outcome[match.key] = (PHANTOM, PHANTOM)
            continue
        if PHANTOM in (one, other):
            real = one or other
            known.append(Known(match.key, real, None, match.stage))
            outcome[match.key] = (real, PHANTOM)
            continue
        known.append(Known(match.key, min(one, other), max(one, other), match.stage))
        if match.key in results:
            outcome[match.key] = results[match.key]
    return known


def void_matches(teams: int) -> frozenset[MatchKey]:
    """The matches of the plan that never take place whoever wins: both their sides come
    from empty lines (a phantom beats nobody and is beaten by everyone)."""
    empty: dict[MatchKey, tuple[bool, bool]] = {}  # match → (winner empty, loser empty)

    def nobody(feed: Feed) -> bool:
        if feed.match is None:
            return feed.seed > teams
        won, lost = empty[feed.match]
        return lost if feed.loser else won

    for match in plan(teams):
        one, other = (nobody(feed) for feed in match.feeds)
        empty[match.key] = (one and other, one or other)
    return frozenset(key for key, (won, _lost) in empty.items() if won)


def _filled(feed: Feed, teams: int, outcome: Mapping[MatchKey, tuple[int, int]]) -> int | None:
    """The seed a feed gives (``PHANTOM`` for nobody), ``None`` while undecided."""
    if feed.match is None:
        return feed.seed if feed.seed <= teams else PHANTOM
    decided = outcome.get(feed.match)
    if decided is None:
        return None
    return decided[1] if feed.loser else decided[0]


def champion(teams: int, results: Mapping[MatchKey, tuple[int, int]]) -> int | None:
    """The champion's seed once decided: the winner of the reset final, or of the first
    final when the winners' champion won it."""
    finals = {found.key for found in known_matches(teams, results)} & {FIRST_FINAL, RESET}
    decided = results.get(RESET if RESET in finals else FIRST_FINAL)
    return decided[0] if decided is not None and finals else None


def double_round_name(teams: int, key: MatchKey) -> Problem:
    """A double bracket's round by name (a ``Problem``: said in the user's language)."""
    rounds = bracket_size(teams).bit_length() - 1
    if key.bracket == FINAL:
        return problem("Grand final") if key.round == 1 else problem("Grand final, reset")
    if key.bracket == WINNERS:
        if key.round == rounds:
            return problem("Winners' final")
        return problem("Winners' round {round_no}", round_no=key.round)
    if key.round == 2 * (rounds - 1):
        return problem("Losers' final")
    return problem("Losers' round {round_no}", round_no=key.round)


def losers_round_count(teams: int) -> int:
    """How many rounds the losers' bracket has."""
    return 2 * (bracket_size(teams).bit_length() - 2)


def losers_slots(teams: int, round_no: int) -> int:
    """How many matches round ``round_no`` of the losers' bracket has (a drop-in round as
    many as the round before it, an internal round half as many)."""
    return bracket_size(teams) >> ((round_no + 1) // 2 + 1)


def bracket_round_name(teams: int, double: bool, part: str, round_no: int) -> Problem:
    """A round's name: the single bracket's ("Final", "Semi-final"…) unless ``double``,
    then its bracket's (``part``: ``winners``, ``losers`` or ``final``)."""
    if not double:
        return round_name(teams, round_no)
    return double_round_name(teams, MatchKey(part, round_no, 1))
