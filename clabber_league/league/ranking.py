"""A season's standings, for teams and for players, from finished games.

The definition is the league's, word for word (the issue's "Standings"):
for each team, over its finished games, forfeits included, gp, w, l, t,
pct = (w + t/2) / gp rounded to 3 decimals (0.0 with no games), pf, pa,
diff, and the hands it made, was set in (its turkey tracks) and reneged in.
The order is a season setting: a sequence of the keys in ``TIE_BREAK_KEYS``,
compared one after another.

Everything here is plain data in, plain data out: the store gathers the
games and hand counts, the reports and the CLI print the rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

TIE_BREAK_KEYS: tuple[str, ...] = ("pct", "h2h", "diff", "pf", "name")
"""The keys a season orders its standings by, in the default order.

``pct``, ``h2h``, ``diff`` and ``pf`` rank high first; ``name`` A to Z.
"""

FORFEIT_SCORE: tuple[int, int] = (500, 0)
"""What a forfeit is written as unless the season says otherwise: winner first."""

_SortValue = tuple[int | str, ...]


class StandingsError(ValueError):
    """Standings asked of data that cannot be ranked: a stranger, an unknown key, a bad count."""


def check_order(order: Sequence[str]) -> tuple[str, ...]:
    """A season's tie-break order, checked: every key of ``TIE_BREAK_KEYS`` exactly once.

    Every key must be there so that two different seasons never disagree
    about what happens after the keys they list run out.
    """
    if isinstance(order, str):
        raise StandingsError(
            f"the tie-break order is a list of keys, not the single string {order!r}"
        )
    keys = tuple(order)
    problems: list[str] = []
    unknown = [key for key in keys if key not in TIE_BREAK_KEYS]
    if unknown:
        problems.append(f"unknown tie-break keys {unknown!r}")
    repeated = [key for key, count in Counter(keys).items() if count > 1]
    if repeated:
        problems.append(f"tie-break keys listed more than once {repeated!r}")
    missing = [key for key in TIE_BREAK_KEYS if key not in keys]
    if missing:
        problems.append(f"tie-break keys missing {missing!r}")
    if problems:
        raise StandingsError(
            "; ".join(problems) + f" (the order must list each of {', '.join(TIE_BREAK_KEYS)} once)"
        )
    return keys


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

    @classmethod
    def by_forfeit(
        cls, winner: int, forfeiter: int, score: tuple[int, int] = FORFEIT_SCORE
    ) -> GameResult:
        """The game ``forfeiter`` gave up: won by ``winner``, written as ``score``, winner first."""
        return cls((winner, forfeiter), score, winner, forfeit=True)


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
        counts = (
            ("made", self.made),
            ("sets", self.sets),
            ("reneges", self.reneges),
            ("unknown_makers", self.unknown_makers),
        )
        for label, value in counts:
            if value < 0:
                raise StandingsError(f"a count of hands cannot be negative: {label}={value!r}")


_NO_HANDS = HandCounts()


@dataclass(frozen=True)
class StandingRow:
    """One team's line of the standings, with its place."""

    rank: int
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

    def as_dict(self) -> dict[str, int | float | str]:
        """The row of a ``clabber-standings/1`` document: the team by name, not id."""
        return {
            "rank": self.rank,
            "team": self.name,
            "gp": self.gp,
            "w": self.w,
            "l": self.l,
            "t": self.t,
            "pct": self.pct,
            "pf": self.pf,
            "pa": self.pa,
            "diff": self.diff,
            "made": self.made,
            "sets": self.sets,
            "reneges": self.reneges,
            "unknown_makers": self.unknown_makers,
        }


def unknown_makers_total(rows: Iterable[StandingRow]) -> int:
    """The season's hands with unknown makers: every such hand belongs to a game between
    two teams, so it is in exactly two rows."""
    return sum(row.unknown_makers for row in rows) // 2


@dataclass
class TeamRecord:
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


def _pct_milli(won: int, tied: int, played: int) -> int:
    """(won + tied/2) / played in thousandths, half rounded up; 0 for no games.

    Whole-number arithmetic, so .0625 is .063 as a scorekeeper would write it
    (a float would round it to .062) and two teams whose figures print the
    same compare the same.
    """
    if played == 0:
        return 0
    return (1000 * (2 * won + tied) + played) // (2 * played)


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
    records: dict[int, TeamRecord] = {}
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
            _add_games(records.setdefault(team, TeamRecord()), pair, side)
            met.setdefault(team, []).append((side, pair))

    def head_to_head(groups: list[list[int]]) -> dict[int, TeamRecord]:
        group_of = {team: number for number, group in enumerate(groups) for team in group}
        among = {team: TeamRecord() for team in group_of}
        for team, number in group_of.items():
            for side, pair in met.get(team, []):
                if group_of.get(pair.teams[1 - side]) == number:
                    _add_games(among[team], pair, side)
        return among

    return standings_from_records(teams, records, head_to_head, hands, order)


