"""Players' records counted the long way: every stored game opened and re-scored by the
rules engine, its hands walked one by one and its seats read, with none of the store's
SQL nor ``league.records`` — for comparing against ``store.careers`` read through them."""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select

from clabber_league.league.records import records
from clabber_league.rules import RENEGE_BOTH, HandKind
from clabber_league.store.careers import career
from clabber_league.store.database import Database
from clabber_league.store.games import open_game
from clabber_league.store.models import Fixture, Player, StoredGame, Week


def recounted(database: Database, season_id: int | None) -> dict[str, dict[str, Any]]:
    """Each player's record (by name) over the finished games of ``season_id`` (every
    game for ``None``)."""
    games: list[tuple[tuple[Any, ...], int, dict[str, str], Any]] = []
    with database.session() as session:
        for stored in session.exec(select(StoredGame).order_by(col(StoredGame.id))).all():
            assert stored.id is not None
            if season_id is not None and stored.season_id != season_id:
                continue
            recorder = open_game(database, stored.id)
            if recorder.game.winner is None:
                continue
            fixture = session.get(Fixture, stored.fixture_id) if stored.fixture_id else None
            week = session.get(Week, fixture.week_id) if fixture is not None else None
            day = (fixture and fixture.makeup_on) or (week and week.played_on)
            order = (
                day or stored.started_at.date(),
                week.number if week else 0,
                stored.game_no or 0,
                stored.id,
            )
            games.append((order, stored.id, dict(recorder.players), recorder.game))
    found: dict[str, dict[str, Any]] = {}
    for _order, game_id, seats, game in sorted(games, key=lambda item: item[0]):
        for seat, name in seats.items():
            side = seat[0]
            mine = found.setdefault(name, _empty())
            others = {other[0] for other in seats if other[0] != side}
            rows = [row.result for row in game.rows]
            won = game.winner == side
            mine["games"] += 1
            mine["won"] += won
            mine["made"] += sum(
                r.kind is HandKind.PLAYED and r.makers == side and not r.set for r in rows
            )
            mine["set"] += sum(r.set and r.makers == side for r in rows)
            mine["defended"] += sum(r.set and r.makers in others for r in rows)
            mine["reneges"] += sum(r.reneged in (side, RENEGE_BOTH) for r in rows)
            if game.totals[side] > mine["high"][0]:
                mine["high"] = (game.totals[side], game_id)
            hand = max((r.scores.get(side, 0) for r in rows), default=0)
            if hand > mine["hand"][0]:
                mine["hand"] = (hand, game_id)
            mine["run"] = mine["run"] + 1 if won else 0
            mine["streak"] = max(mine["streak"], mine["run"])
            for other, other_name in seats.items():
                if other == seat:
                    continue
                table = mine["partners"] if other[0] == side else mine["opponents"]
                games_won = table.setdefault(other_name, [0, 0])
                games_won[0] += 1
                games_won[1] += won
    for mine in found.values():
        del mine["run"]
    return found


def _empty() -> dict[str, Any]:
    return {
        "games": 0,
        "won": 0,
        "made": 0,
        "set": 0,
        "defended": 0,
        "reneges": 0,
        "high": (-1, 0),
        "hand": (-1, 0),
        "run": 0,
        "streak": 0,
        "partners": {},
        "opponents": {},
    }


def read(database: Database, season_id: int | None) -> dict[str, dict[str, Any]]:
    """The same figures as ``store.careers`` and ``league.records`` give them."""
    with database.session() as session:
        seats = career(session, season_id=season_id)
        names = dict(session.exec(select(Player.id, Player.name)).all())
    found: dict[str, dict[str, Any]] = {}
    for player, record in records(seats.seats).items():
        found[names[player]] = {
            "games": record.games,
            "won": record.won,
            "made": record.made,
            "set": record.set,
            "defended": record.defended,
            "reneges": record.reneges,
            "high": (record.high_game.value, record.high_game.game),
            "hand": (record.biggest_hand.value, record.biggest_hand.game),
            "streak": record.longest_streak,
            "partners": {names[one.player]: [one.games, one.won] for one in record.partners},
            "opponents": {names[one.player]: [one.games, one.won] for one in record.opponents},
        }
    return found
