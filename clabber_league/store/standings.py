"""A season's standings and player figures, counted from its stored games.

The one place the league's figures are read: one GROUP BY over the season's
finished games between two teams, a line per pair of teams that met (which counts
for both of them, each from its own side), and its forfeited matches; head-to-head
is counted the same way, from the games among the teams still level when "h2h"
comes. Nothing is kept beside the games, so no write path can leave the standings
behind them (``docs/architecture.md``: one truth).

A forfeited match counts every one of its games, won by the team that showed
up and written as the season's forfeit score, with no hands. A retired team
keeps its line (its games count for its opponents too) but is never ranked.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import (
    ColumnElement,
    CompoundSelect,
    Select,
    case,
    func,
    literal,
    or_,
    union_all,
)
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from clabber_league.league.players import PlayerRow, PlayerTotals, player_standings_from_totals
from clabber_league.league.ranking import HandCounts, StandingRow, TeamRecord
from clabber_league.league.ranking import standings_from_records as rank_records
from clabber_league.rules.limits import WEEKS
from clabber_league.rules.messages import problem
from clabber_league.rules.names import name_key
from clabber_league.store.errors import StoreError
from clabber_league.store.models import (
    Fixture,
    GameSeat,
    Player,
    Season,
    StoredGame,
    Team,
    Week,
)
from clabber_league.store.seasons import match_game_count_column, season_row

#: The columns of a side's line (``_sides``), summed per team.
FIGURES = (
    "wins",
    "losses",
    "ties",
    "points_for",
    "points_against",
    "made",
    "sets",
    "reneges",
    "unknown_makers",
)
_TIE = "tie"
"""``rules.TIE``, as the ``winner`` column holds it (the rules package is not loaded here)."""
_WON = (("A", "wins_a"), ("B", "wins_b"), (_TIE, "ties"))
"""What a pair's line counts its games won by side A, by side B and tied as."""


#: A range of weeks, first and last included: the standings after week N are (1, N).
Weeks = tuple[int, int]


def standings(
    *,
    session: Session,
    season_id: int,
    weeks: Weeks | None = None,
    half: int | None = None,
    by_division: bool = True,
) -> list[StandingRow]:
    """Every team of the season, best first, in the season's tie-break order; retired
    teams after the ranked ones, with no rank.

    Given ``weeks`` (first, last), only the games of matches in those weeks count,
    and their forfeits: the table as it stood after a week, or over a stretch of them.
    ``half`` 1 or 2 is such a stretch, the half's weeks (``half_weeks``; with ``weeks``
    too, the weeks of both): a game entered without a match counts only in the whole
    season. A season with divisions is ranked division by division (``by_division``):
    each division's rows together, ranked 1, 2, … among themselves, head-to-head
    counting only the games among the division's level teams; the divisions in name
    order, teams in none last."""
    season = season_row(session, season_id)
    weeks = _both(weeks, half_weeks(season, half))
    names: dict[int, str] = {}
    retired: set[int] = set()
    divisions: dict[int, str | None] = {}
    for team_id, name, is_retired, division in session.execute(
        sa_select(col(Team.id), col(Team.name), col(Team.retired), col(Team.division))
        .where(col(Team.season_id) == season_id)
        .order_by(col(Team.id))
    ).all():
        names[team_id] = name
        divisions[team_id] = division
        if is_retired:
            retired.add(team_id)
    sides = _sides(season, weeks).subquery()
    records: dict[int, TeamRecord] = {}
    hands: dict[int, HandCounts] = {}
    for team, wins, losses, ties, pf, pa, made, sets, reneges, unknown in session.execute(
        sa_select(sides.c.team, *(func.sum(sides.c[name]) for name in FIGURES)).group_by(
            sides.c.team
        )
    ).all():
        # PostgreSQL sums a sum's bigint as numeric (a Decimal): the figures are whole.
        records[team] = TeamRecord(*map(int, (wins, losses, ties, pf, pa)))
        hands[team] = HandCounts(*map(int, (made, sets, reneges, unknown)))

    def head_to_head(groups: list[list[int]]) -> dict[int, TeamRecord]:
        """Each level team's record over its games against the rest of its own group."""
        among: dict[int, TeamRecord] = {}
        for team_a, team_b, wins_a, wins_b, ties, *_figures in session.execute(
            _pairs(season, among=groups, weeks=weeks)
        ).all():
            for team, won, lost in ((team_a, wins_a, wins_b), (team_b, wins_b, wins_a)):
                was = among.get(team, TeamRecord())
                among[team] = TeamRecord(was.w + won, was.l + lost, was.t + ties)
        return among

    order = tuple(json.loads(season.tie_break_json))
    rows: list[StandingRow] = []
    for division, teams in _by_division(divisions if by_division else {}, names):
        ranked = rank_records(
            {team: names[team] for team in teams},
            {team: records[team] for team in teams if team in records},
            head_to_head,
            {team: hands[team] for team in teams if team in hands},
            order,
            retired=retired & set(teams),
        )
        rows += [row._replace(division=division) for row in ranked]
    return rows


