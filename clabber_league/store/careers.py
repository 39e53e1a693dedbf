"""Players' careers read from the stored games: who sat each finished game, on which
side, what the side scored and did — for the ratings (``league.ratings``), the records
and the awards (``league.records``).

Everything is recounted from the games, their seats and their hands on every read:
nothing is kept beside them, so a game stored, corrected or removed anywhere is in the
next read (``docs/architecture.md``: one truth). Every finished game counts, league,
playoff, tournament or friendly; a forfeited match has no game, so no seat to count.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import Select, func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from clabber_league.league.player_games import LOST, TIED, WON
from clabber_league.league.ratings import (
    Order,
    RatedGame,
    RatingRow,
    Ratings,
    rating_rows,
    ratings,
)
from clabber_league.league.records import Award, Record, SeatGame, awards, records
from clabber_league.rules.game import TIE
from clabber_league.store.models import (
    Fixture,
    GameSeat,
    Player,
    Season,
    StoredGame,
    StoredHand,
    Team,
    Week,
)


@dataclass(frozen=True)
class Career:
    """The finished games of a season (or of every season), as the players sat them."""

    seats: tuple[SeatGame, ...]
    names: dict[int, str]
    """Each player's name, by id."""
    teams: dict[int, str]
    """The team (or side) each player sat for in their latest game."""

    def rated_games(self) -> list[RatedGame]:
        """The games as the ratings take them: each side's players, and the winner."""
        sides: dict[int, dict[str, list[int]]] = {}
        orders: dict[int, Order] = {}
        winners: dict[int, str] = {}
        for seat in self.seats:
            sides.setdefault(seat.game, {}).setdefault(seat.side, []).append(seat.player)
            orders[seat.game] = seat.order
            if seat.outcome == WON:
                winners[seat.game] = seat.side
        games: list[RatedGame] = []
        for game, players in sides.items():
            letters = sorted(players)
            winner = winners.get(game)
            games.append(
                RatedGame(
                    orders[game],
                    tuple(tuple(sorted(players[letter])) for letter in letters),
                    letters.index(winner) if winner is not None else None,
                )
            )
        return games

    def ratings(self) -> Ratings:
        """The ratings after these games, with each player's history for a chart."""
        return ratings(self.rated_games())

    def rating_rows(self) -> list[RatingRow]:
        """The ratings table (``league.ratings.rating_rows``) of these games."""
        return rating_rows(self.ratings(), self.names)

    def records(self) -> dict[int, Record]:
        """Each player's record over these games (``league.records.records``)."""
        return records(self.seats)

    def awards(self) -> list[Award]:
        """The awards of these games (a season's, for its awards page): the player of
        the season is whoever is ranked first by rating (level ones share it)."""
        rows = self.rating_rows()
        first = [row for row in rows if row.rank == 1]
        return awards(
            self.records(), [row.player for row in first], first[0].rating if first else 0.0
        )


