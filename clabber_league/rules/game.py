"""A game of Clabber: hands in order, running totals, dealer, checks and the W.

Everything shown on the sheet is derived from the list of entries, so undo,
redo and corrections are list edits followed by one re-derivation: a change
to hand 2 re-scores totals, dealers, the end of the game and the W after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clabber_league.rules.errors import GameError, HandError
from clabber_league.rules.hands import HandEntry, HandKind, HandResult
from clabber_league.rules.messages import problem
from clabber_league.rules.names import InvalidNameError, clean_name, name_key
from clabber_league.rules.rulesets import AllPass, RuleSet, TieAtTarget
from clabber_league.rules.scoring import score_hand

TIE = "tie"


@dataclass(frozen=True)
class SheetRow:
    """One line of the scoresheet: a scored hand with its running figures."""

    n: int
    dealer: str
    entry: HandEntry
    result: HandResult
    totals: Mapping[str, int]
    running_check: int

    @property
    def hand_check(self) -> int:
        return self.result.hand_check


@dataclass(frozen=True)
class Standing:
    """Whether the game is over after a hand, and who won it (a side letter or ``"tie"``)."""

    finished: bool
    winner: str | None


def standing(rules: RuleSet, totals: Mapping[str, int], hands: int) -> Standing:
    """RULES.md §7: the game ends after a hand that puts any total at the target, or
    (option ``hands_per_game``, a tournament's round) after that many ``hands``; equal
    totals then are a tie, or another hand, as at the target."""
    top = max(totals.values())
    limit = rules.options.hands_per_game
    if top < rules.options.target and not (limit and hands >= limit):
        return Standing(False, None)
    leaders = [side for side, total in totals.items() if total == top]
    if len(leaders) == 1:
        return Standing(True, leaders[0])
    if rules.options.tie_at_target is TieAtTarget.TIE:
        return Standing(True, TIE)
    return Standing(False, None)


def next_dealer(rules: RuleSet, dealer: str, result: HandResult) -> str:
    """The deal passes left, except after a double renege or (by option) a passed hand."""
    same = result.kind is HandKind.VOID or (
        result.kind is HandKind.PASSED and rules.options.all_pass is AllPass.SAME_DEALER
    )
    if same:
        return dealer
    seats = rules.seats
    return seats[(seats.index(dealer) + 1) % len(seats)]


def check_setup(rules: RuleSet, sides: Sequence[str], first_dealer: str) -> list[str]:
    """Problems with a game's sides and first dealer, in the scorekeeper's words."""
    problems: list[str] = []
    if len(sides) != len(rules.sides):
        problems.append(
            problem(
                "{name} is played by {count} sides, but {named} are named",
                name=rules.name,
                count=len(rules.sides),
                named=len(sides),
            )
        )
    names = [name.strip() if isinstance(name, str) else "" for name in sides]
    if any(not name for name in names):
        problems.append(problem("every side needs a name"))
    else:
        try:
            names = [clean_name(name, "side") for name in names]
        except InvalidNameError as exc:
            problems.append(str(exc))
        else:
            if len({name_key(name) for name in names}) != len(names):
                problems.append(problem("the sides need different names"))
    if first_dealer not in rules.seats:
        problems.append(
            problem(
                "the first dealer must be one of the seats {seats}, not {first_dealer!r}",
                seats=", ".join(rules.seats),
                first_dealer=first_dealer,
            )
        )
    return problems


def check_players(players: Mapping[str, Sequence[str]]) -> list[str]:
    """Problems with who sits at the table (side letter → its players, in seat order).

    A person sits in one seat: a name listed twice for one side, or for two sides, is
    refused, the names compared as the app compares every name (``name_key``: "Cal" and
    " cal " are one person). Each person repeated is said once.
    """
    problems: list[str] = []
    first: dict[str, tuple[str, str]] = {}  # name_key → (side, name as first written)
    said: set[str] = set()
    for side, listed in players.items():
        for name in listed:
            key = name_key(name)
            if not key:
                continue
            if key not in first:
                first[key] = (side, name.strip())
                continue
            if key in said:
                continue
            said.add(key)
            earlier, spelled = first[key]
            problems.append(
                problem("{name} is listed twice for side {side}", name=spelled, side=side)
                if earlier == side
                else problem(
                    "{name} is listed for side {side} and for side {other}: a player sits "
                    "in one seat",
                    name=spelled,
                    side=earlier,
                    other=side,
                )
            )
    return problems


def derive(
    rules: RuleSet, names: Mapping[str, str], first_dealer: str, entries: Sequence[HandEntry]
) -> list[SheetRow]:
    """Score every entry in order; raise ``GameError`` with every problem of every hand."""
    messages: list[str] = []
    rows: list[SheetRow] = []
    dealer = first_dealer
    totals = dict.fromkeys(rules.sides, 0)
    running = 0
    ended_after: SheetRow | None = None
    for n, entry in enumerate(entries, start=1):
        if ended_after is not None:
            messages.append(
                problem(
                    "hand {n}: the game ended after hand {n2} ({final_words}); no hand can "
                    "follow it",
                    n=n,
                    n2=ended_after.n,
                    final_words=final_words(rules, names, ended_after.totals, ended_after.n),
                )
            )
            continue
        try:
            result = score_hand(entry, rules, number=n, names=names)
        except HandError as exc:
            messages.extend(exc.messages)
            continue
        totals = {side: totals[side] + result.scores[side] for side in rules.sides}
        running += result.hand_check
        row = SheetRow(n, dealer, entry, result, totals, running)
        rows.append(row)
        # Totals after a bad hand are not real, so only a clean game can end.
        if not messages and standing(rules, totals, n).finished:
            ended_after = row
        dealer = next_dealer(rules, dealer, result)
    if messages:
        raise GameError(messages)
    return rows


def final_words(
    rules: RuleSet, names: Mapping[str, str], totals: Mapping[str, int], hands: int
) -> str:
    """How a game ended after ``hands``, the winner's total first, as it is said: "Owls
    won 512–300"."""
    winner = standing(rules, totals, hands).winner
    if winner == TIE or winner is None:
        return problem(
            "tied at {totals}", totals="–".join(str(totals[side]) for side in rules.sides)
        )
    order = [winner, *(side for side in rules.sides if side != winner)]
    return problem(
        "{winner} won {totals}",
        winner=names.get(winner) or winner,
        totals="–".join(str(totals[side]) for side in order),
    )


class Game:
    """An undoable game: push a hand, pop the last, replace or delete hand *n*.

    A change that would leave any hand invalid (say, a corrected hand 3 that
    now ends the game before hand 4) raises ``GameError`` and changes nothing.
    """

    def __init__(
        self,
        rules: RuleSet,
        sides: Sequence[str],
        first_dealer: str | None = None,
        entries: Sequence[HandEntry] = (),
    ) -> None:
        dealer = rules.seats[0] if first_dealer is None else first_dealer
        problems = check_setup(rules, sides, dealer)
        if problems:
            raise GameError(problems)
        self.rules = rules
        self.sides: tuple[str, ...] = tuple(clean_name(name, "side") for name in sides)
        self.first_dealer = dealer
        self._entries: list[HandEntry] = []
        self._rows: list[SheetRow] = []
        self._apply(list(entries))

    @property
    def names(self) -> dict[str, str]:
        """Side letter → team name."""
        return dict(zip(self.rules.sides, self.sides, strict=True))

    @property
    def entries(self) -> tuple[HandEntry, ...]:
        return tuple(self._entries)

    @property
    def rows(self) -> tuple[SheetRow, ...]:
        return tuple(self._rows)

    @property
    def totals(self) -> dict[str, int]:
        if self._rows:
            return dict(self._rows[-1].totals)
        return dict.fromkeys(self.rules.sides, 0)

    @property
    def running_check(self) -> int:
        return self._rows[-1].running_check if self._rows else 0

    @property
    def standing(self) -> Standing:
        return standing(self.rules, self.totals, len(self._rows))

    @property
    def finished(self) -> bool:
        return self.standing.finished

    @property
    def winner(self) -> str | None:
        """The winning side's letter, ``"tie"``, or ``None`` while the game goes on."""
        return self.standing.winner

    @property
    def next_dealer(self) -> str:
        """Who deals the next hand (the first dealer before any hand)."""
        if not self._rows:
            return self.first_dealer
        last = self._rows[-1]
        return next_dealer(self.rules, last.dealer, last.result)

    def preview(self, entry: HandEntry, at: int | None = None) -> SheetRow:
        """The row ``entry`` would make as hand ``at`` (default: the next), changing nothing."""
        entries = list(self._entries)
        n = len(entries) + 1 if at is None else at
        self._check_number(n, allow_next=True)
        if n > len(entries):
            entries.append(entry)
        else:
            entries[n - 1] = entry
        return derive(self.rules, self.names, self.first_dealer, entries)[n - 1]

    def push(self, entry: HandEntry) -> SheetRow:
        """Record the next hand."""
        self._apply([*self._entries, entry])
        return self._rows[-1]

    def pop(self) -> HandEntry:
        """Take back the last hand."""
        if not self._entries:
            raise GameError([problem("there is no hand to take back")])
        entry = self._entries[-1]
        self._apply(self._entries[:-1])
        return entry

    def replace(self, n: int, entry: HandEntry) -> HandEntry:
        """Correct hand ``n``; everything after it is re-derived. Returns the old entry."""
        self._check_number(n)
        entries = list(self._entries)
        old, entries[n - 1] = entries[n - 1], entry
        self._apply(entries)
        return old

    def insert(self, n: int, entry: HandEntry) -> None:
        """Put a hand in as hand ``n``, moving later hands down (undo of ``delete``)."""
        self._check_number(n, allow_next=True)
        entries = list(self._entries)
        entries.insert(n - 1, entry)
        self._apply(entries)

    def delete(self, n: int) -> HandEntry:
        """Remove hand ``n``; later hands move up and are re-derived."""
        self._check_number(n)
        entries = list(self._entries)
        old = entries.pop(n - 1)
        self._apply(entries)
        return old

    def _check_number(self, n: int, *, allow_next: bool = False) -> None:
        last = len(self._entries) + (1 if allow_next else 0)
        if not 1 <= n <= last:
            raise GameError(
                [
                    problem(
                        "there is no hand {n}: the game has {count} hands",
                        n=n,
                        count=len(self._entries),
                    )
                ]
            )

    def _apply(self, entries: list[HandEntry]) -> None:
        rows = derive(self.rules, self.names, self.first_dealer, entries)
        self._entries, self._rows = entries, rows