def _add_games(record: TeamRecord, pair: PairRecord, side: int) -> None:
    """The pair's games, as the team on ``side`` of it played them, into its record."""
    record.w += pair.wins[side]
    record.l += pair.wins[1 - side]
    record.t += pair.ties
    record.pf += pair.points[side]
    record.pa += pair.points[1 - side]


def standings_from_records(
    teams: Mapping[int, str],
    records: Mapping[int, TeamRecord],
    head_to_head: HeadToHead,
    hands: Mapping[int, HandCounts] | None = None,
    order: Sequence[str] = TIE_BREAK_KEYS,
) -> list[StandingRow]:
    """``standings`` from each team's record, asking ``head_to_head`` once, for all the
    groups still level when "h2h" comes (the store answers from its tallies)."""
    keys = check_order(order)
    counts = dict(hands or {})
    for what, named in (("hand counts", counts), ("records", records)):
        strangers = sorted(set(named) - set(teams))
        if strangers:
            raise StandingsError(f"{what} name teams {strangers!r}, which are not in the season")
    empty = TeamRecord()
    pcts = {team: _pct_of(records.get(team, empty)) for team in teams}
    """Each team's pct in thousandths, worked out once: it ranks and it is printed."""

    def value_of(key: str, groups: list[list[int]]) -> Callable[[int], _SortValue]:
        if key == "h2h":
            among = head_to_head(groups)
            return lambda team: (-_pct_of(among.get(team, empty)),)
        if key == "name":
            return lambda team: (teams[team].casefold(), teams[team])
        if key == "pct":
            return lambda team: (-pcts[team],)
        figure: Callable[[TeamRecord], int] = {
            "diff": lambda r: r.pf - r.pa,
            "pf": lambda r: r.pf,
        }[key]
        return lambda team: (-figure(records.get(team, empty)),)

    ranked = _rank(sorted(teams), keys, value_of)
    rows: list[StandingRow] = []
    for rank, team in enumerate(ranked, start=1):
        record, hand = records.get(team, empty), counts.get(team, _NO_HANDS)
        rows.append(
            StandingRow(
                rank=rank,
                team=team,
                name=teams[team],
                gp=record.gp,
                w=record.w,
                l=record.l,
                t=record.t,
                pct=pcts[team] / 1000,
                pf=record.pf,
                pa=record.pa,
                diff=record.pf - record.pa,
                made=hand.made,
                sets=hand.sets,
                reneges=hand.reneges,
                unknown_makers=hand.unknown_makers,
            )
        )
    return rows


def _pct_of(record: TeamRecord) -> int:
    return _pct_milli(record.w, record.t, record.gp)


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


@dataclass(frozen=True)
class Appearance:
    """One player's one game: for which team, whether that team won, its sets as makers in it.

    A substitute's appearance is for the team they sat in for that night, so
    it counts for them, not for the player they replaced.
    """

    player: int
    name: str
    team: int
    won: bool
    sets: int

    def __post_init__(self) -> None:
        if self.sets < 0:
            raise StandingsError(
                f"{self.name} cannot have a negative number of sets in a game: {self.sets!r}"
            )


@dataclass(frozen=True)
class PlayerRow:
    """One player's line of the player standings, with its place."""

    rank: int
    player: int
    name: str
    games: int
    won: int
    sets: int
    teams: tuple[int, ...] = ()
    """The teams the player sat for (a substitute's too), by id."""


@dataclass(frozen=True)
class PlayerTotals:
    """A player's games of the season for one team, summed: played, won, sets as makers."""

    player: int
    name: str
    team: int
    games: int
    won: int
    sets: int


def player_standings(appearances: Iterable[Appearance]) -> list[PlayerRow]:
    """Players by games won, then games played (both most first), then name, ranked 1, 2, ….

    A player who played for more than one team (a substitute) has one row
    with all their games. Players level on everything keep the order of their
    ids. Raises ``StandingsError`` if one player id comes with two names,
    which means the caller mixed up two players.
    """
    return player_standings_from_totals(
        PlayerTotals(each.player, each.name, each.team, 1, int(each.won), each.sets)
        for each in appearances
    )


def player_standings_from_totals(totals: Iterable[PlayerTotals]) -> list[PlayerRow]:
    """``player_standings`` from games already summed per player and team."""
    names: dict[int, str] = {}
    games: Counter[int] = Counter()
    won: Counter[int] = Counter()
    sets: Counter[int] = Counter()
    teams: dict[int, dict[int, None]] = {}
    for total in totals:
        player = total.player
        known = names.setdefault(player, total.name)
        if known != total.name:
            raise StandingsError(f"player {player} appears as both {known!r} and {total.name!r}")
        games[player] += total.games
        teams.setdefault(player, {})[total.team] = None
        won[player] += total.won
        sets[player] += total.sets
    ranked = sorted(
        names,
        key=lambda p: (-won[p], -games[p], names[p].casefold(), names[p], p),
    )
    return [
        PlayerRow(
            rank=rank,
            player=player,
            name=names[player],
            games=games[player],
            won=won[player],
            sets=sets[player],
            teams=tuple(sorted(team for team in teams[player] if team)),
        )
        for rank, player in enumerate(ranked, start=1)
    ]