def _by_division(
    divisions: Mapping[int, str | None], names: Mapping[int, str]
) -> list[tuple[str | None, list[int]]]:
    """The season's teams by division (compared by ``name_key``, spelled as its first
    team has it), divisions in name order and teams in none last; all in one group,
    ``None``, when no team has a division."""
    spelled: dict[str, str] = {}
    groups: dict[str | None, list[int]] = {}
    for team in names:
        division = divisions.get(team)
        key = None if division is None else spelled.setdefault(name_key(division), division)
        groups.setdefault(key, []).append(team)
    if set(groups) == {None}:
        return [(None, list(names))]
    named = sorted((key for key in groups if key is not None), key=name_key)
    return [(key, groups[key]) for key in [*named, None] if key in groups]


def half_weeks(season: Season, half: int | None) -> Weeks | None:
    """The first and last week of the season's ``half`` 1 or 2 (the second runs to the
    last week a schedule can have); ``None`` for the whole season. ``StoreError`` for a
    season that is not split."""
    if half is None:
        return None
    if half not in (1, 2):
        raise StoreError(problem("a season has halves 1 and 2, not {half}", half=repr(half)))
    split = season.first_half_weeks
    if split is None:
        raise StoreError(
            problem(
                "{season} is not split into halves: season split --first-half-weeks N",
                season=season.name,
            )
        )
    return (1, split) if half == 1 else (split + 1, WEEKS.high)


def _both(one: Weeks | None, other: Weeks | None) -> Weeks | None:
    """The weeks in both ranges (either ``None``: the other)."""
    if one is None or other is None:
        return one or other
    return (max(one[0], other[0]), min(one[1], other[1]))


def _sides(season: Season, weeks: Weeks | None = None) -> CompoundSelect[*tuple[Any, ...]]:
    """Each pair's line (``_pairs``) once per side: the side's team against the other,
    with ``FIGURES`` from its own side."""
    pairs = _pairs(season, weeks=weeks).cte("pairs")
    return union_all(
        *(
            sa_select(
                pairs.c[f"team_{me}"].label("team"),
                pairs.c[f"team_{them}"].label("opponent"),
                pairs.c[f"wins_{me}"].label("wins"),
                pairs.c[f"wins_{them}"].label("losses"),
                pairs.c.ties,
                pairs.c[f"total_{me}"].label("points_for"),
                pairs.c[f"total_{them}"].label("points_against"),
                pairs.c[f"made_{me}"].label("made"),
                pairs.c[f"sets_{me}"].label("sets"),
                pairs.c[f"reneges_{me}"].label("reneges"),
                pairs.c.unknown_makers,
            )
            for me, them in (("a", "b"), ("b", "a"))
        )
    )