def career(
    session: Session, *, season_id: int | None = None, league_id: int | None = None
) -> Career:
    """Every finished game of season ``season_id``, or of league ``league_id``'s seasons
    (neither: of every season, and the friendlies), one ``SeatGame`` per seated player."""
    game = StoredGame
    query = (
        sa_select(
            col(game.id),
            col(game.season_id),
            col(game.winner),
            col(game.started_at),
            col(game.game_no),
            col(Week.number),
            col(Week.played_on),
            col(Fixture.makeup_on),
            *(col(getattr(game, f"{figure}_{side}")) for figure in _FIGURES for side in "abc"),
            *(col(getattr(game, f"side_{side}")) for side in "abc"),
            *(col(getattr(game, f"team_{side}_id")) for side in "abc"),
        )
        .outerjoin(Fixture, col(Fixture.id) == col(game.fixture_id))
        .outerjoin(Week, col(Week.id) == col(Fixture.week_id))
        .where(col(game.winner).is_not(None))
    )
    finished = sa_select(col(game.id)).where(col(game.winner).is_not(None))
    if season_id is not None:
        query = query.where(col(game.season_id) == season_id)
        finished = finished.where(col(game.season_id) == season_id)
    if league_id is not None:
        seasons = sa_select(col(Season.id)).where(col(Season.league_id) == league_id)
        query = query.where(col(game.season_id).in_(seasons))
        finished = finished.where(col(game.season_id).in_(seasons))
    rows = {row[0]: row for row in session.execute(query).all()}
    ids = sorted(rows)
    seated = _seats(session, finished)
    best = _best_hands(session, finished)
    team_names = _team_names(session, {team for row in rows.values() for team in row[-3:]})
    seats: list[SeatGame] = []
    latest: dict[int, tuple[Order, int, str]] = {}
    for game_id in ids:
        row = rows[game_id]
        (_id, season, winner, started, number, week, played_on, makeup_on) = row[:8]
        figures = row[8 : 8 + 3 * len(_FIGURES)]
        side_names, team_ids = row[8 + 3 * len(_FIGURES) :][:3], row[8 + 3 * len(_FIGURES) :][3:]
        value = {
            (figure, side): figures[3 * index + place]
            for index, figure in enumerate(_FIGURES)
            for place, side in enumerate("ABC")
        }
        when: date = makeup_on or played_on or started.date()
        order: Order = (when, week or 0, number or 0)
        by_side: dict[str, list[int]] = {}
        for seat, player in seated.get(game_id, []):
            by_side.setdefault(seat[0], []).append(player)
        for side, players in by_side.items():
            others = [letter for letter in by_side if letter != side]
            place = "ABC".index(side)
            team = team_names.get(team_ids[place]) if team_ids[place] else None
            for player in players:
                seats.append(
                    SeatGame(
                        game=game_id,
                        season=season or 0,
                        order=order,
                        player=player,
                        side=side,
                        partners=tuple(p for p in players if p != player),
                        opponents=tuple(p for letter in others for p in by_side[letter]),
                        outcome=_outcome(winner, side),
                        points=value["total", side] or 0,
                        best_hand=best.get((game_id, side), 0),
                        made=value["made", side] or 0,
                        set=value["sets", side] or 0,
                        defended=sum(value["sets", letter] or 0 for letter in others),
                        reneges=value["reneges", side] or 0,
                    )
                )
                mark = (order, game_id, team or side_names[place] or "")
                if player not in latest or mark[:2] > latest[player][:2]:
                    latest[player] = mark
    return Career(
        tuple(seats),
        _player_names(session, finished),
        {player: mark[2] for player, mark in latest.items()},
    )


_FIGURES = ("total", "made", "sets", "reneges")


def _outcome(winner: str, side: str) -> str:
    if winner == TIE:
        return TIED
    return WON if winner == side else LOST


def _seats(session: Session, finished: Select[Any]) -> dict[int, list[tuple[str, int]]]:
    """The seats of the games ``finished`` selects (their ids), game by game."""
    seat = GameSeat
    rows = session.execute(
        sa_select(col(seat.game_id), col(seat.seat), col(seat.player_id))
        .where(col(seat.game_id).in_(finished))
        .order_by(col(seat.game_id), col(seat.seat))
    ).all()
    found: dict[int, list[tuple[str, int]]] = {}
    for game_id, place, player in rows:
        found.setdefault(game_id, []).append((place, player))
    return found


def _best_hands(session: Session, finished: Select[Any]) -> dict[tuple[int, str], int]:
    """Each side's biggest score in one hand, in the games ``finished`` selects."""
    hand = StoredHand
    rows = session.execute(
        sa_select(
            col(hand.game_id),
            func.max(col(hand.score_a)),
            func.max(col(hand.score_b)),
            func.max(col(hand.score_c)),
        )
        .where(col(hand.game_id).in_(finished))
        .group_by(col(hand.game_id))
    ).all()
    return {
        (game_id, side): score
        for game_id, *scores in rows
        for side, score in zip("ABC", scores, strict=True)
        if score is not None
    }


def _team_names(session: Session, teams: set[int | None]) -> dict[int, str]:
    query = sa_select(col(Team.id), col(Team.name)).where(col(Team.id).in_(teams - {None}))
    return dict(session.execute(query).all())


def _player_names(session: Session, finished: Select[Any]) -> dict[int, str]:
    """The names of the players seated in the games ``finished`` selects."""
    seated = sa_select(col(GameSeat.player_id)).where(col(GameSeat.game_id).in_(finished))
    query = sa_select(col(Player.id), col(Player.name)).where(col(Player.id).in_(seated))
    return dict(session.execute(query).all())
