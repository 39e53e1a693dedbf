"""The standings kept as running sums (``team_tally``, ``player_tally``; migration 0005;
``team_total``, migration 0007).

Standings used to walk every game of the season, and the player table every
hand, each time they were looked at: linear in the season, so a league's
tenth season paid for the nine before it on every hand keyed in. Now every
change adds its difference to the tallies in its own transaction, and the
standings read a row per team (``team_total``: the team's rows per opponent
added up), and the rows per team and opponent only for head-to-head.

How a change keeps them: it takes the *share* of the standings held by what
it touches, before and after (``game_share``; ``forfeit_share`` for a
forfeited match), and adds the difference (``kept``, ``add_difference``).
Only finished games of a season have a share, so a hand of a game under way
compares two empty shares and writes nothing. Migration 0005 fills the
tallies from the games already stored by the same counting rules.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from sqlalchemy import Executable, Table, inspect
from sqlalchemy import select as sa_select
from sqlalchemy.dialects import sqlite
from sqlmodel import Session, col, select

from clabber_league.league import PlayerTotals
from clabber_league.rules import TIE
from clabber_league.store.models import (
    GameSeat,
    Player,
    PlayerTally,
    Season,
    StoredGame,
    TeamFigures,
    TeamTally,
    TeamTotal,
)

#: What a team's rows sum (``TeamTally`` against an opponent, ``TeamTotal`` over all).
TEAM_FIGURES = tuple(TeamFigures.model_fields)
#: What a player's row for a team sums.
PLAYER_FIGURES = ("games", "won", "sets")

#: (season, team, opponent), (season, team) and (season, player, team — 0 for none).
Key = tuple[int, ...]
Figures = tuple[int, ...]


@dataclass
class Share:
    """What one game, or one forfeited match, adds to the tallies."""

    teams: dict[Key, Figures] = field(default_factory=dict)
    players: dict[Key, Figures] = field(default_factory=dict)


def _add(into: dict[Key, Figures], key: Key, figures: Sequence[int]) -> None:
    before = into.get(key, (0,) * len(figures))
    into[key] = tuple(old + new for old, new in zip(before, figures, strict=True))


def game_share(session: Session, stored: StoredGame) -> Share:
    """A stored game's share: nothing until it is a finished game of a season; then one
    row for each of its two teams against the other, and one per player who sat."""
    share = Share()
    # Most changes are hands of a game under way, which count for nothing yet: no reads.
    if stored.id is None or stored.season_id is None or stored.winner is None:
        return share
    seats = session.exec(
        select(GameSeat.seat, GameSeat.player_id).where(GameSeat.game_id == stored.id)
    ).all()
    add_game_share(share, stored.model_dump(), seats)
    return share


def add_game_share(share: Share, game: Mapping[str, Any], seats: Sequence[tuple[str, int]]) -> None:
    """Add one game's share to ``share``: ``game`` holds its row's columns (a stored
    game's, or a new row being written in bulk), ``seats`` who sat (seat, player id)."""
    season, winner = game["season_id"], game["winner"]
    if season is None or winner is None:
        return
    team_a, team_b = game["team_a_id"], game["team_b_id"]
    if team_a is not None and team_b is not None:
        for (me, my_team), (them, their_team) in (
            (("a", team_a), ("b", team_b)),
            (("b", team_b), ("a", team_a)),
        ):
            _add(
                share.teams,
                (season, my_team, their_team),
                (
                    1,
                    winner == me.upper(),
                    winner == them.upper(),
                    winner == TIE,
                    game[f"total_{me}"],
                    game[f"total_{them}"],
                    game[f"made_{me}"],
                    game[f"sets_{me}"],
                    game[f"reneges_{me}"],
                    game["unknown_makers"],
                ),
            )
    for seat, player in seats:
        side = seat[0].lower()
        team = game.get(f"team_{side}_id") or 0
        sets = game.get(f"sets_{side}") or 0
        _add(share.players, (season, player, team), (1, winner == seat[0], sets))


def forfeit_share(season: Season, winner: int, loser: int) -> Share:
    """A forfeited match's share: every one of its games won by ``winner``, written as
    the season's forfeit score; a forfeit has no hands."""
    assert season.id is not None
    games = season.games_per_match
    won, lost = season.forfeit_winner_score * games, season.forfeit_loser_score * games
    share = Share()
    _add(share.teams, (season.id, winner, loser), (games, games, 0, 0, won, lost, 0, 0, 0, 0))
    _add(share.teams, (season.id, loser, winner), (games, 0, games, 0, lost, won, 0, 0, 0, 0))
    return share


@contextmanager
def kept(session: Session, share: Callable[[], Share]) -> Iterator[None]:
    """The tallies follow whatever the block changes: ``share()`` is taken before and
    after it (after a flush), and the difference added in the same transaction."""
    before = share()
    yield
    session.flush()
    add_difference(session, before, share())


def add_difference(session: Session, before: Share, after: Share) -> None:
    """Add ``after`` minus ``before`` to the tallies (and to the teams' totals)."""
    _add_rows(session, inspect(TeamTally).local_table, TEAM_FIGURES, before.teams, after.teams)
    _add_rows(
        session,
        inspect(TeamTotal).local_table,
        TEAM_FIGURES,
        _per_team(before.teams),
        _per_team(after.teams),
    )
    _add_rows(
        session, inspect(PlayerTally).local_table, PLAYER_FIGURES, before.players, after.players
    )


def _per_team(rows: Mapping[Key, Figures]) -> dict[Key, Figures]:
    """Rows per team and opponent added up per team: (season, team) → its figures."""
    totals: dict[Key, Figures] = {}
    for (season, team, _opponent), figures in rows.items():
        _add(totals, (season, team), figures)
    return totals


def _add_rows(
    session: Session,
    table: object,
    figures: Sequence[str],
    before: Mapping[Key, Figures],
    after: Mapping[Key, Figures],
) -> None:
    """The changed rows of one table, in key order (so two writers on a server lock them
    in the same order)."""
    assert isinstance(table, Table)
    keys = [column.name for column in table.primary_key.columns]
    zeros = (0,) * len(figures)
    rows = []
    for key in sorted(before.keys() | after.keys()):
        old, new = before.get(key, zeros), after.get(key, zeros)
        change = [n - o for n, o in zip(new, old, strict=True)]
        if any(change):
            rows.append(dict(zip([*keys, *figures], [*key, *change], strict=True)))
    if rows:
        _upsert(session, table, keys, figures, rows)


def _upsert(
    session: Session,
    table: Table,
    keys: Sequence[str],
    figures: Sequence[str],
    rows: list[dict[str, int]],
) -> None:
    """Add to the rows, making those not there yet: one statement on SQLite and PostgreSQL
    alike (``INSERT … ON CONFLICT DO UPDATE``), so two stations never both insert one."""
    dialect = session.get_bind().dialect.name
    session.connection().execute(
        _upsert_statement(dialect, table, tuple(keys), tuple(figures)), rows
    )


@functools.cache
def _upsert_statement(
    dialect: str, table: Table, keys: tuple[str, ...], figures: tuple[str, ...]
) -> Executable:
    """Built once per table rather than for every change (the hand that ends a game
    built two, a third of a millisecond each, before the sheet could show it)."""
    # The server's dialect is loaded with its engine: an SQLite file never pays its 3 MB.
    server = dialect == "postgresql"
    insert = (import_module("sqlalchemy.dialects.postgresql") if server else sqlite).insert(table)
    statement: Executable = insert.on_conflict_do_update(
        index_elements=list(keys),
        set_={name: table.c[name] + insert.excluded[name] for name in figures},
    )
    return statement


# ---------------------------------------------------------------- reading
def player_totals(session: Session, season_id: int) -> list[PlayerTotals]:
    """Each player's games of the season per team they sat for."""
    tally = PlayerTally
    rows = session.execute(
        sa_select(
            col(tally.player_id),
            col(Player.name),
            col(tally.team_id),
            col(tally.games),
            col(tally.won),
            col(tally.sets),
        )
        .join(Player, col(tally.player_id) == col(Player.id))
        .where(col(tally.season_id) == season_id, col(tally.games) > 0)
    ).all()
    return [PlayerTotals(*row) for row in rows]
