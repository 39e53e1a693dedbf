"""A season's standings: each team's line, and their order.

The definition is the league's, word for word (the issue's "Standings"):
for each team, over its finished games, forfeits included, gp, w, l, t,
pct = (w + t/2) / gp rounded to 3 decimals (0.0 with no games), pf, pa,
diff, and the hands it made, was set in (its turkey tracks) and reneged in.
The order is a season setting: a sequence of the keys in ``TIE_BREAK_KEYS``,
compared one after another.

Everything here is plain data in, plain data out: the store hands over each
team's record and hand counts (``standings_from_records``); the reports and the
CLI print the rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from clabber_league.rules.messages import N_, Problem, ProblemError, problem

TIE_BREAK_KEYS: tuple[str, ...] = ("pct", "h2h", "diff", "pf", "name")
"""The keys a season orders its standings by, in the default order.

``pct``, ``h2h``, ``diff`` and ``pf`` rank high first; ``name`` A to Z.
"""

FORFEIT_SCORE: tuple[int, int] = (500, 0)
"""What a forfeit is written as unless the season says otherwise: winner first."""

_SortValue = tuple[int | str, ...]


class LeagueError(ProblemError):
    """A league's standings or schedule that cannot be made.

    Its lines are ``Problem``s, as the rules' are, said in the user's language where
    shown (``i18n.said_error``); ``str`` of a one-line error is that line itself, so a
    caller that passes ``str(error)`` on (the store's errors) keeps it translatable.
    """

    def __str__(self) -> str:
        return self.lines[0] if len(self.lines) == 1 else super().__str__()


class StandingsError(LeagueError):
    """Standings asked of data that cannot be ranked: a stranger, an unknown key, a bad count."""


def check_order(order: Sequence[str]) -> tuple[str, ...]:
    """A season's tie-break order, checked: every key of ``TIE_BREAK_KEYS`` exactly once.

    Every key must be there so that two different seasons never disagree
    about what happens after the keys they list run out.
    """
    if isinstance(order, str):
        raise StandingsError(
            problem(
                "the tie-break order is a list of keys, not the single string {order}",
                order=repr(order),
            )
        )
    keys = tuple(order)
    problems: list[Problem] = []
    unknown = [key for key in keys if key not in TIE_BREAK_KEYS]
    if unknown:
        problems.append(problem("unknown tie-break keys {keys}", keys=repr(unknown)))
    repeated = [key for key, count in Counter(keys).items() if count > 1]
    if repeated:
        problems.append(problem("tie-break keys listed more than once {keys}", keys=repr(repeated)))
    missing = [key for key in TIE_BREAK_KEYS if key not in keys]
    if missing:
        problems.append(problem("tie-break keys missing {keys}", keys=repr(missing)))
    if problems:
        said = problems[0]
        for more in problems[1:]:
            said = problem("{problems}; {problem}", problems=said, problem=more)
        raise StandingsError(
            problem(
                "{problems} (the order must list each of {keys} once)",
                problems=said,
                keys=", ".join(TIE_BREAK_KEYS),
            )
        )
    return keys


@dataclass(frozen=True)
class HandCounts:
    """A team's hands over the season: made as makers, set as makers, reneged in.

    The store counts them from the hand records; a double renege counts for
    both teams, so it is in both teams' counts already.
    """

    made: int = 0
    sets: int = 0
    reneges: int = 0
    unknown_makers: int = 0
    """Hands of the team's games copied off paper without their makers: made by neither
    side, so in neither team's made or sets."""

    def __post_init__(self) -> None:
        for label, value in vars(self).items():
            if value < 0:
                raise StandingsError(
                    problem(
                        "a count of hands cannot be negative: {label}={value}",
                        label=label,
                        value=repr(value),
                    )
                )


_NO_HANDS = HandCounts()


class StandingRow(NamedTuple):
    """One team's line of the standings, with its place (``None`` for a retired team:
    listed apart, after the ranked teams, and never ranked)."""

    rank: int | None
    team: int
    name: str
    gp: int
    w: int
    l: int  # noqa: E741 - the column is called "l" on every standings table
    t: int
    pct: float
    pf: int
    pa: int
    diff: int
    made: int
    sets: int
    reneges: int
    unknown_makers: int = 0
    """Hands of the team's games whose makers the paper did not say (see ``HandCounts``)."""
    division: str | None = None
    """The division the team is ranked in (``None``: the season has no divisions)."""

    def as_dict(self) -> dict[str, int | float | str | None]:
        """The row of a ``clabber-standings/1`` document: the team by name, not id."""
        document = self._asdict()
        document["team"] = document.pop("name")  # in the id's place: the fields keep their order
        return document


def unknown_makers_total(rows: Iterable[StandingRow]) -> int:
    """The season's hands with unknown makers: every such hand belongs to a game between
    two teams, so it is in exactly two rows."""
    return sum(row.unknown_makers for row in rows) // 2


class TeamRecord(NamedTuple):
    """A team's games summed: won, lost, tied, points for and against."""

    w: int = 0
    l: int = 0  # noqa: E741 - as in StandingRow
    t: int = 0
    pf: int = 0
    pa: int = 0

    @property
    def gp(self) -> int:
        return self.w + self.l + self.t


HeadToHead = Callable[[list[list[int]]], Mapping[int, TeamRecord]]
"""Each team's record over the games among its own group only, for groups of teams that
share no team (a team that met none of its group may be left out)."""


def pct_text(pct: float) -> str:
    """A percentage as standings boards print it: .750, but 1.000."""
    text = f"{pct:.3f}"
    return text.removeprefix("0") if pct < 1 else text


def _pct_of(record: TeamRecord) -> int:
    """(w + t/2) / gp in thousandths, half rounded up; 0 for no games.

    Whole-number arithmetic, so .0625 is .063 as a scorekeeper would write it
    (a float would round it to .062) and two teams whose figures print the
    same compare the same.
    """
    if record.gp == 0:
        return 0
    return (1000 * (2 * record.w + record.t) + record.gp) // (2 * record.gp)


def standings_from_records(
    teams: Mapping[int, str],
    records: Mapping[int, TeamRecord],
    head_to_head: HeadToHead,
    hands: Mapping[int, HandCounts] | None = None,
    order: Sequence[str] = TIE_BREAK_KEYS,
    *,
    retired: Collection[int] = (),
) -> list[StandingRow]:
    """``standings`` from each team's record, asking ``head_to_head`` once, for all the
    groups still level when "h2h" comes (the store answers from the games).

    The ``retired`` teams are left out of the ranking (and of every level group) and
    follow the ranked teams by name, with no rank."""
    keys = check_order(order)
    counts = dict(hands or {})
    for refusal, named in (
        (N_("hand counts name teams {teams}, which are not in the season"), counts),
        (N_("records name teams {teams}, which are not in the season"), records),
    ):
        strangers = sorted(set(named) - set(teams))
        if strangers:
            raise StandingsError(Problem(refusal, {"teams": repr(strangers)}))
    empty = TeamRecord()
    pcts = {team: _pct_of(records.get(team, empty)) for team in teams}
    """Each team's pct in thousandths, worked out once: it ranks and it is printed."""

    def name_value(team: int) -> _SortValue:
        return (teams[team].casefold(), teams[team])

    def value_of(key: str, groups: list[list[int]]) -> Callable[[int], _SortValue]:
        if key == "h2h":
            among = head_to_head(groups)
            return lambda team: (-_pct_of(among.get(team, empty)),)
        if key == "name":
            return name_value
        if key == "pct":
            return lambda team: (-pcts[team],)
        figure: Callable[[TeamRecord], int] = {
            "diff": lambda r: r.pf - r.pa,
            "pf": lambda r: r.pf,
        }[key]
        return lambda team: (-figure(records.get(team, empty)),)

    ranked = _rank(sorted(set(teams) - set(retired)), keys, value_of)
    apart = sorted(set(teams) & set(retired), key=name_value)
    places: list[tuple[int | None, int]] = [
        *enumerate(ranked, start=1),
        *((None, team) for team in apart),
    ]
    rows: list[StandingRow] = []
    for rank, team in places:
        record, hand = records.get(team, empty), counts.get(team, _NO_HANDS)
        row = StandingRow(
            rank, team, teams[team], record.gp, record.w, record.l, record.t,
            pcts[team] / 1000, record.pf, record.pa, record.pf - record.pa,
            hand.made, hand.sets, hand.reneges, hand.unknown_makers,
        )  # fmt: skip
        rows.append(row)
    return rows


def _rank(
    teams: list[int],
    keys: Sequence[str],
    value_of: Callable[[str, list[list[int]]], Callable[[int], _SortValue]],
) -> list[int]:
    """Teams in standings order: each key splits only the groups still level before it.

    Each group is sorted by the key worked out for that group (which matters
    for "h2h", the one key that depends on who else is level) and split into
    the teams level on it; the next key sees the smaller groups. So every key
    is applied once per group it meets: the one-pass rule. A key is worked
    out for all the groups it meets at once (``value_of`` gets them all).
    """
    groups = [teams]
    for key in keys:
        level_groups = [group for group in groups if len(group) > 1]
        if not level_groups:
            break
        value = value_of(key, level_groups)
        split: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            values = {team: value(team) for team in group}  # each worked out once
            level: list[int] = []
            for team in sorted(group, key=values.__getitem__):
                if level and values[level[0]] != values[team]:
                    split.append(level)
                    level = []
                level.append(team)
            split.append(level)
        groups = split
    return [team for group in groups for team in group]