def _pairs(
    season: Season, among: Sequence[Sequence[int]] | None = None, weeks: Weeks | None = None
) -> CompoundSelect[*tuple[Any, ...]]:
    """One line per two teams that met, in the order they sat (team A, team B), with each
    side's figures summed over their finished games; and one per forfeited match, the
    team that showed up as A. Given groups of teams (``among``: head-to-head), only the
    pairs of teams of one group.

    Grouping by the seated pair follows ``ix_game_standings`` (season, team A, team B,
    then the figures), so the database sums the games as it reads the index, with no
    sort; the lines are at most the season's pairs of teams, however many the games. A
    group's games are found in the index by their two teams, never by reading the rest.
    ``weeks`` keeps only the games and forfeits of the matches of those weeks.

    Playoff matches (``Fixture.playoff_round`` set) never count: their games and
    forfeits are left out here, the one place the standings read (``_regular``)."""
    game = StoredGame
    in_season = [
        col(game.season_id) == season.id,
        col(game.winner).is_not(None),
        _regular(season),
    ]
    in_weeks = [] if weeks is None else [col(Week.number).between(*weeks)]
    if weeks is not None:
        in_season.append(
            col(game.fixture_id).in_(
                sa_select(col(Fixture.id))
                .join(Week, col(Week.id) == col(Fixture.week_id))
                .where(col(Week.season_id) == season.id, *in_weeks)
            )
        )
    sitting = (
        [col(game.team_a_id).is_not(None) & col(game.team_b_id).is_not(None)]
        if among is None
        else [col(game.team_a_id).in_(group) & col(game.team_b_id).in_(group) for group in among]
    )
    by_pair: Select[*tuple[Any, ...]] = (
        sa_select(
            col(game.team_a_id).label("team_a"),
            col(game.team_b_id).label("team_b"),
            *(func.sum(_count(col(game.winner) == side)).label(name) for side, name in _WON),
            *(
                func.sum(col(getattr(game, f"{figure}_{side}"))).label(f"{figure}_{side}")
                for figure in ("total", "made", "sets", "reneges")
                for side in "ab"
            ),
            func.sum(col(game.unknown_makers)).label("unknown_makers"),
        )
        .where(*in_season)
        .group_by(col(game.team_a_id), col(game.team_b_id))
    )
    games = [by_pair.where(pair) for pair in sitting]
    fixture = Fixture
    count = match_game_count_column(season)
    high, low = season.forfeit_winner_score * count, season.forfeit_loser_score * count
    loser = col(fixture.forfeited_by)
    winner = case(
        (loser == col(fixture.home_team_id), col(fixture.away_team_id)),
        else_=col(fixture.home_team_id),
    )
    forfeited = [
        col(Week.season_id) == season.id,
        col(fixture.status) == "forfeit",
        col(fixture.playoff_round).is_(None),
        col(fixture.away_team_id).is_not(None),
        loser.is_not(None),
        *in_weeks,
    ]
    if among is not None:
        forfeited.append(
            or_(
                *(
                    col(fixture.home_team_id).in_(group) & col(fixture.away_team_id).in_(group)
                    for group in among
                )
            )
        )
    forfeits = (
        sa_select(
            winner,
            loser,
            count,
            literal(0),
            literal(0),
            high,
            low,
            *(literal(0) for _figure in range(7)),
        )
        .select_from(fixture)
        .join(Week, col(Week.id) == col(fixture.week_id))
        .where(*forfeited)
    )
    return union_all(*games, forfeits)


def _regular(season: Season) -> ColumnElement[bool]:
    """A game of the regular season: of no match (a season game imported without a
    schedule), or of a match that is not a playoff's. The season's playoff matches are
    found by their weeks, a handful of rows, so the games are still read in
    ``ix_game_standings``'s order."""
    playoffs = (
        sa_select(col(Fixture.id))
        .join(Week, col(Week.id) == col(Fixture.week_id))
        .where(col(Week.season_id) == season.id, col(Fixture.playoff_round).is_not(None))
    )
    fixture_id = col(StoredGame.fixture_id)
    return or_(fixture_id.is_(None), fixture_id.not_in(playoffs))


def _count(condition: ColumnElement[bool]) -> ColumnElement[int]:
    return case((condition, 1), else_=0)


def player_standings(*, session: Session, season_id: int) -> list[PlayerRow]:
    """Per player: the season's finished games they sat in, won, and their side's sets as
    makers, per team they sat for (0 for a side with no team)."""
    game, seat = StoredGame, GameSeat
    side = func.substr(col(seat.seat), 1, 1)

    def by_side(column: str, default: int | None = None) -> ColumnElement[int]:
        """The game's ``column`` (``team_{}_id``, ``sets_{}``) of the seat's side."""
        values = {letter: col(getattr(game, column.format(letter.lower()))) for letter in "ABC"}
        return case(
            (side == "A", values["A"]),
            (side == "B", values["B"]),
            else_=func.coalesce(values["C"], default) if default is not None else values["C"],
        )

    team = func.coalesce(by_side("team_{}_id"), 0).label("side_team")
    rows = session.execute(
        sa_select(
            col(seat.player_id),
            col(Player.name),
            team,
            func.count(),
            func.sum(_count(col(game.winner) == side)),
            func.sum(by_side("sets_{}", 0)),
        )
        .select_from(seat)
        .join(game, col(game.id) == col(seat.game_id))
        .join(Player, col(Player.id) == col(seat.player_id))
        .where(
            col(game.season_id) == season_id,
            col(game.winner).is_not(None),
            _regular(season_row(session, season_id)),
        )
        .group_by(col(seat.player_id), col(Player.name), team)
    ).all()
    return player_standings_from_totals(PlayerTotals(*row) for row in rows)
