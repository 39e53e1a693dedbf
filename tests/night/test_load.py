"""A whole league night at once (benchmarks/night_bench.py): 30 tables, four phones each,
racing for every hand. Every hand a phone was told was stored is stored exactly once, in
its place; every game is whole; the standings are exactly those of the games played."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from benchmarks.night_bench import SEASON, TABLES, enter_night, league_night
from clabber_league.gamesheet import hand_document, read_hand
from clabber_league.rules import Game, rule_set
from clabber_league.store.games import open_game
from tests.store.helpers import match_line, season_standings


def test_thirty_tables_of_four_phones_store_every_hand_once(tmp_path: Path) -> None:
    database = league_night(tmp_path / "night.sqlite3")
    try:
        run = enter_night(database)
        assert len(run.scripts) == TABLES
        assert run.conflicts > 0  # the phones of a table did race
        assert run.replays > 0
        points: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        for match, hands in run.scripts.items():
            info = match_line(database, match)
            assert len(info.game_ids) == 1  # four phones started one game
            stored = open_game(database, info.game_ids[0]).game
            assert [hand_document(entry) for entry in stored.entries] == [
                hand_document(read_hand(hand)) for hand in hands
            ]
            assert run.acknowledged[match] == dict(enumerate(hands, start=1))
            played = Game(
                rule_set(),
                [info.home, info.away or ""],
                entries=[read_hand(hand) for hand in hands],
            )
            assert played.finished
            assert stored.totals == played.totals
            points[info.home] += played.totals["A"]
            points[info.away or ""] += played.totals["B"]
            winner = info.home if played.winner == "A" else info.away or ""
            wins[winner] += 1
        standings = {row.name: row for row in season_standings(database, SEASON)}
        assert len(standings) == 2 * TABLES
        for team, row in standings.items():
            assert (row.gp, row.w, row.l, row.pf) == (1, wins[team], 1 - wins[team], points[team])
        hands_entered = sum(len(hands) for hands in run.scripts.values())
        assert len(run.hand_seconds) >= hands_entered + run.conflicts
    finally:
        database.close()
